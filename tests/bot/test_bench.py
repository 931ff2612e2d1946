"""`cardhost bench-bot` end to end, tiny: it plays, checks the log and prints its line."""

import re

import pytest

from cardhost_devtools.bench.bot import bench


@pytest.mark.slow
async def test_a_tiny_bench_prints_the_promised_line() -> None:
    line = await bench(matches=2, seed=1, rate=20.0, seconds=4.0)
    found = re.fullmatch(
        r"database=sqlite matches=2 actions=(\d+) p50_ms=([\d.]+) p99_ms=([\d.]+)"
        r" actions_per_sec=([\d.]+)"
        r" rest_global_per_action=([\d.]+) global_429=(\d+) board_lag_p99_s=([\d.]+)"
        r" panel_open_p99_s=([\d.]+)",
        line,
    )
    assert found, line
    actions, p50, p99, rate, per_action, global_429, board_lag, panel_open = found.groups()
    assert int(actions) > 0 and 0 < float(p50) <= float(p99) and float(rate) > 0
    # Two tables: the boards and panels are seen, and both wait well under the targets.
    assert int(global_429) == 0
    assert 0 < float(board_lag) <= 6 and 0 < float(panel_open) <= 1
    assert float(per_action) > 0


@pytest.mark.slow
async def test_tables_against_the_hard_computer_are_played_and_counted_apart() -> None:
    line = await bench(matches=2, seed=1, rate=20.0, seconds=6.0, computers=1)
    found = re.search(r" computer_matches=1 computer_opponent_clicks=(\d+)$", line)
    assert found, line
    assert int(found.group(1)) > 0, "the player against the computer got to move"
    assert re.match(r"database=sqlite matches=2 actions=\d+ ", line)
