"""The core's own pieces, where a game is needed through Clash: decision numbers,
simultaneous decisions, the random generator, event redaction, the registry. What every
ruleset must keep is checked over all of them in tests/contract/."""

import pytest

from engine.agents import RandomAgent
from engine.core import events as ev
from engine.core.errors import EngineError
from engine.core.match import new_match
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


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(EngineError, match="unknown game 'poker'"):
        new_match("poker", ["a", "b"], [[], []], 1)
