"""Decision clicks work the same on both paths: raw from the gateway (the default, fast)
and through discord.py's Interaction and DynamicItem callbacks (`fast_clicks = False`)."""

import random

import pytest

from bot.storage import Storage
from engine.core.match import replay
from tests.bot.conftest import World, start_bot
from tests.bot.test_match_flow import accept, challenge, panel_of, play_to_the_end


@pytest.mark.parametrize("fast", [True, False])
async def test_a_whole_match_on_either_path(world: World, storage: Storage, fast: bool) -> None:
    bot = await start_bot(world.fake, storage, draw_images=False)
    bot.fast_clicks = fast
    try:
        session = await accept(
            world, bot, await challenge(world, world.alice, world.bob), world.bob
        )
        seat = session.match.pending[0].player
        user = world.alice if seat == 0 else world.bob
        board = world.fake.message(session.board_message_id)
        copy = await world.fake.click(user, board, label="My hand & moves")
        await copy.wait_acknowledged()
        panel = panel_of(world.fake, session, seat)
        button = next(b for b in panel.buttons if (b.custom_id or "").startswith("m:"))
        done = await world.fake.click(user, panel, custom_id=button.custom_id)
        await done.wait_acknowledged()
        assert len(session.match.actions) == 1 and not done.response.ephemeral
        stale = await world.fake.click(user, copy.response, custom_id=button.custom_id)
        await stale.wait_acknowledged()
        assert "no longer open" in stale.response.text and stale.response.ephemeral
        assert len(session.match.actions) == 1
        await play_to_the_end(world, bot, session, random.Random(11))
        await bot.controller.idle()
        record = await storage.matches.load_record(session.match_id)
        assert replay(record).winner == session.match.winner
        assert world.fake.unknown_calls == []
        assert all(not h.rejections for h in world.fake.interactions)
    finally:
        await bot.controller.idle()
        await world.fake.stop_bot(bot)


async def test_a_panel_that_did_not_change_is_not_edited_again(world: World, bot) -> None:
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    seat = session.match.pending[0].player
    panel = panel_of(world.fake, session, 1 - seat)
    await bot.presenter.refresh(session)
    await bot.controller.idle()
    edits = len(panel.history)
    await bot.presenter.refresh(session)  # nothing happened since the last redraw
    await bot.controller.idle()
    assert len(panel.history) == edits


async def test_a_deleted_panel_is_sent_again(world: World, bot) -> None:
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    old = panel_of(world.fake, session, 1)
    world.fake.state.delete_message(old)
    bot.presenter.forget_panel(session, 1)  # as after a change: the edit must go out
    await bot.presenter.refresh(session)
    await bot.controller.idle()
    new = panel_of(world.fake, session, 1)
    assert new.id != old.id and not new.deleted and "your hand" in new.text.lower()
    front = await bot.storage.matches.get_front_state(session.match_id)
    assert front["seats"][1]["panel_message_id"] == new.id  # found again after a restart
