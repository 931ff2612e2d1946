"""A match in its own thread, so one channel hosts many matches.

Thread mode is the bot's default (tests elsewhere run in channel mode). Discord's thread
rules are the stand-in's (Topics: Threads): a thread starts from a message and takes its
id; nothing can be edited in an archived thread (50083) but a new message unarchives it;
without Create Public Threads the start is refused (50013).
"""

import random

from cardhost_devtools.standin import FakeDiscord
from cardhost_devtools.standin.entities import CREATE_PUBLIC_THREADS
from tests.bot.conftest import World, start_bot
from tests.bot.test_match_flow import click_option, eventually, panel_of


async def challenge_and_accept(world: World, bot, challenger, opponent):
    fake = world.fake
    handle = await fake.slash(
        challenger, world.channel, "challenge", opponent=opponent, game="clash"
    )
    message = await handle.wait_response()
    before = set(bot.sessions.by_id)
    click = await fake.click(opponent, message, label="Accept")
    await click.wait_acknowledged()
    new = await eventually(lambda: set(bot.sessions.by_id) - before)
    session = bot.sessions.by_id[new.pop()]
    await eventually(
        lambda: session.board_message_id and all(s.panel_message_id for s in session.seats)
    )
    await bot.controller.idle()
    return message, session


async def play(world: World, bot, session, moves: int, seed: int = 1) -> None:
    users = {u.id: u for u in (world.alice, world.bob, world.dave) if u is not None}
    rng = random.Random(seed)
    for _ in range(moves):
        if session.match.over:
            return
        seat = session.match.pending[0].player
        user = users[session.seats[seat].user_id]
        await click_option(world.fake, bot, user, panel_of(world.fake, session, seat), rng)
    await bot.controller.idle()


async def threaded_bot(world: World, storage):
    return await start_bot(world.fake, storage, match_mode="thread")


async def test_each_match_runs_in_a_thread_of_its_own(world: World, storage) -> None:
    fake: FakeDiscord = world.fake
    world.dave = fake.add_user("dave")
    fake.add_member(world.guild, world.dave)
    bot = await threaded_bot(world, storage)
    try:
        first_msg, first = await challenge_and_accept(world, bot, world.alice, world.bob)
        second_msg, second = await challenge_and_accept(world, bot, world.dave, world.alice)
        threads = fake.threads_of(world.channel)
        assert [t.id for t in threads] == [first_msg.id, second_msg.id]  # started from them
        assert threads[0].name == "alice vs bob · Clash"
        assert first.channel_id == threads[0].id and second.channel_id == threads[1].id
        for session, thread in ((first, threads[0]), (second, threads[1])):
            board = fake.message(session.board_message_id)
            assert board.channel is thread and not board.ephemeral
        # The challenge message points into its thread; both matches go on side by side.
        assert f"<#{threads[0].id}>" in fake.message(first_msg.id).text
        await play(world, bot, first, 6)
        await play(world, bot, second, 6)
        assert len(first.match.actions) >= 6 and len(second.match.actions) >= 6
        # In the thread, /match speaks of that thread's match; in the channel, of yours.
        status = await fake.slash(world.bob, threads[0], "match")
        assert "alice" in (await status.wait_response()).text
        here = await fake.slash(world.bob, world.channel, "match")
        assert "bob" in (await here.wait_response()).text  # bob plays in one match only
        ambiguous = await fake.slash(world.alice, world.channel, "match")
        assert "thread" in (await ambiguous.wait_response()).text  # alice plays in two
    finally:
        await bot.controller.idle()
        await fake.stop_bot(bot)


async def test_without_the_thread_permission_the_match_runs_in_the_channel(
    world: World, storage
) -> None:
    fake = world.fake
    world.guild.bot_permissions &= ~CREATE_PUBLIC_THREADS
    bot = await threaded_bot(world, storage)
    try:
        _, session = await challenge_and_accept(world, bot, world.alice, world.bob)
        assert fake.threads_of(world.channel) == []
        assert session.channel_id == world.channel.id
        board = fake.message(session.board_message_id)
        assert board.channel is world.channel
        assert "Create Public Threads" in board.text  # said, not silently
    finally:
        await bot.controller.idle()
        await fake.stop_bot(bot)


async def test_an_archived_thread_gets_its_board_again(world: World, storage) -> None:
    fake = world.fake
    bot = await threaded_bot(world, storage)
    try:
        _, session = await challenge_and_accept(world, bot, world.alice, world.bob)
        thread = fake.threads_of(world.channel)[0]
        old_board = session.board_message_id
        fake.archive_thread(thread)
        await play(world, bot, session, 2)
        await eventually(lambda: session.board_message_id != old_board)
        board = fake.message(session.board_message_id)
        assert board.channel is thread and not thread.archived  # posting unarchived it
        assert session.channel_id == thread.id
    finally:
        await bot.controller.idle()
        await fake.stop_bot(bot)


async def test_a_deleted_thread_moves_the_match_to_a_new_one(world: World, storage) -> None:
    fake = world.fake
    bot = await threaded_bot(world, storage)
    try:
        _, session = await challenge_and_accept(world, bot, world.alice, world.bob)
        thread = fake.threads_of(world.channel)[0]
        fake.delete_thread(thread)
        await play(world, bot, session, 2)
        await eventually(lambda: session.channel_id != thread.id)
        await eventually(lambda: session.board_message_id is not None)
        await bot.controller.idle()
        new_thread = fake.state.channels[session.channel_id]
        assert new_thread.parent is world.channel and new_thread.is_thread
        assert fake.message(session.board_message_id).channel is new_thread
        row = await bot.storage.matches.get_match(session.match_id)
        assert row.channel_id == new_thread.id  # a restart finds it there
        before = len(session.match.actions)
        await play(world, bot, session, 2)  # and the match goes on
        assert len(session.match.actions) > before or session.match.over
    finally:
        await bot.controller.idle()
        await fake.stop_bot(bot)


async def test_managers_choose_the_match_mode(world: World, storage) -> None:
    fake = world.fake
    bot = await threaded_bot(world, storage)
    try:
        owner = fake.state.owner
        fake.add_member(world.guild, owner)
        world.guild.owner_id = owner.id
        handle = await fake.slash(owner, world.channel, "config", match_mode="channel")
        assert "channel" in (await handle.wait_response()).text
        assert (await bot.storage.settings.get_guild_settings(world.guild.id)).match_mode == (
            "channel"
        )
        _, session = await challenge_and_accept(world, bot, world.alice, world.bob)
        assert session.channel_id == world.channel.id
        assert fake.threads_of(world.channel) == []
    finally:
        await bot.controller.idle()
        await fake.stop_bot(bot)
