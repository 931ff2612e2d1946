"""magic-core as a Ruleset: deck rules, a new game, and mid-game scenarios for tests."""

from collections import Counter
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from engine.core.decision import Action, Decision
from engine.core.errors import ScenarioError
from engine.core.rng import MatchRng
from engine.core.ruleset import Ruleset
from engine.core.view import CardView
from engine.rulesets.magic_core import ai
from engine.rulesets.magic_core.cards import Proto, pool, protos
from engine.rulesets.magic_core.game import STEP_NAMES, MagicState
from engine.rulesets.magic_core.objects import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY
from engine.rulesets.magic_core.view import proto_view

MIN_DECK = 60  # 100.2a
COPY_LIMIT = 4  # 100.2a, basic lands excepted


class MagicCoreRuleset(Ruleset):
    id = "magic-core"
    name = "Magic Core"
    version = "1"
    min_players = 2
    max_players = 4
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
    def protos(self) -> dict[str, Proto]:
        return protos()

    @cached_property
    def _checked(self) -> dict[tuple[str, ...], list[str]]:
        return {}

    def validate_deck(self, cards: Sequence[str]) -> list[str]:
        key = tuple(cards)
        known = self._checked.get(key)
        if known is None:
            known = self._problems(key)
            if len(self._checked) < 1024:
                self._checked[key] = known
        return list(known)

    def _problems(self, cards: Sequence[str]) -> list[str]:
        problems = []
        if len(cards) < MIN_DECK:  # 100.2a / 100.5: no maximum
            problems.append(f"a deck has at least {MIN_DECK} cards, this one has {len(cards)}")
        unknown = sorted({c for c in cards if c not in self.protos})
        if unknown:
            problems.append(f"unknown card(s): {', '.join(unknown)}")
        tokens = sorted({c for c in cards if c in self.protos and self.protos[c].token})
        if tokens:
            problems.append(f"tokens are not cards and cannot be in a deck: {', '.join(tokens)}")
        for card, count in sorted(Counter(cards).items()):
            proto = self.protos.get(card)
            if proto is not None and count > COPY_LIMIT and not proto.basic:
                problems.append(
                    f"at most {COPY_LIMIT} copies of a card other than a basic land, "
                    f"{proto.name} has {count}"
                )
        return problems

    def card_catalog(self) -> dict[str, CardView]:
        catalog = {}
        for card_id, proto in self.protos.items():
            view = proto_view(proto)
            view.flavor = proto.flavor or ""
            catalog[card_id] = view
        return catalog

    def preconstructed_decks(self) -> dict[str, list[str]]:
        return {deck_id: deck.card_list() for deck_id, deck in pool().decks.items()}

    def evaluate(self, state: MagicState, player: int) -> float:
        return ai.evaluate(state, player)

    def choose_many(self, state: MagicState, decision: Decision) -> Action:
        return ai.choose_many(state, decision)

    def new_game(
        self, players: list[str], decks: list[list[str]], rng: MatchRng, options: dict[str, Any]
    ) -> MagicState:
        best_of = int(options.get("best_of", 1))
        if best_of < 1 or best_of % 2 == 0:
            raise ScenarioError("best_of must be an odd number: 1, 3, 5 ...")
        if best_of > 1 and len(players) > 2:
            raise ScenarioError("a best-of match is for two players")
        state = MagicState(players, rng, best_of)
        for seat, deck in enumerate(decks):
            for card_id in deck:
                state.new_obj(self.protos[card_id], seat, LIBRARY)  # 108.3: owners
        state.flip_coin()
        return state

    def from_scenario(self, data: dict[str, Any], rng: MatchRng) -> MagicState:
        """A position with priority in a step of a turn. Format:

        {"seats": [{"name", "life", "poison", "hand": [ids], "library": [ids, top first],
                    "graveyard": [ids], "battlefield": [id | {"card", "tapped", "fresh",
                    "damage", "counters"}], "pool": "RRG", "stop_all": true}],
         "active": 0, "turn": 3, "step": "main 1", "game_turn": 3}
        """
        seats = data.get("seats")
        if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
            raise ScenarioError("a magic-core scenario has two to four seats")
        names = [s.get("name", f"Player {i + 1}") for i, s in enumerate(seats)]
        state = MagicState(names, rng, 1)
        state.turn = int(data.get("turn", 3))
        state.game_turn = int(data.get("game_turn", state.turn))
        state.active = state.starter = int(data.get("active", 0))
        state.game_no = 1
        step = data.get("step", "main 1")
        if step not in STEP_NAMES:
            raise ScenarioError(f"unknown step '{step}' (known: {', '.join(STEP_NAMES)})")
        state.step = STEP_NAMES.index(step)
        for seat, spec in enumerate(seats):
            player = state.players[seat]
            player.life = int(spec.get("life", 20))
            player.poison = int(spec.get("poison", 0))
            player.stop_all = bool(spec.get("stop_all", True))
            player.land_plays = int(spec.get("land_plays", 0))
            for i, letter in enumerate("WUBRGC"):
                player.pool[i] = spec.get("pool", "").count(letter)
            player.library = [
                self._obj(state, c, seat, LIBRARY) for c in reversed(spec.get("library", []))
            ]
            player.hand = [self._obj(state, c, seat, HAND) for c in spec.get("hand", [])]
            player.graveyard = [
                self._obj(state, c, seat, GRAVEYARD) for c in spec.get("graveyard", [])
            ]
            player.exile = [self._obj(state, c, seat, EXILE) for c in spec.get("exile", [])]
            for entry in spec.get("battlefield", []):
                self._permanent(state, entry, seat)
        state.statics_changed()
        state.give_priority_to_active()
        state.run()
        return state

    def _obj(self, state: MagicState, card_id: str, owner: int, zone: str):
        if card_id not in self.protos:
            raise ScenarioError(f"unknown card '{card_id}'")
        return state.new_obj(self.protos[card_id], owner, zone)

    def _permanent(self, state: MagicState, entry: str | dict[str, Any], seat: int) -> None:
        spec = {"card": entry} if isinstance(entry, str) else dict(entry)
        obj = self._obj(state, spec.pop("card"), seat, BATTLEFIELD)
        obj.fresh = bool(spec.pop("fresh", False))
        obj.tapped = bool(spec.pop("tapped", False))
        obj.damage = int(spec.pop("damage", 0))
        obj.counters = int(spec.pop("counters", 0))
        obj.stamp = state.new_stamp()
        if spec:
            raise ScenarioError(f"unknown permanent field(s) {sorted(spec)}")
        state.battlefield.append(obj)


RULESET = MagicCoreRuleset()
