"""Battle Mages as a Ruleset: spellbook rules, a new game, and scenarios for tests."""

import random
from functools import cached_property
from typing import Any

from cards.battle_mages import schema
from cards.loader import CardPool, game_pool
from engine.core.decision import Action, Decision
from engine.core.decks import deck_problems
from engine.core.errors import ScenarioError
from engine.core.hidden import HiddenZones
from engine.core.rng import MatchRng
from engine.core.ruleset import Ruleset
from engine.core.view import CardView
from engine.rulesets.battle_mages import ai, hidden
from engine.rulesets.battle_mages.cards import (
    CREATURE,
    CRYSTAL,
    RELIC,
    CardInst,
    Proto,
    proto_of,
    protos,
)
from engine.rulesets.battle_mages.game import BattleMagesState
from engine.rulesets.battle_mages.glossary import GLOSSARY
from engine.rulesets.battle_mages.table import STEPS, Side
from engine.rulesets.battle_mages.view import static_view

SPELLBOOK_SIZE = 50  # battle-mages.md:7
COPY_LIMITS = {"white": 4, "gold": 3, "purple": 1}  # battle-mages.md:15-17


class BattleMagesRuleset(Ruleset[BattleMagesState]):
    id = "battle-mages"
    name = "Battle Mages"
    glossary = GLOSSARY
    version = "3"  # 2: no tells (who is asked depends on what everyone sees); 3: ruling B16
    card_type = schema.Card
    pins_whole_pool = True  # whether a Mage is asked reads the cheapest card of the pool
    #: 120 playouts measured the same as 40 (docs/ai.md): the quicker budget stays.
    search_playouts = 40
    #: Rollouts stop two turns on (at most 60 actions): they take in the other Mage's
    #: answer, and measured better than six actions (docs/ai.md).
    search_turns = (2, 60)
    early_turns = 3  # docs/rules/battle-mages.md, "Fairness"
    help_text = (
        "Two Mages, 20 life each, Spellbooks of exactly 50 cards (White up to 4 copies, Gold 3, "
        "Purple 1, Small Crystals any number). Bring the other Mage to 0 life.\n"
        "• **Crystals** form your Crystal Collection: one enters your field each turn; a "
        "small one makes 1 mana, a big one 2 (it enters exhausted). Crystals prepare at "
        "the start of your turn; unspent ones pay for reactions in the other Mage's turn.\n"
        "• **Turn**: Preparation, Crystal, Draw, Main, Combat (attackers, blockers, "
        "damage), Main, End. Creatures and Relics in your Main step; Rituals and "
        "abilities whenever you may react.\n"
        "• **The stack**: spells and abilities wait on the stack; both Mages pass in a row "
        "and the top one resolves. Targets are checked when attempting; a spell that "
        "loses a target fizzles, unless it says 'up to'.\n"
        "• You are passed automatically when you cannot react; the 'Stop me' button asks "
        "you anyway. Drawing from an empty Spellbook loses."
    )

    @cached_property
    def pool(self) -> CardPool:
        return game_pool(self.id)

    @cached_property
    def protos(self) -> dict[str, Proto]:
        return protos()

    def make_proto(self, card: schema.Card) -> Proto:
        return proto_of(card)

    @cached_property
    def cheapest_cost(self) -> int:
        return min(p.cost for p in self.protos.values() if p.kind != CRYSTAL)

    def deck_problems(self, cards: tuple[str, ...]) -> list[str]:
        return deck_problems(
            cards,
            self.protos,
            noun="a Spellbook",
            exactly=SPELLBOOK_SIZE,
            # battle-mages.md:20 — any number of Small Crystals
            copy_limit=lambda card: (
                None if card.kind == CRYSTAL and card.size == "small" else COPY_LIMITS[card.rarity]
            ),
            too_many=lambda card, limit, count: (
                f"{card.name} is {card.rarity.title()}: at most {limit} "
                f"cop{'y' if limit == 1 else 'ies'}, this Spellbook has {count}"
            ),
        )

    def card_catalog(self) -> dict[str, CardView]:
        views = {}
        for card_id, proto in self.protos.items():
            view = static_view(proto)
            view.flavor = self.pool.cards[card_id].flavor or ""
            views[card_id] = view
        return views

    def preconstructed_decks(self) -> dict[str, list[str]]:
        return {deck_id: deck.card_list() for deck_id, deck in self.pool.decks.items()}

    def evaluate(self, state: BattleMagesState, player: int) -> float:
        return ai.evaluate(state, player)

    def choose_many(self, state: BattleMagesState, decision: Decision) -> Action:
        return ai.choose_many(state, decision)

    def search_picks(self, state: BattleMagesState, decision: Decision) -> list[Action]:
        """The search agent's hook (engine/agents/search.py): the multi-picks it weighs."""
        return ai.search_picks(state, decision)

    def for_people(self, action: Action) -> bool:
        # ruling B10: the "stop me" setting, alone or with a pass; it changes nothing on
        # the table
        return action[0] == "stop" or (action[0] == "pass" and len(action) == 2)

    def hidden_zones(self, state: BattleMagesState, seat: int) -> HiddenZones:
        return hidden.zones(state, seat)

    def determinize(
        self, state: BattleMagesState, viewer: int, rng: random.Random
    ) -> BattleMagesState:
        return hidden.determinize(state, viewer, rng)

    def new_game(
        self, players: list[str], decks: list[list[str]], rng: MatchRng, options: dict[str, Any]
    ) -> BattleMagesState:
        state = BattleMagesState(players, rng)
        state.cheapest = self.cheapest_cost
        for side, deck in zip(state.sides, decks, strict=True):
            cards = [state.new_card(self.protos[c], side.seat) for c in deck]
            # ruling B2: the crystals form the Crystal Collection, the rest the Spellbook
            side.collection = [c for c in cards if c.proto.kind == CRYSTAL]
            side.spellbook = [c for c in cards if c.proto.kind != CRYSTAL]
            for card in side.collection:
                card.zone = "collection"
            rng.shuffle(side.collection)
            rng.shuffle(side.spellbook)
        state.flip_coin()
        state.run()
        return state

    def from_scenario(self, data: dict[str, Any], rng: MatchRng) -> BattleMagesState:
        """A position in a step of a turn (docs/rules/battle-mages.md, "Scenarios", has
        the format and an example).

        Seat keys: name, life, hand, spellbook (top first), collection (top first),
        graveyard, field (creatures and relics: id or {card, damage, poison, shield, str,
        ice, exhausted, new, attacking}), crystals (id or {card, exhausted}), pool, stop.
        Top keys: active, turn, step (default main1).
        """
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != 2:
            raise ScenarioError("a Battle Mages scenario has exactly two seats")
        _known_keys(data, _TOP_KEYS, "the scenario")
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict):
                raise ScenarioError(f"seat {i} must be a table of zones, not {seat!r}")
            _known_keys(seat, _SEAT_KEYS, f"seat {i}")
            for zone in _ZONE_KEYS & set(seat):
                if not isinstance(seat[zone], list):
                    raise ScenarioError(f"seat {i}: '{zone}' must be a list of cards")
        turn, active = data.get("turn", 3), data.get("active", 0)
        if not isinstance(turn, int) or turn < 1:
            raise ScenarioError(f"'turn' must be a whole number from 1, not {turn!r}")
        if active not in (0, 1):
            raise ScenarioError(f"'active' must be seat 0 or 1, not {active!r}")
        names = [s.get("name", f"Mage {i + 1}") for i, s in enumerate(seats)]
        state = BattleMagesState(names, rng)
        state.cheapest = self.cheapest_cost
        state.turn = turn
        state.active = state.starter = active
        state.phase = "play"
        step = data.get("step", "main1")
        if step not in STEPS:
            raise ScenarioError(f"unknown step '{step}' (steps: {', '.join(STEPS)})")
        for side, seat in zip(state.sides, seats, strict=True):
            side.life = int(seat.get("life", 20))
            side.pool = int(seat.get("pool", 0))
            side.stop = bool(seat.get("stop", False))
            side.spellbook = [
                self._card(state, c, side, "spellbook") for c in reversed(seat.get("spellbook", []))
            ]
            side.collection = [
                self._card(state, c, side, "collection")
                for c in reversed(seat.get("collection", []))
            ]
            side.hand = [self._card(state, c, side, "hand") for c in seat.get("hand", [])]
            side.graveyard = [
                self._card(state, c, side, "graveyard") for c in seat.get("graveyard", [])
            ]
            side.field = [
                self._permanent(state, spec, side, state.turn) for spec in seat.get("field", [])
            ]
            side.crystals = [
                self._permanent(state, spec, side, state.turn) for spec in seat.get("crystals", [])
            ]
            for card in side.crystals:
                if card.proto.kind != CRYSTAL:
                    raise ScenarioError(f"'{card.proto.id}' is not a crystal")
                card.zone = "crystals"
            for card in side.field:
                if card.proto.kind not in (CREATURE, RELIC):
                    raise ScenarioError(f"'{card.proto.id}' is no creature or relic")
        state.step = step
        state.first = state.active
        if step in ("main1", "main2"):
            state.priority = state.active
        elif step in ("attackers", "blockers", "damage"):
            state.priority = state.active if step != "attackers" else 1 - state.active
            state.first = state.priority
        state.run()  # steps without a window pass at once, as in a game
        return state

    def _card(self, state: BattleMagesState, card_id: str, side: Side, zone: str) -> CardInst:
        if card_id not in self.protos:
            raise ScenarioError(f"unknown card '{card_id}'")
        card = state.new_card(self.protos[card_id], side.seat)
        card.zone = zone
        return card

    def _permanent(
        self, state: BattleMagesState, spec: str | dict[str, Any], side: Side, turn: int
    ) -> CardInst:
        spec = {"card": spec} if isinstance(spec, str) else dict(spec)
        card = self._card(state, spec.pop("card"), side, "field")
        card.entered = turn if spec.pop("new", False) else turn - 1
        card.exhausted = bool(spec.pop("exhausted", False))
        card.attacking = bool(spec.pop("attacking", False))
        for counter in ("damage", "poison", "shield", "str", "ice"):
            setattr(card, counter, int(spec.pop(counter, 0)))
        if spec:
            raise ScenarioError(f"unknown field(s) {sorted(spec)} for '{card.proto.id}'")
        return card


_TOP_KEYS = {"seats", "active", "turn", "step"}
_ZONE_KEYS = {"hand", "spellbook", "collection", "graveyard", "field", "crystals"}
_SEAT_KEYS = _ZONE_KEYS | {"name", "life", "pool", "stop"}


def _known_keys(data: dict, known: set[str], where: str) -> None:
    """A misspelt key would silently build another position than the test meant."""
    unknown = sorted(set(data) - known)
    if unknown:
        raise ScenarioError(
            f"{where}: unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})"
        )


RULESET = BattleMagesRuleset()
