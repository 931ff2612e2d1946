"""The short crash test: six tables, three kills at the worst moments.

The bot runs in its own process and is SIGKILLed right after a commit (before anyone is
told), right after Accept, and while a new board is posted; after each restart every
match must be running with its board and current panels, and no click may be lost or
applied twice (`cardhost_devtools.crashtest`; `cardhost crashtest --matches 20 --kills 5`
is the long run). The same runs on PostgreSQL (`CARDHOST_DATABASE=postgresql://…`: a fresh
schema for the run), whose action log writes a group in one batch.
"""

import pytest

from cardhost_devtools.crashtest import Tally, crashtest


@pytest.mark.slow
async def test_six_tables_survive_three_kills_at_the_worst_moments() -> None:
    tally = await crashtest(matches=6, kills=3, seed=3)
    _all_kept(tally, kills=3)


@pytest.mark.slow
@pytest.mark.postgres
async def test_on_postgresql_four_tables_survive_three_kills(
    postgres_base_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDHOST_DATABASE", postgres_base_url)
    tally = await crashtest(matches=4, kills=3, seed=5)
    _all_kept(tally, kills=3)


def _all_kept(tally: Tally, *, kills: int) -> None:
    assert tally.kills == kills
    assert tally.acked, "no click was acknowledged: the test drove nothing"
    assert (tally.lost, tally.twice, tally.stale_panels, tally.orphans) == (0, 0, 0, 0), (
        tally.problems
    )
    assert tally.resumed == tally.running > 0, tally.problems
