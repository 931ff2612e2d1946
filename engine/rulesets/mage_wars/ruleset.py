"""Mage Wars as a Ruleset: the Mage choice as a 'deck', a new game, and scenarios for tests.

There are no personal decks: the six decks are the table's. What a player brings is the
choice of a Mage (R0 in docs/rules/mage-wars.md): a one-entry list naming a Mage, or
`random` to draw one from the Mage deck.
"""

import random
from dataclasses import replace
from functools import cached_property
from typing import Any

from cards.loader import CardPool, game_pool
from cards.mage_wars import schema
from engine.core.decision import Action, Decision
from engine.core.errors import ScenarioError
from engine.core.hidden import HiddenZones
from engine.core.rng import MatchRng
from engine.core.ruleset import Ruleset
from engine.core.view import CardView
from engine.rulesets.mage_wars import ai, hidden
from engine.rulesets.mage_wars.cards import Proto, protos
from engine.rulesets.mage_wars.game import MageWarsState
from engine.rulesets.mage_wars.glossary import GLOSSARY
from engine.rulesets.mage_wars.table import SLOTS, Card, Seat
from engine.rulesets.mage_wars.turn import Dead, Main
from engine.rulesets.mage_wars.view import proto_view

RANDOM = "random"


class MageWarsRuleset(Ruleset[MageWarsState]):
    id = "mage-wars"
    name = "Mage Wars"
    glossary = GLOSSARY
    # 4: R33, the Opening; 3: R32, no completion without a use;
    # 2: no tells (R31)
    version = "4"
    card_type = schema.Card
    pins_whole_pool = True  # the shared decks are dealt from the whole pool, in its order
    min_players = 2
    max_players = 4
    #: 120 playouts measured the same as 40 (docs/ai.md): the quicker budget stays.
    search_playouts = 40
    #: Rollouts end with the player's own turn (at most 40 actions; the other player's fate
    #: cards drawn, in the imagined game): a turn is many actions long, six of them stop at
    #: different moments of it, and two turns measured worse (docs/ai.md).
    search_turns = (1, 40)
    early_turns = 3  # docs/rules/mage-wars.md, "Fairness"
    help_text = (
        "2-4 players; pick a Mage (or `random`) as your deck. Each Mage has its own win "
        "condition: a level, structures, slain Mages, wounds, pets, items or challenges.\n"
        "• **Turn**: draw your fate cards (played at once: they send you to the other decks), "
        "then play cards, fill manifestations with resource cards (one card fills one "
        "requirement), attack with pets and weapons, spend health cards as cards, end.\n"
        "• **Combat**: damage minus armor cards minus defences comes off your health cards. "
        "An attack on a card destroys it if it reaches the card's health.\n"
        "• **Death** is not the end: draw from Enchanted, Mystic and Arcane each turn until "
        "you can pay your Mage's Resurrect resources.\n"
        "• **The Opening**: no one wins before round 4, so that everyone has had three "
        "turns; a condition met earlier wins as round 4 begins, if it still holds.\n"
        "• From round 8 the Waning eases every win condition; after round 20 Last Light "
        "ends the game: the Mage nearest its condition wins."
    )

    @cached_property
    def pool(self) -> CardPool:
        return game_pool(self.id)

    @cached_property
    def protos(self) -> dict[str, Proto]:
        return protos()

    def make_proto(self, card: schema.Card) -> Proto:
        return Proto(card)

    @cached_property
    def mages(self) -> list[str]:
        return sorted(c for c, p in self.protos.items() if p.type == "mage")

    def deck_problems(self, cards: tuple[str, ...]) -> list[str]:
        if len(cards) != 1:
            return [f"name one Mage (or '{RANDOM}'), not {len(cards)} cards"]
        if cards[0] != RANDOM and cards[0] not in self.mages:
            return [f"'{cards[0]}' is not a Mage (known: {', '.join(self.mages)}, {RANDOM})"]
        return []

    def preconstructed_decks(self) -> dict[str, list[str]]:
        return {RANDOM: [RANDOM]} | {m: [m] for m in self.mages}

    def card_catalog(self) -> dict[str, CardView]:
        pool = game_pool(self.id)
        catalog = {}
        for card_id, proto in self.protos.items():
            catalog[card_id] = replace(proto_view(proto), flavor=pool.cards[card_id].flavor or "")
        return catalog

    def evaluate(self, state: MageWarsState, player: int) -> float:
        return ai.evaluate(state, player)

    def score_action(self, state: MageWarsState, player: int, action: Action) -> float:
        return ai.score_action(state, player, action)

    def choose_many(self, state: MageWarsState, decision: Decision) -> Action:
        return ai.choose_many(state, decision)

    def hidden_zones(self, state: MageWarsState, seat: int) -> HiddenZones:
        return hidden.zones(state, seat)

    def determinize(self, state: MageWarsState, viewer: int, rng: random.Random) -> MageWarsState:
        return hidden.determinize(state, viewer, rng)

    def _fill_decks(self, state: MageWarsState) -> None:
        for proto in self.protos.values():
            copies = 1 if proto.type == "mage" else proto.data.copies
            for _ in range(copies):
                state.decks[proto.deck].append(state.new_card(proto))
        for pile in state.decks.values():
            state.rng.shuffle(pile)  # mw:13

    def new_game(
        self, players: list[str], decks: list[list[str]], rng: MatchRng, options: dict[str, Any]
    ) -> MageWarsState:
        state = MageWarsState(players, rng)
        self._fill_decks(state)
        mage_deck = state.decks["mage"]
        for side, choice in zip(state.seats, decks, strict=True):  # mw:17, R0
            wanted = next((c for c in mage_deck if c.proto.id == choice[0]), None)
            card = wanted or mage_deck[-1]
            mage_deck.remove(card)
            side.mage = card
            card.owner = side.seat
        state.start()
        return state

    def from_scenario(self, data: dict[str, Any], rng: MatchRng) -> MageWarsState:
        """A main-phase position for rule tests (docs/rules/mage-wars.md, "Scenarios")."""
        seats = data.get("seats")
        if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
            raise ScenarioError("a Mage Wars scenario has 2 to 4 seats")
        unknown = set(data) - {"seats", "active", "turn", "round", "decks", "discards", "centre"}
        if unknown:
            raise ScenarioError(f"unknown scenario field(s) {sorted(unknown)}")
        if not all(isinstance(s, dict) for s in seats):
            raise ScenarioError("each seat is a table of fields")
        names = [s.get("name", f"Player {i + 1}") for i, s in enumerate(seats)]
        state = MageWarsState(names, rng)
        self._fill_decks(state)
        for side, spec in zip(state.seats, seats, strict=True):
            self._seat(state, side, dict(spec))
        named = set(data.get("decks", {})) | set(data.get("discards", {}))
        if named - set(state.decks):
            raise ScenarioError(f"unknown deck(s) {sorted(named - set(state.decks))}")
        # after the seats, whose health cards come from the full decks
        for deck, ids in data.get("decks", {}).items():  # listed top first
            state.decks[deck] = [self._card(state, c) for c in reversed(ids)]
        for deck, ids in data.get("discards", {}).items():  # listed bottom first
            state.discards[deck] = [self._card(state, c) for c in ids]
        for key in ("turn", "round", "active"):
            if not isinstance(data.get(key, 0), int):
                raise ScenarioError(f"'{key}' must be a whole number")
        if not 0 <= data.get("active", 0) < len(seats):
            raise ScenarioError(f"'active' must be a seat from 0 to {len(seats) - 1}")
        state.turn = data.get("turn", 1)
        state.round = data.get("round", 1)
        state.active = state.starter = data.get("active", 0)
        for spec in data.get("centre", []):
            state.centre.append(self._work(state, spec, None))
        if state.seats[state.active].dead:
            state.push(Dead(state.active))
        else:
            state.phase = "main"  # begun: the checks are play_on's
            state.push(Main())
        state.play_on()
        return state

    def _card(self, state: MageWarsState, card_id: str) -> Card:
        if card_id not in self.protos:
            raise ScenarioError(f"unknown card '{card_id}'")
        return state.new_card(self.protos[card_id])

    def _work(self, state: MageWarsState, spec: Any, owner: int | None) -> Card:
        spec = {"card": spec} if isinstance(spec, str) else dict(spec)
        unknown = set(spec) - {"card", "need", "built", "under", "charges"}
        if unknown or "card" not in spec:
            raise ScenarioError(
                f"a card table has 'card' and any of need, built, under, charges: {spec}"
            )
        card = self._card(state, spec["card"])
        card.owner = owner
        card.need = list(spec.get("need", card.proto.requires))
        if spec.get("built"):
            card.need = []
        for filler in spec.get("under", []):
            under = self._card(state, filler)
            card.under.append((under, under.proto.resources[0]))
        card.charges = [self._card(state, c) for c in spec.get("charges", [])]
        return card

    def _seat(self, state: MageWarsState, side: Seat, spec: dict[str, Any]) -> None:
        mage = spec.get("mage", self.mages[side.seat % len(self.mages)])
        side.mage = self._card(state, mage)
        if side.mage.proto.type != "mage":
            raise ScenarioError(f"'{mage}' is not a Mage")
        side.mage.owner = side.seat
        data = side.mage.proto.data
        health = spec.get("health", data.health)
        if isinstance(health, int):
            side.health = []
            for i in range(health):
                state.put_health(side, data.health_decks[i % len(data.health_decks)])
        else:
            side.health = [self._card(state, c) for c in reversed(health)]  # top first
        armor = spec.get("armor", 0)
        side.armor = [self._card(state, "ember_shard") for _ in range(armor)]
        side.hand = [self._card(state, c) for c in spec.get("hand", [])]
        for card in side.hand:
            card.discount = 0
        for c in spec.get("spent", []):  # cards taken from health (they carry the discount)
            card = self._card(state, c)
            card.discount = data.discount
            side.hand.append(card)
        side.pets = [self._work(state, c, side.seat) for c in spec.get("pets", [])]
        for pet in side.pets:
            if pet.proto.type != "creature":
                raise ScenarioError(f"'{pet.proto.id}' is not a creature")
        for c in spec.get("items", []):
            item = self._work(state, c, side.seat)
            if item.proto.type != "item" or item.proto.data.slot not in SLOTS:
                raise ScenarioError(f"'{item.proto.id}' is not an item")
            side.items[item.proto.data.slot] = item
        side.works = [self._work(state, c, side.seat) for c in spec.get("works", [])]
        side.board = [self._work(state, c, side.seat) for c in spec.get("board", [])]
        side.wards = [self._work(state, c, side.seat) for c in spec.get("wards", [])]
        side.levels = [self._work(state, c, side.seat) for c in spec.get("levels", [])]
        side.level = max([1] + [c.proto.data.level for c in side.levels])
        for key in ("kills", "wounds", "built", "won", "skip", "haste", "ward"):
            setattr(side, key, int(spec.get(key, 0)))
        side.dead = bool(spec.get("dead", False))
        if side.dead:
            side.health = []
        unknown = set(spec) - {
            "name",
            "mage",
            "health",
            "armor",
            "hand",
            "spent",
            "pets",
            "items",
            "works",
            "board",
            "wards",
            "levels",
            "kills",
            "wounds",
            "built",
            "won",
            "skip",
            "haste",
            "ward",
            "dead",
        }
        if unknown:
            raise ScenarioError(f"unknown seat field(s) {sorted(unknown)}")


RULESET = MageWarsRuleset()
