"""First light: a challenge, an accept, and a board."""

from tests.bot.conftest import World


async def test_challenge_accept_posts_board_and_dms_hands(world: World, bot) -> None:
    fake = world.fake
    handle = await fake.slash(
        world.alice, world.channel, "challenge", opponent=world.bob, game="clash"
    )
    msg = await handle.wait_response()
    assert "challenges you" in msg.text
    click = await fake.click(world.bob, msg, label="Accept")
    await click.wait_acknowledged()
    board = await fake.wait_for_message(world.channel, lambda m: bool(m.embeds), existing=True)
    await bot.controller.idle()
    print(board.text[:600])
    print([m.text[:300] for m in fake.dm_messages(world.alice)])
    print(
        [b for b in fake.dm_messages(world.alice)[-1].buttons]
        if fake.dm_messages(world.alice)
        else None
    )
    assert fake.unknown_calls == []
