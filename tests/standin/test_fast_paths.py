"""The stand-in's fast paths: lean recording, keyed waits, and its own HTTP/websocket server."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import struct
import subprocess
import sys
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord.ext import commands

from cardhost_devtools.standin import FakeDiscord, FakeUser, StandinTimeoutError
from cardhost_devtools.standin.httpserver import WS_GUID

# -- a small bot --------------------------------------------------------------------------------


class AgainView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Again", custom_id="again")
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content="pong again")


class PingBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())

        @self.tree.command(name="ping", description="pong with a button")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong", view=AgainView())


async def ping_and_click(fake: FakeDiscord, user: FakeUser) -> None:
    guild = next(iter(fake.state.guilds.values()))
    channel = guild.channels[0]
    reply = await (await fake.slash(user, channel, "ping")).wait_response()
    assert reply is not None and reply.content == "pong"
    click = await fake.click(user, reply, label="Again")
    await click.wait_acknowledged()
    assert reply.content == "pong again"


@pytest_asyncio.fixture
async def lean() -> AsyncIterator[tuple[FakeDiscord, FakeUser, PingBot]]:
    async with FakeDiscord(record_calls=False, keep_history=False) as fake:
        guild = fake.add_guild("Lean")
        fake.add_text_channel(guild, "games")
        alice = fake.add_user("alice")
        fake.add_member(guild, alice)
        bot = PingBot()
        await fake.start_bot(bot)
        yield fake, alice, bot


@pytest_asyncio.fixture
async def plain() -> AsyncIterator[tuple[FakeDiscord, FakeUser, FakeUser]]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Plain")
        fake.add_text_channel(guild, "games")
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        fake.add_member(guild, alice)
        fake.add_member(guild, bob)
        yield fake, alice, bob


# -- lean mode ----------------------------------------------------------------------------------


async def test_lean_mode_records_no_calls_nor_history(lean) -> None:
    fake, alice, bot = lean
    await ping_and_click(fake, alice)
    assert fake.calls == []  # nothing kept...
    reply = fake.interactions[0].response
    assert reply is not None and reply.edited and reply.history == []  # ...yet edits are seen
    assert len(fake.ack_latencies()) == 2
    click = fake.interactions[1]
    assert click.payload["type"] == 3 and click.payload["message"]["id"] == str(reply.id)
    with pytest.raises(discord.NotFound):  # unknown routes are still recorded
        await bot.http.request(discord.http.Route("GET", "/guilds/{g}/bans", g=1))
    (unknown,) = fake.unknown_calls
    assert unknown.status == 404 and unknown.response["message"] == "unknown route in stand-in"


async def test_calls_without_bodies() -> None:
    async with FakeDiscord(record_bodies=False) as fake:
        guild = fake.add_guild("g")
        fake.add_text_channel(guild, "games")
        alice = fake.add_user("alice")
        fake.add_member(guild, alice)
        bot = PingBot()
        await fake.start_bot(bot)
        await ping_and_click(fake, alice)
        callbacks = fake.recorder.to("POST", "/interactions/{interaction_id}/{token}/callback")
        assert len(callbacks) == 2 and all(c.status in (200, 204) for c in callbacks)
        assert all(c.json is None and c.response is None and c.files == [] for c in callbacks)
        reply = fake.interactions[0].response
        assert reply is not None and [r.content for r in reply.history] == ["pong"]


# -- keyed waits ----------------------------------------------------------------------------------


async def test_keyed_waiters_wake_only_for_what_they_name(plain) -> None:
    fake, alice, bob = plain
    checks = {"keyed": 0, "any": 0}

    def alice_has_dm(counter: str):
        checks[counter] += 1
        return fake.dm_messages(alice)

    keyed = asyncio.create_task(fake.wait_until(lambda: alice_has_dm("keyed"), on=alice))
    anything = asyncio.create_task(fake.wait_until(lambda: alice_has_dm("any")))
    await asyncio.sleep(0)
    assert fake.state.waiter_count == 2
    before = dict(checks)
    for n in range(3):  # bob's DMs: only the waiter that named nothing looks again
        fake.state.create_message(fake.dm_channel(bob), {"content": f"hi bob {n}"}, [])
        await asyncio.sleep(0)
    assert checks["keyed"] == before["keyed"] and checks["any"] == before["any"] + 3
    fake.state.notify()  # a change that names nothing wakes everyone
    await asyncio.sleep(0)
    assert checks["keyed"] == before["keyed"] + 1
    sent = fake.state.create_message(fake.dm_channel(alice), {"content": "hi alice"}, [])
    assert await keyed == [sent] and await anything == [sent]
    assert fake.state.waiter_count == 0


async def test_keyed_waiter_times_out_and_unregisters(plain) -> None:
    fake, alice, _ = plain
    channel = fake.dm_channel(alice)
    with pytest.raises(StandinTimeoutError, match="a message"):
        await fake.wait_until(lambda: None, on=[channel], timeout=0.05, description="a message")
    assert fake.state.waiter_count == 0
    found = asyncio.create_task(fake.wait_for_message(channel, lambda m: "two" in m.text))
    await asyncio.sleep(0)
    first = fake.state.create_message(channel, {"content": "one"}, [])
    fake.state.edit_message(first, {"content": "one, two"}, None)  # an edit wakes it too
    assert await found is first


async def test_visibility_indexes_match_a_full_scan(plain) -> None:
    fake, alice, bob = plain
    state = fake.state
    games = next(iter(state.guilds.values())).channels[0]
    made = [
        state.create_message(games, {"content": "public"}, []),
        state.create_message(games, {"content": "for alice"}, [], visible_to=alice),
        state.create_message(fake.dm_channel(alice), {"content": "dm alice"}, []),
        state.create_message(games, {"content": "for bob"}, [], visible_to=bob),
        state.create_message(fake.dm_channel(bob), {"content": "dm bob"}, []),
        state.create_message(fake.dm_channel(alice), {"content": "dm alice 2"}, []),
    ]
    state.delete_message(made[-1])
    outsider = fake.add_user("outsider")
    for user in (alice, bob, outsider):
        scan = [m for m in state.messages.values() if state.is_visible(m, user)]
        assert fake.messages_visible_to(user) == scan
        assert fake.ephemeral_for(user) == [m for m in scan if m.ephemeral]
        assert fake.dm_messages(user) == [m for m in scan if m.channel.is_dm]
    assert [m.content for m in fake.dm_messages(alice)] == ["dm alice"]


# -- the HTTP server -----------------------------------------------------------------------------


async def exchange(fake: FakeDiscord, raw: bytes, responses: int = 1) -> list[tuple[int, dict]]:
    """Send raw bytes on one connection; read ``responses`` answers (status, JSON body)."""
    reader, writer = await asyncio.open_connection(fake.host, fake.port)
    try:
        writer.write(raw)
        out = []
        for _ in range(responses):
            out.append(await read_response(reader))
        return out
    finally:
        writer.close()


async def read_response(reader: asyncio.StreamReader) -> tuple[int, dict]:
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
    status = int(head[0].split(" ")[1])
    headers = dict(line.split(": ", 1) for line in head[1:] if line)
    length = int(headers.get("Content-Length", "0"))
    body = await reader.readexactly(length) if length else b""
    if length:
        assert headers["Content-Type"] == "application/json"
    return status, json.loads(body) if body else {}


def request(method: str, path: str, body: bytes = b"", **headers: str) -> bytes:
    lines = [f"{method} /api/v10{path} HTTP/1.1", "Host: standin"]
    lines += [f"{k.replace('_', '-')}: {v}" for k, v in headers.items()]
    if body and "Transfer_Encoding" not in headers:
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


async def test_keep_alive_pipelining_and_escaped_paths(plain) -> None:
    fake, *_ = plain
    raw = request("GET", "/users/@me") + request("GET", "/users/%40me") + request("GET", "/gone")
    answers = await exchange(fake, raw, responses=3)
    assert [status for status, _ in answers] == [200, 200, 404]
    assert answers[0][1]["username"] == answers[1][1]["username"] == "cardhost"
    assert answers[2][1] == {"code": 0, "message": "unknown route in stand-in"}
    assert [c.path for c in fake.calls] == ["/users/@me", "/users/@me", "/gone"]
    assert fake.unknown_calls[0].path == "/gone"


async def test_chunked_and_continued_bodies(plain) -> None:
    fake, alice, _ = plain
    body = json.dumps({"recipient_id": str(alice.id)}).encode()
    chunked = b"%x\r\n%s\r\n%x\r\n%s\r\n0\r\n\r\n" % (5, body[:5], len(body) - 5, body[5:])
    raw = request("POST", "/users/@me/channels", chunked, Transfer_Encoding="chunked")
    [(status, channel)] = await exchange(fake, raw)
    assert status == 200 and channel["recipients"][0]["id"] == str(alice.id)

    reader, writer = await asyncio.open_connection(fake.host, fake.port)
    try:
        head = request("POST", "/users/@me/channels", Expect="100-continue")
        writer.write(head.replace(b"\r\n\r\n", b"\r\nContent-Length: %d\r\n\r\n" % len(body)))
        assert await reader.readuntil(b"\r\n\r\n") == b"HTTP/1.1 100 Continue\r\n\r\n"
        writer.write(body)
        status, channel = await read_response(reader)
        assert status == 200 and channel["id"] == str(fake.dm_channel(alice).id)
    finally:
        writer.close()


async def test_bad_requests_are_refused(plain) -> None:
    fake, *_ = plain
    [(status, body)] = await exchange(fake, request("POST", "/users/@me/channels", b"{nope"))
    assert status == 400 and body["code"] == 50109
    reader, writer = await asyncio.open_connection(fake.host, fake.port)
    writer.write(b"NONSENSE\r\n\r\n")
    assert (await reader.read()).startswith(b"HTTP/1.1 400 Bad Request\r\n")  # then closed
    writer.close()
    [(status, _)] = await exchange(fake, b"GET /gateway HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 400  # the gateway only speaks websocket


async def test_multipart_uploads_reach_the_message(plain) -> None:
    fake, *_ = plain
    games = next(iter(fake.state.guilds.values())).channels[0]
    form = aiohttp.FormData()
    payload = {"content": "a card", "attachments": [{"id": 0, "filename": "my card.png"}]}
    form.add_field("payload_json", json.dumps(payload), content_type="application/json")
    form.add_field("files[0]", b"\x89PNG-bytes", filename="my card.png", content_type="image/png")
    url = f"{fake.rest_base}/channels/{games.id}/messages"
    async with aiohttp.ClientSession() as http, http.post(url, data=form) as resp:
        assert resp.status == 200
        sent = await resp.json()
    message = fake.message(int(sent["id"]))
    assert message.content == "a card"
    assert message.attachment("my card.png").data == b"\x89PNG-bytes"
    (upload,) = fake.calls[-1].files
    assert upload.field == "files[0]" and upload.index == 0 and upload.content_type == "image/png"


# -- the gateway websocket -----------------------------------------------------------------------


async def test_gateway_over_aiohttp_client(plain) -> None:
    fake, *_ = plain
    for n in range(300):  # a GUILD_CREATE beyond 64 KiB: the long frame-length form
        user = fake.add_user(f"member{n}")
        fake.add_member(next(iter(fake.state.guilds.values())), user)
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(fake.gateway_url, autoping=False) as ws,
    ):
        hello = await ws.receive_json()
        assert hello["op"] == 10 and hello["s"] is None
        await ws.send_json({"op": 2, "d": {"token": "t", "intents": 3, "properties": {}}})
        ready = await ws.receive_json()
        guild = await ws.receive()
        assert ready["t"] == "READY" and ready["s"] == 1
        assert len(guild.data) > 65535 and json.loads(guild.data)["t"] == "GUILD_CREATE"
        assert fake.gateway.active is not None
        await ws.ping(b"still there?")
        pong = await ws.receive()
        assert pong.type is aiohttp.WSMsgType.PONG and pong.data == b"still there?"
        await ws.send_json({"op": 1, "d": 2})
        assert (await ws.receive_json())["op"] == 11
    await fake.wait_until(lambda: fake.gateway.active is None, timeout=2)


async def test_gateway_raw_frames_fragments_and_close(plain) -> None:
    fake, *_ = plain
    reader, writer = await asyncio.open_connection(fake.host, fake.port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            "GET /gateway?v=10&encoding=json HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = (await reader.readuntil(b"\r\n\r\n")).decode()
    accept = base64.b64encode(hashlib.sha1((key + WS_GUID).encode()).digest()).decode()
    assert head.startswith("HTTP/1.1 101") and f"Sec-WebSocket-Accept: {accept}" in head
    assert json.loads(await read_frame(reader))["op"] == 10
    identify = json.dumps({"op": 2, "d": {"token": "t", "intents": 1}}).encode()
    writer.write(masked_frame(0x1, identify[:10], fin=False))  # text, in two fragments
    writer.write(masked_frame(0x0, identify[10:]))
    assert json.loads(await read_frame(reader))["t"] == "READY"
    assert json.loads(await read_frame(reader))["t"] == "GUILD_CREATE"
    writer.write(masked_frame(0x8, struct.pack("!H", 1000)))
    assert await read_frame(reader, opcode=0x8) == struct.pack("!H", 1000)
    assert await reader.read() == b""  # and the connection is closed
    writer.close()
    assert fake.gateway.active is None and fake.gateway.sessions[0].received[0]["op"] == 2


def masked_frame(opcode: int, payload: bytes, *, fin: bool = True) -> bytes:
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    assert len(payload) < 126
    return bytes(((0x80 if fin else 0) | opcode, 0x80 | len(payload))) + mask + body


async def read_frame(reader: asyncio.StreamReader, opcode: int = 0x1) -> bytes:
    first, second = await reader.readexactly(2)
    assert first == 0x80 | opcode and not second & 0x80  # final, unmasked
    size = second & 0x7F
    if size == 126:
        size = struct.unpack("!H", await reader.readexactly(2))[0]
    elif size == 127:
        size = struct.unpack("!Q", await reader.readexactly(8))[0]
    return await reader.readexactly(size)


# -- JSON without orjson -------------------------------------------------------------------------


def test_json_falls_back_to_the_standard_library() -> None:
    code = (
        "import sys; sys.modules['orjson'] = None\n"
        "from cardhost_devtools.standin import jsonio\n"
        "assert jsonio.BACKEND == 'json', jsonio.BACKEND\n"
        "encoded = jsonio.dumps({'a': 'é', 'b': [1, None]})\n"
        'assert encoded == \'{"a":"é","b":[1,null]}\'.encode(), encoded\n'
        "assert jsonio.loads(b'{\"a\": 1}') == {'a': 1}\n"
        "from cardhost_devtools.standin import FakeDiscord\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
