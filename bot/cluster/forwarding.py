"""Clicks and other interactions for a match another process owns, sent to that process
through PostgreSQL's LISTEN/NOTIFY, when several processes serve one bot (the interactions
other than decision clicks: bot/cluster/routing.py).

Discord delivers a click to whichever process holds the clicked message's shard (every
DM click to shard 0's), not to the process that owns the match. So the receiving process
answers Discord at once with a deferred update (the 3-second window is then met whatever
happens next), and NOTIFYs the owner on the owner's own channel with what the click says
and its interaction token. The owner applies the choice as it applies its own clicks
(`Controller.forwarded`: the same checks, commit before show) and then edits the clicked
message through the token (valid 15 minutes), so the follow-up comes from the process
that has the match's state and redraws its board and panels: nothing goes back.

A notification is not stored: if the owner dies before it applies a forwarded click, the
click is lost *unacknowledged* (the player saw only "…", their panel never changed), and
the player clicks again once another process took the match over. Nothing acknowledged
is lost: a click is acknowledged only by the owner's edit, after its commit.
"""

import asyncio
import base64
import hashlib
import json
import logging
import zlib
from collections.abc import Callable, Coroutine
from typing import Any

log = logging.getLogger(__name__)

#: PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (its default page size).
NOTIFY_LIMIT = 7999
_PACKED = "z:"


class TooLarge(ValueError):
    """A payload that does not fit in one NOTIFY even compressed."""


def pack(payload: dict[str, Any]) -> str:
    """A NOTIFY payload: JSON, compressed (and marked so) when plain JSON would not fit.
    A forwarded interaction carries its gateway payload, a few kB of JSON that compresses
    about fourfold; a decision click is always small."""
    text = json.dumps(payload, separators=(",", ":"))
    if len(text.encode()) <= NOTIFY_LIMIT:
        return text
    packed = _PACKED + base64.b64encode(zlib.compress(text.encode(), 9)).decode()
    if len(packed) > NOTIFY_LIMIT:
        raise TooLarge(f"{len(text)} bytes of JSON, {len(packed)} packed")
    return packed


def unpack(text: str) -> Any:
    """`pack`'s payload back (ValueError if it is neither JSON nor packed JSON)."""
    if text.startswith(_PACKED):
        try:
            text = zlib.decompress(base64.b64decode(text[len(_PACKED) :])).decode()
        except (zlib.error, ValueError) as exc:
            raise ValueError(f"a packed payload that does not unpack: {exc}") from None
    return json.loads(text)


def channel_of(owner: str) -> str:
    """A process's NOTIFY channel: an identifier, from its lease name."""
    return "cardhost_" + hashlib.sha1(owner.encode()).hexdigest()[:24]


Handle = Callable[[dict[str, Any]], Coroutine[Any, Any, None]]


class Forwarder:
    def __init__(self, url: str, owner: str):
        self.url = url
        self.owner = owner
        self.handle: Handle | None = None
        self._listen: Any = None
        self._send: Any = None
        self._loop_task: asyncio.Task | None = None
        self._handling: set[asyncio.Task] = set()

    async def start(self, handle: Handle) -> None:
        """Listen on this process's channel, giving each note to `handle` (the router: it
        is built with this forwarder, so it is handed in here). Two connections of its
        own: one waits on notifications, one sends them, so neither holds up the
        storage's connection."""
        import psycopg

        self.handle = handle

        self._listen = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await self._listen.execute(f"LISTEN {channel_of(self.owner)}")
        self._send = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        self._loop_task = asyncio.create_task(self._receive())

    async def _receive(self) -> None:
        async for note in self._listen.notifies():
            try:
                payload = unpack(note.payload)
            except ValueError:
                log.warning("a forwarded note that is not JSON: %r", note.payload[:100])
                continue
            assert self.handle is not None
            task = asyncio.create_task(self.handle(payload))
            self._handling.add(task)
            task.add_done_callback(self._handling.discard)

    async def send(self, owner: str, payload: dict[str, Any] | str) -> None:
        """Send a click or an interaction (`pack`ed already, or packed here) to the
        process `owner` (delivered when this commits: at once)."""
        text = payload if isinstance(payload, str) else pack(payload)
        await self._send.execute("SELECT pg_notify(%s, %s)", (channel_of(owner), text))

    async def close(self) -> None:
        if self._loop_task is not None:
            self._loop_task.cancel()
        for conn in (self._listen, self._send):
            if conn is not None:
                try:
                    await conn.close()
                except Exception:  # closing anyway
                    log.debug("closing a forwarding connection failed", exc_info=True)
