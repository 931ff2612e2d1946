"""Commands used with an option out of range, or from the wrong place (the parent channel
of a match's thread, a DM), answer privately and change nothing."""

import random

import pytest

from bot.play.replays import Replay
from bot.storage import Storage
from bot.storage.replays import ReplayRepo
from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, challenge, eventually, play_to_the_end
from tests.bot.test_replays import MANAGE_GUILD, finished_clash, run, store_finished
from tests.bot.test_threads import challenge_and_accept, threaded_bot


async def test_a_replay_turn_out_of_range_says_which_turns_exist(
    world: World, bot, storage: Storage
) -> None:
    match = finished_clash(4)
    match_id = await store_finished(storage, world, match)
    turns = [turn for turn, _ in Replay(match.record).turn_starts]
    message = await run(world, world.alice, "replay", match_id=match_id, turn=999)
    assert message.ephemeral
    assert f"turns are {turns[0]} to {turns[-1]}" in message.text
    assert "Replay of" not in message.text  # no public replay of the last turn


async def test_a_replay_step_out_of_range_says_which_steps_exist(
    world: World, bot, storage: Storage
) -> None:
    match = finished_clash(4)
    match_id = await store_finished(storage, world, match)
    steps = Replay(match.record).steps
    message = await run(world, world.alice, "replay", match_id=match_id, step=steps + 1)
    assert message.ephemeral and f"to {steps}." in message.text
    last = await run(world, world.alice, "replay", match_id=match_id, step=steps)
    assert not last.ephemeral and f"step {steps} of {steps}" in last.text


@pytest.mark.slow  # seconds of waiting on processes or Discord's windows
async def test_board_in_the_parent_channel_links_to_the_threads_board(
    world: World, storage: Storage
) -> None:
    fake = world.fake
    bot = await threaded_bot(world, storage)
    try:
        _, session = await challenge_and_accept(world, bot, world.alice, world.bob)
        thread = fake.threads_of(world.channel)[0]
        board_id = session.board_message_id
        before = len(fake.channel_messages(world.channel))
        answer = await (await fake.slash(world.alice, world.channel, "board")).wait_response()
        assert answer.ephemeral and f"<#{thread.id}>" in answer.text
        assert f"/{thread.id}/{board_id}" in answer.text  # a link to the board itself
        other = await (await fake.slash(world.carol, world.channel, "board")).wait_response()
        assert other.ephemeral and "thread" in other.text  # not a player: told where to look
        assert len(fake.channel_messages(world.channel)) == before  # nothing posted there
        assert session.board_message_id == board_id
        first = fake.message(board_id).text
        await play_to_the_end(world, bot, session, random.Random(3))
        await bot.controller.idle()
        board = fake.message(board_id)
        assert board.channel is thread and board.text != first
        assert "wins" in board.text and not board.buttons  # the result, on the thread's board
    finally:
        await bot.controller.idle()
        await fake.stop_bot(bot)


async def test_board_in_a_dm_links_to_the_matchs_board(world: World, bot) -> None:
    fake = world.fake
    offer = await challenge(world, world.alice, world.bob)
    session = await accept(world, bot, offer, world.bob)
    board_id = session.board_message_id
    dm = fake.dm_channel(world.alice)
    answer = await (await fake.slash(world.alice, dm, "board")).wait_response()
    assert answer.ephemeral and f"/{world.channel.id}/{board_id}" in answer.text
    assert session.board_message_id == board_id
    assert not [
        m
        for m in fake.channel_messages(dm)
        if m.embed and m.buttons and m.id != board_id and "Watch" in [b.label for b in m.buttons]
    ]


async def test_board_again_where_the_match_is_retires_the_old_board(world: World, bot) -> None:
    fake = world.fake
    offer = await challenge(world, world.alice, world.bob)
    session = await accept(world, bot, offer, world.bob)
    old = session.board_message_id
    again = await (await fake.slash(world.bob, world.channel, "board")).wait_response()
    assert not again.ephemeral
    await eventually(lambda: session.board_message_id == again.id)
    await eventually(lambda: "moved" in fake.message(old).text)
    retired = fake.message(old)
    assert f"/{world.channel.id}/{again.id}" in retired.text and not retired.buttons


async def test_a_history_page_out_of_range_says_how_many_there_are(
    world: World, bot, storage: Storage
) -> None:
    for seed in (1, 2):
        await store_finished(storage, world, finished_clash(seed))
    message = await run(world, world.alice, "history", page=9)
    assert message.ephemeral and "no page 9" in message.text and "1 page." in message.text
    first = await run(world, world.alice, "history", page=1)
    assert not first.ephemeral and "Page 1 of 1" in first.text


async def test_resign_away_from_the_match_changes_nothing(world: World, storage: Storage) -> None:
    fake = world.fake
    bot = await threaded_bot(world, storage)
    try:
        _, session = await challenge_and_accept(world, bot, world.alice, world.bob)
        thread = fake.threads_of(world.channel)[0]
        for place in (world.channel, fake.dm_channel(world.bob)):
            answer = await (await fake.slash(world.bob, place, "resign")).wait_response()
            assert answer.ephemeral and f"<#{thread.id}>" in answer.text
            assert not session.match.over
            assert not [m for m in fake.channel_messages(place) if "resigns" in m.text]
        done = await (await fake.slash(world.bob, thread, "resign")).wait_response()
        assert not done.ephemeral and "resigns" in done.text and done.channel is thread
        await eventually(lambda: session.match.over)
    finally:
        await bot.controller.idle()
        await fake.stop_bot(bot)


async def test_config_refusing_a_value_saves_nothing_else(world: World, bot) -> None:
    fake = world.fake
    role = fake.add_role(world.guild, "Organisers", permissions=MANAGE_GUILD)
    dana = fake.add_user("dana")
    fake.add_member(world.guild, dana, roles=[role])
    # Discord's client keeps the timer in range; a value past it (an old client, a raw
    # request) is refused by the bot, and the reveal asked with it is not saved either.
    refused = await run(world, dana, "config", turn_timer=5, reveal_replays=True)
    assert refused.ephemeral and refused.text.startswith("Nothing changed")
    assert not await ReplayRepo(bot.storage.db).reveals_finished(world.guild.id)


async def test_a_challenge_in_a_dm_is_for_the_computer_only(world: World, bot) -> None:
    fake = world.fake
    dm = fake.dm_channel(world.alice)
    handle = await fake.slash(world.alice, dm, "challenge", opponent=world.bob, game="clash")
    answer = await handle.wait_response()
    assert answer.ephemeral and "server" in answer.text  # bob could never see it here
    assert bot.challenges.in_channel(dm.id) is None
