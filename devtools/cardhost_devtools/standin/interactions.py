"""Simulated user interactions: the INTERACTION_CREATE payloads and their handles.

An `InteractionHandle` is what a test gets back from ``fake.slash(...)`` / ``fake.click(...)``:
it tracks whether and how fast the bot acknowledged, which callback type it used and which
messages (original response, follow-ups) the interaction produced.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Protocol, Self, TypeVar

from .entities import APP_PERMISSIONS, FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser
from .errors import StandinTimeoutError
from .jsonio import dumps, loads
from .messages import FakeMessage, walk_components

T = TypeVar("T")


class InteractionHost(Protocol):
    """What an interaction needs of the stand-in's state: ids, tokens and waiting.

    The state holds every interaction, so naming it here as a protocol (rather than
    importing `StandinState`) keeps the two modules from importing each other."""

    application_id: int
    default_timeout: float

    @property
    def snowflake(self) -> Callable[[], int]: ...

    def new_token(self, interaction_id: int) -> str: ...

    def command_id(self, name: str, guild_id: int | None = None) -> int: ...

    async def wait_until(
        self,
        predicate: Callable[[], T | None],
        *,
        timeout: float | None = None,
        description: str = "",
        on: Hashable | Iterable[Hashable] | None = None,
    ) -> T: ...


ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class InteractionKind(IntEnum):
    PING = 1
    APPLICATION_COMMAND = 2
    COMPONENT = 3
    AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class CallbackType(IntEnum):
    PONG = 1
    CHANNEL_MESSAGE = 4
    DEFERRED_CHANNEL_MESSAGE = 5
    DEFERRED_UPDATE_MESSAGE = 6
    UPDATE_MESSAGE = 7
    AUTOCOMPLETE_RESULT = 8
    MODAL = 9
    PREMIUM_REQUIRED = 10
    LAUNCH_ACTIVITY = 12


#: Which callback types Discord accepts for which interaction kind.
ALLOWED_CALLBACKS: dict[InteractionKind, frozenset[CallbackType]] = {
    InteractionKind.APPLICATION_COMMAND: frozenset(
        {CallbackType.CHANNEL_MESSAGE, CallbackType.DEFERRED_CHANNEL_MESSAGE, CallbackType.MODAL}
    ),
    InteractionKind.COMPONENT: frozenset(
        {
            CallbackType.CHANNEL_MESSAGE,
            CallbackType.DEFERRED_CHANNEL_MESSAGE,
            CallbackType.DEFERRED_UPDATE_MESSAGE,
            CallbackType.UPDATE_MESSAGE,
            CallbackType.MODAL,
        }
    ),
    InteractionKind.AUTOCOMPLETE: frozenset({CallbackType.AUTOCOMPLETE_RESULT}),
    InteractionKind.MODAL_SUBMIT: frozenset(
        {
            CallbackType.CHANNEL_MESSAGE,
            CallbackType.DEFERRED_CHANNEL_MESSAGE,
            CallbackType.DEFERRED_UPDATE_MESSAGE,
            CallbackType.UPDATE_MESSAGE,
        }
    ),
}


class InteractionHandle:
    """One simulated interaction and everything the bot did in answer to it."""

    def __init__(
        self,
        state: InteractionHost,
        *,
        kind: InteractionKind,
        user: FakeUser,
        channel: FakeChannel,
        name: str,
        source_message: FakeMessage | None = None,
    ) -> None:
        self._state = state
        self.id: int = state.snowflake()
        self.token: str = state.new_token(self.id)
        self.kind = kind
        self.user = user
        self.channel = channel
        #: Command path ("game start") or the clicked component's custom_id.
        self.name = name
        #: For component / modal interactions: the message the component lived on.
        self.source_message = source_message
        #: The INTERACTION_CREATE ``d`` as sent, kept encoded (one bytes object instead of a
        #: tree of dicts for the garbage collector to walk) and decoded when first read.
        self._payload: dict[str, Any] | None = {}
        self._payload_json: bytes | None = None
        self.dispatched_at: float | None = None
        self.acknowledged_at: float | None = None
        self.callback_type: CallbackType | None = None
        self.callback_data: dict[str, Any] | None = None
        self.original_message: FakeMessage | None = None
        self.followups: list[FakeMessage] = []
        #: Number of follow-up / edit-original / delete calls made with this token.
        self.webhook_calls = 0
        #: Discord-side errors this interaction's calls got (e.g. "already acknowledged").
        self.rejections: list[str] = []
        self._acked: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    # -- results ---------------------------------------------------------------------------------

    @property
    def payload(self) -> dict[str, Any]:
        """The INTERACTION_CREATE ``d`` the bot was sent."""
        if self._payload is None:
            assert self._payload_json is not None
            self._payload = loads(self._payload_json)
        return self._payload

    @payload.setter
    def payload(self, value: dict[str, Any]) -> None:
        self._payload = value
        self._payload_json = None

    def encode_payload(self) -> bytes:
        """The payload as JSON; from then on only the encoded form is kept until read."""
        if self._payload_json is None:
            self._payload_json = dumps(self.payload)
            self._payload = None
        return self._payload_json

    @property
    def acknowledged(self) -> bool:
        return self.acknowledged_at is not None

    @property
    def latency(self) -> float | None:
        """Seconds from sending INTERACTION_CREATE to the bot's callback POST arriving."""
        if self.acknowledged_at is None or self.dispatched_at is None:
            return None
        return self.acknowledged_at - self.dispatched_at

    @property
    def response(self) -> FakeMessage | None:
        """The message the user currently sees as the answer (original response, as edited)."""
        return self.original_message

    @property
    def ephemeral(self) -> bool:
        return self.original_message is not None and self.original_message.ephemeral

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (``{custom_id, title, components}``), if any."""
        if self.callback_type is CallbackType.MODAL:
            return self.callback_data
        return None

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        """Autocomplete choices the bot offered, if this was an autocomplete interaction."""
        if self.callback_type is CallbackType.AUTOCOMPLETE_RESULT and self.callback_data:
            return list(self.callback_data.get("choices", []))
        return None

    @property
    def messages(self) -> list[FakeMessage]:
        """All messages this interaction created (original first), excluding deleted ones."""
        out = [self.original_message] if self.original_message is not None else []
        out.extend(m for m in self.followups if m is not self.original_message)
        return [m for m in out if not m.deleted]

    # -- waiting ---------------------------------------------------------------------------------

    async def wait_acknowledged(self, timeout: float | None = None) -> Self:
        """Wait for the bot's interaction callback (Discord's 3-second ack)."""
        limit = self._state.default_timeout if timeout is None else timeout
        try:
            await asyncio.wait_for(asyncio.shield(self._acked), limit)
        except TimeoutError:
            raise StandinTimeoutError(
                f"{self!r} was not acknowledged within {limit}s (rejections: {self.rejections})"
            ) from None
        return self

    async def wait_response(self, timeout: float | None = None) -> FakeMessage | None:
        """Wait until the answer is final: acknowledged and no longer a "thinking" placeholder.

        Returns the original response message (None for autocomplete/modal/deferred-update with
        no message).
        """
        await self.wait_acknowledged(timeout)

        def settled() -> bool:
            msg = self.original_message
            return msg is None or not msg.loading

        await self._state.wait_until(
            settled,
            timeout=timeout,
            description=f"deferred response of {self!r}",
            on=(self, self.channel),  # the response is a message in this channel
        )
        return self.original_message

    async def wait_followups(
        self, count: int = 1, timeout: float | None = None
    ) -> list[FakeMessage]:
        """Wait until ``count`` follow-up messages were sent through this interaction's token."""
        await self.wait_acknowledged(timeout)
        await self._state.wait_until(
            lambda: len(self.followups) >= count,
            timeout=timeout,
            description=f"{count} follow-up(s) of {self!r}",
            on=self,
        )
        return list(self.followups)

    # -- bookkeeping used by the REST layer ------------------------------------------------------

    def mark_dispatched(self) -> None:
        self.dispatched_at = time.perf_counter()

    def mark_acknowledged(
        self, callback_type: CallbackType, data: dict[str, Any] | None, arrived_at: float
    ) -> None:
        self.callback_type = callback_type
        self.callback_data = data
        self.acknowledged_at = arrived_at
        if not self._acked.done():
            self._acked.set_result(None)

    def __repr__(self) -> str:
        state = self.callback_type.name if self.callback_type else "pending"
        return (
            f"<InteractionHandle {self.kind.name} {self.name!r} by {self.user.name} "
            f"id={self.id} {state}>"
        )


# -- payload building -------------------------------------------------------------------------


@dataclass(frozen=True)
class RawOption:
    """Escape hatch for option types the automatic mapping does not cover (e.g. mentionable)."""

    type: int
    value: Any
    resolved: Mapping[str, Mapping[str, Any]] | None = None


def _option(
    name: str, value: Any, resolved: dict[str, dict[str, Any]], guild: FakeGuild | None
) -> dict[str, Any]:
    """Map a Python value to Discord's option format and fill ``resolved`` like Discord does."""
    if isinstance(value, RawOption):
        for section, items in (value.resolved or {}).items():
            resolved.setdefault(section, {}).update(items)
        return {"name": name, "type": value.type, "value": value.value}
    if isinstance(value, FakeMember):
        value = value.user
    if isinstance(value, FakeUser):
        resolved.setdefault("users", {})[str(value.id)] = value.to_payload()
        member = guild.member(value) if guild is not None else None
        if member is not None:
            resolved.setdefault("members", {})[str(value.id)] = member.to_payload(
                with_user=False, with_permissions=True
            )
        return {"name": name, "type": 6, "value": str(value.id)}
    if isinstance(value, FakeChannel):
        data = value.to_payload()
        data["permissions"] = str(APP_PERMISSIONS)
        resolved.setdefault("channels", {})[str(value.id)] = data
        return {"name": name, "type": 7, "value": str(value.id)}
    if isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[str(value.id)] = value.to_payload()
        return {"name": name, "type": 8, "value": str(value.id)}
    if isinstance(value, bool):
        return {"name": name, "type": 5, "value": value}
    if isinstance(value, int):
        return {"name": name, "type": 4, "value": value}
    if isinstance(value, float):
        return {"name": name, "type": 10, "value": value}
    if isinstance(value, str):
        return {"name": name, "type": 3, "value": value}
    raise TypeError(f"cannot map option {name}={value!r} to a Discord option type; use RawOption")


def command_data(
    state: InteractionHost,
    command: str,
    options: Mapping[str, Any],
    *,
    guild: FakeGuild | None,
    guild_command: bool,
    focused: str | None = None,
) -> dict[str, Any]:
    """``data`` of an application-command interaction; "game start" becomes a subcommand."""
    top, *subs = command.split()
    if len(subs) > 2:
        raise ValueError(f"command {command!r} nests deeper than group + subcommand")
    resolved: dict[str, dict[str, Any]] = {}
    leaf: list[dict[str, Any]] = []
    for opt_name, value in options.items():
        opt = _option(opt_name, value, resolved, guild)
        if opt_name == focused:
            opt["focused"] = True
        leaf.append(opt)
    opts = leaf
    for depth, sub in reversed(list(enumerate(subs))):
        kind = 1 if depth == len(subs) - 1 else 2
        opts = [{"name": sub, "type": kind, "options": opts}]
    scope = guild.id if guild_command and guild is not None else None
    data: dict[str, Any] = {
        "id": str(state.command_id(top, scope)),
        "name": top,
        "type": 1,
        "options": opts,
    }
    if resolved:
        data["resolved"] = resolved
    if scope is not None:
        data["guild_id"] = str(scope)
    return data


def user_command_data(
    state: InteractionHost,
    command: str,
    target: FakeUser | FakeMember,
    *,
    guild: FakeGuild | None,
    guild_command: bool,
) -> dict[str, Any]:
    """``data`` of a user context-menu command (type 2) run on ``target``: Discord sends
    the target's id and resolves the user (and member) as for a user option."""
    resolved: dict[str, dict[str, Any]] = {}
    target_id = _option("target", target, resolved, guild)["value"]
    scope = guild.id if guild_command and guild is not None else None
    data: dict[str, Any] = {
        "id": str(state.command_id(command, scope)),
        "name": command,
        "type": 2,
        "target_id": target_id,
        "resolved": resolved,
    }
    if scope is not None:
        data["guild_id"] = str(scope)
    return data


def component_data(
    custom_id: str,
    component_type: int,
    values: Sequence[Any] | None,
    guild: FakeGuild | None,
) -> dict[str, Any]:
    """``data`` of a component click; user/role/channel select values may be fake entities."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
    if values is None:
        return data
    resolved: dict[str, dict[str, Any]] = {}
    wire: list[str] = []
    for value in values:
        if isinstance(value, FakeUser | FakeMember | FakeRole | FakeChannel):
            wire.append(str(_option("v", value, resolved, guild)["value"]))
        else:
            wire.append(str(value))
    data["values"] = wire
    if resolved:
        data["resolved"] = resolved
    return data


def modal_submit_data(modal: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """What Discord sends back for a submitted modal, mirroring the modal's layout."""
    unknown = set(values) - {
        c.get("custom_id") for c in walk_components(modal.get("components", []))
    }
    if unknown:
        raise LookupError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(unknown)}")

    def submit(component: Mapping[str, Any]) -> dict[str, Any]:
        ctype = component.get("type")
        if ctype == 1:
            return {"type": 1, "components": [submit(c) for c in component.get("components", [])]}
        if ctype == 18:
            return {"type": 18, "component": submit(component["component"])}
        custom_id = component.get("custom_id")
        out: dict[str, Any] = {"type": ctype, "custom_id": custom_id}
        given = values.get(custom_id) if custom_id is not None else None
        if ctype == 4:
            out["value"] = str(given) if given is not None else str(component.get("value") or "")
        else:
            out["values"] = [str(v) for v in (given or [])]
        return out

    return {
        "custom_id": modal.get("custom_id"),
        "components": [submit(c) for c in modal.get("components", [])],
    }


def interaction_payload(
    state: InteractionHost,
    handle: InteractionHandle,
    data: dict[str, Any],
) -> dict[str, Any]:
    """The full INTERACTION_CREATE ``d`` discord.py's `Interaction` parses."""
    channel = handle.channel
    guild = channel.guild
    payload: dict[str, Any] = {
        "id": str(handle.id),
        "application_id": str(state.application_id),
        "type": int(handle.kind),
        "token": handle.token,
        "version": 1,
        "data": data,
        "channel_id": str(channel.id),
        "channel": channel.to_payload(),
        "locale": "en-US",
        "app_permissions": str(guild.bot_permissions if guild is not None else APP_PERMISSIONS),
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if guild is not None:
        member = guild.member(handle.user)
        if member is None:
            raise ValueError(f"{handle.user!r} is not a member of {guild!r}; add_member first")
        payload["guild_id"] = str(guild.id)
        payload["guild_locale"] = "en-US"
        payload["guild"] = {"id": str(guild.id), "locale": "en-US", "features": []}
        payload["member"] = member.to_payload(with_permissions=True)
        payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        payload["context"] = 0
    else:
        if channel.recipient is not handle.user:
            raise ValueError(f"{handle.user!r} cannot use the DM channel of {channel.recipient!r}")
        payload["user"] = handle.user.to_payload()
        payload["authorizing_integration_owners"] = {"0": "0"}
        payload["context"] = 1
    if handle.source_message is not None:
        payload["message"] = handle.source_message.to_payload(state.application_id)
    return payload
