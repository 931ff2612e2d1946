"""Enchantoria as a Ruleset: deck rules, a new game, and mid-game scenarios for tests."""

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.core.decision import Action, Decision
from engine.core.errors import ScenarioError
from engine.core.rng import MatchRng
from engine.core.ruleset import Ruleset
from engine.core.view import CardView
from engine.rulesets.enchantoria import ai
from engine.rulesets.enchantoria.cards import SUMMON, CardInst, enchantoria_pool, protos
from engine.rulesets.enchantoria.game import (
    EnchantoriaState,
    Protection,
    Status,
    mana_for_turn,
)
from engine.rulesets.enchantoria.view import card_view

DECK_SIZE = 30  # R16
COPY_LIMIT = 3  # R16
COUNTER_LIMIT = 4  # R16: at most four counterspells in a deck

PHASES = ("preparation", "combat")


class EnchantoriaRuleset(Ruleset):
    id = "enchantoria"
    name = "Enchantoria"
    version = "1"
    help_text = (
        "Two players, 30 health each, 30-card decks (at most 3 copies of a card, at most "
        "4 counterspells). Both players play every turn **at the same time**.\n"
        "• **Turn**: Draw (one card each) → Preparation (mana refills: 2 in turn 1, +1 a turn "
        "up to 10; you may recycle one card for half its cost rounded up, X counts 0) → "
        "Combat (cast spells and order your creatures in secret) → Discard (the fallen "
        "leave, hands over 7 are cut, timed effects count down).\n"
        "• **Secret choices**: your picks reach only you; when both players are done, "
        "everything is revealed and happens at once (Greg's Rule), computed from the table "
        "as it was. Counterspells act first.\n"
        "• **Block** soaks damage this turn; **protection** soaks up to its power and "
        "shrinks, one source each; creatures and constructs leave at 0 health in the "
        "Discard Phase. Fall to 0 health and you lose."
    )

    def validate_deck(self, cards: Sequence[str]) -> list[str]:
        known = protos()
        problems = []
        if len(cards) != DECK_SIZE:
            problems.append(f"a deck has exactly {DECK_SIZE} cards, this one has {len(cards)}")
        unknown = sorted({c for c in cards if c not in known})
        if unknown:
            problems.append(f"unknown card(s): {', '.join(unknown)}")
        for card, count in sorted(Counter(cards).items()):
            if count > COPY_LIMIT and card in known:
                problems.append(
                    f"at most {COPY_LIMIT} copies of a card, {known[card].name} has {count}"
                )
        counters = sum(1 for c in cards if c in known and known[c].is_counter)
        if counters > COUNTER_LIMIT:
            problems.append(f"at most {COUNTER_LIMIT} counterspells, this deck has {counters}")
        return problems

    def card_catalog(self) -> dict[str, CardView]:
        pool = enchantoria_pool()
        catalog = {}
        for card_id, proto in protos().items():
            view = card_view(CardInst(0, proto, 0))
            view.flavor = pool.cards[card_id].flavor or ""
            catalog[card_id] = view
        return catalog

    def preconstructed_decks(self) -> dict[str, list[str]]:
        return {deck_id: deck.card_list() for deck_id, deck in enchantoria_pool().decks.items()}

    def evaluate(self, state: EnchantoriaState, player: int) -> float:
        return ai.evaluate(state, player)

    def choose_many(self, state: EnchantoriaState, decision: Decision) -> Action:
        return ai.choose_many(state, decision)

    def new_game(
        self, players: list[str], decks: list[list[str]], rng: MatchRng, options: dict[str, Any]
    ) -> EnchantoriaState:
        state = EnchantoriaState(list(players), rng)
        known = protos()
        for p, deck in zip(state.players, decks, strict=True):
            p.deck = [state.new_card(known[c], p.seat) for c in deck]
        state.start()
        return state

    def from_scenario(self, data: dict[str, Any], rng: MatchRng) -> EnchantoriaState:
        """A position at the opening of a Preparation or Combat window.

        data: {"turn": 3, "phase": "combat", "seats": [seat, seat]}; a seat: name, health,
        max_health, mana, max_mana, hand / deck (top first) / discard: card ids, board:
        summon card ids or {"card", "health", "max_health", "arrived": bool, "protection",
        "statuses"}, protection: {"power", "turns"}, statuses: [{"kind", "amount", "turns",
        "applied_turn"}].
        """
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != 2:
            raise ScenarioError("an Enchantoria scenario has exactly two seats")
        names = [s.get("name", f"Player {i + 1}") for i, s in enumerate(seats)]
        state = EnchantoriaState(names, rng)
        state.turn = int(data.get("turn", 3))
        phase = data.get("phase", "combat")
        if phase not in PHASES:
            raise ScenarioError(f"a scenario opens a window: phase is one of {PHASES}")
        for p, seat in zip(state.players, seats, strict=True):
            p.health = int(seat.get("health", 30))
            p.max_health = int(seat.get("max_health", max(30, p.health)))
            p.max_mana = int(seat.get("max_mana", mana_for_turn(state.turn)))
            p.mana = int(seat.get("mana", p.max_mana))
            p.fatigue = int(seat.get("fatigue", 0))
            p.deck = [self._card(state, c, p.seat) for c in reversed(seat.get("deck", []))]
            p.hand = [self._card(state, c, p.seat) for c in seat.get("hand", [])]
            p.discard = [self._card(state, c, p.seat) for c in seat.get("discard", [])]
            p.board = [self._being(state, b, p.seat) for b in seat.get("board", [])]
            self._effects(state, p, seat)
        state.open_window(phase)
        return state

    def _card(self, state: EnchantoriaState, card_id: str, owner: int) -> CardInst:
        if card_id not in protos():
            raise ScenarioError(f"unknown card '{card_id}'")
        return state.new_card(protos()[card_id], owner)

    def _being(self, state: EnchantoriaState, spec: Any, owner: int) -> CardInst:
        spec = {"card": spec} if isinstance(spec, str) else dict(spec)
        being = self._card(state, spec.pop("card"), owner)
        if being.proto.type != SUMMON:
            raise ScenarioError(f"'{being.proto.id}' is a spell, not a creature or construct")
        being.max_health = int(spec.pop("max_health", being.max_health))
        being.health = int(spec.pop("health", being.max_health))
        being.summoned_turn = state.turn if spec.pop("arrived", False) else state.turn - 1
        self._effects(state, being, spec)
        spec.pop("protection", None)
        spec.pop("statuses", None)
        if spec:
            raise ScenarioError(f"unknown board field(s) {sorted(spec)}")
        return being

    @staticmethod
    def _effects(state: EnchantoriaState, entity: Any, spec: dict[str, Any]) -> None:
        prot = spec.get("protection")
        if prot:
            entity.protection = Protection(
                int(prot["power"]),
                prot.get("source", "scenario"),
                int(prot.get("applied_turn", state.turn - 1)),
                int(prot.get("turns", 0)),
            )
        for raw in spec.get("statuses", []):
            entity.statuses.append(
                Status(
                    raw["kind"],
                    int(raw.get("amount", 0)),
                    int(raw["turns"]),
                    int(raw.get("applied_turn", state.turn - 1)),
                    raw.get("source", "scenario"),
                )
            )


RULESET = EnchantoriaRuleset()
