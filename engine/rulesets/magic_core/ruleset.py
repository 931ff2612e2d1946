"""magic-core as a Ruleset: deck rules, a new game, and mid-game scenarios for tests."""

import random
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from cards.loader import CardPool, game_pool
from cards.magic_core import schema
from engine.core.decision import Action, Decision
from engine.core.decks import deck_problems
from engine.core.errors import OptionError, ScenarioError
from engine.core.hidden import HiddenZones
from engine.core.options import SeriesOptions
from engine.core.rng import MatchRng
from engine.core.ruleset import Ruleset
from engine.core.view import CardView
from engine.rulesets.magic_core import ai, hidden
from engine.rulesets.magic_core.cards import Proto, protos
from engine.rulesets.magic_core.game import STEP_NAMES, MagicState
from engine.rulesets.magic_core.glossary import GLOSSARY
from engine.rulesets.magic_core.objects import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, Obj
from engine.rulesets.magic_core.view import proto_view

MIN_DECK = 60  # 100.2a
COPY_LIMIT = 4  # 100.2a, basic lands excepted


class MagicCoreRuleset(Ruleset[MagicState]):
    id = "magic-core"
    name = "Magic Core"
    glossary = GLOSSARY
    version = "5"  # 5: R13, X = 0 offered always, last where it does nothing; 4: R14, a
    # free cast asked with any card in hand (no tells); 3: no X = 0 that does nothing; 2: no
    # tells
    options_model = SeriesOptions
    card_type = schema.Card
    min_players = 2
    max_players = 4
    #: Rollouts of six actions with no turn limit (the default): good enough here, and the
    #: measured figures are with them (docs/ai.md).
    search_turns = (None, 6)
    early_turns = 3  # docs/rules/magic-core.md, "Fairness"
    help_text = (
        "Two to four players, 20 life each, decks of at least 60 cards (at most 4 of a card "
        "but basic lands). Seven cards to start; a mulligan shuffles them back for seven new "
        "ones, then one card per mulligan goes to the bottom.\n"
        "• **Turns**: untap, upkeep, draw, main, combat (attack, block, damage), second main, "
        "end, cleanup (discard to 7). One land a turn. The first player skips the first draw "
        "in a two-player game.\n"
        "• **Mana**: lands are tapped for you when you cast; unused mana empties after each "
        "step. Creatures can't attack or use {T} abilities the turn they arrive (haste can).\n"
        "• **The stack**: spells and abilities wait on the stack; everyone passes and the top "
        "one resolves. You are asked only when you have something to do; the stop button "
        "makes the game ask you at every step.\n"
        "• **You lose** at 0 life, with 10 poison counters, or by drawing from an empty "
        "library. Keywords: flying, reach, first strike, vigilance, haste, deathtouch, "
        "lifelink, trample, defender."
    )

    @cached_property
    def pool(self) -> CardPool:
        return game_pool(self.id)

    @cached_property
    def protos(self) -> dict[str, Proto]:
        return protos()

    def make_proto(self, card: schema.Card) -> Proto:
        return Proto(card)

    def match_cards(self, decks: Sequence[Sequence[str]]) -> set[str]:
        """The decks' cards and every token (cards create tokens by id)."""
        tokens = {card_id for card_id, proto in self.protos.items() if proto.token}
        return tokens.union(*decks)

    @cached_property
    def _checked(self) -> dict[tuple[str, ...], list[str]]:
        return {}

    def deck_problems(self, cards: tuple[str, ...]) -> list[str]:
        problems = deck_problems(  # 100.2a / 100.5: no maximum; 100.2a: four copies
            cards,
            self.protos,
            at_least=MIN_DECK,
            copy_limit=lambda card: None if card.basic else COPY_LIMIT,
            too_many=lambda card, limit, count: (
                f"at most {limit} copies of a card other than a basic land, {card.name} has {count}"
            ),
        )
        tokens = sorted({c for c in cards if c in self.protos and self.protos[c].token})
        if tokens:
            problems.append(f"tokens are not cards and cannot be in a deck: {', '.join(tokens)}")
        return problems

    def card_catalog(self) -> dict[str, CardView]:
        catalog = {}
        for card_id, proto in self.protos.items():
            view = proto_view(proto)
            view.flavor = proto.flavor or ""
            catalog[card_id] = view
        return catalog

    def preconstructed_decks(self) -> dict[str, list[str]]:
        return {deck_id: deck.card_list() for deck_id, deck in game_pool(self.id).decks.items()}

    def evaluate(self, state: MagicState, player: int) -> float:
        return ai.evaluate(state, player)

    def choose_many(self, state: MagicState, decision: Decision) -> Action:
        return ai.choose_many(state, decision)

    def hidden_zones(self, state: MagicState, seat: int) -> HiddenZones:
        return hidden.zones(state, seat)

    def determinize(self, state: MagicState, viewer: int, rng: random.Random) -> MagicState:
        return hidden.determinize(state, viewer, rng)

    def new_game(
        self, players: list[str], decks: list[list[str]], rng: MatchRng, options: dict[str, Any]
    ) -> MagicState:
        best_of = int(options.get("best_of", 1))
        if best_of < 1 or best_of % 2 == 0:
            raise OptionError("best_of", "best_of must be an odd number: 1, 3, 5 ...")
        if best_of > 1 and len(players) > 2:
            raise OptionError("best_of", "a best-of match is for two players")
        state = MagicState(players, rng, best_of)
        state.card_protos = self.protos
        for seat, deck in enumerate(decks):
            for card_id in deck:
                state.new_obj(self.protos[card_id], seat, LIBRARY)  # 108.3: owners
        state.flip_coin()
        return state

    def from_scenario(self, data: dict[str, Any], rng: MatchRng) -> MagicState:
        """A position with priority in a step of a turn (docs/rules/magic-core.md). Format:

        {"seats": [{"name", "life", "poison", "hand": [ids], "library": [ids, top first],
                    "graveyard": [ids], "exile": [ids], "battlefield": [id | {"card",
                    "tapped", "fresh", "damage", "counters"}], "pool": "RRG",
                    "land_plays": 0, "stop_all": true}],
         "active": 0, "turn": 3, "step": "main 1", "game_turn": 3}

        Anything else, a token off the battlefield or a non-permanent on it, is refused
        with a ScenarioError naming the field.
        """
        seats = data.get("seats")
        if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
            raise ScenarioError("a magic-core scenario has two to four seats")
        if not all(isinstance(s, dict) for s in seats):
            raise ScenarioError("each seat is a table of fields")
        unknown = sorted(set(data) - TOP_FIELDS)
        if unknown:
            raise ScenarioError(f"unknown scenario field(s) {unknown}")
        names = [str(s.get("name", f"Player {i + 1}")) for i, s in enumerate(seats)]
        state = MagicState(names, rng, 1)
        state.card_protos = self.protos
        state.turn = _int(data, "turn", 3, 1)
        state.game_turn = _int(data, "game_turn", state.turn, 1)
        state.active = state.starter = _int(data, "active", 0, 0, len(seats) - 1)
        state.game_no = 1
        step = data.get("step", "main 1")
        if step not in STEP_NAMES or step in ("untap", "cleanup"):
            known = ", ".join(n for n in STEP_NAMES if n not in ("untap", "cleanup"))
            raise ScenarioError(f"unknown step '{step}' for priority (known: {known})")
        state.step = STEP_NAMES.index(step)
        for seat, spec in enumerate(seats):
            unknown = sorted(set(spec) - SEAT_FIELDS)
            if unknown:
                raise ScenarioError(f"seat {seat}: unknown field(s) {unknown}")
            player = state.players[seat]
            player.life = _int(spec, "life", 20, -1000)
            player.poison = _int(spec, "poison", 0, 0)
            player.stop_all = bool(spec.get("stop_all", True))
            player.land_plays = _int(spec, "land_plays", 0, 0)
            pool = spec.get("pool", "")
            if not isinstance(pool, str) or set(pool) - set("WUBRGC"):
                raise ScenarioError(f"seat {seat}: pool is mana letters from WUBRGC, not {pool!r}")
            for i, letter in enumerate("WUBRGC"):
                player.pool[i] = pool.count(letter)
            player.library = [
                self._obj(state, c, seat, LIBRARY) for c in reversed(_ids(spec, "library", seat))
            ]
            player.hand = [self._obj(state, c, seat, HAND) for c in _ids(spec, "hand", seat)]
            player.graveyard = [
                self._obj(state, c, seat, GRAVEYARD) for c in _ids(spec, "graveyard", seat)
            ]
            player.exile = [self._obj(state, c, seat, EXILE) for c in _ids(spec, "exile", seat)]
            battlefield = spec.get("battlefield", [])
            if not isinstance(battlefield, list):
                raise ScenarioError(f"seat {seat}: battlefield is a list")
            for entry in battlefield:
                self._permanent(state, entry, seat)
        state.statics_changed()
        state.give_priority_to_active()
        state.run()
        return state

    def _obj(self, state: MagicState, card_id: str, owner: int, zone: str) -> Obj:
        if card_id not in self.protos:
            raise ScenarioError(f"unknown card '{card_id}'")
        proto = self.protos[card_id]
        if proto.token and zone != BATTLEFIELD:  # 111.7: a token exists only there
            raise ScenarioError(f"token '{card_id}' can only be on the battlefield")
        if zone == BATTLEFIELD and not proto.is_permanent:  # 110.4a
            raise ScenarioError(f"'{card_id}' is not a permanent card")
        return state.new_obj(proto, owner, zone)

    def _permanent(self, state: MagicState, entry: str | dict[str, Any], seat: int) -> None:
        if not isinstance(entry, str | dict):
            raise ScenarioError(f"seat {seat}: a permanent is a card id or a table")
        spec = {"card": entry} if isinstance(entry, str) else dict(entry)
        if "card" not in spec:
            raise ScenarioError(f"seat {seat}: a permanent table needs 'card'")
        obj = self._obj(state, spec.pop("card"), seat, BATTLEFIELD)
        obj.fresh = bool(spec.pop("fresh", False))
        obj.tapped = bool(spec.pop("tapped", False))
        obj.damage = _int(spec, "damage", 0, 0)
        obj.counters = _int(spec, "counters", 0, 0)
        spec.pop("damage", None)
        spec.pop("counters", None)
        obj.stamp = state.new_stamp()
        if spec:
            raise ScenarioError(f"unknown permanent field(s) {sorted(spec)}")
        state.battlefield.append(obj)


TOP_FIELDS = {"seats", "active", "turn", "step", "game_turn"}
SEAT_FIELDS = {
    "name",
    "life",
    "poison",
    "stop_all",
    "land_plays",
    "pool",
    "library",
    "hand",
    "graveyard",
    "exile",
    "battlefield",
}


def _int(spec: dict[str, Any], key: str, default: int, low: int, high: int = 10**6) -> int:
    value = spec.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioError(f"'{key}' must be a whole number from {low} to {high}, not {value!r}")
    return value


def _ids(spec: dict[str, Any], key: str, seat: int) -> list[str]:
    value = spec.get(key, [])
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ScenarioError(f"seat {seat}: {key} is a list of card ids")
    return value


RULESET = MagicCoreRuleset()
