"""Deck rules: clash.md:70 (exactly 30 cards) and ruling R11 (at most 3 copies)."""

import pytest

from engine.core.errors import DeckError, EngineError
from engine.core.match import new_match

from .conftest import NAMES, deck, fresh_match


def _problems(deck0, deck1=None) -> list[str]:
    with pytest.raises(DeckError) as caught:
        new_match("clash", list(NAMES), [deck0, deck1 or deck("stone_wall")], seed=1)
    assert caught.value.problems, "a DeckError lists its problems"
    return caught.value.problems


def test_deck_of_exactly_30_cards_is_accepted(legal_deck):
    """clash.md:70 "a deck of exactly 30 cards"."""
    assert len(legal_deck) == 30
    match = fresh_match(decks=(legal_deck, deck("grave_tide")))
    assert not match.over


@pytest.mark.parametrize("size", [29, 31])
def test_deck_of_29_or_31_cards_is_rejected_naming_the_count(legal_deck, size):
    """clash.md:70 "There is no option to start with less or more than this amount"."""
    cards = legal_deck[:29] if size == 29 else [*legal_deck, "gravelhide_pup"]
    problems = _problems(cards)
    assert len(problems) == 1
    assert str(size) in problems[0]
    assert "30" in problems[0]
    assert problems[0].startswith("Ann's deck")


def test_empty_deck_is_rejected():
    """clash.md:70: no deck smaller than 30, not even none at all."""
    assert any("0" in p for p in _problems([]))


def test_unknown_card_is_rejected_and_named(legal_deck):
    """clash.md:70 / R11: a deck is made of real cards; the unknown id is named."""
    cards = [*legal_deck[:29], "goblin_of_nowhere"]
    problems = _problems(cards)
    assert len(problems) == 1
    assert "goblin_of_nowhere" in problems[0]


def test_four_copies_are_rejected_naming_the_card():
    """R11: at most 3 copies of any card in a deck."""
    cards = list(deck("ember_rush"))
    cards[cards.index("kindling_dart")] = "sootling_scamp"  # a 4th Sootling Scamp, still 30
    assert cards.count("sootling_scamp") == 4 and len(cards) == 30
    problems = _problems(cards)
    assert len(problems) == 1
    assert "Sootling Scamp" in problems[0]
    assert "4" in problems[0]


def test_three_copies_are_allowed():
    """R11: 3 copies is the limit, not beyond it."""
    cards = ["gravelhide_pup", "sootling_scamp", "bog_lantern_sprite"] * 3
    cards += ["ashfang_raider", "lichenshell_tortoise", "hollow_road_acolyte"] * 3
    cards += ["flintspark_tinker", "saplingback_bruiser", "kilnborn_hound"] * 3
    cards += ["gritstone_sentinel", "ossuary_gleaner", "ridgeback_tusker"]
    assert len(cards) == 30
    assert not fresh_match(decks=(cards, cards)).over


def test_all_problems_are_reported_together():
    """clash.md:70, R11: size, unknown card and copies, for both players, in one error."""
    bad = [*["sootling_scamp"] * 4, "no_such_card", *deck("ember_rush")[:20]]  # 25 cards
    with pytest.raises(DeckError) as caught:
        new_match("clash", list(NAMES), [bad, [*deck("stone_wall")[:31], "x_card"]], seed=1)
    problems = caught.value.problems
    text = " | ".join(problems)
    assert "25" in text and "no_such_card" in text and "Sootling Scamp" in text
    assert "x_card" in text and "31" in text
    assert any(p.startswith("Ann's deck") for p in problems)
    assert any(p.startswith("Bob's deck") for p in problems)
    assert len(problems) == 5
    assert isinstance(caught.value, EngineError)
    assert all(p in str(caught.value) for p in problems)
