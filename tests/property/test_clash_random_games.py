"""Property tests: thousands of seeded random Clash games, invariants checked after every
action, and each finished game replayed from its JSON record to the identical state.

A game that breaks an invariant is saved under tests/property/regressions/ (its record),
and `test_regressions_replay_cleanly` keeps it as a regression test once the bug is fixed.
"""

import json
from pathlib import Path

import pytest

from engine.agents import RandomAgent
from engine.core.match import Match, new_match, replay
from engine.core.record import MatchRecord
from engine.core.ruleset import get_ruleset
from tests.property.invariants import broken_invariants, card_counts, seed_leaks
from tests.support.fingerprint import fingerprint
from tests.support.samples import seed_ranges

GAMES = 2000
CHUNK = 100
SAMPLE = 30  # games in every tier; the rest are marked slow (tests/support/samples.py)
REGRESSIONS = Path(__file__).parent / "regressions"


def play_checked(seed: int) -> Match:
    rules = get_ruleset("clash")
    decks = rules.preconstructed_decks()
    names = sorted(decks)
    pair = [decks[names[seed % 3]], decks[names[(seed // 3) % 3]]]
    options = {"best_of": 3} if seed % 10 == 0 else {}
    match = new_match("clash", ["A", "B"], pair, seed, options)
    expected = card_counts(match.state)
    agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    while not match.over:
        decision = match.pending[0]
        match.apply(decision.player, agents[decision.player].choose(match, decision))
        problems = broken_invariants(match, expected)
        if problems:
            path = REGRESSIONS / f"clash-seed-{seed}.json"
            path.write_text(match.record.to_json())
            pytest.fail(
                f"seed {seed} after action {len(match.actions)}: {problems}; record saved to {path}"
            )
    return match


@pytest.mark.parametrize("seeds", seed_ranges(GAMES, chunk=CHUNK, sample=SAMPLE))
def test_random_games_keep_every_invariant_and_replay_exactly(seeds: range) -> None:
    for seed in seeds:
        match = play_checked(seed)
        assert match.winner in (0, 1)
        assert seed_leaks(match) == []
        record = MatchRecord.from_json(match.record.to_json())
        assert fingerprint(replay(record)) == fingerprint(match), f"seed {seed} replays apart"


@pytest.mark.parametrize("path", sorted(REGRESSIONS.glob("*.json")), ids=lambda p: p.stem)
def test_regressions_replay_cleanly(path: Path) -> None:
    record = MatchRecord.from_json(path.read_text())
    start = replay(record.model_copy(update={"actions": []}))
    assert broken_invariants(replay(record), card_counts(start.state)) == []


def test_regression_folder_holds_only_records() -> None:
    for path in REGRESSIONS.iterdir():
        if path.suffix == ".json":
            json.loads(path.read_text())
