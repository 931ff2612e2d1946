"""REST half of the stand-in: the Discord HTTP routes discord.py calls, recorded one by one.

Handlers return plain data (JSON-able, or None for 204) and raise `ApiError` for Discord-style
errors; a middleware records every call (unknown routes included) and encodes responses with
``Content-Type: application/json`` exactly, which discord.py requires to parse JSON at all.
"""

from __future__ import annotations

import json
import logging
import mimetypes
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import BodyPartReader, hdrs, web

from .errors import ApiError, invalid_form, unknown
from .interactions import ALLOWED_CALLBACKS, CallbackType, InteractionHandle, InteractionKind
from .messages import EPHEMERAL, LOADING, FakeAttachment, FakeMessage, validate_message
from .recorder import CallRecorder, RecordedCall, UploadedFile
from .state import FakeChannel, StandinState

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
GATEWAY_PATH = "/gateway"
UNKNOWN_ROUTE_MESSAGE = "unknown route in stand-in"
CHAT_INPUT_COMMAND_MESSAGE = 20
REPLY_MESSAGE = 19

_CALL = web.RequestKey("standin_call", RecordedCall)
_FILES = web.RequestKey("standin_files", list)

Reply = Any
Handler = Callable[[web.Request], Awaitable[Reply]]


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with a bare ``application/json`` content type (no charset: discord.py compares
    the header with ``==``, and ``web.json_response`` would append ``; charset=utf-8``)."""
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(body=body, status=status, content_type="application/json")


async def read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    """Parse a JSON body, or a multipart body's ``payload_json`` plus its ``files[n]`` parts."""
    if not request.can_read_body:
        return None, []
    if request.content_type == "multipart/form-data":
        payload: Any = None
        files: list[UploadedFile] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            else:
                data = bytes(await part.read(decode=False))
                files.append(
                    UploadedFile(
                        field=part.name or "",
                        filename=part.filename,
                        content_type=part.headers.get(hdrs.CONTENT_TYPE),
                        data=data,
                    )
                )
        return payload, files
    raw = await request.read()
    if not raw:
        return None, []
    try:
        return json.loads(raw), []
    except ValueError:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None


def _int(value: str, kind: str, code: int) -> int:
    try:
        return int(value)
    except ValueError:
        raise unknown(kind, code) from None


def _query_int(request: web.Request, name: str) -> int | None:
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
        ack_deadline: float | None = None,
    ) -> None:
        self.state = state
        self.recorder = recorder
        #: If set, callbacks later than this many seconds get 10062 like real Discord.
        self.ack_deadline = ack_deadline
        #: Where ``GET /gateway`` and ``/gateway/bot`` send (Auto)ShardedClients; set on start.
        self.gateway_url = ""
        #: Exceptions raised inside stand-in handlers (stand-in bugs); FakeDiscord re-raises them.
        self.internal_errors: list[BaseException] = []

    # -- wiring ----------------------------------------------------------------------------------

    def install(self, app: web.Application) -> None:
        app.middlewares.append(self._middleware)
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
        for method, path, handler in routes:
            app.router.add_route(method, API_PREFIX + path, self._wrap(handler))

    def _wrap(self, handler: Handler) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def wrapped(request: web.Request) -> web.StreamResponse:
            data = await handler(request)
            request[_CALL].response = data
            if data is None:
                return web.Response(status=204)
            return json_response(data)

        wrapped.__name__ = handler.__name__
        return wrapped

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if request.path == GATEWAY_PATH:
            return await handler(request)
        arrived = time.perf_counter()
        path = request.path
        if path.startswith(API_PREFIX):
            path = path[len(API_PREFIX) :]
        route: str | None = None
        if request.match_info.http_exception is None:
            route = request.match_info.route.resource.canonical[len(API_PREFIX) :]  # type: ignore[union-attr]
        call = RecordedCall(
            method=request.method,
            path=path,
            query=dict(request.query),
            route=route,
            json=None,
            files=[],
            arrived_at=arrived,
        )
        self.recorder.add(call)
        request[_CALL] = call
        try:
            call.json, call.files = await read_body(request)
            request[_FILES] = call.files
            if route is None:
                raise ApiError(404, 0, UNKNOWN_ROUTE_MESSAGE)
            response = await handler(request)
        except ApiError as exc:
            call.response = exc.to_json()
            response = json_response(exc.to_json(), exc.status)
        except Exception as exc:
            # A bug in the stand-in. Not a 5xx: discord.py retries those with multi-second
            # sleeps. FakeDiscord re-raises collected internal errors when it closes.
            log.exception("stand-in handler crashed on %s %s", request.method, request.path)
            self.internal_errors.append(exc)
            call.response = {"code": 0, "message": f"stand-in internal error: {exc!r}"}
            response = json_response(call.response, 400)
        call.status = response.status
        self.state.notify()
        return response

    # -- small lookups ---------------------------------------------------------------------------

    @staticmethod
    def _body(request: web.Request) -> dict[str, Any]:
        payload = request[_CALL].json
        if payload is None:
            return {}
        if not isinstance(payload, dict):
            raise invalid_form("expected a JSON object")
        return payload

    def _channel(self, request: web.Request) -> FakeChannel:
        channel_id = _int(request.match_info["channel_id"], "Channel", 10003)
        channel = self.state.channels.get(channel_id)
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _channel_message(self, request: web.Request) -> FakeMessage:
        channel = self._channel(request)
        msg = self.state.messages.get(_int(request.match_info["message_id"], "Message", 10008))
        if msg is None or msg.deleted or msg.channel is not channel or msg.ephemeral:
            raise unknown("Message", 10008)
        return msg

    def _hook(self, request: web.Request) -> InteractionHandle:
        """The interaction behind a webhook token (follow-ups need an acknowledged one)."""
        handle = self.state.interactions_by_token.get(request.match_info["token"])
        if handle is None or request.match_info["application_id"] != str(self.state.application_id):
            raise unknown("Webhook", 10015)
        if not handle.acknowledged:
            handle.rejections.append("webhook used before the interaction was acknowledged")
            raise unknown("Webhook", 10015)
        return handle

    def _hook_message(self, request: web.Request, handle: InteractionHandle) -> FakeMessage:
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
        self, request: web.Request, payload: dict[str, Any], existing: list[FakeAttachment]
    ) -> list[FakeAttachment] | None:
        """New attachment list from ``payload["attachments"]`` + uploads (None: unchanged).

        discord.py lists kept attachments by their real id and new uploads by the ``n`` of
        their ``files[n]`` part.
        """
        uploads = {f.index: f for f in request.get(_FILES, []) if f.index is not None}
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

    async def get_me(self, request: web.Request) -> Reply:
        return {**self.state.bot_user.to_payload(), "verified": True, "mfa_enabled": False}

    async def get_application(self, request: web.Request) -> Reply:
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

    async def get_gateway(self, request: web.Request) -> Reply:
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

    def _command_scope(self, request: web.Request) -> int | None:
        if request.match_info["application_id"] != str(self.state.application_id):
            raise unknown("Application", 10002)
        raw = request.match_info.get("guild_id")
        return None if raw is None else _int(raw, "Guild", 10004)

    async def get_commands(self, request: web.Request) -> Reply:
        return self.state.commands.get(self._command_scope(request), [])

    async def put_commands(self, request: web.Request) -> Reply:
        scope = self._command_scope(request)
        commands = request[_CALL].json or []
        if not isinstance(commands, list):
            raise invalid_form("expected a list of commands")
        return self.state.set_commands(scope, commands)

    # -- users, guilds, channels -----------------------------------------------------------------

    async def get_user(self, request: web.Request) -> Reply:
        user = self.state.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise unknown("User", 10013)
        return user.to_payload()

    async def create_dm(self, request: web.Request) -> Reply:
        raw = self._body(request).get("recipient_id")
        user = self.state.users.get(_int(str(raw), "User", 10013))
        if user is None:
            raise unknown("User", 10013)
        return self.state.dm_channel(user).to_payload()

    async def get_guild(self, request: web.Request) -> Reply:
        guild = self.state.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise unknown("Guild", 10004)
        payload = guild.to_create_payload()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key)
        return payload

    async def get_guild_channels(self, request: web.Request) -> Reply:
        guild = self.state.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise unknown("Guild", 10004)
        return [c.to_payload() for c in guild.channels]

    async def get_member(self, request: web.Request) -> Reply:
        guild = self.state.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise unknown("Guild", 10004)
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise unknown("Member", 10007)
        return member.to_payload()

    async def get_channel(self, request: web.Request) -> Reply:
        return self._channel(request).to_payload()

    async def typing(self, request: web.Request) -> Reply:
        self._channel(request)
        return None

    # -- channel messages ------------------------------------------------------------------------

    async def list_messages(self, request: web.Request) -> Reply:
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

    async def create_message(self, request: web.Request) -> Reply:
        channel = self._channel(request)
        if channel.is_dm and channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        payload = self._body(request)
        attachments = self._attachments(request, payload, []) or []
        validate_message(payload, attachment_count=len(attachments), creating=True)
        kind = REPLY_MESSAGE if payload.get("message_reference") else 0
        msg = self.state.create_message(channel, payload, attachments, message_type=kind)
        return self._payload(msg)

    async def get_message(self, request: web.Request) -> Reply:
        return self._payload(self._channel_message(request))

    async def edit_message(self, request: web.Request) -> Reply:
        msg = self._channel_message(request)
        if msg.author is not self.state.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload = self._body(request)
        attachments = self._attachments(request, payload, msg.attachments)
        count = len(attachments if attachments is not None else msg.attachments)
        validate_message(payload, attachment_count=count, creating=False)
        self.state.edit_message(msg, payload, attachments)
        return self._payload(msg)

    async def delete_message(self, request: web.Request) -> Reply:
        self.state.delete_message(self._channel_message(request))
        return None

    # -- interactions ----------------------------------------------------------------------------

    async def interaction_callback(self, request: web.Request) -> Reply:
        arrived = request[_CALL].arrived_at
        handle = self.state.interactions.get(
            _int(request.match_info["interaction_id"], "interaction", 10062)
        )
        if handle is None or handle.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        if handle.acknowledged:
            handle.rejections.append("callback after the interaction was already acknowledged")
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if (
            self.ack_deadline is not None
            and handle.dispatched_at is not None
            and arrived - handle.dispatched_at > self.ack_deadline
        ):
            handle.rejections.append("callback arrived after the acknowledgement deadline")
            raise ApiError(404, 10062, "Unknown interaction")
        body = self._body(request)
        try:
            ctype = CallbackType(int(body.get("type", 0)))
        except ValueError:
            raise invalid_form(f"unknown interaction callback type {body.get('type')!r}") from None
        if ctype not in ALLOWED_CALLBACKS.get(handle.kind, frozenset()):
            handle.rejections.append(f"callback type {ctype.name} invalid for {handle.kind.name}")
            raise invalid_form(f"callback type {ctype.name} is invalid for {handle.kind.name}")
        data = body.get("data") or {}
        self._apply_callback(request, handle, ctype, data)
        handle.mark_acknowledged(ctype, data, arrived)
        self.state.notify()
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
        request: web.Request,
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

    async def create_followup(self, request: web.Request) -> Reply:
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
        self.state.notify()
        if request.query.get("wait") in ("1", "true", "True"):
            return self._payload(msg)
        return None

    async def get_hook_msg(self, request: web.Request) -> Reply:
        handle = self._hook(request)
        return self._payload(self._hook_message(request, handle))

    async def edit_hook_msg(self, request: web.Request) -> Reply:
        handle = self._hook(request)
        msg = self._hook_message(request, handle)
        payload = self._body(request)
        attachments = self._attachments(request, payload, msg.attachments)
        count = len(attachments if attachments is not None else msg.attachments)
        validate_message(payload, attachment_count=count, creating=False)
        self.state.edit_message(msg, payload, attachments, clear_flags=LOADING)
        handle.webhook_calls += 1
        return self._payload(msg)

    async def delete_hook_msg(self, request: web.Request) -> Reply:
        handle = self._hook(request)
        self.state.delete_message(self._hook_message(request, handle))
        handle.webhook_calls += 1
        return None
