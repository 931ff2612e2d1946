"""REST half of the stand-in: the Discord HTTP routes discord.py calls, recorded one by one.

Handlers take an `HttpRequest` (already complete: the server reads whole bodies), return
plain data (JSON-able, or None for 204) and raise `ApiError` for Discord-style errors.
`RestApi.serve` routes a request, records the call (unknown routes included) and encodes the
answer; the server sends it with ``Content-Type: application/json`` exactly, which discord.py
requires to parse JSON at all.
"""

from __future__ import annotations

import logging
import mimetypes
import re
import time
from collections import Counter, deque
from collections.abc import Callable
from typing import Any

from aiohttp.multipart import content_disposition_filename, parse_content_disposition

from .commands import validate_commands
from .entities import CREATE_PUBLIC_THREADS, MANAGE_THREADS, SEND_MESSAGES_IN_THREADS, FakeChannel
from .errors import ApiError, invalid_form, unknown
from .httpserver import HttpRequest
from .interactions import ALLOWED_CALLBACKS, CallbackType, InteractionHandle, InteractionKind
from .jsonio import dumps, loads
from .messages import EPHEMERAL, LOADING, FakeAttachment, FakeMessage, validate_message
from .ratelimits import RateLimiter, Refusal, shared_refusal
from .recorder import CallRecorder, RecordedCall, UploadedFile
from .state import StandinState

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
GLOBAL_LIMIT = 50  # requests per second per bot, outside the interaction routes
GLOBAL_EXEMPT = ("/interactions/", "/webhooks/")
GATEWAY_PATH = "/gateway"
UNKNOWN_ROUTE_MESSAGE = "unknown route in stand-in"
CHAT_INPUT_COMMAND_MESSAGE = 20
REPLY_MESSAGE = 19

#: What a REST call's notification names (it wakes only waiters that named nothing).
CALLS_CHANGED = object()
_PARAMETER = re.compile(r"\{(\w+)(?::([^{}]*))?\}")
_INVALID_JSON = ApiError(400, 50109, "The request body contains invalid JSON.")

#: Interactions > Receiving and Responding: "you must send an initial response within 3
#: seconds of receiving the event"; tokens "are valid for 15 minutes".
ACK_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0
#: Topics > Opcodes and Status Codes, 30046: "Maximum number of edits to messages older
#: than 1 hour reached. Try again later". Discord does not publish the number of edits.
OLD_MESSAGE_AGE = 3600.0
OLD_MESSAGE_EDITS = 10
#: Interactions > Application Commands: "200 application command creates per day, per guild".
DAILY_COMMAND_CREATES = 200
DAY = 86_400.0


class _RateLimited(Exception):
    """Raised inside a handler to answer with a 429 (`Refusal`)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.body.get("message"))
        self.refusal = refusal


def _header_bytes(headers: dict[str, str]) -> bytes:
    return "".join(f"{k}: {v}\r\n" for k, v in headers.items()).encode("latin-1")


Reply = Any
Handler = Callable[[HttpRequest], Reply]


def read_body(request: HttpRequest) -> tuple[Any, list[UploadedFile]]:
    """Parse a JSON body, or a multipart body's ``payload_json`` plus its ``files[n]`` parts."""
    raw = request.body
    if not raw:
        return None, []
    header = request.headers.get("content-type", "")
    if header.lower().startswith("multipart/form-data"):
        payload: Any = None
        files: list[UploadedFile] = []
        for headers, data in _multipart_parts(raw, header):
            _, params = parse_content_disposition(headers.get("content-disposition"))
            name = content_disposition_filename(params, "name")
            if name == "payload_json":
                try:
                    payload = loads(data)
                except ValueError:
                    raise _INVALID_JSON from None
            else:
                files.append(
                    UploadedFile(
                        field=name or "",
                        filename=content_disposition_filename(params, "filename"),
                        content_type=headers.get("content-type"),
                        data=data,
                    )
                )
        return payload, files
    try:
        return loads(raw), []
    except ValueError:
        raise _INVALID_JSON from None


def _multipart_parts(body: bytes, content_type: str) -> list[tuple[dict[str, str], bytes]]:
    """The (headers, content) of each part of a ``multipart/*`` body (RFC 2046)."""
    boundary = None
    for param in content_type.split(";")[1:]:
        key, _, value = param.strip().partition("=")
        if key.strip().lower() == "boundary":
            boundary = value.strip().strip('"')
    if not boundary:
        raise invalid_form("multipart body without a boundary")
    delimiter = b"--" + boundary.encode("latin-1")
    separator = b"\r\n" + delimiter
    start = body.find(delimiter)
    if start < 0:
        raise invalid_form("multipart body without parts")
    parts: list[tuple[dict[str, str], bytes]] = []
    pos = start + len(delimiter)
    while not body.startswith(b"--", pos):
        line_end = body.find(b"\r\n", pos)  # rest of the delimiter line (padding)
        if line_end < 0:
            raise invalid_form("truncated multipart body")
        pos = line_end + 2
        headers: dict[str, str] = {}
        if body.startswith(b"\r\n", pos):
            content_start = pos + 2
        else:
            head_end = body.find(b"\r\n\r\n", pos)
            if head_end < 0:
                raise invalid_form("truncated multipart body")
            for line in body[pos:head_end].decode("utf-8", "replace").split("\r\n"):
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            content_start = head_end + 4
        end = body.find(separator, content_start)
        if end < 0:
            raise invalid_form("truncated multipart body")
        parts.append((headers, body[content_start:end]))
        pos = end + len(separator)
    return parts


def _route_regex(path: str) -> str:
    """aiohttp-style template to regex: ``{name}`` is one segment, ``{name:re}`` matches re."""
    out, pos = [], 0
    for found in _PARAMETER.finditer(path):
        out.append(re.escape(path[pos : found.start()]))
        out.append(f"(?P<{found[1]}>{found[2] or '[^{}/]+'})")
        pos = found.end()
    out.append(re.escape(path[pos:]))
    return "".join(out)


def _int(value: str, kind: str, code: int) -> int:
    try:
        return int(value)
    except ValueError:
        raise unknown(kind, code) from None


def _query_int(request: HttpRequest, name: str) -> int | None:
    raw = request.query.get(name)
    if raw is None:
        return None
    try:
        return int(raw)
    except ValueError:
        raise invalid_form(f"{name} must be an integer") from None


class RestApi:
    """Route table + handlers operating on a `StandinState`."""

    def __init__(
        self,
        state: StandinState,
        recorder: CallRecorder,
        *,
        ack_deadline: float | None = ACK_DEADLINE,
        token_lifetime: float = TOKEN_LIFETIME,
        old_message_age: float = OLD_MESSAGE_AGE,
        old_message_edits: int = OLD_MESSAGE_EDITS,
        daily_command_creates: int = DAILY_COMMAND_CREATES,
        limiter: RateLimiter | None = None,
        record_calls: bool = True,
        record_bodies: bool = True,
    ) -> None:
        self.state = state
        self.recorder = recorder
        #: False: only calls to unknown routes go to the recorder (benchmarks).
        self.record_calls = record_calls
        #: False: recorded calls keep no request body, uploads or response.
        self.record_bodies = record_bodies
        #: Callbacks later than this many seconds get 10062 like real Discord (None: off).
        self.ack_deadline = ack_deadline
        #: Webhook calls with an interaction token older than this get 401 / 50027.
        self.token_lifetime = token_lifetime
        #: Edits of messages older than ``old_message_age`` s: ``old_message_edits`` per
        #: channel in any such span, then 429 / 30046.
        self.old_message_age = old_message_age
        self.old_message_edits = old_message_edits
        self._old_edits: dict[int, list[float]] = {}
        #: New command names per scope (None: global) in the last day, then 429 / 30034.
        self.daily_command_creates = daily_command_creates
        self._command_creates: dict[int | None, list[float]] = {}
        #: The global limit, per-route buckets and the invalid-request ban.
        self.limiter = limiter if limiter is not None else RateLimiter(clock=time.perf_counter)
        #: Where ``GET /gateway`` and ``/gateway/bot`` send (Auto)ShardedClients; set on start.
        self.gateway_url = ""
        #: Exceptions raised inside stand-in handlers (stand-in bugs); FakeDiscord re-raises them.
        self.internal_errors: list[BaseException] = []
        #: Answers by (route template, status), recorded or not: what a bot's traffic was.
        self.route_counts: Counter[tuple[str | None, int]] = Counter()
        #: Arrival times of globally limited calls within the last second, and how many
        #: calls arrived while 50 had already arrived in the second before: those Discord
        #: answers with a global 429 (Topics: Rate Limits, "Global Rate Limit").
        self._global_window: deque[float] = deque()
        self.over_global_limit = 0
        self._routes = self._build_routes()

    # -- wiring ----------------------------------------------------------------------------------

    def _build_routes(self) -> dict[str, list[tuple[str, re.Pattern[str], str, Handler]]]:
        """Routes by their first path segment: (method, regex, template, handler)."""
        s = self
        d = r"\d+"
        routes: list[tuple[str, str, Handler]] = [
            ("GET", "/users/@me", s.get_me),
            ("GET", "/oauth2/applications/@me", s.get_application),
            ("GET", "/gateway", s.get_gateway),
            ("GET", "/gateway/bot", s.get_gateway),
            ("POST", "/users/@me/channels", s.create_dm),
            ("GET", f"/users/{{user_id:{d}}}", s.get_user),
            ("GET", "/applications/{application_id}/commands", s.get_commands),
            ("PUT", "/applications/{application_id}/commands", s.put_commands),
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", s.get_commands),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", s.put_commands),
            ("GET", f"/guilds/{{guild_id:{d}}}", s.get_guild),
            ("GET", f"/guilds/{{guild_id:{d}}}/channels", s.get_guild_channels),
            ("GET", f"/guilds/{{guild_id:{d}}}/members/{{user_id:{d}}}", s.get_member),
            ("GET", f"/channels/{{channel_id:{d}}}", s.get_channel),
            ("POST", f"/channels/{{channel_id:{d}}}/typing", s.typing),
            ("GET", f"/channels/{{channel_id:{d}}}/messages", s.list_messages),
            ("POST", f"/channels/{{channel_id:{d}}}/messages", s.create_message),
            ("GET", f"/channels/{{channel_id:{d}}}/messages/{{message_id:{d}}}", s.get_message),
            (
                "POST",
                f"/channels/{{channel_id:{d}}}/messages/{{message_id:{d}}}/threads",
                s.start_thread,
            ),
            ("PATCH", f"/channels/{{channel_id:{d}}}/messages/{{message_id:{d}}}", s.edit_message),
            (
                "DELETE",
                f"/channels/{{channel_id:{d}}}/messages/{{message_id:{d}}}",
                s.delete_message,
            ),
            ("POST", "/interactions/{interaction_id}/{token}/callback", s.interaction_callback),
            ("POST", "/webhooks/{application_id}/{token}", s.create_followup),
            ("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", s.get_hook_msg),
            ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", s.edit_hook_msg),
            (
                "DELETE",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                s.delete_hook_msg,
            ),
        ]
        table: dict[str, list[tuple[str, re.Pattern[str], str, Handler]]] = {}
        for method, path, handler in routes:
            template = _PARAMETER.sub(r"{\1}", path)  # "{channel_id:\d+}" -> "{channel_id}"
            pattern = re.compile(_route_regex(path))
            table.setdefault(path.split("/")[1], []).append((method, pattern, template, handler))
        return table

    def _match(self, request: HttpRequest) -> tuple[str | None, Handler | None]:
        path = request.path
        if not path.startswith(API_PREFIX + "/"):
            return None, None
        path = path[len(API_PREFIX) :]
        first = path.split("/", 2)[1]
        for method, pattern, template, handler in self._routes.get(first, ()):
            if method != request.method:
                continue
            found = pattern.fullmatch(path)
            if found is not None:
                request.match_info = found.groupdict()
                return template, handler
        return None, None

    def serve(self, request: HttpRequest) -> tuple[int, bytes | None, bytes]:
        """Route, record and answer one request: (status, JSON body or None for 204, extra
        header lines)."""
        arrived = time.perf_counter()
        route, handler = self._match(request)
        path = request.path
        if path.startswith(API_PREFIX):
            path = path[len(API_PREFIX) :]
        call = RecordedCall(
            method=request.method,
            path=path,
            query=dict(request.query) if request.query_string else {},
            route=route,
            json=None,
            files=[],
            arrived_at=arrived,
        )
        if self.record_calls or handler is None:
            self.recorder.add(call)
        request.call = call
        data: Any = None
        refusal, headers = self.limiter.admit(request.method, route, request.match_info or {})
        try:
            if refusal is not None:
                raise _RateLimited(refusal)
            call.json, call.files = read_body(request)
            request.files = call.files
            if handler is None:
                raise ApiError(404, 0, UNKNOWN_ROUTE_MESSAGE)
            data = handler(request)
            status = 200 if data is not None else 204
        except _RateLimited as limited:
            data, status = limited.refusal.body, 429
            headers = {**headers, **limited.refusal.headers}
        except ApiError as exc:
            data = exc.to_json()
            status = exc.status
        except Exception as exc:
            # A bug in the stand-in. Not a 5xx: discord.py retries those with multi-second
            # sleeps. FakeDiscord re-raises collected internal errors when it closes.
            log.exception("stand-in handler crashed on %s %s", request.method, request.path)
            self.internal_errors.append(exc)
            data = {"code": 0, "message": f"stand-in internal error: {exc!r}"}
            status = 400
        call.status = status
        self.route_counts[(route, status)] += 1
        if route is not None and not route.startswith(GLOBAL_EXEMPT):
            window = self._global_window
            while window and arrived - window[0] >= 1.0:
                window.popleft()
            if len(window) >= GLOBAL_LIMIT:
                self.over_global_limit += 1
            window.append(arrived)
        if self.record_bodies or handler is None:
            call.response = data
        else:
            call.json, call.files = None, []
        self.limiter.answered(status)
        self.state.notify(CALLS_CHANGED)
        extra = _header_bytes(headers) if headers else b""
        return status, None if data is None else dumps(data), extra

    # -- small lookups ---------------------------------------------------------------------------

    @staticmethod
    def _body(request: HttpRequest) -> dict[str, Any]:
        payload = request.call.json
        if payload is None:
            return {}
        if not isinstance(payload, dict):
            raise invalid_form("expected a JSON object")
        return payload

    def _reject(self, handle: InteractionHandle, reason: str) -> None:
        """Note a Discord-side refusal on the interaction (tests assert on these)."""
        handle.rejections.append(reason)
        self.state.notify(handle)

    def _channel(self, request: HttpRequest) -> FakeChannel:
        channel_id = _int(request.match_info["channel_id"], "Channel", 10003)
        channel = self.state.channels.get(channel_id)
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _channel_message(self, request: HttpRequest) -> FakeMessage:
        channel = self._channel(request)
        msg = self.state.messages.get(_int(request.match_info["message_id"], "Message", 10008))
        if msg is None or msg.deleted or msg.channel is not channel or msg.ephemeral:
            raise unknown("Message", 10008)
        return msg

    def _hook(self, request: HttpRequest) -> InteractionHandle:
        """The interaction behind a webhook token (follow-ups need an acknowledged one)."""
        handle = self.state.interactions_by_token.get(request.match_info["token"])
        if handle is None or request.match_info["application_id"] != str(self.state.application_id):
            raise unknown("Webhook", 10015)
        if not handle.acknowledged:
            self._reject(handle, "webhook used before the interaction was acknowledged")
            raise unknown("Webhook", 10015)
        born = handle.dispatched_at
        if born is not None and request.call.arrived_at - born > self.token_lifetime:
            self._reject(handle, "interaction token used after it expired")
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return handle

    def _hook_message(self, request: HttpRequest, handle: InteractionHandle) -> FakeMessage:
        raw = request.match_info["message_id"]
        if raw == "@original":
            msg = handle.original_message
        else:
            msg = self.state.messages.get(_int(raw, "Message", 10008))
            if (
                msg is not None
                and msg is not handle.original_message
                and msg not in handle.followups
            ):
                msg = None
        if msg is None or msg.deleted:
            raise unknown("Message", 10008)
        return msg

    def _attachments(
        self, request: HttpRequest, payload: dict[str, Any], existing: list[FakeAttachment]
    ) -> list[FakeAttachment] | None:
        """New attachment list from ``payload["attachments"]`` + uploads (None: unchanged).

        discord.py lists kept attachments by their real id and new uploads by the ``n`` of
        their ``files[n]`` part.
        """
        uploads = {f.index: f for f in request.files if f.index is not None}
        entries = payload.get("attachments")
        if entries is None:
            if not uploads:
                return None
            return existing + [self._new_attachment(f, {}) for _, f in sorted(uploads.items())]
        kept = {a.id: a for a in existing}
        out: list[FakeAttachment] = []
        for entry in entries:
            raw_id = entry.get("id")
            att_id = int(raw_id) if raw_id is not None and str(raw_id).isdigit() else None
            if att_id in uploads and att_id not in kept:
                out.append(self._new_attachment(uploads.pop(att_id), entry))
            elif att_id in kept:
                out.append(kept[att_id])
            else:
                raise invalid_form(f"attachment {raw_id!r} is neither kept nor uploaded")
        out.extend(self._new_attachment(f, {}) for _, f in sorted(uploads.items()))
        return out

    def _new_attachment(self, upload: UploadedFile, entry: dict[str, Any]) -> FakeAttachment:
        filename = entry.get("filename") or upload.filename or "file"
        guessed, _ = mimetypes.guess_type(filename)
        return FakeAttachment(
            id=self.state.snowflake(),
            filename=filename,
            data=upload.data,
            content_type=guessed or upload.content_type,
            description=entry.get("description"),
        )

    def _payload(self, msg: FakeMessage) -> dict[str, Any]:
        return msg.to_payload(self.state.application_id)

    # -- login / application / commands --------------------------------------------------------

    def get_me(self, request: HttpRequest) -> Reply:
        return {**self.state.bot_user.to_payload(), "verified": True, "mfa_enabled": False}

    def get_application(self, request: HttpRequest) -> Reply:
        state = self.state
        return {
            "id": str(state.application_id),
            "name": state.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": state.owner.to_payload(),
            "team": None,
            "flags": 0,
            "bot": state.bot_user.to_payload(),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(state.guilds),
        }

    def get_gateway(self, request: HttpRequest) -> Reply:
        return {
            "url": self.gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 1000,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    def _command_scope(self, request: HttpRequest) -> int | None:
        if request.match_info["application_id"] != str(self.state.application_id):
            raise unknown("Application", 10002)
        raw = request.match_info.get("guild_id")
        return None if raw is None else _int(raw, "Guild", 10004)

    def get_commands(self, request: HttpRequest) -> Reply:
        return self.state.commands.get(self._command_scope(request), [])

    def put_commands(self, request: HttpRequest) -> Reply:
        scope = self._command_scope(request)
        commands = request.call.json or []
        if not isinstance(commands, list):
            raise invalid_form("expected a list of commands")
        validate_commands(commands)
        known = {(c.get("name"), c.get("type", 1)) for c in self.state.commands.get(scope, [])}
        created = sum(1 for c in commands if (c.get("name"), c.get("type", 1)) not in known)
        now = request.call.arrived_at
        recent = [t for t in self._command_creates.get(scope, ()) if now - t < DAY]
        if created and len(recent) + created > self.daily_command_creates:
            retry = DAY - (now - recent[0]) if recent else DAY
            raise _RateLimited(
                shared_refusal(
                    retry,
                    code=30034,
                    message="Max number of daily application command creates has been "
                    f"reached ({self.daily_command_creates})",
                )
            )
        self._command_creates[scope] = recent + [now] * created
        self.state.command_writes[scope] = self.state.command_writes.get(scope, 0) + 1
        return self.state.set_commands(scope, commands)

    # -- users, guilds, channels -----------------------------------------------------------------

    def get_user(self, request: HttpRequest) -> Reply:
        user = self.state.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise unknown("User", 10013)
        return user.to_payload()

    def create_dm(self, request: HttpRequest) -> Reply:
        raw = self._body(request).get("recipient_id")
        user = self.state.users.get(_int(str(raw), "User", 10013))
        if user is None:
            raise unknown("User", 10013)
        return self.state.dm_channel(user).to_payload()

    def get_guild(self, request: HttpRequest) -> Reply:
        guild = self.state.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise unknown("Guild", 10004)
        payload = guild.to_create_payload()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key)
        return payload

    def get_guild_channels(self, request: HttpRequest) -> Reply:
        guild = self.state.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise unknown("Guild", 10004)
        return [c.to_payload() for c in guild.channels]

    def get_member(self, request: HttpRequest) -> Reply:
        guild = self.state.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise unknown("Guild", 10004)
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise unknown("Member", 10007)
        return member.to_payload()

    def get_channel(self, request: HttpRequest) -> Reply:
        return self._channel(request).to_payload()

    def typing(self, request: HttpRequest) -> Reply:
        self._channel(request)
        return None

    # -- channel messages ------------------------------------------------------------------------

    def list_messages(self, request: HttpRequest) -> Reply:
        channel = self._channel(request)
        limit = max(1, min(100, _query_int(request, "limit") or 50))
        before = _query_int(request, "before")
        after = _query_int(request, "after")
        found = [
            m
            for m in reversed(self.state.channel_messages.get(channel.id, []))
            if not m.deleted
            and not m.ephemeral
            and (before is None or m.id < before)
            and (after is None or m.id > after)
        ]
        return [self._payload(m) for m in found[:limit]]

    def create_message(self, request: HttpRequest) -> Reply:
        channel = self._channel(request)
        if channel.is_dm and channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        if channel.is_thread:
            self._may_send_in_thread(channel)
        payload = self._body(request)
        attachments = self._attachments(request, payload, []) or []
        validate_message(payload, attachment_count=len(attachments), creating=True)
        kind = REPLY_MESSAGE if payload.get("message_reference") else 0
        msg = self.state.create_message(channel, payload, attachments, message_type=kind)
        return self._payload(msg)

    def get_message(self, request: HttpRequest) -> Reply:
        return self._payload(self._channel_message(request))

    def edit_message(self, request: HttpRequest) -> Reply:
        msg = self._channel_message(request)
        self._not_archived(msg.channel)
        if msg.author is not self.state.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self._count_old_message_edit(msg, request.call.arrived_at)
        payload = self._body(request)
        attachments = self._attachments(request, payload, msg.attachments)
        count = len(attachments if attachments is not None else msg.attachments)
        validate_message(payload, attachment_count=count, creating=False)
        self.state.edit_message(msg, payload, attachments)
        return self._payload(msg)

    def _count_old_message_edit(self, msg: FakeMessage, now: float) -> None:
        """Discord limits edits of messages older than an hour (30046, per channel)."""
        if now - msg.born <= self.old_message_age:
            return
        span = self.old_message_age
        recent = [t for t in self._old_edits.get(msg.channel.id, ()) if now - t < span]
        if len(recent) >= self.old_message_edits:
            self._old_edits[msg.channel.id] = recent
            retry = span - (now - recent[0]) if recent else span
            raise _RateLimited(
                shared_refusal(
                    retry,
                    code=30046,
                    message="Maximum number of edits to messages older than 1 hour reached. "
                    "Try again later.",
                )
            )
        recent.append(now)
        self._old_edits[msg.channel.id] = recent

    def delete_message(self, request: HttpRequest) -> Reply:
        self.state.delete_message(self._channel_message(request))
        return None

    # -- threads (Topics: Threads; Resources: Channel, Start Thread from Message) -------------

    def start_thread(self, request: HttpRequest) -> Reply:
        msg = self._channel_message(request)
        channel = msg.channel
        if channel.is_dm or channel.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        assert channel.guild is not None
        if not channel.guild.bot_permissions & CREATE_PUBLIC_THREADS:
            raise ApiError(403, 50013, "Missing Permissions")
        if msg.id in self.state.channels or any(t.id == msg.id for t in channel.guild.threads):
            raise ApiError(400, 160004, "A thread has already been created for this message")
        name = self._body(request).get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise invalid_form("name: must be between 1 and 100 characters")
        thread = self.state.start_thread(msg, name, self.state.bot_user)
        return thread.to_payload()

    def _may_send_in_thread(self, thread: FakeChannel) -> None:
        """Sending in a thread needs SEND_MESSAGES_IN_THREADS; it unarchives an archived
        thread, unless a moderator locked it (then only MANAGE_THREADS may)."""
        assert thread.guild is not None
        allowed = thread.guild.bot_permissions
        if not allowed & SEND_MESSAGES_IN_THREADS:
            raise ApiError(403, 50013, "Missing Permissions")
        if thread.archived:
            if thread.locked and not allowed & MANAGE_THREADS:
                raise ApiError(400, 50083, "Operation not allowed on an archived thread")
            self.state.set_thread_archived(thread, archived=False)

    @staticmethod
    def _not_archived(channel: FakeChannel) -> None:
        """Only active threads can be manipulated: no edits in an archived one."""
        if channel.is_thread and channel.archived:
            raise ApiError(400, 50083, "Operation not allowed on an archived thread")

    # -- interactions ----------------------------------------------------------------------------

    def interaction_callback(self, request: HttpRequest) -> Reply:
        arrived = request.call.arrived_at
        handle = self.state.interactions.get(
            _int(request.match_info["interaction_id"], "interaction", 10062)
        )
        if handle is None or handle.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        if handle.acknowledged:
            self._reject(handle, "callback after the interaction was already acknowledged")
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if (
            self.ack_deadline is not None
            and handle.dispatched_at is not None
            and arrived - handle.dispatched_at > self.ack_deadline
        ):
            self._reject(handle, "callback arrived after the acknowledgement deadline")
            raise ApiError(404, 10062, "Unknown interaction")
        body = self._body(request)
        try:
            ctype = CallbackType(int(body.get("type", 0)))
        except ValueError:
            raise invalid_form(f"unknown interaction callback type {body.get('type')!r}") from None
        if ctype not in ALLOWED_CALLBACKS.get(handle.kind, frozenset()):
            self._reject(handle, f"callback type {ctype.name} invalid for {handle.kind.name}")
            raise invalid_form(f"callback type {ctype.name} is invalid for {handle.kind.name}")
        data = body.get("data") or {}
        self._apply_callback(request, handle, ctype, data)
        handle.mark_acknowledged(ctype, data, arrived)
        self.state.notify(handle)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return None
        msg = handle.original_message
        info: dict[str, Any] = {
            "id": str(handle.id),
            "type": int(handle.kind),
            "response_message_loading": ctype is CallbackType.DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool(msg is not None and msg.ephemeral),
        }
        resource: dict[str, Any] = {"type": int(ctype)}
        if msg is not None:
            info["response_message_id"] = str(msg.id)
            resource["message"] = self._payload(msg)
        return {"interaction": info, "resource": resource}

    def _apply_callback(
        self,
        request: HttpRequest,
        handle: InteractionHandle,
        ctype: CallbackType,
        data: dict[str, Any],
    ) -> None:
        state = self.state
        visible_to = handle.user if int(data.get("flags") or 0) & EPHEMERAL else None
        kind = (
            CHAT_INPUT_COMMAND_MESSAGE
            if handle.kind is InteractionKind.APPLICATION_COMMAND
            else REPLY_MESSAGE
        )
        if ctype is CallbackType.CHANNEL_MESSAGE:
            attachments = self._attachments(request, data, []) or []
            validate_message(data, attachment_count=len(attachments), creating=True)
            handle.original_message = state.create_message(
                handle.channel,
                data,
                attachments,
                visible_to=visible_to,
                message_type=kind,
                interaction=handle,
            )
        elif ctype is CallbackType.DEFERRED_CHANNEL_MESSAGE:
            handle.original_message = state.create_message(
                handle.channel,
                {},
                [],
                visible_to=visible_to,
                extra_flags=LOADING,
                message_type=kind,
                interaction=handle,
            )
        elif ctype in (CallbackType.DEFERRED_UPDATE_MESSAGE, CallbackType.UPDATE_MESSAGE):
            source = handle.source_message
            if source is None:
                raise invalid_form(f"{ctype.name} needs an interaction that came from a message")
            if ctype is CallbackType.UPDATE_MESSAGE:
                changed = self._attachments(request, data, source.attachments)
                count = len(changed if changed is not None else source.attachments)
                validate_message(data, attachment_count=count, creating=False)
                state.edit_message(source, data, changed)
            handle.original_message = source
        elif ctype is CallbackType.MODAL:
            if not data.get("custom_id") or not data.get("title") or not data.get("components"):
                raise invalid_form("a modal needs custom_id, title and components")
        elif ctype is CallbackType.AUTOCOMPLETE_RESULT and len(data.get("choices") or []) > 25:
            raise invalid_form("autocomplete offers at most 25 choices")

    def create_followup(self, request: HttpRequest) -> Reply:
        handle = self._hook(request)
        payload = self._body(request)
        attachments = self._attachments(request, payload, []) or []
        original = handle.original_message
        fills_deferred = (
            handle.callback_type is CallbackType.DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not original.deleted
        )
        validate_message(payload, attachment_count=len(attachments), creating=True)
        if fills_deferred:
            # Discord turns the first follow-up after a "thinking" defer into that message.
            assert original is not None
            self.state.edit_message(original, payload, attachments, clear_flags=LOADING)
            msg = original
        else:
            ephemeral = int(payload.get("flags") or 0) & EPHEMERAL
            msg = self.state.create_message(
                handle.channel,
                payload,
                attachments,
                visible_to=handle.user if ephemeral else None,
                interaction=handle,
            )
        handle.followups.append(msg)
        handle.webhook_calls += 1
        self.state.notify(handle)
        if request.query.get("wait") in ("1", "true", "True"):
            return self._payload(msg)
        return None

    def get_hook_msg(self, request: HttpRequest) -> Reply:
        handle = self._hook(request)
        return self._payload(self._hook_message(request, handle))

    def edit_hook_msg(self, request: HttpRequest) -> Reply:
        handle = self._hook(request)
        msg = self._hook_message(request, handle)
        self._not_archived(msg.channel)
        payload = self._body(request)
        attachments = self._attachments(request, payload, msg.attachments)
        count = len(attachments if attachments is not None else msg.attachments)
        validate_message(payload, attachment_count=count, creating=False)
        self.state.edit_message(msg, payload, attachments, clear_flags=LOADING)
        handle.webhook_calls += 1
        self.state.notify(handle)
        return self._payload(msg)

    def delete_hook_msg(self, request: HttpRequest) -> Reply:
        handle = self._hook(request)
        self.state.delete_message(self._hook_message(request, handle))
        handle.webhook_calls += 1
        self.state.notify(handle)
        return None
