"""Several processes, in one test process: two bots with leases on one database. The first
dies (its leases are neither renewed nor released); the second, started meanwhile, leaves
its matches alone while the leases run, then takes them over by replaying their logs,
brings their panels up to date, and the dead process's old buttons work on it."""

import asyncio
import random

import pytest

from cardhost_devtools.standin import FakeDiscord
from engine import replay
from tests.bot.conftest import World, start_bot
from tests.bot.test_match_flow import accept, challenge, click_option, eventually, panel_of
from tests.bot.test_restart_promises import shown_seq, users_of

LEASE = 3.0  # the shortest the settings allow


@pytest.mark.slow  # seconds of waiting on processes or Discord's windows
async def test_a_dead_processs_match_is_taken_over_and_its_old_buttons_work(
    world: World, database_url: str
) -> None:
    fake: FakeDiscord = world.fake
    first = await start_bot(fake, None, database=database_url, shared=True, lease_seconds=LEASE)
    session = await accept(world, first, await challenge(world, world.alice, world.bob), world.bob)
    rng = random.Random(11)
    for _ in range(4):
        decision = session.match.pending[0]
        user = users_of(world)[session.seats[decision.player].user_id]
        await click_option(fake, first, user, panel_of(fake, session, decision.player), rng)
    await first.controller.idle()
    match_id, committed = session.match_id, list(session.match.actions)
    seat = session.match.pending[0].player
    panel = panel_of(fake, session, seat)
    dead = first.lease_owner
    assert dead is not None and await first.storage.leases.owner_of(match_id) == dead
    # The first process dies: nothing renews or releases its leases any more.
    assert first._leasing is not None
    first._leasing.cancel()
    first.lease_owner = None  # its close() releases nothing (a SIGKILL would not)
    await fake.stop_bot(first)

    second = await start_bot(fake, None, database=database_url, shared=True, lease_seconds=LEASE)
    try:
        if await second.storage.leases.owner_of(match_id) == dead:
            assert match_id not in second.sessions.by_id  # left alone while the lease runs
        resumed = await eventually(lambda: second.sessions.by_id.get(match_id), timeout=30)
        assert list(resumed.match.actions) == committed  # nothing acknowledged lost
        assert await second.storage.leases.owner_of(match_id) == second.lease_owner
        await click_option(fake, second, users_of(world)[resumed.seats[seat].user_id], panel, rng)
        assert len(resumed.match.actions) == len(committed) + 1  # the old button worked
        record = await second.storage.matches.load_record(match_id)
        assert len(record.actions) == len(committed) + 1  # once
        for other in range(2):
            want = resumed.match.decision_for(other)
            await fake.wait_until(
                lambda other=other, want=want: (
                    shown_seq(panel_of(fake, resumed, other)) == (want.seq if want else None)
                    or None
                )
            )
    finally:
        await second.controller.idle()
        await fake.stop_bot(second)
        await asyncio.sleep(0)


@pytest.mark.postgres
async def test_a_click_for_another_processs_match_is_forwarded_and_answered(
    world: World, postgres_schemas
) -> None:
    """Two live processes on one PostgreSQL: the match belongs to the first, every click
    reaches the second (the newest connection: as a DM click reaches shard 0's process).
    The second defers it and forwards it over LISTEN/NOTIFY; the first applies it once
    and edits the clicked panel through the interaction token."""
    fake: FakeDiscord = world.fake
    url = postgres_schemas.new()
    first = await start_bot(fake, None, database=url, shared=True, lease_seconds=LEASE)
    session = await accept(world, first, await challenge(world, world.alice, world.bob), world.bob)
    second = await start_bot(fake, None, database=url, shared=True, lease_seconds=LEASE)
    try:
        assert session.match_id not in second.sessions.by_id
        rng = random.Random(2)
        for _ in range(5):
            before = len(session.match.actions)
            decision = session.match.pending[0]
            seat = decision.player
            user = users_of(world)[session.seats[seat].user_id]
            panel = panel_of(fake, session, seat)
            click = await click_option(fake, second, user, panel, rng)
            await eventually(lambda before=before: len(session.match.actions) > before)
            await first.controller.idle()
            # answered by the owner's edit, the other panel redrawn: both show what is
            # committed
            for other in range(2):
                want = session.match.decision_for(other)
                await fake.wait_until(
                    lambda other=other, want=want: (
                        shown_seq(panel_of(fake, session, other)) == (want.seq if want else None)
                        or None
                    )
                )
            assert click.acknowledged
        record = await first.storage.matches.load_record(session.match_id)
        assert len(record.actions) == len(session.match.actions)  # each applied once
        assert replay(record).view(0) == session.match.view(0)
        assert session.match_id not in second.sessions.by_id  # never served by the second
    finally:
        await second.controller.idle()
        await fake.stop_bot(second)
        await first.controller.idle()
        await fake.stop_bot(first)


async def test_a_process_given_shard_ids_connects_those_shards_and_plays(
    world: World, tmp_path
) -> None:
    """CARDHOST_SHARD_IDS / CARDHOST_SHARD_COUNT make the bot an AutoShardedBot on those
    shards (the stand-in has one), with the same fast click path."""
    from bot.discord.app import ShardedCardhostBot

    fake: FakeDiscord = world.fake
    bot = await start_bot(
        fake, None, database=str(tmp_path / "sharded.sqlite3"), shard_ids="0", shard_count=1
    )
    try:
        assert isinstance(bot, ShardedCardhostBot) and sorted(bot.shards) == [0]
        assert type(bot._connection).__name__ == "_ShardedState"  # the fast click path
        offer = await challenge(world, world.alice, world.bob)
        session = await accept(world, bot, offer, world.bob)
        before = len(session.match.actions)
        decision = session.match.pending[0]
        user = users_of(world)[session.seats[decision.player].user_id]
        click = await click_option(
            fake, bot, user, panel_of(fake, session, decision.player), random.Random(1)
        )
        assert click.acknowledged and len(session.match.actions) > before
    finally:
        await bot.controller.idle()
        await fake.stop_bot(bot)


def test_shard_settings_are_checked() -> None:
    """Shard ids come with their count, name shards of it, and are numbers."""
    from bot.settings import SettingsError, load_settings

    assert load_settings(CARDHOST_SHARD_IDS="1,0", CARDHOST_SHARD_COUNT=2).shards == [0, 1]
    assert load_settings().shards is None
    for bad, says in (
        ({"CARDHOST_SHARD_IDS": "2", "CARDHOST_SHARD_COUNT": 2}, "shard ids must be 0 to 1"),
        ({"CARDHOST_SHARD_IDS": "a", "CARDHOST_SHARD_COUNT": 2}, "shard ids are numbers"),
        ({"CARDHOST_SHARD_IDS": "0"}, "go together"),
    ):
        with pytest.raises(SettingsError, match=says):
            load_settings(**bad)
