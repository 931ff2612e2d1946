"""Turn timers and the match commands (/hand, /board, /match, /resign)."""

from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, challenge, eventually


async def test_turn_timer_warns_at_half_time_then_the_idle_player_loses(
    world: World, bot, monkeypatch
) -> None:
    async def short(guild_id):
        return 0.6

    monkeypatch.setattr(bot, "turn_timer", short)
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
