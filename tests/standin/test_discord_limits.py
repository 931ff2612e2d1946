"""Discord's documented limits, as the stand-in enforces them (docs/discord.md cites each).

Most tests speak raw HTTP to the stand-in, as a client that ignores the headers would, so
that every refusal is seen; the last ones run discord.py itself to show that it reads our
headers the way it reads Discord's and so never meets a 429.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio

from cardhost_devtools.standin import FakeChannel, FakeDiscord, FakeUser
from cardhost_devtools.standin.entities import CREATE_PUBLIC_THREADS, MANAGE_THREADS
from cardhost_devtools.standin.ratelimits import RateLimiter
from tests.support.discord_windows import shortened_limiter


class Clock:
    """A hand-stepped clock for the rate limiter: windows pass without sleeping."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class World:
    fake: FakeDiscord
    clock: Clock
    games: FakeChannel
    other: FakeChannel
    alice: FakeUser
    http: aiohttp.ClientSession

    async def call(self, method: str, path: str, json: Any = None) -> aiohttp.ClientResponse:
        async with self.http.request(method, self.fake.rest_base + path, json=json) as resp:
            await resp.read()
            return resp


@pytest_asyncio.fixture
async def world() -> AsyncIterator[World]:
    clock = Clock()
    async with FakeDiscord(limiter=RateLimiter(clock=clock)) as fake:
        guild = fake.add_guild("Limits")
        games = fake.add_text_channel(guild, "games")
        other = fake.add_text_channel(guild, "other")
        alice = fake.add_user("alice")
        fake.add_member(guild, alice)
        async with aiohttp.ClientSession() as http:
            yield World(fake, clock, games, other, alice, http)


async def body(resp: aiohttp.ClientResponse) -> dict[str, Any]:
    return await resp.json()


async def test_per_route_bucket_five_messages_per_five_seconds_per_channel(world: World) -> None:
    """Topics > Rate Limits: per-route buckets, keyed by the top-level resource (channel)."""
    path = f"/channels/{world.games.id}/messages"
    remaining = []
    for _ in range(5):
        resp = await world.call("POST", path, {"content": "hi"})
        assert resp.status == 200
        assert resp.headers["X-RateLimit-Limit"] == "5"
        assert float(resp.headers["X-RateLimit-Reset-After"]) > 0
        assert resp.headers["X-RateLimit-Bucket"]
        remaining.append(int(resp.headers["X-RateLimit-Remaining"]))
    assert remaining == [4, 3, 2, 1, 0]

    refused = await world.call("POST", path, {"content": "one too many"})
    assert refused.status == 429
    data = await body(refused)
    assert data["global"] is False and 0 < data["retry_after"] <= 5
    assert data["message"] == "You are being rate limited."
    assert refused.headers["X-RateLimit-Scope"] == "user"
    assert int(refused.headers["Retry-After"]) >= 1
    assert refused.headers["Via"]  # discord.py retries a 429 only when it came through Discord

    # Another channel is another bucket; the same channel serves again once it resets.
    assert (
        await world.call("POST", f"/channels/{world.other.id}/messages", {"content": "x"})
    ).status == 200
    world.clock.now += 5.0
    assert (await world.call("POST", path, {"content": "again"})).status == 200
    assert len(world.fake.channel_messages(world.games)) == 6
    assert world.fake.rate_limits.refused["user"] == 1


async def test_message_edits_share_a_per_channel_bucket(world: World) -> None:
    created = await world.call("POST", f"/channels/{world.games.id}/messages", {"content": "b"})
    msg_id = (await body(created))["id"]
    path = f"/channels/{world.games.id}/messages/{msg_id}"
    statuses = [(await world.call("PATCH", path, {"content": f"v{i}"})).status for i in range(6)]
    assert statuses == [200] * 5 + [429]
    assert world.fake.message(int(msg_id)).content == "v4"  # the refused edit changed nothing


async def test_global_limit_fifty_per_second_interaction_endpoints_exempt(world: World) -> None:
    """Topics > Rate Limits: 50 requests per second per bot; interaction endpoints are not
    bound to it."""
    world.fake.rest.limiter.route_limits.clear()  # only the global limit in this test
    path = f"/channels/{world.games.id}"
    statuses = [(await world.call("GET", path)).status for _ in range(51)]
    assert statuses[:50] == [200] * 50 and statuses[50] == 429
    refused = await world.call("GET", path)
    data = await body(refused)
    assert data["global"] is True and 0 < data["retry_after"] <= 1
    assert refused.headers["X-RateLimit-Global"] == "true"
    assert refused.headers["X-RateLimit-Scope"] == "global"

    # The interaction endpoints stay open while the global limit is spent: the callback
    # is answered on its merits (here: no such interaction), not with a 429.
    callback = await world.call("POST", "/interactions/1/nope/callback", {"type": 4})
    assert callback.status == 404 and (await body(callback))["code"] == 10062

    world.clock.now += 1.0
    assert (await world.call("GET", path)).status == 200
    stats = world.fake.rate_limits
    assert stats.refused["global"] == 2 and stats.global_limited == 51


async def test_a_shared_refusal_does_not_count_toward_the_ban(world: World) -> None:
    limiter = world.fake.rest.limiter
    limiter.invalid_limit = 3
    msg = await body(
        await world.call("POST", f"/channels/{world.games.id}/messages", {"content": "a"})
    )
    world.fake.rest.old_message_edits = 0
    world.fake.message(int(msg["id"])).born -= 3601
    for _ in range(5):  # 30046 refusals have scope "shared": not invalid requests
        resp = await world.call(
            "PATCH", f"/channels/{world.games.id}/messages/{msg['id']}", {"content": "b"}
        )
        assert resp.status == 429 and resp.headers["X-RateLimit-Scope"] == "shared"
    assert limiter.stats.invalid == 0


async def test_invalid_requests_lead_to_a_temporary_ban(world: World) -> None:
    """Topics > Rate Limits: 10,000 invalid (401, 403, 429) requests in 10 minutes ban the
    address (the limit is lowered here so the test is short)."""
    world.fake.rest.limiter.invalid_limit = 4
    world.fake.set_dms_open(world.alice, False)
    dm = world.fake.dm_channel(world.alice)
    for _ in range(5):
        resp = await world.call("POST", f"/channels/{dm.id}/messages", {"content": "hi"})
        assert resp.status == 403 and (await body(resp))["code"] == 50007
    banned = await world.call("GET", f"/channels/{world.games.id}")
    assert banned.status == 429 and "Via" not in banned.headers
    world.clock.now += 3601
    assert (await world.call("GET", f"/channels/{world.games.id}")).status == 200


async def test_old_messages_accept_few_edits_then_30046(world: World) -> None:
    """Topics > Opcodes and Status Codes: 30046, edits of messages older than an hour."""
    world.fake.rest.old_message_edits = 2
    created = await world.call("POST", f"/channels/{world.games.id}/messages", {"content": "old"})
    msg_id = int((await body(created))["id"])
    path = f"/channels/{world.games.id}/messages/{msg_id}"
    assert (await world.call("PATCH", path, {"content": "young edit"})).status == 200
    world.fake.message(msg_id).born -= 3601  # an hour passes
    statuses = []
    for i in range(3):
        world.clock.now += 5  # past the per-channel edit bucket
        statuses.append((await world.call("PATCH", path, {"content": f"old edit {i}"})).status)
    assert statuses == [200, 200, 429]
    refused = await world.call("PATCH", path, {"content": "still no"})
    data = await body(refused)
    assert data["code"] == 30046 and data["retry_after"] > 0
    assert world.fake.message(msg_id).content == "old edit 1"


async def test_expired_interaction_token_gets_401_50027(world: World) -> None:
    """Interactions > Receiving and Responding: tokens are valid for 15 minutes."""
    bot = discord.Client(intents=discord.Intents.default())
    tree = discord.app_commands.CommandTree(bot)

    @tree.command(name="ping", description="pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    await world.fake.start_bot(bot)
    await tree.sync()
    handle = await (await world.fake.slash(world.alice, world.games, "ping")).wait_acknowledged()
    app = world.fake.application_id
    followup = f"/webhooks/{app}/{handle.token}"
    assert (await world.call("POST", followup, {"content": "in time"})).status == 204
    assert handle.dispatched_at is not None
    handle.dispatched_at -= 15 * 60 + 1
    late = await world.call("POST", followup, {"content": "too late"})
    assert late.status == 401 and (await body(late))["code"] == 50027
    edit = await world.call("PATCH", f"{followup}/messages/@original", {"content": "x"})
    assert edit.status == 401


async def test_command_set_is_validated_and_daily_creates_are_limited(world: World) -> None:
    """Interactions > Application Commands: names 1-32 characters, descriptions 1-100, and
    200 command creates per day per guild (global counts as one scope)."""
    app = world.fake.application_id
    path = f"/applications/{app}/commands"
    world.fake.rest.limiter.route_limits.clear()
    bad = await world.call("PUT", path, [{"name": "x" * 33, "description": "d"}])
    assert bad.status == 400 and (await body(bad))["code"] == 50035
    bad = await world.call("PUT", path, [{"name": "ok", "description": "d" * 101}])
    assert bad.status == 400

    world.fake.rest.daily_command_creates = 3
    first = [{"name": f"c{i}", "description": "d"} for i in range(3)]
    assert (await world.call("PUT", path, first)).status == 200
    assert (await world.call("PUT", path, first)).status == 200  # no new names: no create
    refused = await world.call("PUT", path, [*first, {"name": "c3", "description": "d"}])
    assert refused.status == 429 and (await body(refused))["code"] == 30034
    assert [c["name"] for c in world.fake.state.commands[None]] == ["c0", "c1", "c2"]
    assert world.fake.state.command_writes[None] == 2


async def test_discord_py_reads_the_headers_and_never_meets_a_429(world: World) -> None:
    """A burst of 7 messages into one channel: discord.py waits on our bucket headers."""
    bot = discord.Client(intents=discord.Intents.default())
    await world.fake.start_bot(bot)
    # discord.py waits in real time: Discord's buckets with their windows shortened (that it
    # waits is the point, not for how long; tests/support/discord_windows.py)
    world.fake.rest.limiter = shortened_limiter()
    channel = bot.get_channel(world.games.id)
    assert isinstance(channel, discord.TextChannel)
    for i in range(7):
        await channel.send(f"burst {i}")
    assert len(world.fake.channel_messages(world.games)) == 7
    assert world.fake.rate_limits.refused == {"user": 0, "global": 0, "shared": 0}


async def test_dm_to_a_user_with_closed_dms_is_50007(world: World) -> None:
    """Topics > Opcodes and Status Codes: 50007 Cannot send messages to this user."""
    world.fake.set_dms_open(world.alice, False)
    dm = world.fake.dm_channel(world.alice)
    resp = await world.call("POST", f"/channels/{dm.id}/messages", {"content": "hi"})
    assert resp.status == 403 and (await body(resp))["code"] == 50007


async def test_gateway_refuses_disallowed_intents_with_4014(world: World) -> None:
    world.fake.gateway.disallowed_intents = discord.Intents.members.flag
    intents = discord.Intents.default()
    intents.members = True
    bot = discord.Client(intents=intents)
    await bot.login("token")
    try:
        with pytest.raises(discord.PrivilegedIntentsRequired):
            await bot.connect(reconnect=True)
    finally:
        await bot.close()


async def test_gateway_refuses_a_bad_token_with_4004_and_the_bot_says_one_line(
    world: World,
) -> None:
    """Topics > Opcodes and Status Codes: close code 4004, authentication failed; discord.py
    does not reconnect, and `cardhost bot` ends with the same clear line as for a REST 401."""
    from bot.discord.app import _start_failure

    world.fake.gateway.refused_tokens.add("revoked-token")
    bot = discord.Client(intents=discord.Intents.default())
    await bot.login("revoked-token")
    try:
        with pytest.raises(discord.ConnectionClosed) as closed:
            await bot.connect(reconnect=True)  # 4004 is final: discord.py does not retry
    finally:
        await bot.close()
    assert closed.value.code == 4004
    assert _start_failure(closed.value) == (
        "Discord rejected the token (DISCORD_TOKEN); reset it and try again."
    )


# -- threads (Topics: Threads; Resources: Channel, Start Thread from Message) ----------------


async def start_thread(world: World, message_id: str) -> aiohttp.ClientResponse:
    return await world.call(
        "POST",
        f"/channels/{world.games.id}/messages/{message_id}/threads",
        {"name": "a vs b", "auto_archive_duration": 1440},
    )


async def test_a_public_thread_takes_its_starter_messages_id_once(world: World) -> None:
    sent = await body(
        await world.call("POST", f"/channels/{world.games.id}/messages", {"content": "x"})
    )
    started = await start_thread(world, sent["id"])
    assert started.status == 200
    thread = await body(started)
    assert thread["id"] == sent["id"] and thread["type"] == 11
    assert thread["parent_id"] == str(world.games.id)
    again = await start_thread(world, sent["id"])
    assert again.status == 400 and (await body(again))["code"] == 160004


async def test_starting_a_thread_needs_create_public_threads(world: World) -> None:
    world.games.guild.bot_permissions &= ~CREATE_PUBLIC_THREADS
    sent = await body(
        await world.call("POST", f"/channels/{world.games.id}/messages", {"content": "x"})
    )
    refused = await start_thread(world, sent["id"])
    assert refused.status == 403 and (await body(refused))["code"] == 50013


async def test_an_archived_thread_takes_messages_but_no_edits(world: World) -> None:
    sent = await body(
        await world.call("POST", f"/channels/{world.games.id}/messages", {"content": "x"})
    )
    thread = world.fake.state.channels[
        int((await body(await start_thread(world, sent["id"])))["id"])
    ]
    inside = await body(
        await world.call("POST", f"/channels/{thread.id}/messages", {"content": "y"})
    )
    world.fake.archive_thread(thread)
    edit = await world.call(
        "PATCH", f"/channels/{thread.id}/messages/{inside['id']}", {"content": "z"}
    )
    assert edit.status == 400 and (await body(edit))["code"] == 50083
    posted = await world.call("POST", f"/channels/{thread.id}/messages", {"content": "again"})
    assert posted.status == 200 and not thread.archived  # sending unarchives it
    world.fake.archive_thread(thread, locked=True)
    world.games.guild.bot_permissions &= ~MANAGE_THREADS
    locked = await world.call("POST", f"/channels/{thread.id}/messages", {"content": "no"})
    assert locked.status == 400 and (await body(locked))["code"] == 50083
    world.fake.delete_thread(thread)
    gone = await world.call("POST", f"/channels/{thread.id}/messages", {"content": "no"})
    assert gone.status == 404 and (await body(gone))["code"] == 10003
