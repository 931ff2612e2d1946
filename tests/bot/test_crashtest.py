"""The short crash test of issue 12: six tables, three kills at the worst moments.

The bot runs in its own process and is SIGKILLed right after a commit (before anyone is
told), right after Accept, and while a new board is posted; after each restart every
match must be running with its board and current panels, and no click may be lost or
applied twice (`bot/crashtest.py`; `cardhost crashtest --matches 20 --kills 5` is the
long run).
"""

import pytest

from bot.crashtest import crashtest


@pytest.mark.slow
async def test_six_tables_survive_three_kills_at_the_worst_moments() -> None:
    tally = await crashtest(matches=6, kills=3, seed=3)
    assert tally.kills == 3
    assert tally.acked, "no click was acknowledged: the test drove nothing"
    assert (tally.lost, tally.twice, tally.stale_panels, tally.orphans) == (0, 0, 0, 0), (
        tally.problems
    )
    assert tally.resumed == tally.running > 0, tally.problems
