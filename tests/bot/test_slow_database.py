"""A slow database never costs an unanswered interaction (bot/discord/in_time.py).

Discord answers 10062 to a first answer after 3 s, and the stand-in does too. Here the
stores behind /challenge and Accept take longer than that; the bot defers in time and
then shows the stored challenge and starts the match as usual."""

import asyncio

import pytest

from tests.bot.conftest import World
from tests.bot.test_match_flow import eventually, wait_until_open

SLOW = 3.5  # seconds: past Discord's window for a first answer


def _slowed(method):
    async def slow(*args, **kwargs):
        await asyncio.sleep(SLOW)
        return await method(*args, **kwargs)

    return slow


@pytest.mark.slow
async def test_a_slow_store_defers_the_challenge_and_the_accept(
    world: World, bot, monkeypatch
) -> None:
    fake = world.fake
    repo = bot.storage.challenges
    monkeypatch.setattr(repo, "create", _slowed(repo.create))
    handle = await fake.slash(
        world.alice, world.channel, "challenge", opponent=world.bob, game="clash"
    )
    offer = await handle.wait_response(timeout=SLOW + 10)
    assert "challenges you" in offer.text, offer.text
    assert [b.label for b in offer.buttons][:2] == ["Accept", "Decline"]

    monkeypatch.setattr(repo, "set_accepted", _slowed(repo.set_accepted))
    click = await fake.click(world.bob, fake.message(offer.id), label="Accept")
    await click.wait_acknowledged(timeout=SLOW + 10)
    session = await eventually(lambda: bot.sessions.by_channel.get(world.channel.id))
    await wait_until_open(fake, bot, session)
    assert not session.match.over
