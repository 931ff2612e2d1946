"""`cardhost bench-restart`: how long a start takes to restore N running matches.

It stores `matches` running matches (default 10,000) in a fresh database, each a real
match with `actions` random legal actions in its log, then does what a starting bot does
(`CardhostBot.setup_hook`): before it answers anything, it notes which matches run where
(`SessionManager.load_running`: one light query); then one click arrives for a match not
replayed yet (replayed on the spot, `SessionManager.get`); then the background replays
the rest (`SessionManager.replay_rest`: the logs read in batches, replay, seats, clocks).

It prints `start_s`, the time before the bot answers (the issue's restart time: the
gateway connects meanwhile), `first_click_ms`, what that first click waits for its match's
replay, `read_s`, the database's share of the whole replay (every header and log read and
parsed, in the same batches), `background_s`, the background replay of every other match,
`restore_s`, all of it, and `restore_cpu_s`, the CPU time it took (the figure to compare
on a busy machine). Building the database is not
timed; so that it stays quick, the stored matches are copies (each in its own channel) of
`distinct` played ones, which costs the restore exactly what as many different matches
would.

The database is a fresh SQLite file, or with CARDHOST_DATABASE naming PostgreSQL a fresh
schema there (`bot.storage.scratch`).
"""

import asyncio
import tempfile
import time
from pathlib import Path

from bot.play.sessions import REPLAY_BATCH, SessionManager
from bot.storage import PlayerInfo, Storage
from bot.storage.scratch import configured_postgresql, scratch_database
from engine import Match, RandomAgent, get_ruleset, new_match

GUILD = 1
PLAYERS = [PlayerInfo(user_id=101, name="A"), PlayerInfo(user_id=102, name="B")]


def _played(seed: int, actions: int) -> Match:
    """A clash match with up to `actions` random legal actions taken (fewer if it ended)."""
    decks = get_ruleset("clash").preconstructed_decks()
    names = sorted(decks)
    match = new_match("clash", ["A", "B"], [decks[names[0]], decks[names[1]]], seed)
    agent = RandomAgent(seed)
    for _ in range(actions):
        if match.over or not match.pending:
            break
        decision = match.pending[0]
        match.apply(decision.player, agent.choose(match, decision))
    return match


async def _fill(target: str, matches: int, actions: int, distinct: int) -> int:
    """Store the running matches; the number of logged actions."""
    played = []
    for seed in range(distinct * 4):  # matches that ended early are not "running"
        match = _played(seed, actions)
        if not match.over:
            played.append(match)
        if len(played) == distinct:
            break
    store = await Storage.open(target)
    logged = 0
    try:
        for number in range(matches):
            match = played[number % len(played)]
            await store.matches.create_match(GUILD, 10_000 + number, match.record, PLAYERS)
            logged += len(match.record.actions)
    finally:
        await store.close()
    return logged


async def bench_restart(matches: int, actions: int, distinct: int) -> str:
    postgresql = configured_postgresql()
    with (
        tempfile.TemporaryDirectory() as folder,
        scratch_database(Path(folder), postgresql=postgresql) as target,
    ):
        logged = await _fill(target, matches, actions, distinct)
        store = await Storage.open(target)
        try:
            # The database's share alone: every running match's header and log, read
            # and parsed in the batches the background replay reads them in.
            opened = time.perf_counter()
            ids = [h.match_id for h in await store.matches.running_headers()]
            for first in range(0, len(ids), REPLAY_BATCH):
                await store.matches.running_with_logs(ids[first : first + REPLAY_BATCH])
            read = time.perf_counter() - opened

            async def turn_timer(guild_id: int | None) -> float:  # as CardhostBot's
                settings = await store.settings.get_guild_settings(guild_id or 0)
                return float(settings.turn_timer_seconds)

            sessions = SessionManager(store, turn_timer)
            cpu = time.process_time()
            opened = time.perf_counter()
            noted = await sessions.load_running()  # all a start does before answering
            answering = time.perf_counter()
            # A click for a match not replayed yet: the last one the background would reach.
            clicked = await sessions.get(ids[len(ids) // 2])
            first_click = time.perf_counter()
            restored = await sessions.replay_rest()  # what runs in the background
            done = time.perf_counter()
            cpu = time.process_time() - cpu
            sessions.close()
        finally:
            await store.close()
    if noted != matches or clicked is None or len(restored) + 1 != matches:
        raise RuntimeError(
            f"{matches} running matches stored but {noted} noted and "
            f"{len(restored) + (clicked is not None)} restored"
        )
    return (
        f"database={'postgresql' if postgresql else 'sqlite'} matches={matches} "
        f"actions={logged} start_s={answering - opened:.3f} "
        f"first_click_ms={(first_click - answering) * 1000:.1f} read_s={read:.2f} "
        f"background_s={done - first_click:.2f} restore_s={done - opened:.2f} "
        f"restore_cpu_s={cpu:.2f} per_match_ms={(done - opened) * 1000 / matches:.3f}"
    )


def run_bench_restart(matches: int, actions: int, distinct: int) -> int:
    print(asyncio.run(bench_restart(matches, actions, distinct)))
    return 0
