"""The core's clone of a Mage Wars state (TableState.clone_plan): the cards on the table are
the copy's own, the cards lying in piles are shared (no rule changes them there), and
playing on the copy leaves the original as it was."""

import random

from engine.core.clone import undeclared_shares
from engine.core.match import new_match
from engine.rulesets.mage_wars.game import MageWarsState
from engine.rulesets.mage_wars.table import Card


def piled(s: MageWarsState) -> list[Card]:
    found = [c for pile in (*s.decks.values(), *s.discards.values()) for c in pile]
    return found + [c for side in s.seats for c in side.health + side.armor]


def positions(games: int = 12) -> list[MageWarsState]:
    """Mid-game states of random games of 2 to 4 players, prompts open in some."""
    found = []
    for seed in range(games):
        players = 2 + seed % 3
        rng = random.Random(seed)
        m = new_match("mage-wars", [f"P{i}" for i in range(players)], [["random"]] * players, seed)
        for step in range(400):
            if m.over:
                break
            d = m.pending[0]
            m.apply(d.player, tuple(d.actions[: d.min_picks]) if d.multi else rng.choice(d.actions))
            if step % 37 == 0:
                found.append(m.state.clone())  # the game goes on from the original
    return found


def test_a_clone_owns_the_table_and_shares_only_the_piles() -> None:
    states = positions()
    assert any(s.prompt is not None for s in states) and len(states) > 40
    for s in states:
        twin = s.clone()
        pile_ids = {id(c) for c in piled(s)}
        for uid, card in s.cards.items():
            mine = twin.cards[uid]
            if id(card) in pile_ids:
                assert mine is card  # a card lying in a pile is shared
            else:
                assert mine is not card and mine.uid == uid and mine.proto is card.proto
        table = [c for c in twin.all_cards() if id(c) not in pile_ids]
        assert all(twin.cards[c.uid] is c for c in table)  # the index holds the copies
        assert undeclared_shares(s, twin) == []


def test_playing_on_a_clone_leaves_the_original_unchanged() -> None:
    rng = random.Random(5)
    for s in positions(6):
        before = [repr(s.view(v)) for v in (None, *range(len(s.seats)))]
        cards = [(c.uid, c.owner, list(c.need), len(c.under), c.used) for c in s.all_cards()]
        twin = s.clone()
        for _ in range(60):
            if twin.over:
                break
            d = twin.decisions()[0]
            twin.apply(
                d.player, tuple(d.actions[: d.min_picks]) if d.multi else rng.choice(d.actions)
            )
        assert [repr(s.view(v)) for v in (None, *range(len(s.seats)))] == before
        assert [
            (c.uid, c.owner, list(c.need), len(c.under), c.used) for c in s.all_cards()
        ] == cards
