"""A small HTTP/1.1 + websocket server on asyncio's protocols, for the stand-in only.

aiohttp's web server spends ~250 µs of CPU per request when requests come one at a time (a
task per request, request and response objects, middlewares, an event loop turn each), which
made the stand-in, not the bot, the bottleneck of a benchmark. Here a request is parsed from
the bytes of one ``data_received`` call, handled synchronously and answered with a single
``write``: about a third of that. It speaks what discord.py's aiohttp client sends (keep-alive,
Content-Length or chunked bodies, ``Expect: 100-continue``) and the websocket protocol
(RFC 6455: handshake, masked client frames, fragments, ping, close) without extensions.
It binds only to the address it is given (127.0.0.1 by default): it is not a web server.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import struct
from collections.abc import Callable
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qsl, unquote

log = logging.getLogger(__name__)

MAX_HEAD = 64 * 1024
WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

TEXT = 0x1
BINARY = 0x2
CLOSE = 0x8
PING = 0x9
PONG = 0xA
CONTINUATION = 0x0


class HttpRequest:
    """One parsed request: what the REST handlers read (headers keyed in lower case)."""

    __slots__ = (
        "_query",
        "body",
        "call",
        "files",
        "headers",
        "match_info",
        "method",
        "path",
        "query_string",
    )

    def __init__(
        self, method: str, path: str, query_string: str, headers: dict[str, str], body: bytes
    ) -> None:
        self.method = method
        self.path = path
        self.query_string = query_string
        self.headers = headers
        self.body = body
        self.match_info: dict[str, str] = {}
        self.call: Any = None
        self.files: list[Any] = []
        self._query: dict[str, str] | None = None

    @property
    def query(self) -> dict[str, str]:
        """Query parameters (the first value of a repeated one), decoded."""
        if self._query is None:
            query: dict[str, str] = {}
            if self.query_string:
                for key, value in parse_qsl(self.query_string, keep_blank_values=True):
                    query.setdefault(key, value)
            self._query = query
        return self._query

    @property
    def content_type(self) -> str:
        """The media type alone, lower case (no parameters)."""
        return self.headers.get("content-type", "").partition(";")[0].strip().lower()


#: ``handle(request) -> (status, JSON body or None for no body)``.
RequestHandler = Callable[[HttpRequest], tuple[int, bytes | None, bytes]]
#: ``accept(request, websocket)``: called once the handshake is answered.
SocketAcceptor = Callable[[HttpRequest, "WebSocket"], None]


def _status_line(status: int) -> bytes:
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Unknown"
    return f"HTTP/1.1 {status} {phrase}\r\n".encode()


_STATUS_LINES = {s.value: _status_line(s.value) for s in HTTPStatus}


class HttpServer:
    """Serves ``handle`` for every path but ``ws_path``, where it accepts websockets."""

    def __init__(
        self,
        handle: RequestHandler,
        accept: SocketAcceptor,
        *,
        ws_path: str,
        max_body: int = 64 * 1024 * 1024,
    ) -> None:
        self.handle = handle
        self.accept = accept
        self.ws_path = ws_path
        self.max_body = max_body
        self.port: int | None = None
        self._server: asyncio.AbstractServer | None = None
        self._connections: set[_HttpProtocol] = set()

    async def start(self, host: str, port: int = 0, *, backlog: int = 1024) -> None:
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            lambda: _HttpProtocol(self), host, port, backlog=backlog
        )
        self.port = int(self._server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        """Stop listening and drop every connection (websockets get a 1001 close frame)."""
        server, self._server = self._server, None
        if server is None:
            return
        server.close()
        for connection in list(self._connections):
            connection.shut()
        try:  # on 3.12+ this waits for the connections just closed
            await asyncio.wait_for(server.wait_closed(), 5)
        except TimeoutError:
            log.warning("stand-in HTTP server: connections still open after close")


class _HttpProtocol(asyncio.Protocol):
    def __init__(self, server: HttpServer) -> None:
        self._server = server
        self._transport: asyncio.Transport | None = None
        self._buffer = bytearray()
        self._head: tuple[str, str, dict[str, str], bool] | None = None
        self._continued = False
        self._closing = False
        self._ws: WebSocket | None = None

    # -- asyncio.Protocol ------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        self._server._connections.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self._server._connections.discard(self)
        self._closing = True
        if self._ws is not None:
            self._ws._lost()

    def data_received(self, data: bytes) -> None:
        if self._ws is not None:
            self._ws._feed(data)
            return
        if self._closing:
            return
        buffer = self._buffer
        buffer += data
        try:
            while buffer and not self._closing and self._ws is None:
                if not self._next_request():
                    break
        except _BadRequest as exc:
            self._respond(exc.status, None, close=True)
        if self._ws is not None and buffer:
            rest = bytes(buffer)
            buffer.clear()
            self._ws._feed(rest)

    def shut(self) -> None:
        if self._ws is not None:
            self._ws.close(1001)
        elif self._transport is not None:
            self._transport.close()

    # -- requests --------------------------------------------------------------------------------

    def _next_request(self) -> bool:
        """Handle one complete request from the buffer; False if more bytes are needed."""
        buffer = self._buffer
        if self._head is None:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(buffer) > MAX_HEAD:
                    raise _BadRequest(431)
                return False
            self._head = _parse_head(bytes(buffer[:end]))
            del buffer[: end + 4]
            self._continued = False
        method, target, headers, keep_alive = self._head
        body = self._take_body(headers)
        if body is None:
            return False
        self._head = None
        path, _, query_string = target.partition("?")
        if "%" in path:
            path = unquote(path)
        request = HttpRequest(method, path, query_string, headers, body)
        if path == self._server.ws_path:
            self._upgrade(request)
            return True
        try:
            status, payload, extra_headers = self._server.handle(request)
        except Exception:  # the handler records its own errors; this is a last resort
            log.exception("stand-in HTTP handler crashed on %s %s", method, path)
            status, payload, extra_headers = 500, None, b""
        self._respond(status, payload, close=not keep_alive, headers=extra_headers)
        return True

    def _take_body(self, headers: dict[str, str]) -> bytes | None:
        """The whole body if it has arrived (consumed from the buffer), else None."""
        buffer = self._buffer
        if "chunked" in headers.get("transfer-encoding", "").lower():
            parsed = _parse_chunked(buffer, self._server.max_body)
            if parsed is None:
                self._maybe_continue(headers)
                return None
            body, used = parsed
            del buffer[:used]
            return body
        raw_length = headers.get("content-length")
        if not raw_length:
            return b""
        try:
            length = int(raw_length)
        except ValueError:
            raise _BadRequest(400) from None
        if length < 0:
            raise _BadRequest(400)
        if length > self._server.max_body:
            raise _BadRequest(413)
        if len(buffer) < length:
            self._maybe_continue(headers)
            return None
        body = bytes(buffer[:length])
        del buffer[:length]
        return body

    def _maybe_continue(self, headers: dict[str, str]) -> None:
        if not self._continued and headers.get("expect", "").lower() == "100-continue":
            self._continued = True
            assert self._transport is not None
            self._transport.write(b"HTTP/1.1 100 Continue\r\n\r\n")

    def _respond(
        self, status: int, body: bytes | None, *, close: bool, headers: bytes = b""
    ) -> None:
        """``headers``: extra header lines, each ending in CRLF (rate-limit headers)."""
        transport = self._transport
        if transport is None or transport.is_closing():
            return
        line = (_STATUS_LINES.get(status) or _status_line(status)) + headers
        tail = b"Connection: close\r\n\r\n" if close else b"\r\n"
        if body is None:
            transport.write(line + tail)
        else:
            transport.write(
                b"%sContent-Type: application/json\r\nContent-Length: %d\r\n%s%s"
                % (line, len(body), tail, body)
            )
        if close:
            self._closing = True
            transport.close()

    # -- websocket -------------------------------------------------------------------------------

    def _upgrade(self, request: HttpRequest) -> None:
        headers = request.headers
        key = headers.get("sec-websocket-key")
        if (
            request.method != "GET"
            or "websocket" not in headers.get("upgrade", "").lower()
            or not key
        ):
            self._respond(400, b'{"message":"expected a websocket upgrade"}', close=True)
            return
        accept = base64.b64encode(hashlib.sha1((key + WS_GUID).encode()).digest())
        assert self._transport is not None
        self._transport.write(
            b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Accept: %s\r\n\r\n" % accept
        )
        self._ws = WebSocket(self._transport)
        self._server.accept(request, self._ws)


class WebSocket:
    """The server end of one websocket: text frames out, messages in via callbacks."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport
        self._buffer = bytearray()
        self._fragments: list[bytes] = []
        self._fragment_opcode = 0
        self._close_sent = False
        self.closed = False
        self.close_code: int | None = None
        #: Called with each complete text (str) or binary (bytes) message.
        self.on_message: Callable[[str | bytes], None] | None = None
        #: Called once when the connection is gone, whoever closed it.
        self.on_close: Callable[[], None] | None = None

    def send_text(self, data: bytes) -> bool:
        """Write one text frame of UTF-8 ``data``; False if the socket is closing or gone."""
        if self._close_sent or self.closed or self._transport.is_closing():
            return False
        self._transport.write(_frame(TEXT, data))
        return True

    def close(self, code: int = 1000) -> None:
        """Send a close frame and drop the connection (written data is flushed first)."""
        if not self._close_sent and not self._transport.is_closing():
            self._close_sent = True
            self._transport.write(_frame(CLOSE, struct.pack("!H", code)))
        self._transport.close()
        self._lost()

    def _lost(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.on_close is not None:
            self.on_close()

    def _feed(self, data: bytes) -> None:
        buffer = self._buffer
        buffer += data
        while not self.closed:
            frame = _take_frame(buffer)
            if frame is None:
                return
            fin, opcode, payload = frame
            if opcode >= CLOSE:
                self._control(opcode, payload)
            elif opcode == CONTINUATION:
                self._fragments.append(payload)
                if fin:
                    payload = b"".join(self._fragments)
                    self._fragments = []
                    self._deliver(self._fragment_opcode, payload)
            elif not fin:
                self._fragment_opcode = opcode
                self._fragments = [payload]
            else:
                self._deliver(opcode, payload)

    def _deliver(self, opcode: int, payload: bytes) -> None:
        if self.on_message is None:
            return
        if opcode == TEXT:
            try:
                text = payload.decode()
            except UnicodeDecodeError:
                self.close(1007)
                return
            self.on_message(text)
        elif opcode == BINARY:
            self.on_message(payload)

    def _control(self, opcode: int, payload: bytes) -> None:
        if opcode == CLOSE:
            self.close_code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
            self.close(self.close_code if self.close_code != 1005 else 1000)
        elif opcode == PING and not self._close_sent:
            self._transport.write(_frame(PONG, payload))


# -- wire format ---------------------------------------------------------------------------------


class _BadRequest(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _parse_head(raw: bytes) -> tuple[str, str, dict[str, str], bool]:
    try:
        text = raw.decode("latin-1")
        first, *lines = text.split("\r\n")
        method, target, version = first.split(" ")
    except ValueError:
        raise _BadRequest(400) from None
    if not version.startswith("HTTP/1."):
        raise _BadRequest(505)
    headers: dict[str, str] = {}
    for line in lines:
        name, sep, value = line.partition(":")
        if not sep or not name or name != name.strip():
            raise _BadRequest(400)
        key = name.lower()
        value = value.strip()
        if key in headers:
            headers[key] = f"{headers[key]}, {value}"
        else:
            headers[key] = value
    if target.startswith(("http://", "https://")):  # absolute form
        slash = target.find("/", target.find("//") + 2)
        target = target[slash:] if slash >= 0 else "/"
    connection = headers.get("connection", "").lower()
    if version == "HTTP/1.0":  # keep-alive only if asked for
        return method, target, headers, "keep-alive" in connection
    return method, target, headers, "close" not in connection


def _parse_chunked(buffer: bytearray, limit: int) -> tuple[bytes, int] | None:
    """A whole chunked body at the start of ``buffer``: (body, bytes used) or None."""
    parts: list[bytes] = []
    pos = 0
    size_total = 0
    while True:
        eol = buffer.find(b"\r\n", pos)
        if eol < 0:
            return None
        try:
            size = int(bytes(buffer[pos:eol]).split(b";", 1)[0].strip(), 16)
        except ValueError:
            raise _BadRequest(400) from None
        pos = eol + 2
        if size == 0:
            break
        size_total += size
        if size_total > limit:
            raise _BadRequest(413)
        if len(buffer) < pos + size + 2:
            return None
        parts.append(bytes(buffer[pos : pos + size]))
        pos += size + 2
    while True:  # trailer lines, up to an empty one
        eol = buffer.find(b"\r\n", pos)
        if eol < 0:
            return None
        empty = eol == pos
        pos = eol + 2
        if empty:
            return b"".join(parts), pos


def _take_frame(buffer: bytearray) -> tuple[bool, int, bytes] | None:
    """Parse and consume one frame: (fin, opcode, unmasked payload), or None if partial."""
    have = len(buffer)
    if have < 2:
        return None
    first, second = buffer[0], buffer[1]
    length = second & 0x7F
    pos = 2
    if length == 126:
        if have < 4:
            return None
        length = int.from_bytes(buffer[2:4], "big")
        pos = 4
    elif length == 127:
        if have < 10:
            return None
        length = int.from_bytes(buffer[2:10], "big")
        pos = 10
    mask = None
    if second & 0x80:
        if have < pos + 4:
            return None
        mask = bytes(buffer[pos : pos + 4])
        pos += 4
    if have < pos + length:
        return None
    payload = bytes(buffer[pos : pos + length])
    del buffer[: pos + length]
    if mask is not None and payload:
        payload = _unmask(payload, mask)
    return bool(first & 0x80), first & 0x0F, payload


def _unmask(data: bytes, mask: bytes) -> bytes:
    size = len(data)
    key = (mask * (size // 4 + 1))[:size]
    return (int.from_bytes(data, "little") ^ int.from_bytes(key, "little")).to_bytes(size, "little")


def _frame(opcode: int, payload: bytes) -> bytes:
    size = len(payload)
    if size < 126:
        return bytes((0x80 | opcode, size)) + payload
    if size < 65536:
        return struct.pack("!BBH", 0x80 | opcode, 126, size) + payload
    return struct.pack("!BBQ", 0x80 | opcode, 127, size) + payload
