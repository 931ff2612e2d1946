"""Enchantoria as a Ruleset: deck rules, a new game, and mid-game scenarios for tests."""

import random
from functools import cached_property
from typing import Any

from cards.enchantoria import schema
from cards.loader import CardPool, game_pool
from engine.core.decision import Action, Decision
from engine.core.decks import deck_problems
from engine.core.hidden import HiddenZones
from engine.core.rng import MatchRng
from engine.core.ruleset import Ruleset
from engine.core.view import CardView
from engine.rulesets.enchantoria import ai, hidden
from engine.rulesets.enchantoria.cards import CardInst, Proto, protos
from engine.rulesets.enchantoria.game import EnchantoriaState
from engine.rulesets.enchantoria.glossary import GLOSSARY
from engine.rulesets.enchantoria.scenario import load_scenario
from engine.rulesets.enchantoria.view import card_view

DECK_SIZE = 30  # R16
COPY_LIMIT = 3  # R16
COUNTER_LIMIT = 4  # R16: at most four counterspells in a deck

PHASES = ("preparation", "combat")


class EnchantoriaRuleset(Ruleset[EnchantoriaState]):
    id = "enchantoria"
    name = "Enchantoria"
    glossary = GLOSSARY
    # 4: R4, mana at most 5; 3: R22, asked with a card in hand (no tells);
    # 2: no lone X choice
    version = "4"
    card_type = schema.Card
    #: Rollouts stop two turns on (at most 60 actions): they take in the other player's
    #: answer, and measured better than six actions (docs/ai.md).
    search_turns = (2, 60)
    #: Rounds, which every player plays at once (docs/rules/enchantoria.md, "Fairness").
    early_turns = 4
    help_text = (
        "Two players, 30 health each, 30-card decks (at most 3 copies of a card, at most "
        "4 counterspells). Both players play every turn **at the same time**.\n"
        "• **Turn**: Draw (one card each) → Preparation (mana refills: 2 in turn 1, +1 a turn "
        "up to 5; you may recycle one card for half its cost rounded up, X counts 0) → "
        "Combat (cast spells and order your creatures in secret) → Discard (the fallen "
        "leave, hands over 7 are cut, timed effects count down).\n"
        "• **Secret choices**: your picks reach only you; when both players are done, "
        "everything is revealed and happens at once (Greg's Rule), computed from the table "
        "as it was. Counterspells act first.\n"
        "• **Block** soaks damage this turn; **protection** soaks up to its power and "
        "shrinks, one source each; creatures and constructs leave at 0 health in the "
        "Discard Phase. Fall to 0 health and you lose."
    )

    @cached_property
    def pool(self) -> CardPool:
        return game_pool(self.id)

    @cached_property
    def protos(self) -> dict[str, Proto]:
        return protos()

    def make_proto(self, card: schema.Card) -> Proto:
        return Proto(card)

    def deck_problems(self, cards: tuple[str, ...]) -> list[str]:
        known = self.protos
        problems = deck_problems(
            cards,
            known,
            exactly=DECK_SIZE,
            copy_limit=lambda card: COPY_LIMIT,
            too_many=lambda card, limit, count: (
                f"at most {limit} copies of a card, {card.name} has {count}"
            ),
        )
        counters = sum(1 for c in cards if c in known and known[c].is_counter)
        if counters > COUNTER_LIMIT:
            problems.append(f"at most {COUNTER_LIMIT} counterspells, this deck has {counters}")
        return problems

    def card_catalog(self) -> dict[str, CardView]:
        pool = game_pool(self.id)
        catalog = {}
        for card_id, proto in protos().items():
            view = card_view(CardInst(0, proto, 0))
            view.flavor = pool.cards[card_id].flavor or ""
            catalog[card_id] = view
        return catalog

    def preconstructed_decks(self) -> dict[str, list[str]]:
        return {deck_id: deck.card_list() for deck_id, deck in game_pool(self.id).decks.items()}

    def evaluate(self, state: EnchantoriaState, player: int) -> float:
        return ai.evaluate(state, player)

    def choose_many(self, state: EnchantoriaState, decision: Decision) -> Action:
        return ai.choose_many(state, decision)

    def for_people(self, action: Action) -> bool:
        return action == ("undo",)

    def hidden_zones(self, state: EnchantoriaState, seat: int) -> HiddenZones:
        return hidden.zones(state, seat)

    def determinize(
        self, state: EnchantoriaState, viewer: int, rng: random.Random
    ) -> EnchantoriaState:
        return hidden.determinize(state, viewer, rng)

    def new_game(
        self, players: list[str], decks: list[list[str]], rng: MatchRng, options: dict[str, Any]
    ) -> EnchantoriaState:
        state = EnchantoriaState(list(players), rng)
        known = self.protos
        for p, deck in zip(state.players, decks, strict=True):
            p.deck = [state.new_card(known[c], p.seat) for c in deck]
        state.start()
        state.run()
        return state

    def from_scenario(self, data: dict[str, Any], rng: MatchRng) -> EnchantoriaState:
        """A position at the opening of a Preparation or Combat window (the format:
        docs/rules/enchantoria.md, "Scenarios")."""
        state = load_scenario(data, rng)
        state.run()
        return state


RULESET = EnchantoriaRuleset()
