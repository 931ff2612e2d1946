"""Mage Wars end to end through the Discord stand-in: a challenge naming a Mage, a whole
match played with buttons and select menus, nobody shown another player's hand."""

import random

import pytest

from engine.core.match import replay
from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, click_option, panel_of


def secret_names(session, viewer: int | None) -> set[str]:
    """Names of cards in hands `viewer` may not see, which nothing public shows."""
    state = session.match.state
    hidden = {c.uid for s in state.seats for c in s.hand + s.health + s.armor}
    hidden |= {c.uid for d in state.decks.values() for c in d}
    public = {c.proto.name for c in state.all_cards() if c.uid not in hidden}
    public |= {e.text for e in session.match.events_seen_by(viewer)}
    secret = set()
    for side in state.seats:
        if side.seat != viewer:
            secret |= {c.proto.name for c in side.hand}
    return {n for n in secret if n not in public and not any(n in t for t in public)}


async def test_a_mage_wars_match_is_played_to_the_end(world: World, bot) -> None:
    fake = world.fake
    handle = await fake.slash(
        world.alice,
        world.channel,
        "challenge",
        opponent=world.bob,
        game="mage-wars",
        deck="starseer_quill",
    )
    offer = await handle.wait_response()
    session = await accept(world, bot, offer, world.bob)
    state = session.match.state
    assert state.seats[0].mage.proto.id == "starseer_quill"
    assert (
        "Mage Wars" in fake.message(session.board_message_id).text
        or fake.message(session.board_message_id).embeds
    )
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(11)
    for _ in range(3000):
        if session.match.over:
            break
        seat = session.match.pending[0].player
        board = fake.message(session.board_message_id).text
        for name in secret_names(session, None):
            assert name not in board, f"the board shows {name} from a hand"
        other = panel_of(fake, session, 1 - seat).text
        for name in secret_names(session, 1 - seat):
            assert name not in other, f"{name} reached the other player's panel"
        await click_option(
            fake, bot, users[session.seats[seat].user_id], panel_of(fake, session, seat), rng
        )
    else:
        pytest.fail("the match did not end")
    await bot.controller.idle()
    row = await bot.storage.matches.get_match(session.match_id)
    assert row.status == "finished" and row.winner == session.match.winner
    record = await bot.storage.matches.load_record(session.match_id)
    assert replay(record).winner == session.match.winner
    assert "wins" in fake.message(session.board_message_id).text
    assert fake.unknown_calls == []
