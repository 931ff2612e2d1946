"""/challenge checks its best-of with the engine's typed options: a boolean is no
series length, and nothing is opened for it."""

from tests.bot.conftest import World


async def test_a_boolean_best_of_is_refused_privately(world: World, bot) -> None:
    handle = await world.fake.slash(
        world.alice, world.channel, "challenge", opponent=world.bob, game="clash", best_of=True
    )
    response = await handle.wait_response()
    assert response.ephemeral
    assert "Clash plays best of 1, 3, 5" in response.text
    assert bot.challenges.in_channel(world.channel.id) is None
