"""Spellbooks: battle-mages.md:7-20 and the card types of lines 25-29."""

from collections import Counter

import pytest

from engine.core.errors import DeckError
from engine.core.match import new_match
from engine.rulesets.battle_mages.ruleset import RULESET

from .conftest import deck


def _book(**counts: int) -> list[str]:
    cards = [c for c, n in counts.items() for _ in range(n)]
    return cards + ["glimmer_shard"] * (50 - len(cards))


def test_a_spellbook_has_exactly_50_cards():
    """battle-mages.md:7"""
    assert RULESET.validate_deck(_book()) == []
    assert RULESET.validate_deck(_book()[:49]) == [
        "a Spellbook has exactly 50 cards, this one has 49"
    ]
    assert "this one has 51" in RULESET.validate_deck([*_book(), "glimmer_shard"])[0]


@pytest.mark.parametrize(
    ("card", "rarity", "limit"),
    [
        ("spark_bolt", "White", 4),
        ("lancer_of_dawn", "Gold", 3),
        ("cinderfall_tempest", "Purple", 1),
    ],
)
def test_rarity_limits_copies(card, rarity, limit):
    """battle-mages.md:15-17 — White up to 4, Gold up to 3, Purple once."""
    assert RULESET.validate_deck(_book(**{card: limit})) == []
    (problem,) = RULESET.validate_deck(_book(**{card: limit + 1}))
    assert rarity in problem and str(limit + 1) in problem


def test_small_crystals_are_unlimited_but_big_ones_are_not():
    """battle-mages.md:20 — the one exception is Small Crystals."""
    assert RULESET.validate_deck(["dusk_shard"] * 30 + ["tide_shard"] * 20) == []
    (problem,) = RULESET.validate_deck(_book(quarry_geode=5))
    assert "Quarry Geode" in problem and "White" in problem


def test_every_problem_is_named_at_once():
    cards = [*_book(cinderfall_tempest=2, lancer_of_dawn=4)[:48], "no_such_card"]
    problems = RULESET.validate_deck(cards)
    assert len(problems) == 4
    assert any("49" in p for p in problems)
    assert any("no_such_card" in p for p in problems)
    assert any("Cinderfall Tempest" in p for p in problems)
    assert any("Lancer of Dawn" in p for p in problems)
    with pytest.raises(DeckError) as info:
        new_match("battle-mages", ["a", "b"], [cards, deck("emberstorm")], 1)
    assert len(info.value.problems) == 4


def test_preconstructed_spellbooks_are_legal_and_mix_every_card_type():
    """battle-mages.md:8, 25-29 — crystals (big and small), creatures, rituals, relics."""
    books = RULESET.preconstructed_decks()
    assert len(books) == 3
    for name, book in books.items():
        assert RULESET.validate_deck(book) == [], name
        kinds = Counter(RULESET.protos[c].kind for c in book)
        assert set(kinds) == {"crystal", "creature", "ritual", "relic"}, name
        sizes = {RULESET.protos[c].size for c in book if RULESET.protos[c].kind == "crystal"}
        assert sizes == {"small", "big"}, name
