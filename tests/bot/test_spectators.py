"""Anyone can follow a running match live and read-only, and never
sees a hand or a private choice (every version of their copy is checked)."""

import json
import random

from bot.discord.spectators import OWN_MATCH
from tests.bot.conftest import World
from tests.bot.test_match_flow import (
    accept,
    challenge,
    click_option,
    eventually,
    hidden_names,
    panel_of,
)


def every_version(message) -> list[str]:
    """All a reader could have seen of a message: each revision and the current text."""
    texts = [message.text]
    for revision in message.history:
        texts.append(revision.content + json.dumps(revision.embeds))
    return texts


async def test_a_spectator_follows_the_match_live_and_sees_no_hand(world: World, bot) -> None:
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    board = fake.message(session.board_message_id)
    watch = await fake.click(world.carol, board, label="Watch")
    await watch.wait_acknowledged()
    copy = watch.response
    assert copy.ephemeral and copy.visible_to == world.carol
    assert "watching" in copy.text
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(11)
    secret: set[str] = set()
    for _ in range(12):
        if session.match.over:
            break
        secret |= hidden_names(session, None)
        seat = session.match.pending[0].player
        user = users[session.seats[seat].user_id]
        await click_option(fake, bot, user, panel_of(fake, session, seat), rng)
    await bot.controller.idle()
    # Live: the copy caught up with the board's play-by-play.
    last_event = session.match.view(None).events[-1].text
    await eventually(lambda: last_event in fake.message(copy.id).text)
    assert len(fake.message(copy.id).history) >= 1
    # Read-only: nothing to click but nothing at all; and no hand card, ever.
    assert not fake.message(copy.id).buttons and not fake.message(copy.id).selects
    secret -= {name for name in secret if name in fake.message(session.board_message_id).text}
    for text in every_version(fake.message(copy.id)):
        for name in secret:
            assert name not in text, f"a spectator saw {name} from a hand"
    assert bot.spectators.count(session.match_id) == 1


async def test_spectate_command_and_players_are_pointed_at_their_hand(world: World, bot) -> None:
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    watched = await fake.slash(world.carol, world.channel, "spectate")
    assert "watching" in (await watched.wait_response()).text
    own = await fake.slash(world.alice, world.channel, "spectate")
    answer = await own.wait_response()
    assert answer.ephemeral and answer.text == OWN_MATCH
    assert bot.spectators.count(session.match_id) == 1
    await fake.stop_bot(bot)  # (the fixture stops it again: harmless)


async def test_nothing_to_watch_is_said_plainly(world: World, bot) -> None:
    handle = await world.fake.slash(world.carol, world.channel, "spectate")
    assert "no running match" in (await handle.wait_response()).text
