"""Turn timers and the match commands (/hand, /board, /match, /resign)."""

import asyncio
import time

import pytest

import bot.play.sessions
from bot.play.server_times import ServerTimes
from tests.bot.conftest import World, start_bot
from tests.bot.test_match_flow import accept, challenge, eventually

WARNING = "half your time"


async def test_turn_timer_warns_at_half_time_then_the_idle_player_loses(
    world: World, bot, monkeypatch
) -> None:
    async def short(guild_id):
        return 0.6

    monkeypatch.setattr(bot.sessions, "turn_timer", short)
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    idle = session.match.pending[0].player
    idle_user = (world.alice, world.bob)[idle]
    warning = await world.fake.wait_for_message(
        world.channel, lambda m: "half your time" in m.text, existing=True
    )
    assert f"<@{idle_user.id}>" in warning.text
    await eventually(lambda: session.match.over)
    assert session.match.winner == 1 - idle
    # The timeout is written by the timer's own task; the match leaves the channel after.
    await eventually(lambda: world.channel.id not in bot.sessions.by_channel)
    await bot.controller.idle()
    row = await bot.storage.matches.get_match(session.match_id)
    assert row.status == "finished" and row.winner == 1 - idle
    record = await bot.storage.matches.load_record(session.match_id)
    assert record.actions[-1] == (idle, ["resign", "timeout"])


async def test_hand_board_match_and_resign_commands(world: World, bot) -> None:
    fake = world.fake
    nothing = await fake.slash(world.alice, world.channel, "match")
    assert "no running match" in (await nothing.wait_response()).text
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)

    hand = await (await fake.slash(world.bob, world.channel, "hand")).wait_response()
    assert hand.ephemeral and "your hand" in hand.text.lower()
    status = await (await fake.slash(world.alice, world.channel, "match")).wait_response()
    assert "Waiting for" in status.text and "s left" in status.text

    reposted = await (await fake.slash(world.alice, world.channel, "board")).wait_response()
    await eventually(lambda: session.board_message_id == reposted.id)

    outsider = await (await fake.slash(world.carol, world.channel, "resign")).wait_response()
    assert "not playing" in outsider.text and not session.match.over
    resigned = await (await fake.slash(world.bob, world.channel, "resign")).wait_response()
    assert "resigns" in resigned.text
    assert session.match.over and session.match.winner == 0
    await bot.controller.idle()
    assert world.channel.id not in bot.sessions.by_channel
    assert fake.unknown_calls == []


# -- turn clocks across a restart ----------------------------------------


def every_bot_times(monkeypatch, seconds: float) -> None:
    """A short turn timer for every bot of the test, the restarted one included."""

    async def timer(self, guild_id):
        return seconds

    monkeypatch.setattr(ServerTimes, "turn_timer", timer)


def time_left(session) -> dict[int, float]:
    now = asyncio.get_running_loop().time()
    return {seat: deadline - now for seat, deadline in session.deadlines.items()}


def warnings(world: World) -> list:
    return [
        m for m in world.fake.state.channel_messages.get(world.channel.id, []) if WARNING in m.text
    ]


async def test_a_restart_keeps_the_time_left_on_a_clock_instead_of_a_fresh_one(
    world: World, tmp_path, monkeypatch
) -> None:
    every_bot_times(monkeypatch, 12.0)  # grace after a restart: min(60 s, 6 s)
    database = str(tmp_path / "clock.sqlite3")
    first = await start_bot(world.fake, None, database=database)
    session = await accept(world, first, await challenge(world, world.alice, world.bob), world.bob)
    await asyncio.sleep(1.0)  # a clock partly spent
    before = time_left(session)
    assert before and all(left < 11.1 for left in before.values())
    await world.fake.stop_bot(first)
    await asyncio.sleep(1.0)  # the bot is down
    second = await start_bot(world.fake, None, database=database)
    try:
        resumed = second.sessions.by_channel[world.channel.id]
        after = time_left(resumed)
        assert after.keys() == before.keys()
        for seat, left in after.items():
            # the downtime counted: not a fresh 12 s clock, and never more than was left
            assert 0 < left <= before[seat] - 1.0, (seat, before[seat], left)
        assert not resumed.match.over
    finally:
        await second.controller.idle()
        await world.fake.stop_bot(second)


@pytest.mark.slow
async def test_a_deadline_that_passed_while_the_bot_was_down_gets_a_grace(
    world: World, tmp_path, monkeypatch
) -> None:
    every_bot_times(monkeypatch, 4.0)  # grace after a restart: min(60 s, 2 s)
    database = str(tmp_path / "clock.sqlite3")
    first = await start_bot(world.fake, None, database=database)
    session = await accept(world, first, await challenge(world, world.alice, world.bob), world.bob)
    waiting = session.match.pending[0].player
    deadline = time.time() + max(time_left(session).values())
    await world.fake.stop_bot(first)
    assert not session.match.over, "the clock ran out before the bot was stopped"
    await asyncio.sleep(max(0.0, deadline - time.time()) + 0.5)  # every clock ran out meanwhile
    warned_before = len(warnings(world))

    second = await start_bot(world.fake, None, database=database)
    restarted = asyncio.get_running_loop().time()
    try:
        resumed = second.sessions.by_channel[world.channel.id]
        assert not resumed.match.over  # not resigned on the spot
        left = time_left(resumed)
        assert waiting in left
        assert all(0 < value <= 2.0 + 0.05 for value in left.values()), left
        await asyncio.sleep(0.5)
        assert not resumed.match.over
        # the warning goes out again, with the time the grace leaves
        await eventually(lambda: len(warnings(world)) > warned_before, timeout=5)
        # and the grace runs out like any clock: the idle player loses by timeout
        await eventually(lambda: resumed.match.over, timeout=10)
        assert asyncio.get_running_loop().time() - restarted >= 2.0 - 0.1
        await second.controller.idle()
        record = await second.storage.matches.load_record(resumed.match_id)
        assert record.actions[-1][1] == ["resign", "timeout"]
    finally:
        await second.controller.idle()
        await world.fake.stop_bot(second)


@pytest.mark.slow
async def test_a_warning_already_sent_is_not_sent_again_after_a_restart(
    world: World, tmp_path, monkeypatch
) -> None:
    every_bot_times(monkeypatch, 12.0)
    # A grace well under the time left at the warning, so that the clock is not moved.
    monkeypatch.setattr(bot.play.sessions, "RESTART_GRACE_SHARE", 0.1)
    database = str(tmp_path / "clock.sqlite3")
    first = await start_bot(world.fake, None, database=database)
    session = await accept(world, first, await challenge(world, world.alice, world.bob), world.bob)
    await world.fake.wait_for_message(
        world.channel, lambda m: WARNING in m.text, existing=True, timeout=15
    )
    warned = set(session.warned)
    assert warned
    await asyncio.sleep(0.5)  # the warning's note is written after the message went out
    before = time_left(session)
    sent = len(warnings(world))
    await world.fake.stop_bot(first)

    second = await start_bot(world.fake, None, database=database)
    try:
        resumed = second.sessions.by_channel[world.channel.id]
        assert warned <= resumed.warned
        after = time_left(resumed)
        for seat in warned:
            assert 1.2 < after[seat] <= before[seat], (before, after)
        await asyncio.sleep(1.0)
        assert len(warnings(world)) == sent  # nobody is warned twice for one decision
    finally:
        await second.controller.idle()
        await world.fake.stop_bot(second)
