"""/challenge offers best-of only for games that play series, and says so
privately when asked for one elsewhere, instead of starting a single game silently."""

from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, challenge


async def best_of_choices(world: World, game: str, typed: str = "") -> list:
    handle = await world.fake.autocomplete(
        world.alice, world.channel, "challenge", "best_of", game=game, best_of=typed
    )
    await handle.wait_acknowledged()
    assert handle.choices is not None
    return handle.choices


async def test_best_of_is_offered_only_where_the_game_plays_series(world: World, bot) -> None:
    assert [c["value"] for c in await best_of_choices(world, "clash")] == [1, 3, 5]
    assert [c["value"] for c in await best_of_choices(world, "magic-core", "3")] == [3]
    for game in ("battle-mages", "enchantoria", "mage-wars"):
        assert await best_of_choices(world, game) == []


async def test_best_of_for_a_single_game_is_refused_privately(world: World, bot) -> None:
    handle = await world.fake.slash(
        world.alice,
        world.channel,
        "challenge",
        opponent=world.bob,
        game="battle-mages",
        best_of=3,
    )
    response = await handle.wait_response()
    assert response.ephemeral
    assert "Battle Mages plays one game per match" in response.text
    assert "Clash" in response.text
    assert bot.challenges.in_channel(world.channel.id) is None  # nothing was opened
    typed = await world.fake.slash(
        world.alice, world.channel, "challenge", opponent=world.bob, game="clash", best_of=4
    )
    assert "Clash plays best of 1, 3, 5" in (await typed.wait_response()).text


async def test_a_series_challenge_starts_a_series(world: World, bot) -> None:
    offer = await challenge(world, world.alice, world.bob, game="clash", best_of=3)
    assert "(best of 3)" in offer.text
    session = await accept(world, bot, offer, world.bob)
    assert session.match.record.options == {"best_of": 3}
    assert session.match.state.series.best_of == 3
