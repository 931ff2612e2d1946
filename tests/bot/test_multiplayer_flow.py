"""Three players through the Discord stand-in: the bot's generic parts with more than two
seats (challenge with several opponents, turns to the left, a resignation that leaves the
game going, a three-way rating). Played with Relay (tests/support/relay.py), a tiny test
game, so this holds whatever the real multiplayer rulesets do."""

import random

import pytest

from engine.core import ruleset as registry
from engine.core.match import replay
from tests.bot.conftest import World, start_bot
from tests.bot.test_match_flow import (
    challenge,
    click_option,
    eventually,
    panel_of,
    wait_until_open,
)


@pytest.fixture(autouse=True)
def relay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._MODULES, "relay", "tests.support.relay")


async def test_three_players_accept_play_lose_one_and_finish(world: World, storage) -> None:
    fake = world.fake
    dave = fake.add_user("dave")
    fake.add_member(world.guild, dave)
    bot = await start_bot(fake, storage)
    try:
        offer = await challenge(world, world.alice, world.bob, game="relay", opponent2=dave)
        assert "challenges you to **Relay**" in offer.text

        first = await fake.click(world.bob, offer, label="Accept")
        await first.wait_acknowledged()
        await bot.controller.idle()
        assert world.channel.id not in bot.sessions.by_channel  # dave has not accepted yet
        second = await fake.click(dave, offer, label="Accept")
        await second.wait_acknowledged()
        session = await eventually(lambda: bot.sessions.by_channel.get(world.channel.id))
        await wait_until_open(fake, bot, session)
        assert [s.name for s in session.seats] == ["alice", "bob", "dave"]

        users = {u.id: u for u in (world.alice, world.bob, dave)}
        rng = random.Random(3)
        order = []
        for _ in range(4):  # turns go to the left: alice, bob, dave, alice
            seat = session.match.pending[0].player
            order.append(seat)
            user = users[session.seats[seat].user_id]
            await click_option(fake, bot, user, panel_of(fake, session, seat), rng)
        assert order == [0, 1, 2, 0]

        resign = await fake.slash(world.bob, world.channel, "resign")
        await resign.wait_response()
        await bot.controller.idle()
        assert not session.match.over  # two players are left: the game goes on
        assert all(d.player != 1 for d in session.match.pending)

        for _ in range(200):
            if session.match.over:
                break
            seat = session.match.pending[0].player
            user = users[session.seats[seat].user_id]
            await click_option(fake, bot, user, panel_of(fake, session, seat), rng)
        assert session.match.over and session.match.winner in (0, 2)
        await bot.controller.idle()

        row = await storage.matches.get_match(session.match_id)
        assert row.status == "finished" and row.winner == session.match.winner
        assert replay(await storage.matches.load_record(session.match_id)).winner == row.winner
        ladder = {e.user_id: e for e in await storage.ratings.leaderboard("relay")}
        winner_id = session.seats[session.match.winner].user_id
        assert set(ladder) == set(users)
        assert ladder[winner_id].wins == 1
        assert ladder[world.bob.id].losses == 1
        assert max(ladder.values(), key=lambda e: e.ordinal).user_id == winner_id
        assert fake.unknown_calls == []
    finally:
        await bot.controller.idle()
        await fake.stop_bot(bot)
