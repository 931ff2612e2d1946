"""The engine contract of DESIGN.md, checked through the Clash ruleset."""

import pytest

from engine.agents import RandomAgent
from engine.core import events as ev
from engine.core.errors import EngineError, IllegalAction, NotYourDecision, RecordError
from engine.core.match import new_match, replay
from engine.core.record import MatchRecord
from engine.core.rng import MatchRng
from engine.core.ruleset import get_ruleset


def fresh(seed: int = 7, **options):
    decks = get_ruleset("clash").preconstructed_decks()
    return new_match(
        "clash", ["Ann", "Bo"], [decks["ember_rush"], decks["stone_wall"]], seed, options
    )


def snapshot(match) -> tuple:
    return (match.record.to_json(), repr(match.view(0)), repr(match.view(1)), len(match.events))


def play_random(match, steps: int, seed: int = 1) -> None:
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for _ in range(steps):
        if match.over:
            return
        decision = match.pending[0]
        match.apply(decision.player, agents[decision.player].choose(match, decision))


def test_illegal_action_raises_typed_error_and_changes_nothing() -> None:
    match = fresh()
    play_random(match, 12)
    before = snapshot(match)
    decision = match.pending[0]
    for bad in [("play", 99999, None), ("attack",), "end", ("first",), None, ()]:
        with pytest.raises(IllegalAction):
            match.apply(decision.player, bad)
    assert snapshot(match) == before


def test_acting_without_an_open_decision_raises_not_your_decision() -> None:
    match = fresh()
    play_random(match, 12)
    waiting = 1 - match.pending[0].player
    before = snapshot(match)
    with pytest.raises(NotYourDecision):
        match.apply(waiting, ("end",))
    assert snapshot(match) == before


def test_simultaneous_decisions_are_open_together_and_keep_their_number() -> None:
    match = fresh()
    coin = match.pending[0]
    match.apply(coin.player, ("first",))
    mulligans = {d.player: d for d in match.pending}
    assert set(mulligans) == {0, 1} and all(d.private and d.multi for d in mulligans.values())
    seq_of_1 = mulligans[1].seq
    match.apply(0, ())
    assert match.decision_for(1).seq == seq_of_1  # Bo's buttons are still good
    assert match.decision_for(0) is None


def test_every_new_decision_gets_a_new_number_counted_per_player() -> None:
    """Per player, so a player's numbers say nothing of how often the others chose."""
    match = fresh()
    last = {0: 0, 1: 0}
    changes = 0
    for step in range(40):
        if match.over:
            break
        for decision in match.pending:
            assert decision.seq >= last[decision.player]
            changes += decision.seq > last[decision.player]
            last[decision.player] = decision.seq
        play_random(match, 1, seed=step)
    assert changes >= 20
    assert max(last.values()) < 40  # neither counts the other's decisions


def test_a_choice_with_one_option_is_taken_without_asking() -> None:
    """DESIGN.md 'No needless prompts': with only 'end turn' legal, the turn just ends."""
    match = fresh()
    for decision in match.pending:
        assert len(decision.actions) > 1 or decision.multi
    play_random(match, 200)
    for decision in match.pending:
        assert decision.forced is None


def test_record_json_round_trip_replays_to_the_same_state() -> None:
    match = fresh(seed=11)
    play_random(match, 60, seed=3)
    text = match.record.to_json()
    again = replay(MatchRecord.from_json(text))
    assert snapshot(again) == snapshot(match)
    assert again.record.to_json() == text


def test_replay_refuses_another_rules_version() -> None:
    match = fresh()
    play_random(match, 5)
    record = match.record.model_copy(update={"rules_version": "0-old"})
    with pytest.raises(RecordError, match="rules"):
        replay(record)


def test_replay_refuses_an_action_that_does_not_fit() -> None:
    match = fresh()
    play_random(match, 5)
    record = match.record
    record.actions.append((0, ["attack", 4242, "p1"]))
    with pytest.raises(RecordError, match="does not replay"):
        replay(record)


def test_same_seed_same_game_different_seed_different_game() -> None:
    a, b = fresh(seed=5), fresh(seed=5)
    play_random(a, 50)
    play_random(b, 50)
    assert snapshot(a) == snapshot(b)
    hands = set()
    for seed in range(5):
        match = fresh(seed=seed)
        match.apply(match.pending[0].player, ("first",))
        hands.add(tuple(c.proto.id for c in match.state.sides[0].hand))
    assert len(hands) > 1


def test_rng_sequence_is_fixed_across_machines() -> None:
    """Golden values: if Python ever changed random(), replays would break; this would show it."""
    rng = MatchRng(12345)
    assert [rng.below(1000) for _ in range(5)] == [416, 10, 825, 298, 368]
    items = list(range(10))
    MatchRng(99).shuffle(items)
    assert items == [0, 3, 2, 5, 6, 9, 7, 8, 1, 4]


def test_private_events_are_redacted_for_everyone_else() -> None:
    drawn = ev.CardDrawn(0, "Ann", "Secret Card")
    assert drawn.seen_by(0).text == "Ann draws Secret Card."
    assert drawn.seen_by(1).text == "Ann draws a card."
    assert drawn.seen_by(None).card is None


def test_public_view_holds_no_hand_and_no_deck() -> None:
    match = fresh()
    play_random(match, 20)
    public = match.view(None)
    for seat in public.seats:
        assert seat.zones["hand"].cards is None
        assert seat.zones["deck"].cards is None
    assert all(d.options is None for d in public.decisions)
    mine = match.view(0)
    assert mine.seats[0].zones["hand"].cards is not None
    assert mine.seats[1].zones["hand"].cards is None


def test_resign_ends_the_match_for_the_other_player_and_is_recorded() -> None:
    match = fresh()
    play_random(match, 10)
    match.resign(1)
    assert match.over and match.winner == 0
    assert match.events[-1].text == "Ann wins the match 1-0."  # the resigned game counts
    assert replay(match.record).winner == 0
    with pytest.raises(NotYourDecision):
        match.resign(0)


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(EngineError, match="unknown game 'poker'"):
        new_match("poker", ["a", "b"], [[], []], 1)
