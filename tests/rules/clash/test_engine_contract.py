"""The engine contract (engine/core/match.py) as a Clash player meets it: illegal actions
change nothing, forced choices are taken without a prompt, records replay."""

import pytest

from engine.core.errors import IllegalAction, NotYourDecision
from engine.core.events import TurnEnded, TurnStarted
from engine.core.match import replay

from .conftest import (
    FILLER,
    active,
    attack,
    coin_winner,
    end_turn,
    events,
    fresh_match,
    mon,
    play,
    scenario,
    snapshot,
    zone,
)


def _main_position():
    return scenario(
        {
            "hand": ["ridgeback_tusker", "basalt_colossus", FILLER],
            "board": [mon("gravelhide_pup")],
            "mana": 5,
        },
        {"hand": [FILLER], "board": [mon("lichenshell_tortoise")]},
    )


def test_illegal_actions_raise_and_change_nothing():
    """clash.md:67, 91; R1, R2: every illegal move raises IllegalAction and leaves the record,
    both players' views, the public view and the event list exactly as they were."""
    match = _main_position()
    play(match, "ridgeback_tusker")  # now summoning sick, and 2 mana left
    attack(match, "gravelhide_pup", "p1")  # now has attacked
    tusker = next(c.uid for c in zone(match, 0, "board") if c.proto.id == "ridgeback_tusker")
    pup = zone(match, 0, "board")[0].uid
    colossus = zone(match, 0, "hand")[0].uid
    bobs_card = zone(match, 1, "hand")[0].uid
    tortoise = zone(match, 1, "board")[0].uid
    illegal = [
        ("attack", tusker, "p1"),  # R1: summoned this turn
        ("attack", pup, "p1"),  # R2: already attacked
        ("play", colossus, None),  # clash.md:67: costs 8, 2 mana left
        ("play", bobs_card, None),  # not Ann's card
        ("play", tusker, None),  # not in hand any more
        ("attack", tortoise, "p0"),  # Bob's monster, on Ann's turn
        ("play", 9999, None),  # no such card
        ("dance",),  # not an action at all
        "end",  # not even a tuple
    ]
    assert match.decision_for(0) is not None  # Ann still has a choice (her pup card)
    before = snapshot(match)
    for action in illegal:
        with pytest.raises(IllegalAction):
            match.apply(0, action)
        assert snapshot(match) == before, action
    with pytest.raises(NotYourDecision):
        match.apply(1, ("end",))
    assert snapshot(match) == before


def test_an_illegal_mulligan_changes_nothing():
    """clash.md:70: four cards back is illegal, and the failed try leaves no trace."""
    match = fresh_match(seed=9)
    match.apply(coin_winner(match), ("second",))
    before = snapshot(match)
    with pytest.raises(IllegalAction):
        match.apply(1, tuple(("card", c.uid) for c in zone(match, 1, "hand")[:4]))
    assert snapshot(match) == before
    assert sorted(d.player for d in match.pending) == [0, 1]


def test_a_turn_with_no_choice_ends_without_a_prompt_only_when_everyone_can_see_it():
    """Engine contract and no tells: a decision with exactly one legal option is taken
    automatically when the table shows there is no choice. Ann has nothing left in hand and
    nothing that may attack, so her turn ends by itself. Bob holds a card he cannot afford:
    he is asked all the same (only "end turn" on offer), since ending his turn at once would
    tell Ann that his hand holds nothing playable."""
    match = scenario(
        {"hand": [FILLER], "mana": 1, "deck": [FILLER] * 3},
        {"mana": 1, "hand": [], "deck": ["basalt_colossus"]},
        turn=7,
    )
    start = len(match.events)
    play(match, "gravelhide_pup")  # the only action Ann was asked for
    assert match.record.actions == [(0, ("play", zone(match, 0, "board")[0].uid, None))]
    assert [(t.player, t.turn) for t in events(match, TurnStarted, start)] == [(1, 8)]
    assert [e.player_name for e in events(match, TurnEnded, start)] == ["Ann"]
    bob = match.decision_for(1)
    assert bob is not None and bob.kind == "main" and bob.actions == [("end",)]
    assert [c.proto.id for c in zone(match, 1, "hand")] == ["basalt_colossus"]
    match.apply(1, ("end",))
    assert active(match) == 0 and match.decision_for(0).kind == "main"


def test_a_real_choice_is_never_taken_automatically():
    """Engine contract: with more than one legal action the player is asked (the coin-flip
    winner, both mulligans, a main phase with a monster ready to attack)."""
    match = fresh_match(seed=9)
    assert [d.kind for d in match.pending] == ["starter"]
    match.apply(coin_winner(match), ("first",))
    assert sorted(d.kind for d in match.pending) == ["mulligan", "mulligan"]
    position = scenario({"board": [mon("gravelhide_pup")]})
    assert position.decision_for(0).kind == "main"
    assert set(position.decision_for(0).actions) == {
        ("attack", zone(position, 0, "board")[0].uid, "p1"),
        ("end",),
    }


def test_a_scenario_match_replays_too():
    """Engine contract: a scenario record replays from the described position."""
    match = scenario({"hand": ["kindling_dart"], "board": [mon("ridgeback_tusker")]})
    play(match, "kindling_dart", "p1")
    attack(match, "ridgeback_tusker", "p1")
    end_turn(match)
    again = replay(match.record)
    assert again.view(None) == match.view(None)


def test_events_are_built_from_the_log_in_order_and_only_once():
    """Engine contract (typed events): Clash logs (type, *fields) tuples and builds the typed
    events when they are read; reading twice gives the same objects, later events append,
    and a built entry leaves the log (a running match keeps one of the two, not both)."""
    match = scenario({"hand": ["kindling_dart"], "board": [mon("ridgeback_tusker")]})
    before = match.events
    assert before is match.events and match.state.log == []
    first = list(before)
    play(match, "kindling_dart", "p1")
    logged = len(match.state.log)
    after = match.events
    assert after[: len(first)] == first and all(a is b for a, b in zip(after, first, strict=False))
    assert len(after) == len(first) + logged and logged > 0 and match.state.log == []
    assert after[len(first)].text == "Ann plays Kindling Dart on Bob."
