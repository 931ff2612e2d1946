"""A seat leaving a game of three or more changes what the others may target. Whether the
others see a player's decision number move must not tell them whether that player's hand
held a card that could have targeted the leaver (docs/architecture.md, "No tells": the
decision's number is on the list)."""

import pytest

from tests.rules.magic_core.conftest import scenario

#: Cid's hand: a card that can target Bob, a land, a creature Cid cannot pay for.
HANDS = (["kindle_bolt"], ["wildwood"], ["gravemaw_rat"])


def cid_seen_by_ann(hand: list[str]) -> tuple[int, int]:
    """Cid's decision number as Ann sees it, before and after Bob leaves: Cid has
    priority in main 1 with one untapped Cinderpeak."""
    match = scenario({}, {}, {"hand": hand, "battlefield": ["cinderpeak"]}, active=2)

    def seen() -> int:
        (cid,) = [d for d in match.view(0).decisions if d.player == 2]
        return cid.seq

    before = seen()
    match.resign(1)
    return before, seen()


@pytest.mark.parametrize("hand", HANDS, ids=[h[0] for h in HANDS])
def test_a_leaver_moves_every_open_decision_number_alike(hand: list[str]) -> None:
    assert cid_seen_by_ann(hand) == cid_seen_by_ann(["kindle_bolt"])


def test_the_decision_number_moves_when_a_seat_leaves() -> None:
    """The choice changed for some hands (no more target Bob), so the number moves for
    all: a stale button for the old choice is refused whatever the hand held."""
    before, after = cid_seen_by_ann(["gravemaw_rat"])
    assert after != before
