"""Ruling B16: the opening crystal look (battle-mages.md:89-90) asks the same questions
whatever the crystals kept, so the other Mage learns nothing of the hidden crystals from
how often a Mage is asked (docs/architecture.md, "No tells")."""

from typing import Any

from engine.core.match import Match, new_match

from .conftest import deck

NAMES = ["Ann", "Bob"]


def looked(bob: list[str], *, bottom: int = 0) -> tuple[list[Any], list[Any], Match]:
    """Blightgrove (Ann) against `bob`, seed 0, to the first turn: each Mage bottoms
    `bottom` crystals and puts the first offered on top. (What Ann sees of Bob's
    decisions on the way, the events she receives, the match.)"""
    match = new_match("battle-mages", NAMES, [deck("blightgrove"), bob], 0)
    asked: list[Any] = []
    while match.state.phase in ("starter", "start"):
        asked += [(d.kind, d.prompt, d.seq) for d in match.view(0).decisions if d.player == 1]
        d = match.pending[0]
        if d.kind == "starter":
            action: Any = d.actions[0]
        elif d.multi:
            action = tuple(d.actions[:bottom])
        else:
            action = d.actions[0]
        match.apply(d.player, action)
    return asked, [repr(e) for e in match.events_seen_by(0)], match


def swapped(i: int, j: int) -> list[str]:
    """Emberstorm with two of its cards traded: the crystals come out in another order."""
    cards = deck("emberstorm")
    cards[i], cards[j] = cards[j], cards[i]
    return cards


def top_questions(asked: list[Any]) -> int:
    return sum(kind == "crystals_top" for kind, _, _ in asked)


def test_b16_the_look_asks_alike_whatever_the_crystals() -> None:
    """A trade of two cards of Bob's spellbook (a Glimmer Shard for a Dusk Shard, or for a
    Quarry Geode) changes which kinds of crystal Bob keeps; Ann's view of the look does
    not change."""
    plain, plain_events, _ = looked(deck("emberstorm"))
    for i, j in ((0, 7), (0, 13)):
        asked, events, _ = looked(swapped(i, j))
        assert (asked, events) == (plain, plain_events)


def test_b16_one_question_per_crystal_kept_but_the_last() -> None:
    """Keeping k crystals asks "which goes on top" k - 1 times, one kind or four; a lone
    kept crystal (or none) needs no order, as everyone sees from how many went down."""
    for bottom, questions in ((0, 3), (2, 1), (3, 0), (4, 0)):
        asked, _, match = looked(deck("emberstorm"), bottom=bottom)
        assert top_questions(asked) == questions
        assert match.state.phase == "play"
