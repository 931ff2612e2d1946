"""`cardhost bench-log`: the action log's cost per append, with nothing else running.

`matches` running matches each append one action as soon as their previous append is
answered, `turns` times, as a match's clicks follow each other; all the matches at once,
through the bot's own `MatchRepo.append_action` (group commit, `ActionLog`). It prints
`appends_per_s`, `cpu_us_per_append` (this process's CPU: the event loop and the
database thread, the figure to compare on a busy machine) and `mean_group` (appends per
write: how well the group commit gathers them).

Why a bench of its own: `cardhost bench-bot` measures the whole bot, where the log is one
cost among many (Discord requests, panels, boards) and the machine's load moves the
figures more than the log does; here a change to the log shows in the log's figures.
The database is a fresh SQLite file, or with CARDHOST_DATABASE naming PostgreSQL a fresh
schema there (`bot.storage.scratch`).
"""

import asyncio
import sys
import tempfile
import time
from pathlib import Path

from bot.storage import PlayerInfo, Storage
from bot.storage.scratch import configured_postgresql, scratch_database
from engine import get_ruleset, new_match

GUILD = 1
PLAYERS = [PlayerInfo(user_id=101, name="A"), PlayerInfo(user_id=102, name="B")]


async def bench_log(matches: int, turns: int) -> str:
    if matches < 1 or turns < 1:
        raise ValueError("--matches and --turns must be at least 1")
    postgresql = configured_postgresql()
    decks = get_ruleset("clash").preconstructed_decks()
    names = sorted(decks)
    with (
        tempfile.TemporaryDirectory() as folder,
        scratch_database(Path(folder), postgresql=postgresql) as target,
    ):
        store = await Storage.open(target)
        try:
            ids = []
            for number in range(matches):
                record = new_match(
                    "clash", ["A", "B"], [decks[names[0]], decks[names[1]]], number
                ).record
                channel = 10_000 + number
                ids.append(await store.matches.create_match(GUILD, channel, record, PLAYERS))

            async def turn_after_turn(match_id: int) -> None:
                for seq in range(1, turns + 1):
                    await store.matches.append_action(match_id, seq, seq % 2, ("pick", seq))

            log = store.matches.log
            writes_before = log.writes
            started, cpu = time.perf_counter(), time.process_time()
            await asyncio.gather(*(turn_after_turn(match_id) for match_id in ids))
            wall, cpu = time.perf_counter() - started, time.process_time() - cpu
            writes = log.writes - writes_before
        finally:
            await store.close()
    appends = matches * turns
    return (
        f"database={'postgresql' if postgresql else 'sqlite'} matches={matches} "
        f"appends={appends} appends_per_s={appends / wall:.0f} "
        f"cpu_us_per_append={cpu / appends * 1e6:.0f} mean_group={appends / writes:.1f}"
    )


def run_bench_log(matches: int, turns: int) -> int:
    if matches < 1 or turns < 1:
        print("cardhost bench-log: --matches and --turns must be at least 1", file=sys.stderr)
        return 2
    print(asyncio.run(bench_log(matches, turns)))
    return 0
