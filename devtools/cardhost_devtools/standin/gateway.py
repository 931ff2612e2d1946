"""Websocket gateway: HELLO / IDENTIFY / READY / GUILD_CREATE and event dispatch to the bot.

Frames are encoded and written to the socket synchronously, in the order the stand-in
produces them (a channel created before a slash command is known before the command
arrives), so there is no writer task, no queue and no per-frame future to schedule: a burst
of hundreds of events is hundreds of ``transport.write`` calls, never interleaved.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable
from typing import Any

from .httpserver import HttpRequest, WebSocket
from .jsonio import dumps, loads
from .state import StandinState

log = logging.getLogger(__name__)

DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
RESUME = 6
REQUEST_GUILD_MEMBERS = 8
HELLO = 10
HEARTBEAT_ACK = 11
HEARTBEAT_INTERVAL_MS = 41_250
#: Intent bit a bot needs to receive each world event we emit (Discord filters by intents).
EVENT_INTENTS = {
    "GUILD_CREATE": 1 << 0,
    "CHANNEL_CREATE": 1 << 0,
    "GUILD_ROLE_CREATE": 1 << 0,
    "GUILD_MEMBER_ADD": 1 << 1,
}


class NoBotConnectedError(RuntimeError):
    """An event had to go to the bot, but no bot has identified on the gateway."""


class GatewaySession:
    """One bot websocket connection."""

    def __init__(self, ws: WebSocket, number: int) -> None:
        self.ws = ws
        self.number = number
        self.session_id = uuid.uuid4().hex
        self.seq = 0
        self.identify: dict[str, Any] | None = None
        self.identified = False
        #: Non-heartbeat frames the bot sent (identify, presence updates, member requests...).
        self.received: list[dict[str, Any]] = []
        self._closing = False

    @property
    def intents(self) -> int:
        return int((self.identify or {}).get("intents", 0) or 0)

    @property
    def open(self) -> bool:
        return not self._closing and not self.ws.closed

    def send(
        self,
        op: int,
        d: Any = None,
        t: str | None = None,
        *,
        on_sent: Callable[[], None] | None = None,
    ) -> asyncio.Future[bool]:
        """Write a frame now; the (already resolved) future says whether it was written.

        ``d`` may be given already encoded (JSON ``bytes``). ``on_sent`` runs just before the
        write (the moment latencies are measured from).
        """
        sent: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        if self._closing or self.ws.closed:
            sent.set_result(False)
            return sent
        seq = b"null"
        if op == DISPATCH:
            self.seq += 1
            seq = b"%d" % self.seq
        # Straight to UTF-8 bytes, sent as a text frame (discord.py takes binary frames for
        # zlib streams).
        body = d if isinstance(d, bytes) else dumps(d)
        data = b'{"op":%d,"d":%b,"s":%b,"t":%b}' % (op, body, seq, dumps(t))
        if on_sent is not None:
            on_sent()
        written = self.ws.send_text(data)
        if not written:
            log.debug("gateway session %s dropped a frame: socket closing", self.number)
        sent.set_result(written)
        return sent

    async def close(self, code: int = 1000) -> None:
        """Close the socket (everything sent so far is flushed first; idempotent)."""
        self._closing = True
        if not self.ws.closed:
            self.ws.close(code)

    def __repr__(self) -> str:
        return f"<GatewaySession #{self.number} identified={self.identified} open={self.open}>"


class Gateway:
    """Accepts bot connections and routes events to the most recently identified one."""

    def __init__(self, state: StandinState) -> None:
        self.state = state
        self.url = ""
        self.sessions: list[GatewaySession] = []
        self._numbers = 0
        #: Tokens whose IDENTIFY is refused with close code 4004 (REST may still accept
        #: them: a token revoked between login and connect).
        self.refused_tokens: set[str] = set()
        #: Intent bits the application may not use (close code 4014).
        self.disallowed_intents = 0
        state.world_listeners.append(self._on_world_event)

    @property
    def active(self) -> GatewaySession | None:
        """The session interactions go to: the newest identified one still open."""
        for session in reversed(self.sessions):
            if session.identified and session.open:
                return session
        return None

    def dispatch(
        self, event: str, data: Any, *, on_sent: Callable[[], None] | None = None
    ) -> asyncio.Future[bool]:
        session = self.active
        if session is None:
            raise NoBotConnectedError(f"cannot send {event}: no bot is connected to the stand-in")
        return session.send(DISPATCH, data, event, on_sent=on_sent)

    def _on_world_event(self, event: str, data: dict[str, Any]) -> None:
        needed = EVENT_INTENTS.get(event, 0)
        for session in self.sessions:
            if session.identified and session.open and session.intents & needed == needed:
                session.send(DISPATCH, data, event)

    def accept(self, request: HttpRequest, ws: WebSocket) -> None:
        """A bot connected (the websocket handshake is done): say HELLO, then listen."""
        self._numbers += 1
        session = GatewaySession(ws, self._numbers)
        self.sessions.append(session)

        def on_message(raw: str | bytes) -> None:
            try:
                frame = loads(raw)
            except ValueError:
                log.debug("gateway session %s sent a frame that is not JSON", session.number)
                ws.close(1002)
                return
            try:
                self._on_frame(session, frame)
            except Exception:
                log.exception("stand-in gateway crashed on a frame of session %s", session.number)
                ws.close(1011)

        def on_close() -> None:
            session._closing = True
            self.state.notify()

        ws.on_message = on_message
        ws.on_close = on_close
        session.send(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS})

    def _on_frame(self, session: GatewaySession, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        data = frame.get("d")
        if op == HEARTBEAT:
            session.send(HEARTBEAT_ACK)
            return
        session.received.append(frame)
        if op == IDENTIFY:
            # Topics > Opcodes and Status Codes, gateway close event codes: 4004
            # "Authentication failed" (do not reconnect), 4014 "Disallowed intent(s)".
            identify = data or {}
            if identify.get("token") in self.refused_tokens:
                session.ws.close(4004)
                return
            if int(identify.get("intents") or 0) & self.disallowed_intents:
                session.ws.close(4014)
                return
            session.identify = data
            self._send_ready(session, shard=identify.get("shard"))
        elif op == RESUME:
            resumed = (data or {}).get("session_id")
            previous = next((s for s in self.sessions if s.session_id == resumed), None)
            if previous is not None:
                session.identify = previous.identify
                session.session_id = previous.session_id
            session.send(DISPATCH, {}, "RESUMED")
            session.identified = True
            self.state.notify()
        elif op == REQUEST_GUILD_MEMBERS:
            self._send_member_chunks(session, data or {})
        elif op != PRESENCE_UPDATE:
            log.debug("stand-in gateway ignores op %s", op)

    def _send_ready(self, session: GatewaySession, shard: list[int] | None) -> None:
        state = self.state
        user = {**state.bot_user.to_payload(), "verified": True, "mfa_enabled": False, "flags": 0}
        ready = {
            "v": 10,
            "user": user,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in state.guilds.values()],
            "session_id": session.session_id,
            "resume_gateway_url": self.url,
            "application": {"id": str(state.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "shard": shard or [0, 1],
        }
        session.send(DISPATCH, ready, "READY")
        for guild in state.guilds.values():
            session.send(DISPATCH, guild.to_create_payload(), "GUILD_CREATE")
        session.identified = True
        state.notify()

    def _send_member_chunks(self, session: GatewaySession, data: dict[str, Any]) -> None:
        guild_ids = data.get("guild_id")
        ids = guild_ids if isinstance(guild_ids, list) else [guild_ids]
        for raw_id in ids:
            guild = self.state.guilds.get(int(raw_id)) if raw_id is not None else None
            if guild is None:
                continue
            chunk = {
                "guild_id": str(guild.id),
                "members": [m.to_payload() for m in guild.members.values()],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
                "nonce": data.get("nonce"),
            }
            session.send(DISPATCH, chunk, "GUILD_MEMBERS_CHUNK")

    async def close(self) -> None:
        for session in list(self.sessions):
            await session.close(code=1001)
        self.sessions.clear()
