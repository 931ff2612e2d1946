"""The start of a match: coin flip (clash.md:80, R23), opening hands and the mulligan
(clash.md:70, R6)."""

from collections import Counter

import pytest

from engine.core.errors import IllegalAction, NotYourDecision
from engine.core.events import CardDrawn, CardsReturned, CoinFlipped, GameStarted, TurnStarted
from engine.core.match import replay

from .conftest import coin_winner, deck, fresh_match, snapshot, zone


def _after_coin(seed: int = 1, starter: int | None = None):
    match = fresh_match(seed)
    winner = coin_winner(match)
    choice = ("first",) if starter in (None, winner) else ("second",)
    match.apply(winner, choice)
    return match


def _all_cards(match, seat: int) -> Counter:
    return Counter(
        c.proto.id for z in ("hand", "deck", "board", "graveyard") for c in zone(match, seat, z)
    )


# --- coin flip ---------------------------------------------------------------------------


def test_the_match_opens_with_a_coin_flip_and_the_winner_choosing_who_starts():
    """clash.md:80 "The winner of the coin flip chooses which player starts"."""
    match = fresh_match(seed=3)
    (flip,) = [e for e in match.events if isinstance(e, CoinFlipped)]
    (decision,) = match.pending
    assert decision.kind == "starter"
    assert decision.player == flip.winner
    assert sorted(decision.actions) == [("first",), ("second",)]
    assert match.decision_for(1 - flip.winner) is None
    assert zone(match, 0, "hand") == [] and zone(match, 1, "hand") == []  # nothing dealt yet


@pytest.mark.parametrize("choice", ["first", "second"])
def test_the_chosen_player_starts(choice):
    """clash.md:80: "first" makes the coin winner start, "second" the other player."""
    match = fresh_match(seed=5)
    winner = coin_winner(match)
    match.apply(winner, (choice,))
    expected = winner if choice == "first" else 1 - winner
    (started,) = [e for e in match.events if isinstance(e, GameStarted)]
    assert started.starter == expected
    for seat in (0, 1):
        match.apply(seat, ())
    turn = next(e for e in match.events if isinstance(e, TurnStarted))
    assert turn.player == expected and turn.turn == 1


def test_only_the_coin_winner_may_choose():
    """clash.md:80: the loser of the flip has no say."""
    match = fresh_match(seed=5)
    loser = 1 - coin_winner(match)
    before = snapshot(match)
    with pytest.raises(NotYourDecision):
        match.apply(loser, ("first",))
    assert snapshot(match) == before


def test_same_seed_flips_the_same_way_and_seeds_differ():
    """R23: the coin comes from the match's seeded generator."""
    for seed in range(12):
        assert coin_winner(fresh_match(seed)) == coin_winner(fresh_match(seed))
    assert {coin_winner(fresh_match(seed)) for seed in range(12)} == {0, 1}


def test_a_replayed_match_flips_the_same_way():
    """R23: a replayed match flips the same way (and deals the same hands)."""
    match = _after_coin(seed=8)
    again = replay(match.record)
    flipped = next(e for e in again.events if isinstance(e, CoinFlipped))
    assert flipped.winner == coin_winner(fresh_match(8))
    assert again.view(0) == match.view(0) and again.view(1) == match.view(1)


# --- opening hands -----------------------------------------------------------------------


def test_both_players_draw_five_cards_from_their_own_deck():
    """clash.md:70 "both players draw 5 cards from their decks"."""
    match = _after_coin(seed=2)
    for seat, name in ((0, "ember_rush"), (1, "stone_wall")):
        assert len(zone(match, seat, "hand")) == 5
        assert len(zone(match, seat, "deck")) == 25
        assert _all_cards(match, seat) == Counter(deck(name))
        assert all(c.owner == seat for c in zone(match, seat, "hand"))


# --- mulligan ----------------------------------------------------------------------------


def test_mulligan_decisions_are_open_for_both_players_at_once_and_private():
    """R6: both decide at the same time, in private, after the starter is known."""
    match = fresh_match(seed=2)
    assert [d.kind for d in match.pending] == ["starter"]  # not before the starter is known
    match.apply(coin_winner(match), ("first",))
    assert sorted(d.player for d in match.pending) == [0, 1]
    for seat in (0, 1):
        decision = match.decision_for(seat)
        assert decision.kind == "mulligan" and decision.private
        assert (decision.min_picks, decision.max_picks) == (0, 3)
        hand = {c.uid for c in zone(match, seat, "hand")}
        assert {a[1] for a in decision.actions} == hand
        own = next(d for d in match.view(seat).decisions if d.player == seat)
        other = next(d for d in match.view(seat).decisions if d.player != seat)
        assert own.options is not None and len(own.options) == 5
        assert other.options is None  # the other player's choice is not shown
        assert match.view(seat).seat(1 - seat).zones["hand"].cards is None


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_mulligan_puts_back_up_to_three_and_draws_as_many(count):
    """clash.md:70 "put up to 3 cards back into their deck and draw the same amount"."""
    match = _after_coin(seed=4, starter=0)
    before_total = _all_cards(match, 1)
    hand = zone(match, 1, "hand")
    back = [c.uid for c in hand[:count]]
    match.apply(1, tuple(("card", u) for u in back))
    assert len(zone(match, 1, "hand")) == 5
    assert len(zone(match, 1, "deck")) == 25
    assert _all_cards(match, 1) == before_total  # nothing lost, nothing gained
    kept = {c.uid for c in zone(match, 1, "hand")}
    assert {c.uid for c in hand[count:]} <= kept  # the kept cards stay
    returned = [e for e in match.events if isinstance(e, CardsReturned)]
    assert [(e.player, e.count) for e in returned] == [(1, count)]


def test_the_log_says_cards_were_put_back_before_the_new_draws():
    """clash.md:70; the log printed the new draws before "puts 2 back"."""
    match = _after_coin(seed=4, starter=0)
    start = len(match.events)
    match.apply(1, tuple(("card", c.uid) for c in zone(match, 1, "hand")[:2]))
    mine = [e for e in match.events[start:] if getattr(e, "player", None) == 1]
    assert isinstance(mine[0], CardsReturned) and mine[0].count == 2
    assert [type(e) for e in mine[1:3]] == [CardDrawn, CardDrawn]


def test_cards_put_back_go_into_the_deck():
    """R6: the cards put back are shuffled into the deck (then as many are drawn)."""
    match = _after_coin(seed=4, starter=0)
    hand = zone(match, 0, "hand")
    back = {c.uid for c in hand[:3]}
    match.apply(0, tuple(("card", u) for u in sorted(back)))
    now_hand = {c.uid for c in zone(match, 0, "hand")}
    now_deck = {c.uid for c in zone(match, 0, "deck")}
    assert back <= now_hand | now_deck
    assert len(now_hand & back) + len(now_deck & back) == 3


def test_putting_back_four_cards_is_illegal_and_changes_nothing():
    """clash.md:70 "up to 3 cards": 4 is rejected with IllegalAction, nothing changed."""
    match = _after_coin(seed=4)
    four = tuple(("card", c.uid) for c in zone(match, 0, "hand")[:4])
    before = snapshot(match)
    hand = [c.uid for c in zone(match, 0, "hand")]
    with pytest.raises(IllegalAction):
        match.apply(0, four)
    assert snapshot(match) == before
    assert [c.uid for c in zone(match, 0, "hand")] == hand
    assert match.decision_for(0).kind == "mulligan"


def test_mulligan_cannot_name_a_card_outside_the_hand_or_twice():
    """clash.md:70: only the player's own opening cards can be put back."""
    match = _after_coin(seed=4)
    own = zone(match, 0, "hand")[0].uid
    theirs = zone(match, 1, "hand")[0].uid
    before = snapshot(match)
    for bad in [(("card", theirs),), (("card", own), ("card", own))]:
        with pytest.raises(IllegalAction):
            match.apply(0, bad)
    assert snapshot(match) == before


def test_mulligan_happens_only_once():
    """clash.md:70 "This is only possible once. They are stuck with whatever cards they draw"."""
    match = _after_coin(seed=4, starter=0)
    match.apply(0, (("card", zone(match, 0, "hand")[0].uid),))
    assert match.decision_for(0) is None  # waiting for the other player
    assert match.decision_for(1).kind == "mulligan"
    with pytest.raises(NotYourDecision):
        match.apply(0, (("card", zone(match, 0, "hand")[0].uid),))
    match.apply(1, ())
    assert match.decision_for(0).kind == "main"  # the game goes on, no second mulligan
    assert all(d.kind != "mulligan" for d in match.pending)


def test_the_other_player_sees_only_how_many_cards_went_back():
    """R6: nobody sees the other's choice, only how many cards went back."""
    match = _after_coin(seed=4, starter=0)
    start = len(match.events)
    match.apply(0, tuple(("card", c.uid) for c in zone(match, 0, "hand")[:2]))
    seen_by_1 = match.events_seen_by(1, start)
    draws = [e for e in seen_by_1 if isinstance(e, CardDrawn)]
    assert len(draws) == 2 and all(e.card is None for e in draws)
    (returned,) = [e for e in seen_by_1 if isinstance(e, CardsReturned)]
    assert returned.count == 2
    own = [e for e in match.events_seen_by(0, start) if isinstance(e, CardDrawn)]
    assert all(e.card is not None for e in own)
