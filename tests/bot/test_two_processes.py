"""Several processes end to end: two `cardhost bot` processes on one PostgreSQL.

Both bots run in processes of their own against the stand-in (as `cardhost crashtest`
runs one: `python -m cardhost_devtools.bench.bot child`), with leases on
(CARDHOST_SHARED). The first deals three matches; then the second connects, and from then
on the stand-in delivers every click to the second (as Discord delivers every DM click to
shard 0's process), which forwards the clicks of the first's matches to it over
LISTEN/NOTIFY. Two more matches are dealt on the second. All five are played; the first
is SIGKILLed mid-game. Then: its leases expire and the second takes its matches over by
replaying their logs; every click acknowledged as done (by either process) is in the log,
none twice; every match runs again with current panels; old buttons keep working.
"""

import asyncio
import contextlib
import uuid

import pytest

from bot.storage import Storage
from cardhost_devtools.crashtest import (
    CLICK_TIMEOUT,
    STALE,
    BotProcess,
    Click,
    CrashTest,
    Table,
    applied,
    click_one,
    decision_items,
    panel,
)
from cardhost_devtools.standin import CallbackType, FakeDiscord

LEASE = 3.0


class TwoProcessTest(CrashTest):
    """The crash test's players, who also count a forwarded click as done when the
    owner's edit of the clicked panel (through the token) went out without the stale
    notice; `forwarded` counts those."""

    forwarded = 0

    async def click_at(self, table: Table) -> None:
        for user in table.players:
            message = panel(self.fake, user)
            if message is None or not decision_items(message):
                continue
            clicked = await click_one(self.fake, user, message, self.rng)
            if clicked is None:
                return
            handle, click = clicked
            with contextlib.suppress(AssertionError):
                await handle.wait_acknowledged(timeout=CLICK_TIMEOUT)
            if handle.acknowledged and applied(handle):
                self.tally.acked.append(click)
            elif handle.callback_type is CallbackType.DEFERRED_UPDATE_MESSAGE:
                await self._forwarded_answer(handle, message, click)
            return

    async def _forwarded_answer(self, handle, message, click: Click) -> None:
        with contextlib.suppress(AssertionError):
            await self.fake.wait_until(lambda: handle.webhook_calls > 0 or None, timeout=5.0)
        if handle.webhook_calls and not handle.followups and STALE not in (message.content or ""):
            self.tally.acked.append(click)
            self.forwarded += 1


async def taken_over(storage: Storage, match_ids: set[int], *, dead_pid: int) -> set[str | None]:
    """The lease owners of those of `match_ids` still running: as soon as every one is a
    live process (not free, not the dead one's), or whatever they are at the deadline
    (polled: on a loaded machine the second may need one more renewal round). A match
    that ended meanwhile (a clash match may) has no lease and is left out."""
    deadline = asyncio.get_running_loop().time() + LEASE * 3 + 5.0
    while True:
        running = {row.id for row in await storage.matches.running_matches()} & match_ids
        owners = {await storage.leases.owner_of(m) for m in running}
        live = {o for o in owners if o is not None and o.split(":")[1] != str(dead_pid)}
        if live == owners or asyncio.get_running_loop().time() > deadline:
            return owners
        await asyncio.sleep(0.25)


@pytest.mark.postgres
@pytest.mark.slow
async def test_two_processes_share_matches_through_a_sigkill(postgres_schemas, monkeypatch):
    monkeypatch.setenv("CARDHOST_SHARED", "1")
    monkeypatch.setenv("CARDHOST_LEASE_SECONDS", str(LEASE))
    url = postgres_schemas.new()
    run_id = uuid.uuid4().hex
    async with FakeDiscord(bot_name="cardhost", default_timeout=30.0) as fake:
        first = BotProcess(fake, url, 5, run_id)
        second = BotProcess(fake, url, 6, run_id)
        test = TwoProcessTest(fake, first, seed=5)
        storage = await Storage.open(url)
        try:
            await first.start(crash_at=None)
            for _ in range(3):
                await test.deal(test.new_table())
            firsts = {
                row.id for row in await storage.matches.running_matches()
            }  # the first's matches
            await second.start(crash_at=None)  # from here every click reaches the second
            for _ in range(2):
                await test.deal(test.new_table())
            test.bot = second
            await test.play(4.0)
            assert test.forwarded > 0, "no click was forwarded to the first process"
            acked_before_kill = len(test.tally.acked)

            playing = asyncio.ensure_future(test.play(4.0))
            await asyncio.sleep(1.0)
            first.kill()  # mid-game
            await playing
            assert await first.wait_dead(10.0)
            before = {
                u.id: m for t in test.tables for u in t.players if (m := panel(fake, u)) is not None
            }
            # its leases expire; the second takes over every one of them still running
            assert first.child is not None
            owners = await taken_over(storage, firsts, dead_pid=first.child.pid)
            assert len(owners) == 1 and None not in owners, owners  # the second owns them
            await test.check_after_restart(storage, before)
            await test.play(3.0)
            await second.stop()
            await test.check_log(storage)
        finally:
            first.kill()
            second.kill()
            await storage.close()
    tally = test.tally
    assert len(tally.acked) > acked_before_kill
    assert (tally.lost, tally.twice, tally.stale_panels) == (0, 0, 0), tally.problems
    # every match still running (a clash match may end meanwhile) runs again
    assert tally.resumed == tally.running > 0, tally.problems
