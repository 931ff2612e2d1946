"""`cardhost balance` (issue 15, "Balance you can feel"): its interval and its bookkeeping."""

import pytest

from bot.cli import main
from engine.balance import balance, wilson


def test_the_wilson_interval_matches_known_values() -> None:
    # 8 wins of 10: the textbook 95% Wilson interval is 0.490-0.943.
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.490, abs=0.001)
    assert high == pytest.approx(0.943, abs=0.001)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(20, 20)[1] == 1.0


def test_every_pair_is_played_both_ways_and_every_game_counted() -> None:
    report = balance("clash", 4, agent="random", seed=5)
    decks = {"ember_rush", "grave_tide", "stone_wall"}
    assert {(m.first, m.second) for m in report.matchups} == {
        ("ember_rush", "grave_tide"),
        ("ember_rush", "stone_wall"),
        ("grave_tide", "stone_wall"),
    }
    assert {m.first for m in report.matchups} | {m.second for m in report.matchups} == decks
    assert report.games == 12 == sum(m.games for m in report.matchups)
    assert all(m.first_wins + m.second_wins + m.draws == 4 for m in report.matchups)
    assert len(report.turns_each) == 12
    assert all(turns >= 1 for turns in report.turns_each)  # nobody wins at the mulligan


def test_the_command_ends_with_its_summary_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "clash", "--games", "2", "--agent", "random"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("ruleset=clash agent=random games=6 worst_matchup_high=")
    assert "early_turns=3" in last
