"""Every interaction about a match reaches the process that serves it, not only
decision clicks (bot/cluster/routing.py). Two bots in one test process share one PostgreSQL; the
match belongs to the first, and every interaction reaches the second (the stand-in's
newest connection, as every DM interaction reaches shard 0's process), which defers it
and forwards it; the first answers through the token. When the first is gone, the second
takes the match over through the command itself."""

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
import pytest_asyncio

from bot.discord.app import CardhostBot
from bot.play.sessions import MatchSession
from bot.render.look import visible_cards
from cardhost_devtools.standin import CallbackType, FakeDiscord
from tests.bot.conftest import World, start_bot
from tests.bot.test_match_flow import (
    accept,
    challenge,
    click_option,
    eventually,
    hidden_names,
    panel_of,
)
from tests.bot.test_restart_promises import shown_seq, users_of

LEASE = 3.0  # the shortest the settings allow


@dataclass
class Two:
    first: CardhostBot  # serves the match
    second: CardhostBot  # receives every interaction
    session: MatchSession  # the first's


def hand_of(session: MatchSession, seat: int) -> set[str]:
    return {c.card.name for c in visible_cards(session.match.view(seat)) if c.where == "your hand"}


@pytest_asyncio.fixture
async def two(world: World, postgres_schemas) -> AsyncIterator[Two]:
    """The first deals a match and plays past the mulligans (both hold hands); then the
    second connects."""
    fake: FakeDiscord = world.fake
    url = postgres_schemas.new()
    first = await start_bot(fake, None, database=url, shared=True, lease_seconds=LEASE)
    session = await accept(world, first, await challenge(world, world.alice, world.bob), world.bob)
    rng = random.Random(5)
    for _ in range(3):  # who goes first, and both mulligans
        seat = session.match.pending[0].player
        user = users_of(world)[session.seats[seat].user_id]
        await click_option(fake, first, user, panel_of(fake, session, seat), rng)
    second = await start_bot(fake, None, database=url, shared=True, lease_seconds=LEASE)
    try:
        yield Two(first, second, session)
    finally:
        for bot in (second, first):
            if not bot.is_closed():  # a test may have stopped the first already
                await bot.controller.idle()
                await fake.stop_bot(bot)


async def answer_of(fake: FakeDiscord, handle):
    """The message the user was answered with, once final (a forwarded answer fills the
    receiver's deferral, or is a follow-up of its own)."""
    await handle.wait_acknowledged()
    await fake.wait_until(
        lambda: [m for m in handle.messages if not m.loading] or None, timeout=20.0
    )
    return next(m for m in handle.messages if not m.loading)


@pytest.mark.postgres
async def test_hand_and_look_from_a_dm_reach_the_process_serving_the_match(
    world: World, two: Two
) -> None:
    fake, session = world.fake, two.session
    match_id = session.match_id
    users = {0: world.alice, 1: world.bob}
    for seat, user in users.items():
        handle = await fake.slash(user, fake.dm_channel(user), "hand")
        answer = await answer_of(fake, handle)
        assert handle.callback_type is CallbackType.DEFERRED_CHANNEL_MESSAGE  # forwarded
        assert answer.ephemeral and answer.visible_to is user  # seen by its player alone
        assert all(name in answer.text for name in hand_of(session, seat))
        assert not [n for n in hidden_names(session, seat) if n in answer.text]

    # Someone not playing: told so, privately, by the process serving the match, even
    # through a command whose answer is public (the channel's "thinking…" goes away).
    for command in ("hand", "resign"):
        handle = await fake.slash(world.carol, world.channel, command)
        refusal = await answer_of(fake, handle)
        assert refusal.ephemeral and "not playing" in refusal.text
        assert [m for m in handle.messages if not m.ephemeral] == []
    board = await answer_of(fake, await fake.slash(world.bob, world.channel, "board"))
    assert not board.ephemeral and "Clash — turn" in board.text
    await eventually(lambda: session.board_message_id == board.id)  # the first keeps it current

    # "Look at a card" on Alice's DM panel: her own view, her hand and never Bob's.
    pressed = await fake.click(world.alice, panel_of(fake, session, 0), label="Look at a card")
    menu = await answer_of(fake, pressed)
    offered = {o["value"] for s in menu.selects for o in s.options}
    mine = {str(c.card.uid) for c in visible_cards(session.match.view(0))}
    bobs = {str(c.card.uid) for c in visible_cards(session.match.view(1)) if c.where == "your hand"}
    assert menu.ephemeral and offered == mine and not offered & bobs
    card = next(c.card for c in visible_cards(session.match.view(0)) if c.where == "your hand")
    select = next(s for s in menu.selects if str(card.uid) in {o["value"] for o in s.options})
    picked = await fake.click(world.alice, menu, custom_id=select.custom_id, values=[str(card.uid)])
    shown = await answer_of(fake, picked)
    await two.first.controller.idle()
    shown = fake.message(shown.id)
    assert shown.ephemeral and card.name in shown.text and card.text[:40] in shown.text

    # A decision click through discord.py's items (no fast path) takes the same road.
    two.second.fast_clicks = False
    before = len(session.match.actions)
    seat = session.match.pending[0].player
    await click_option(
        fake, two.second, users[seat], panel_of(fake, session, seat), random.Random(3)
    )
    await eventually(lambda: len(session.match.actions) > before)
    await two.first.controller.idle()
    want = session.match.decision_for(seat)
    await fake.wait_until(
        lambda: shown_seq(panel_of(fake, session, seat)) == (want.seq if want else None) or None
    )
    assert match_id not in two.second.sessions.by_id  # the first served all of it
    assert fake.unknown_calls == []


@pytest.mark.postgres
async def test_after_the_owner_dies_its_matchs_commands_are_answered_by_the_receiver(
    world: World, two: Two
) -> None:
    """The first stops renewing its leases (as if killed); once its lease has expired, a
    /hand from a DM makes the second take the match over and answer, and /board in the
    channel then works there too."""
    fake, session = world.fake, two.session
    first, second = two.first, two.second
    assert second._leasing is not None and first._leasing is not None
    second._leasing.cancel()  # the takeover must come from the command, not the timer
    first._leasing.cancel()
    first.lease_owner = None  # its stop releases nothing (a SIGKILL would not)
    await first.controller.idle()
    await fake.stop_bot(first)
    leases = second.storage.leases
    async with asyncio.timeout(LEASE * 5):
        while await leases.owner_of(session.match_id) is not None:
            await asyncio.sleep(0.1)

    handle = await fake.slash(world.alice, fake.dm_channel(world.alice), "hand")
    answer = await answer_of(fake, handle)
    resumed = second.sessions.by_id[session.match_id]  # taken over by the command
    assert answer.ephemeral and all(name in answer.text for name in hand_of(resumed, 0))
    assert await leases.owner_of(session.match_id) == second.lease_owner
    board = await answer_of(fake, await fake.slash(world.bob, world.channel, "board"))
    assert not board.ephemeral and "Clash" in board.text
    await eventually(lambda: resumed.board_message_id == board.id)  # the board it keeps current


async def test_the_match_commands_work_from_a_dm_in_one_process(world: World, bot) -> None:
    """In a DM (no channel of a match) /hand means the user's one running match; with two
    running, it asks which; with none, it says so."""
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    hand = await answer_of(fake, await fake.slash(world.bob, fake.dm_channel(world.bob), "hand"))
    assert hand.ephemeral and all(name in hand.text for name in hand_of(session, 1))
    none = await answer_of(
        fake, await fake.slash(world.carol, fake.dm_channel(world.carol), "hand")
    )
    assert "no running match" in none.text

    other = fake.add_text_channel(world.guild, "more-games")
    offer = await (
        await fake.slash(world.alice, other, "challenge", opponent=world.carol, game="clash")
    ).wait_response()
    await (await fake.click(world.carol, offer, label="Accept")).wait_acknowledged()
    await eventually(lambda: bot.sessions.by_channel.get(other.id))
    several = await answer_of(
        fake, await fake.slash(world.alice, fake.dm_channel(world.alice), "hand")
    )
    assert several.ephemeral and "2 running matches" in several.text
    await bot.controller.idle()


def test_a_forwarded_click_fits_in_one_notify() -> None:
    """A panel click's payload carries the whole panel (a 4096-character embed, twenty
    buttons, five menus of 25 options…): slimmed to the clicked component, and compressed
    when still large, it fits in a NOTIFY; what does not fit is refused, not cut."""
    import os

    from bot.cluster.forwarding import NOTIFY_LIMIT, TooLarge, pack, unpack
    from bot.cluster.routing import slim

    options = [{"label": f"Card number {n} " + "x" * 80, "value": str(n)} for n in range(25)]
    rows = [
        {"type": 1, "components": [{"type": 3, "custom_id": f"lk:7:s:{p}", "options": options}]}
        for p in range(5)
    ]
    data = {
        "id": "1",
        "token": "t" * 200,
        "type": 3,
        "channel_id": "5",
        "user": {"id": "9", "username": "alice"},
        "data": {"custom_id": "lk:7:s:3", "component_type": 3, "values": ["11"]},
        "message": {
            "id": "2",
            "channel_id": "5",
            "content": "c" * 2000,
            "embeds": [{"description": "d" * 4096}],
            "components": rows,
            "flags": 64,
        },
    }
    assert len(str(data)) > NOTIFY_LIMIT
    slimmed = slim(data)
    kept = slimmed["message"]["components"]
    assert kept == [
        {"type": 1, "components": [{**rows[3]["components"][0], "options": [options[11]]}]}
    ]
    assert slimmed["message"]["id"] == "2" and slimmed["message"]["embeds"] == []
    assert slimmed["data"] == data["data"] and slimmed["user"] == data["user"]
    note = pack(slimmed)
    assert len(note.encode()) <= NOTIFY_LIMIT and unpack(note) == slimmed
    big = pack({"text": "a" * 30000})  # compresses well: packed
    assert big.startswith("z:") and unpack(big) == {"text": "a" * 30000}
    with pytest.raises(TooLarge):
        pack({"noise": os.urandom(8000).hex()})
