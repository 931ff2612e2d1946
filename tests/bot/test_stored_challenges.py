"""Challenges are stored, their ids never repeat across processes, and a
button of a challenge that is gone says so, changes nothing and clears its message."""

import asyncio

from tests.bot.conftest import World, start_bot
from tests.bot.test_match_flow import challenge


async def test_ids_never_repeat_and_a_dead_challenges_button_acts_on_nothing(
    world: World, tmp_path
) -> None:
    fake = world.fake
    other = fake.add_text_channel(world.guild, "other")
    database = str(tmp_path / "ids.sqlite3")
    first = await start_bot(fake, None, database=database)
    old = await challenge(world, world.alice, world.bob)
    old_buttons = old.buttons  # what a client that missed the edit below would still show
    withdrawn = await fake.click(world.alice, old, label="Decline")  # the challenger withdraws
    await withdrawn.wait_acknowledged()
    await fake.stop_bot(first)
    second = await start_bot(fake, None, database=database)
    try:
        handle = await fake.slash(world.carol, other, "challenge", opponent=world.bob, game="clash")
        new = await handle.wait_response()
        assert new.buttons, new.text
        old_id = old_buttons[0].custom_id.split(":")[1]
        new_id = new.buttons[0].custom_id.split(":")[1]
        assert int(new_id) > int(old_id)
        # A client still showing the old buttons presses Accept: the new challenge in the
        # other channel is untouched, and the old message says the challenge is gone.
        old.components = [{"type": 1, "components": [b.raw for b in old_buttons]}]
        click = await fake.click(world.bob, old, custom_id=old_buttons[0].custom_id)
        await click.wait_acknowledged()
        assert "no longer open" in fake.message(old.id).text
        assert fake.message(old.id).buttons == []
        assert "challenges you" in fake.message(new.id).text
        assert fake.message(new.id).buttons
        assert other.id not in second.sessions.by_channel
        assert second.challenges.in_channel(other.id) is not None
    finally:
        await fake.stop_bot(second)


async def test_a_challenge_that_expired_while_the_bot_was_down_says_so_on_start(
    world: World, tmp_path, monkeypatch
) -> None:
    fake = world.fake
    database = str(tmp_path / "expiry.sqlite3")
    first = await start_bot(fake, None, database=database)

    async def quick(guild_id):
        return 1.0

    monkeypatch.setattr(first.times, "challenge_expiry", quick)
    offer = await challenge(world, world.alice, world.bob)
    await fake.stop_bot(first)
    await asyncio.sleep(1.2)
    second = await start_bot(fake, None, database=database)
    try:
        await fake.wait_until(lambda: "expired" in fake.message(offer.id).text)
        assert fake.message(offer.id).buttons == []
        click_target = second.challenges.in_channel(world.channel.id)
        assert click_target is None
    finally:
        await fake.stop_bot(second)
