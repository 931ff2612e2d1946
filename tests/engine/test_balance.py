"""`cardhost balance`: its interval and its bookkeeping."""

from pathlib import Path

import pytest

from bot.cli import main
from engine.balance import GamePlayed, TurnCounter, balance, pool, wilson
from engine.core.errors import EngineError
from engine.core.match import new_match
from engine.core.ruleset import get_ruleset


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


def test_a_pair_alone_plays_the_very_games_it_has_in_the_full_run() -> None:
    """`--pair` splits a long measurement over processes: the pair's games keep their seeds."""
    full = balance("clash", 4, agent="random", seed=3)
    alone = balance("clash", 4, agent="random", seed=3, pairs=[("stone_wall", "grave_tide")])
    (only,) = alone.matchups
    same = next(m for m in full.matchups if {m.first, m.second} == {"grave_tide", "stone_wall"})
    assert (only.first, only.second) == (same.first, same.second)
    assert (only.first_wins, only.second_wins) == (same.first_wins, same.second_wins)
    assert alone.games == 4


def test_parts_of_a_run_pooled_are_the_full_run_game_for_game() -> None:
    """A long measurement split into blocks (`--part K/M`) over processes, or cut short,
    keeps every game's seed; pooling the games (`--pool`) gives the full run's report,
    and a game logged twice counts once."""
    full = balance("clash", 5, agent="random", seed=7)
    games: list[GamePlayed] = []
    for share in (2, 0, 1):
        part = balance("clash", 5, agent="random", seed=7, part=(share, 3), each=games.append)
        assert part.games == 3 * len(range(5 * share // 3, 5 * (share + 1) // 3))
    assert len(games) == 15
    pooled = pool("clash", "random", games + games[:4])
    assert pooled.lines(early_turns=3) == full.lines(early_turns=3)
    assert [GamePlayed.parse(g.line()) for g in games] == games


def test_the_pooled_report_is_printed_from_the_logged_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["balance", "clash", "--games", "4", "--agent", "random", "--each"]) == 0
    logged = capsys.readouterr().out
    assert logged.count("game seed=") == 12
    (tmp_path / "run.log").write_text(logged)
    assert main(["balance", "clash", "--agent", "random", "--pool", str(tmp_path / "run.log")]) == 0
    pooled = capsys.readouterr().out.strip().splitlines()
    assert pooled[-1] == logged.strip().splitlines()[-1]


def test_pooling_with_pairs_counts_only_those_pairs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`--pool LOG --pair A:B` reports only that pair, as the run of that pair alone
    would: a log that also holds pairs played on other cards is then safe to pool."""
    games: list[GamePlayed] = []
    balance("clash", 4, agent="random", seed=3, each=games.append)
    alone = balance("clash", 4, agent="random", seed=3, pairs=[("stone_wall", "grave_tide")])
    pooled = pool("clash", "random", games, pairs=[("stone_wall", "grave_tide")])
    assert pooled.lines(early_turns=3) == alone.lines(early_turns=3)
    assert pooled.games == 4 < len(games)
    (tmp_path / "run.log").write_text("\n".join(g.line() for g in games))
    log = str(tmp_path / "run.log")
    assert (
        main(
            [
                "balance",
                "clash",
                "--agent",
                "random",
                "--pool",
                log,
                "--pair",
                "grave_tide:stone_wall",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "games=4 " in out and out.count(" vs ") == 1
    assert main(["balance", "clash", "--agent", "random", "--pool", log, "--pair", "a:b"]) != 0
    assert "no game of a:b in" in capsys.readouterr().err


def test_a_malformed_part_is_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "clash", "--games", "2", "--part", "3/2"]) != 0
    assert "no part 3 of 2" in capsys.readouterr().err
    assert main(["balance", "clash", "--games", "2", "--part", "half"]) != 0
    assert "--part takes K/M" in capsys.readouterr().err


def test_an_unknown_pair_is_refused_before_any_game() -> None:
    with pytest.raises(EngineError, match="no such pair of clash decks: ember_rush vs nope"):
        balance("clash", 2, agent="random", pairs=[("ember_rush", "nope")])


def test_the_search_budget_reaches_the_agents_and_the_summary() -> None:
    report = balance(
        "clash",
        1,
        agent="search",
        agent_options={"playouts": 2},
        pairs=[("ember_rush", "stone_wall")],
    )
    assert report.agent == "search playouts=2"
    assert report.games == 1
    assert report.lines(early_turns=3)[-1].startswith("ruleset=clash agent=search playouts=2 ")


def test_a_malformed_pair_is_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "clash", "--games", "2", "--pair", "ember_rush"]) != 0
    assert "--pair takes DECK:DECK, not 'ember_rush'" in capsys.readouterr().err


def test_a_pair_line_names_the_wins_counted() -> None:
    """Two runs can only be pooled from counts: 107 and 108 of 200 both print as 54%."""
    report = balance("clash", 4, agent="random", seed=5)
    for matchup in report.matchups:
        wins = max(matchup.first_wins, matchup.second_wins)
        assert f"of 4 ({wins} won)" in matchup.line()


def test_a_turn_lost_at_once_still_counts_as_begun() -> None:
    """Criterion 2 counts turns begun: a Mage Wars curse that skips a turn ends it inside
    one action, where the public view never shows it, so the turns are read from the
    `TurnStarted` events."""
    pool = get_ruleset("mage-wars").preconstructed_decks()
    mages = ["cinder_archon", "tidewarden_selme"]
    match = new_match("mage-wars", mages, [pool[name] for name in mages], 1)
    counter = TurnCounter(2)
    counter.look(match)
    first = match.state.active
    other = 1 - first
    match.state.seats[other].skip = 1  # as a "lose a turn" curse leaves it
    while match.pending[0].player == first:  # its turn, the lost turn, its turn again
        decision = match.pending[0]
        if decision.multi:  # a choice of several cards (what to keep): the fewest allowed
            end = tuple(decision.actions[: decision.min_picks])
        else:
            end = ("end",) if ("end",) in decision.actions else decision.actions[0]
        match.apply(first, end)
        counter.look(match)
    assert any("loses this turn" in e.text for e in match.events)
    assert counter.begun[first] == counter.begun[other] == 2  # the lost one and this one
