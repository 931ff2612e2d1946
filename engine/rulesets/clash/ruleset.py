"""Clash as a Ruleset: deck rules, a new game, and mid-game scenarios for tests."""

import random
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from cards.clash import schema
from cards.loader import CardPool, game_pool
from engine.core.decision import Action, Decision
from engine.core.decks import deck_problems
from engine.core.errors import OptionError, ScenarioError
from engine.core.hidden import HiddenZones
from engine.core.options import SeriesOptions
from engine.core.rng import MatchRng
from engine.core.ruleset import Ruleset
from engine.core.view import CardView
from engine.rulesets.clash import ai, hidden
from engine.rulesets.clash.cards import CardInst, Proto, proto_of
from engine.rulesets.clash.game import ClashState
from engine.rulesets.clash.glossary import GLOSSARY
from engine.rulesets.clash.state import BOARD_SLOTS
from engine.rulesets.clash.steps import MAIN
from engine.rulesets.clash.view import proto_stats

DECK_SIZE = 30  # clash.md:70
COPY_LIMIT = 3  # ruling R11


class ClashRuleset(Ruleset[ClashState]):
    id = "clash"
    name = "Clash"
    glossary = GLOSSARY
    version = "2"  # 2: no tells (who is asked depends on what everyone sees)
    options_model = SeriesOptions
    card_type = schema.Card
    #: A Clash decision offers 10-40 actions, so 40 playouts are one or two imagined deals;
    #: 240 give six to twelve, a less noisy comparison: on the same 200 deals against
    #: greedy, 65% at 40, 70% at 120, 75% at 240, within a second a decision (docs/ai.md).
    search_playouts = 240
    #: Rollouts stop two turns on (at most 60 actions): they take in the other player's
    #: answer, and measured better than six actions (docs/ai.md).
    search_turns = (2, 60)
    early_turns = 3  # docs/rules/clash.md, "Fairness"
    help_text = (
        "Two players, 30 health each, 30-card decks (at most 3 copies of a card). "
        "Bring the other player to 0 health to win.\n"
        "• **Start**: draw 5; you may put up to 3 back once and draw as many.\n"
        "• **Turns**: draw a card, then play cards and attack in any order, then end the "
        "turn. Mana starts at 1 (2 for the second player), grows by 1 a turn up to 10 and "
        "refills each turn. An empty deck deals you 1, 2, 3 … damage instead of a draw.\n"
        "• **Monsters** (up to 5 a side) have power, toughness and health. An attack deals "
        "power minus the defender's toughness; if that is negative, the attacker takes the "
        "difference. Attacking a player deals full power. A monster attacks once a turn, "
        "not in the turn it arrives (unless it has Haste).\n"
        "• **Spells** happen at once; **equipment** adds power or toughness to a monster.\n"
        "• Hands hold 10 cards; you can /resign any time; a turn timer that runs out "
        "counts as resigning."
    )

    @cached_property
    def pool(self) -> CardPool:
        return game_pool(self.id)

    @cached_property
    def protos(self) -> dict[str, Proto]:
        return {card_id: proto_of(card) for card_id, card in self.pool.cards.items()}

    def make_proto(self, card: schema.Card) -> Proto:
        return proto_of(card)

    def _deck_protos(self, deck: Sequence[str]) -> list[Proto]:
        """The prototypes of a checked deck, memoised like validate_deck (the same few decks)."""
        key = tuple(deck)
        protos = self._protos_of.get(key)
        if protos is None:
            protos = [self.protos[c] for c in key]
            if len(self._protos_of) < 1024:
                self._protos_of[key] = protos
        return protos

    @cached_property
    def _protos_of(self) -> dict[tuple[str, ...], list[Proto]]:
        return {}

    def deck_problems(self, cards: tuple[str, ...]) -> list[str]:
        return deck_problems(  # clash.md:70 and ruling R11
            cards,
            self.protos,
            exactly=DECK_SIZE,
            copy_limit=lambda card: COPY_LIMIT,
            too_many=lambda card, limit, count: (
                f"at most {limit} copies of a card, {card.name} has {count}"
            ),
        )

    def card_catalog(self) -> dict[str, CardView]:
        return {
            card_id: CardView(
                0,
                card_id,
                proto.name,
                proto.kind,
                proto.cost,
                proto.text,
                proto_stats(proto),
                flavor=self.pool.cards[card_id].flavor or "",
            )
            for card_id, proto in self.protos.items()
        }

    def preconstructed_decks(self) -> dict[str, list[str]]:
        return {deck_id: deck.card_list() for deck_id, deck in self.pool.decks.items()}

    def evaluate(self, state: ClashState, player: int) -> float:
        return ai.evaluate(state, player)

    def choose_many(self, state: ClashState, decision: Decision) -> Action:
        return ai.choose_many(state, decision)

    def hidden_zones(self, state: ClashState, seat: int) -> HiddenZones:
        return hidden.zones(state, seat)

    def determinize(self, state: ClashState, viewer: int, rng: random.Random) -> ClashState:
        return hidden.determinize(state, viewer, rng)

    def _state(self, names: list[str], rng: MatchRng, best_of: int) -> ClashState:
        return ClashState(names, rng, best_of)

    def new_game(
        self, players: list[str], decks: list[list[str]], rng: MatchRng, options: dict[str, Any]
    ) -> ClashState:
        best_of = int(options.get("best_of", 1))
        if best_of < 1 or best_of % 2 == 0:
            raise OptionError("best_of", "best_of must be an odd number: 1, 3, 5 ...")
        state = self._state(players, rng, best_of)
        for side, deck in zip(state.sides, decks, strict=True):
            side.deck = state.new_deck(self._deck_protos(deck), side.seat)
        state.flip_coin()
        state.run()
        return state

    def from_scenario(self, data: dict[str, Any], rng: MatchRng) -> ClashState:
        """A main-phase position; the format is in docs/rules/clash.md, "Scenarios"."""
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != 2:
            raise ScenarioError("a Clash scenario has exactly two seats")
        _known_keys(data, _TOP_KEYS, "the scenario")
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict):
                raise ScenarioError(f"seat {i} must be a table of fields, not {seat!r}")
            _known_keys(seat, _SEAT_KEYS, f"seat {i}")
        names = [s.get("name", f"Player {i + 1}") for i, s in enumerate(seats)]
        state = self._state(names, rng, int(data.get("best_of", 1)))
        state.turn = int(data.get("turn", 1))
        state.active = int(data.get("active", 0))
        state.game_no = 1
        state.starter = int(data.get("starter", state.active))
        state.steps.push(MAIN)
        for side, seat in zip(state.sides, seats, strict=True):
            side.health = int(seat.get("health", 30))
            side.max_mana = int(seat.get("max_mana", seat.get("mana", 0)))
            side.mana = int(seat.get("mana", side.max_mana))
            side.fatigue = int(seat.get("fatigue", 0))
            # decks are listed top first, which reads naturally in a test
            side.deck = [self._card(state, c, side.seat) for c in reversed(seat.get("deck", []))]
            side.hand = [self._card(state, c, side.seat) for c in seat.get("hand", [])]
            side.graveyard = [self._card(state, c, side.seat) for c in seat.get("graveyard", [])]
            board = seat.get("board", [])
            if len(board) > BOARD_SLOTS:
                raise ScenarioError(f"{side.name} has {len(board)} monsters, at most 5")
            side.board = [self._monster(state, m, side.seat) for m in board]
        state.run()
        return state

    def _card(self, state: ClashState, card_id: str, owner: int) -> CardInst:
        if card_id not in self.protos:
            raise ScenarioError(f"unknown card '{card_id}'")
        return state.new_card(self.protos[card_id], owner)

    def _monster(self, state: ClashState, spec: str | dict[str, Any], owner: int) -> CardInst:
        spec = {"card": spec} if isinstance(spec, str) else dict(spec)
        card = self._card(state, spec.pop("card"), owner)
        if card.proto.kind != "monster":
            raise ScenarioError(f"'{card.proto.id}' is not a monster")
        ready = spec.pop("ready", True)
        card.summoned_turn = -1 if ready else state.turn
        card.attacked = bool(spec.pop("attacked", False))
        for equip_id in spec.pop("equipment", []):
            item = self._card(state, equip_id, owner)
            card.attached += (item,)
            card.power += item.proto.power
            card.toughness += item.proto.toughness
        given = {
            s: int(spec.pop(s)) for s in ("power", "toughness", "max_health", "health") if s in spec
        }
        for stat, value in given.items():
            setattr(card, stat, value)
        if "health" not in given:
            card.health = min(card.health, card.max_health)
        if spec:
            raise ScenarioError(f"unknown monster field(s) {sorted(spec)}")
        return card


_TOP_KEYS = {"seats", "active", "turn", "starter", "best_of"}
_SEAT_KEYS = {"name", "health", "mana", "max_mana", "fatigue", "deck", "hand", "graveyard", "board"}


def _known_keys(data: dict[str, Any], known: set[str], where: str) -> None:
    """A misspelt key would silently build another position than the test meant."""
    unknown = sorted(set(data) - known)
    if unknown:
        raise ScenarioError(
            f"{where}: unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})"
        )


RULESET = ClashRuleset()
