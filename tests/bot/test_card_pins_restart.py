"""A content update never loses a running match. A bot restarted on an edited
card pool resumes it with the cards it started with; one it cannot replay stays stored and
running, and the channel is told, instead of being ended."""

import json
import random
import sqlite3

import pytest

from engine.core.card_hashes import card_hash, digest
from tests.bot.conftest import World, start_bot
from tests.bot.test_match_flow import accept, challenge, click_option, eventually, panel_of
from tests.support.fingerprint import fingerprint
from tests.support.pools import pool_editor


@pytest.fixture
def edited_pools(monkeypatch):
    yield from pool_editor(monkeypatch)


async def play_some(world: World, tmp_path, clicks: int = 8):
    """A match on a database file, a few moves in, then the bot stopped."""
    database = str(tmp_path / "pins.sqlite3")
    first = await start_bot(world.fake, None, database=database)
    session = await accept(world, first, await challenge(world, world.alice, world.bob), world.bob)
    rng = random.Random(9)
    for _ in range(clicks):
        decision = session.match.pending[0]
        user = world.alice if decision.player == 0 else world.bob
        await click_option(
            world.fake, first, user, panel_of(world.fake, session, decision.player), rng
        )
    before = fingerprint(session.match)
    cards = dict(session.match.record.cards or {})
    match_id = session.match_id
    await first.controller.idle()
    await world.fake.stop_bot(first)
    return database, match_id, before, cards


async def test_a_restart_on_an_edited_pool_resumes_the_match_unchanged(
    world: World, tmp_path, edited_pools
) -> None:
    database, match_id, before, cards = await play_some(world, tmp_path)
    card = sorted(cards)[0]
    old_name = cards[card]["name"]

    def errata(card_id: str, data: dict) -> dict:
        if card_id == card:
            data["name"] += " (errata)"
            data["cost"] += 1
        return data

    edited = edited_pools("clash", errata)
    assert edited.protos[card].name == old_name + " (errata)"
    second = await start_bot(world.fake, None, database=database)
    try:
        resumed = second.sessions.by_channel[world.channel.id]
        assert resumed.match_id == match_id
        assert fingerprint(resumed.match) == before
        assert resumed.match.ruleset.protos[card].name == old_name
        assert second.sessions.held == {}
        decision = resumed.match.pending[0]
        user = world.alice if decision.player == 0 else world.bob
        moves = len(resumed.match.actions)
        await click_option(
            world.fake,
            second,
            user,
            panel_of(world.fake, resumed, decision.player),
            random.Random(3),
        )
        assert len(resumed.match.actions) == moves + 1
    finally:
        await second.controller.idle()
        await world.fake.stop_bot(second)


async def test_a_match_that_cannot_be_replayed_is_kept_and_the_channel_told(
    world: World, tmp_path, edited_pools
) -> None:
    database, match_id, before, cards = await play_some(world, tmp_path)
    card = sorted(cards)[0]
    edited_pools(
        "clash", lambda card_id, data: {**data, "name": "Errata"} if card_id == card else data
    )
    with sqlite3.connect(database) as db:  # a stored card the schema no longer reads
        (stored,) = db.execute("SELECT cards FROM matches WHERE id = ?", (match_id,)).fetchone()
        pinned = json.loads(stored)
        pinned["cards"][card]["cost"] = "a lot"
        hashes = {c: card_hash(d) for c, d in pinned["cards"].items()}
        pinned["digest"] = digest(pinned["cards"], hashes)
        db.execute("UPDATE matches SET cards = ? WHERE id = ?", (json.dumps(pinned), match_id))
    second = await start_bot(world.fake, None, database=database)
    try:
        assert world.channel.id not in second.sessions.by_channel
        assert "cannot be resumed" in second.sessions.held[world.channel.id]
        row = await second.storage.matches.get_match(match_id)
        assert row is not None and row.status == "running"  # kept, not abandoned
        note = await eventually(
            lambda: next(
                (
                    m
                    for m in world.fake.channel_messages(world.channel)
                    if "on hold" in (m.content or "")
                ),
                None,
            )
        )
        assert f"card '{card}'" in note.content and "card schema" in note.content
        handle = await world.fake.slash(
            world.carol, world.channel, "challenge", opponent=world.alice, game="clash"
        )
        assert "on hold" in (await handle.wait_response()).text
    finally:
        await second.controller.idle()
        await world.fake.stop_bot(second)
    with sqlite3.connect(database) as db:  # put right: the next start resumes it, pinned
        db.execute("UPDATE matches SET cards = ? WHERE id = ?", (stored, match_id))
    third = await start_bot(world.fake, None, database=database)
    try:
        assert fingerprint(third.sessions.by_channel[world.channel.id].match) == before
    finally:
        await third.controller.idle()
        await world.fake.stop_bot(third)
