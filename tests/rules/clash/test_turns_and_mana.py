"""Turns, phases and mana: clash.md:10, 72, 82-93 and rulings R7, R18, R24."""

import pytest

from engine.core.errors import IllegalAction, NotYourDecision
from engine.core.events import CardBurned, CardDrawn, TurnEnded, TurnStarted

from .conftest import (
    FILLER,
    active,
    card,
    coin_winner,
    end_turn,
    events,
    fresh_match,
    ids,
    legal,
    mana,
    mon,
    play,
    play_action,
    playable,
    scenario,
    snapshot,
    zone,
)

# 30 cheap cards (18 cost 1, 12 cost 2): every opening hand can play something on turn 1.
CHEAP_DECK = [
    *["gravelhide_pup", "sootling_scamp", "bog_lantern_sprite"] * 3,
    *["kindling_dart", "stoked_bellows", "marrow_bargain"] * 3,
    *["ashfang_raider", "lichenshell_tortoise", "hollow_road_acolyte", "flintspark_tinker"] * 3,
]


def _cheap_match(seed: int, starter: int):
    match = fresh_match(seed, decks=(CHEAP_DECK, CHEAP_DECK))
    winner = coin_winner(match)
    match.apply(winner, ("first",) if winner == starter else ("second",))
    match.apply(0, ())
    match.apply(1, ())
    return match


@pytest.mark.parametrize("starter", [0, 1])
def test_first_turns_bring_1_mana_to_the_starter_and_2_to_the_other(starter):
    """clash.md:10 "It starts at 1 for the starting player and 2 for the second player";
    R24: each player's maximum then grows by one at the start of each of their own turns."""
    match = _cheap_match(seed=7, starter=starter)
    seen = []
    for turn in range(1, 7):
        assert match.view(None).turn == turn
        seen.append((active(match), mana(match, active(match))))
        end_turn(match)
    other = 1 - starter
    assert seen == [
        (starter, (1, 1)),
        (other, (2, 2)),
        (starter, (2, 2)),
        (other, (3, 3)),
        (starter, (3, 3)),
        (other, (4, 4)),
    ]


def test_mana_grows_by_one_per_own_turn_up_to_10_and_never_11():
    """clash.md:10 "increased by 1 every turn until it reaches the maximum of 10"."""
    match = scenario({"mana": 8, "hand": [FILLER], "deck": [FILLER] * 6}, {"deck": [FILLER] * 6})
    maxima = []
    for _ in range(4):
        end_turn(match)  # Ann
        end_turn(match)  # Bob
        assert active(match) == 0
        maxima.append(mana(match, 0))
    assert maxima == [(9, 9), (10, 10), (10, 10), (10, 10)]


def test_mana_is_restored_every_turn():
    """clash.md:10 "Mana is restored every turn" (R24: refilled to the new maximum)."""
    match = scenario({"mana": 3, "hand": ["ridgeback_tusker"], "board": [FILLER]})
    play(match, "ridgeback_tusker")
    assert mana(match, 0) == (0, 3)
    end_turn(match)
    end_turn(match)
    assert mana(match, 0) == (4, 4)


def test_card_costing_more_than_current_mana_is_not_offered_and_cannot_be_played():
    """clash.md:67 "If the player has enough current mana, so at least the same amount as the
    cost" — a 5-cost card with 4 mana is not offered; forcing it raises IllegalAction."""
    match = scenario({"mana": 4, "hand": ["slagfist_brawler", "pyreback_charger"]})
    assert playable(match) == {"slagfist_brawler"}  # cost 4 = mana 4 is enough
    action = play_action(match, "pyreback_charger")
    before = snapshot(match)
    with pytest.raises(IllegalAction):
        match.apply(0, action)
    assert snapshot(match) == before


def test_current_mana_can_reach_zero_but_never_goes_negative():
    """clash.md:67 "current mana can reach zero but never be negative"."""
    match = scenario({"mana": 3, "hand": ["ridgeback_tusker", "gravelhide_pup"], "board": [FILLER]})
    play(match, "ridgeback_tusker")
    assert mana(match, 0) == (0, 3)
    assert playable(match) == set()  # the cost-1 pup is no longer offered
    with pytest.raises(IllegalAction):
        match.apply(0, play_action(match, "gravelhide_pup"))
    assert mana(match, 0) == (0, 3)


def test_gaining_mana_from_an_effect_stops_at_10():
    """R18: an effect that gives mana cannot raise current mana above 10."""
    match = scenario({"mana": 10, "hand": ["stoked_bellows", "stoked_bellows"], "board": [FILLER]})
    play(match, "stoked_bellows")  # 10 - 1 + 2 would be 11
    assert mana(match, 0)[0] == 10


def test_gained_mana_can_pass_the_turns_maximum_below_10():
    """R18 / Stoked Bellows "for this turn only": 3 - 1 + 2 = 4 this turn; next turn the
    mana is refilled to the new maximum of 4 (R24)."""
    match = scenario({"mana": 3, "hand": ["stoked_bellows"], "board": [FILLER]})
    play(match, "stoked_bellows")
    assert mana(match, 0) == (4, 3)
    end_turn(match)
    end_turn(match)
    assert mana(match, 0) == (4, 4)


def test_every_turn_starts_with_exactly_one_draw_including_the_very_first():
    """clash.md:72 "At the start of every turn the player has to draw exactly one card ...
    This includes the very first turn"; clash.md:89 the draw phase comes first."""
    match = _cheap_match(seed=3, starter=1)
    assert len(zone(match, 1, "hand")) == 6 and len(zone(match, 1, "deck")) == 24
    assert len(zone(match, 0, "hand")) == 5
    first_turn = events(match, TurnStarted)[0]
    after = match.events[match.events.index(first_turn) + 1]
    assert isinstance(after, CardDrawn) and after.player == 1
    start = len(match.events)
    end_turn(match)
    assert len(zone(match, 0, "hand")) == 6 and len(zone(match, 0, "deck")) == 24
    assert [e.player for e in events(match, CardDrawn, start)] == [0]


def test_the_draw_takes_the_top_card_of_the_deck():
    """clash.md:72, 89: the card drawn is the top card of the deck."""
    match = scenario(p1={"deck": ["barrow_scribe", "gravelhide_pup"]})
    end_turn(match)
    assert ids(match, 1, "hand") == ["barrow_scribe"]
    assert ids(match, 1, "deck") == ["gravelhide_pup"]


def test_the_inactive_player_is_offered_nothing_and_cannot_play():
    """clash.md:91 "Cards can only be played during this phase" (the main phase of the player
    whose turn it is): the other player has no decision; apply raises NotYourDecision."""
    match = scenario({"hand": ["gravelhide_pup"]}, {"hand": ["gravelhide_pup"]})
    assert match.decision_for(1) is None
    assert [d.player for d in match.pending] == [0]
    action = play_action(match, "gravelhide_pup", seat=1)
    before = snapshot(match)
    with pytest.raises(NotYourDecision):
        match.apply(1, action)
    assert snapshot(match) == before


def test_cards_cannot_be_played_before_the_first_main_phase():
    """clash.md:91: during the mulligan (before any turn) no card can be played."""
    match = fresh_match(seed=2)
    match.apply(coin_winner(match), ("first",))
    for seat in (0, 1):
        assert all(a[0] == "card" for a in legal(match, seat))
        first = zone(match, seat, "hand")[0]
        with pytest.raises(IllegalAction):
            match.apply(seat, ("play", first.uid, None))


def test_ending_the_turn_passes_it_to_the_other_player():
    """clash.md:82 "a turn starts once the other player ends their turn"; clash.md:93 the end
    phase allows no action by the player."""
    match = scenario({"hand": ["gravelhide_pup"]}, {"hand": ["gravelhide_pup"]}, turn=5)
    start = len(match.events)
    end_turn(match)
    assert isinstance(match.events[start], TurnEnded) and match.events[start].player_name == "Ann"
    (started,) = events(match, TurnStarted, start)
    assert (started.player, started.turn) == (1, 6)
    assert active(match) == 1
    assert match.decision_for(0) is None
    assert match.decision_for(1).kind == "main"
    with pytest.raises(NotYourDecision):
        match.apply(0, ("end",))


def test_a_card_drawn_into_a_full_hand_is_burned():
    """R7: a hand holds at most 10 cards; the 11th goes to the graveyard face up."""
    match = scenario(p1={"hand": [FILLER] * 10, "deck": ["ossuary_gleaner"]})
    end_turn(match)
    assert len(zone(match, 1, "hand")) == 10
    assert ids(match, 1, "graveyard") == ["ossuary_gleaner"]
    (burned,) = events(match, CardBurned)
    assert burned.card == "Ossuary Gleaner"
    assert card(match, "ossuary_gleaner", 1, "graveyard")


def test_playing_and_attacking_in_any_order():
    """clash.md:91 "Playing cards and attacking can be done in any order"."""
    match = scenario(
        {"hand": ["gravelhide_pup", "sootling_scamp"], "board": [mon("gravelhide_pup")]}
    )
    board_pup = zone(match, 0, "board")[0].uid
    match.apply(0, ("attack", board_pup, "p1"))
    play(match, "sootling_scamp")
    match.apply(0, ("attack", card(match, "sootling_scamp", 0).uid, "p1"))
    play(match, "gravelhide_pup")
    assert len(zone(match, 0, "board")) == 3
