"""Players' health, fatigue and the end of a match: clash.md:74, 76-77 and rulings R9, R16,
R21."""

import pytest

from engine.core.errors import NotYourDecision
from engine.core.events import Damaged, Fatigue, GameOver, MatchOver, TurnStarted

from .conftest import (
    FILLER,
    active,
    attack,
    coin_winner,
    end_turn,
    events,
    fresh_match,
    health,
    ids,
    mon,
    play,
    scenario,
    snapshot,
    started_match,
    zone,
)

# --- fatigue -----------------------------------------------------------------------------


def test_drawing_from_an_empty_deck_deals_1_then_2_then_3():
    """clash.md:74 "increasing damage every time they would have to draw a card but can't ...
    starting with 1 and no maximum"; R16: the count goes on for the whole game."""
    match = scenario({"hand": [FILLER], "deck": [FILLER] * 5}, {"deck": []})
    hits = []
    for _ in range(3):
        end_turn(match)  # Bob's turn: he draws from nothing; with nothing to do it ends at once
        assert active(match) == 0
        hits.append(health(match, 1))
    assert hits == [29, 27, 24]
    assert [e.amount for e in events(match, Fatigue)] == [1, 2, 3]
    assert match.view(None).seat(1).stats["fatigue"] == 3
    assert match.view(None).seat(0).stats["fatigue"] == 0  # counted per player


def test_fatigue_also_hits_draws_from_effects():
    """clash.md:74 "every time they would have to draw a card but can't"."""
    match = scenario({"hand": ["whispers_from_the_barrow"], "deck": [], "board": [FILLER]})
    play(match, "whispers_from_the_barrow")  # draw 2 from an empty deck
    assert [e.amount for e in events(match, Fatigue)] == [1, 2]
    assert health(match, 0) == 27


def test_fatigue_continues_from_the_count_so_far():
    """R16: fatigue counts up per player for the whole game."""
    match = scenario({"hand": [FILLER]}, {"deck": [], "fatigue": 4})
    end_turn(match)
    assert health(match, 1) == 25


def test_a_player_can_die_from_fatigue_and_the_other_wins():
    """clash.md:74, 77: fatigue damage at 1 health ends the match for the other player."""
    match = scenario({"hand": [FILLER]}, {"deck": [], "health": 1})
    end_turn(match)
    assert match.over and match.winner == 0
    assert health(match, 1) == 0
    assert match.pending == ()
    (over,) = events(match, GameOver)
    assert over.winner == 0


# --- health ------------------------------------------------------------------------------


def test_players_start_with_30_health():
    """clash.md:77 "Players start with a health of 30"."""
    match = started_match(seed=4)
    assert health(match, 0) == 30 and health(match, 1) == 30


def test_player_health_has_no_maximum():
    """clash.md:77 "player's health has no theoretical maximum"; R20: healing a player has no
    limit."""
    match = scenario({"hand": ["riverwort_poultice", "hilltop_respite"], "board": [FILLER]})
    play(match, "riverwort_poultice", "p0")
    assert health(match, 0) == 36
    play(match, "hilltop_respite")
    assert health(match, 0) == 42


def test_an_attack_on_a_player_reduces_health_and_reaching_0_loses():
    """clash.md:18, 77 "Once the player's health reaches zero, the match is over and the other
    player is declared the winner"."""
    match = scenario({"board": [mon("ridgeback_tusker")]}, {"health": 4})
    attack(match, "ridgeback_tusker", "p1")
    assert health(match, 1) == 0
    assert match.over and match.winner == 0
    assert match.view(None).winner == 0 and match.view(None).over
    (over,) = events(match, MatchOver)
    assert over.winner == 0


def test_overkill_also_ends_the_match():
    """clash.md:77: health below zero is still "reached zero"."""
    match = scenario({"board": [mon("ridgeback_tusker")]}, {"health": 1})
    attack(match, "ridgeback_tusker", "p1")
    assert match.over and match.winner == 0


def test_each_player_damage_with_both_low_the_active_player_loses_first():
    """clash.md:77 "if both players would reach zero in the same turn, the order of operations
    is to decide a winner"; R9: "each player" means the active player first, and nothing after
    the first player reaches 0 happens."""
    match = scenario({"health": 3, "hand": ["cinder_tithe"]}, {"health": 3}, active=0)
    play(match, "cinder_tithe")
    assert match.over and match.winner == 1
    assert health(match, 0) == 0
    assert health(match, 1) == 3  # the second half of the effect never happened
    assert [e.target for e in events(match, Damaged)] == ["Ann"]


def test_each_player_damage_goes_active_player_first_when_bob_is_active():
    """R9: the same spell cast by the other seat: now Bob, the active player, loses."""
    match = scenario({"health": 3}, {"health": 3, "hand": ["cinder_tithe"]}, active=1)
    play(match, "cinder_tithe")
    assert match.over and match.winner == 0
    assert health(match, 0) == 3


def test_nothing_after_the_deciding_damage_happens():
    """R9: Marrow Bargain (3 damage to you, then draw 2) at 3 health: the draw never happens."""
    match = scenario({"health": 3, "hand": ["marrow_bargain"], "deck": [FILLER] * 3})
    play(match, "marrow_bargain")
    assert match.over and match.winner == 1
    assert ids(match, 0, "hand") == [] and len(zone(match, 0, "deck")) == 3


def test_a_turn_effect_can_end_the_match_and_no_further_turn_begins():
    """clash.md:58, 77: Ann's Smoldering Idol (2 damage to a random enemy — Bob has no
    monsters, so Bob) fells Bob in Ann's end phase; Bob's turn never starts."""
    match = scenario({"board": [mon("smoldering_idol")]}, {"health": 2, "hand": [FILLER]})
    start = len(match.events)
    end_turn(match)
    assert match.over and match.winner == 0
    assert health(match, 1) == 0
    assert events(match, TurnStarted, start) == []
    assert ids(match, 1, "hand") == ["gravelhide_pup"]  # no draw for Bob


def test_no_draws_a_finished_match_always_has_a_winner_and_accepts_nothing():
    """clash.md:77 "There is no draw": a single winner, and no further decisions."""
    match = scenario({"health": 2, "hand": ["cinder_tithe"]}, {"health": 2})
    play(match, "cinder_tithe")
    assert match.winner in (0, 1)
    before = snapshot(match)
    for seat in (0, 1):
        assert match.decision_for(seat) is None
        with pytest.raises(NotYourDecision):
            match.apply(seat, ("end",))
    assert snapshot(match) == before


# --- resigning ---------------------------------------------------------------------------


@pytest.mark.parametrize("who", [0, 1])
def test_resigning_ends_the_match_for_the_opponent_at_any_time(who):
    """R21: a player may resign at any time, also outside their own turn; the other wins."""
    match = scenario({"hand": [FILLER]}, {"hand": [FILLER]}, active=0)
    match.resign(who)
    assert match.over and match.winner == 1 - who
    assert match.pending == ()
    with pytest.raises(NotYourDecision):
        match.resign(1 - who)


def test_resigning_during_the_mulligan_ends_the_match():
    """R21: "at any time", including before the first turn."""
    match = fresh_match(seed=6)
    match.apply(coin_winner(match), ("first",))
    match.resign(1)
    assert match.over and match.winner == 0
    assert match.events[-1].text == "Ann wins the match 1-0."  # the resigned game counts
