"""Mage Wars end to end through the Discord stand-in: a three-player challenge naming a
Mage, a whole match played with buttons and select menus, a player leaving mid-game,
and nobody shown another player's hand."""

import random

import pytest

from tests.bot.conftest import World, start_bot
from tests.bot.test_match_flow import (
    assert_finished_and_kept,
    challenge,
    click_option,
    eventually,
    panel_of,
    wait_until_open,
)


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


@pytest.mark.slow
async def test_a_three_player_mage_wars_match_is_played_to_the_end(world: World, storage) -> None:
    fake = world.fake
    dave = fake.add_user("dave")
    fake.add_member(world.guild, dave)
    bot = await start_bot(fake, storage)
    try:
        offer = await challenge(
            world, world.alice, world.bob, game="mage-wars", opponent2=dave, deck="starseer_quill"
        )
        for user in (world.bob, dave):
            click = await fake.click(user, offer, label="Accept")
            await click.wait_acknowledged()
        session = await eventually(lambda: bot.sessions.by_channel.get(world.channel.id))
        await wait_until_open(fake, bot, session)
        state = session.match.state
        assert state.seats[0].mage.proto.id == "starseer_quill"  # the deck names the Mage
        users = {u.id: u for u in (world.alice, world.bob, dave)}
        rng = random.Random(11)
        for step in range(3000):
            if session.match.over:
                break
            if step == 12:  # bob leaves; the two others play on (R16)
                resign = await fake.slash(world.bob, world.channel, "resign")
                await resign.wait_response()
                await bot.controller.idle()
                if session.match.over:
                    break
                assert all(d.player != 1 for d in session.match.pending)
            seat = session.match.pending[0].player
            board = fake.message(session.board_message_id).text
            for name in secret_names(session, None):
                assert name not in board, f"the board shows {name} from a hand"
            for other in range(3):
                if other != seat and not state.seats[other].gone:
                    panel = panel_of(fake, session, other).text
                    for name in secret_names(session, other):
                        assert name not in panel, f"{name} reached {other}'s panel"
            user = users[session.seats[seat].user_id]
            await click_option(fake, bot, user, panel_of(fake, session, seat), rng)
        else:
            pytest.fail("the match did not end")
        await bot.controller.idle()
        assert state.seats[1].gone and session.match.winner in (0, 2)
        await assert_finished_and_kept(storage, fake, session)
        assert fake.unknown_calls == []
    finally:
        await bot.controller.idle()
        await fake.stop_bot(bot)
