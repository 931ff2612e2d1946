"""`FakeDiscord`: the stand-in server plus the Python API tests drive it with.

Typical use::

    async with FakeDiscord() as fake:
        guild = fake.add_guild("Test Server")
        games = fake.add_text_channel(guild, "games")
        alice = fake.add_user("alice")
        fake.add_member(guild, alice)
        await fake.start_bot(make_bot())
        handle = await fake.slash(alice, games, "ping")
        await handle.wait_acknowledged()
        await fake.click(alice, handle.response, label="Again")

It binds 127.0.0.1 on a free port and patches discord.py (class attributes, restored on
exit), so only one FakeDiscord can be active per process at a time.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self, TypeVar

import discord

from .entities import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser
from .errors import StandinTimeoutError
from .gateway import Gateway, NoBotConnectedError
from .httpserver import HttpServer
from .interactions import (
    InteractionHandle,
    InteractionKind,
    command_data,
    component_data,
    interaction_payload,
    modal_submit_data,
    user_command_data,
)
from .messages import BUTTON, FakeMessage
from .patching import discord_pointed_at
from .ratelimits import RateLimiter, RateLimitStats
from .recorder import CallRecorder, RecordedCall
from .rest import (
    ACK_DEADLINE,
    API_PREFIX,
    GATEWAY_PATH,
    OLD_MESSAGE_AGE,
    OLD_MESSAGE_EDITS,
    TOKEN_LIFETIME,
    RestApi,
)
from .state import StandinState

log = logging.getLogger(__name__)
T = TypeVar("T")

STRING_SELECT = 3


@dataclass
class _RunningBot:
    bot: discord.Client
    task: asyncio.Task[None]


class FakeDiscord:
    """A Discord stand-in (REST + gateway) that an unmodified discord.py bot connects to."""

    def __init__(
        self,
        *,
        bot_name: str = "cardhost",
        default_timeout: float = 5.0,
        ack_deadline: float | None = ACK_DEADLINE,
        token_lifetime: float = TOKEN_LIFETIME,
        old_message_age: float = OLD_MESSAGE_AGE,
        old_message_edits: int = OLD_MESSAGE_EDITS,
        limiter: RateLimiter | None = None,
        host: str = "127.0.0.1",
        backlog: int = 1024,
        record_calls: bool = True,
        record_bodies: bool = True,
        keep_history: bool = True,
    ) -> None:
        """Discord's rules are on by default (docs/discord.md cites each): callbacks later
        than ``ack_deadline`` (3 s) get 10062, interaction tokens older than
        ``token_lifetime`` (15 min) get 401 / 50027, edits of messages older than
        ``old_message_age`` (1 h) are limited to ``old_message_edits`` per channel (30046),
        and ``limiter`` (a `RateLimiter`: the global limit, per-route buckets, the invalid
        request ban) answers 429s. A test about something else may relax one explicitly
        (``ack_deadline=None`` only records latencies). ``default_timeout`` bounds every
        ``wait_*``.

        Lean mode for benchmarks, where nobody reads what tests assert on: ``record_calls``
        False keeps no `calls` but those to unknown routes (``unknown_calls`` still works);
        ``record_bodies`` False keeps calls without their bodies, uploads and responses;
        ``keep_history`` False keeps no `FakeMessage.history` (``edited`` still works).
        """
        self.state = StandinState(
            bot_name=bot_name, default_timeout=default_timeout, keep_history=keep_history
        )
        self.recorder = CallRecorder()
        self.rest = RestApi(
            self.state,
            self.recorder,
            ack_deadline=ack_deadline,
            token_lifetime=token_lifetime,
            old_message_age=old_message_age,
            old_message_edits=old_message_edits,
            limiter=limiter,
            record_calls=record_calls,
            record_bodies=record_bodies,
        )
        self.gateway = Gateway(self.state)
        self.host = host
        self.backlog = backlog
        self.port: int | None = None
        self._server: HttpServer | None = None
        self._patches = ExitStack()
        self._bots: dict[int, _RunningBot] = {}

    # -- lifecycle -------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        if self.port is None:
            raise RuntimeError("FakeDiscord is not started")
        return f"http://{self.host}:{self.port}"

    @property
    def rest_base(self) -> str:
        """What ``discord.http.Route.BASE`` points to while the stand-in runs."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}{GATEWAY_PATH}"

    async def start(self) -> Self:
        """Bind a free port, start serving and point discord.py at it."""
        server = HttpServer(self.rest.serve, self.gateway.accept, ws_path=GATEWAY_PATH)
        await server.start(self.host, 0, backlog=self.backlog)
        self._server = server
        self.port = server.port
        self.gateway.url = self.rest.gateway_url = self.gateway_url
        self._patches.enter_context(discord_pointed_at(self.rest_base, self.gateway_url))
        return self

    async def close(self) -> None:
        """Stop bots started here, close gateway sessions, stop serving, restore discord.py."""
        for running in list(self._bots.values()):
            await self.stop_bot(running.bot)
        await self.gateway.close()
        if self._server is not None:
            await self._server.close()
            self._server = None
        self._patches.close()

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
        if exc is None and self.rest.internal_errors:
            raise RuntimeError(
                f"the Discord stand-in crashed while handling requests: {self.rest.internal_errors}"
            ) from self.rest.internal_errors[0]

    # -- world building --------------------------------------------------------------------------

    @property
    def bot_user(self) -> FakeUser:
        return self.state.bot_user

    @property
    def application_id(self) -> int:
        return self.state.application_id

    def add_guild(self, name: str, *, owner: FakeUser | None = None) -> FakeGuild:
        """A guild the bot is in (sent as GUILD_CREATE to a connected bot)."""
        return self.state.add_guild(name, owner=owner)

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        return self.state.add_text_channel(guild, name)

    def add_role(self, guild: FakeGuild, name: str, *, permissions: int = 0) -> FakeRole:
        return self.state.add_role(guild, name, permissions=permissions)

    def threads_of(self, channel: FakeChannel) -> list[FakeChannel]:
        """The threads started in `channel` (deleted ones included, marked so)."""
        assert channel.guild is not None
        return [t for t in channel.guild.threads if t.parent is channel]

    def archive_thread(self, thread: FakeChannel, *, locked: bool = False) -> None:
        """As Discord does to an idle thread, or a moderator (`locked`) to any."""
        self.state.set_thread_archived(thread, archived=True, locked=locked)

    def delete_thread(self, thread: FakeChannel) -> None:
        self.state.delete_thread(thread)

    def add_user(
        self, name: str, *, dms_open: bool = True, bot: bool = False, global_name: str | None = None
    ) -> FakeUser:
        """A user; ``dms_open=False`` makes DMs to them fail with 403 / code 50007."""
        return self.state.add_user(name, dms_open=dms_open, bot=bot, global_name=global_name)

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        roles: Sequence[FakeRole] = (),
        nick: str | None = None,
    ) -> FakeMember:
        return self.state.add_member(guild, user, roles=roles, nick=nick)

    def set_dms_open(self, user: FakeUser, dms_open: bool) -> None:
        user.dms_open = dms_open

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user`` (also usable to run commands in DMs)."""
        return self.state.dm_channel(user)

    # -- running bots ----------------------------------------------------------------------------

    async def start_bot(
        self,
        bot: discord.Client,
        token: str = "standin-token",
        *,
        timeout: float | None = None,
        guild_ready_timeout: float | None = 0.05,
    ) -> None:
        """Log ``bot`` in and connect it; returns once it is ready (``on_ready`` fired).

        ``guild_ready_timeout`` shortens discord.py's 2 s wait for further GUILD_CREATEs
        (None keeps the bot's own setting).
        """
        if guild_ready_timeout is not None:
            from bot.discord.internals import set_guild_ready_timeout

            set_guild_ready_timeout(bot, guild_ready_timeout)
        limit = self.state.default_timeout * 2 if timeout is None else timeout
        await bot.login(token)
        task = asyncio.create_task(bot.connect(reconnect=True), name=f"standin-bot-{id(bot)}")
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait(
            {task, ready}, timeout=limit, return_when=asyncio.FIRST_COMPLETED
        )
        if ready in done:
            self._bots[id(bot)] = _RunningBot(bot, task)
            return
        ready.cancel()
        await bot.close()
        if task.done():
            raise RuntimeError("the bot stopped before becoming ready") from task.exception()
        task.cancel()
        raise StandinTimeoutError(f"bot did not become ready within {limit}s")

    async def stop_bot(self, bot: discord.Client) -> None:
        """Close ``bot`` (like a process shutdown); the stand-in keeps all its state."""
        running = self._bots.pop(id(bot), None)
        await bot.close()
        if running is not None:
            try:
                await asyncio.wait_for(running.task, self.state.default_timeout)
            except Exception:
                log.exception("bot task ended with an error")

    # -- user actions ----------------------------------------------------------------------------

    async def slash(
        self, user: FakeUser, channel: FakeChannel, command: str, /, **options: Any
    ) -> InteractionHandle:
        """``user`` runs ``/command`` in ``channel``; "group sub" names a subcommand.

        Option values map to Discord types: str, int, float, bool, FakeUser/FakeMember,
        FakeChannel, FakeRole (or `RawOption`).
        """
        return await self.run_command(user, channel, command, options)

    async def run_command(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        guild_command: bool | None = None,
    ) -> InteractionHandle:
        """Like `slash`, for options whose names clash with parameters, or guild commands.

        ``guild_command`` None: treat as a guild command if the bot synced it only there.
        """
        guild = channel.guild
        scoped = self._is_guild_command(guild, command) if guild_command is None else guild_command
        data = command_data(self.state, command, options or {}, guild=guild, guild_command=scoped)
        handle = InteractionHandle(
            self.state,
            kind=InteractionKind.APPLICATION_COMMAND,
            user=user,
            channel=channel,
            name=command,
        )
        return await self._send_interaction(handle, data)

    async def user_command(
        self, user: FakeUser, channel: FakeChannel, command: str, target: FakeUser
    ) -> InteractionHandle:
        """``user`` right-clicks ``target`` and picks the user context-menu ``command``
        (Interactions: Application Commands, user commands)."""
        guild = channel.guild
        data = user_command_data(
            self.state,
            command,
            target,
            guild=guild,
            guild_command=self._is_guild_command(guild, command),
        )
        handle = InteractionHandle(
            self.state,
            kind=InteractionKind.APPLICATION_COMMAND,
            user=user,
            channel=channel,
            name=command,
        )
        return await self._send_interaction(handle, data)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        focused: str,
        /,
        **options: Any,
    ) -> InteractionHandle:
        """``user`` types into option ``focused`` (its partial value in ``options``, default "").

        After ``wait_acknowledged()``, ``handle.choices`` holds what the bot offered.
        """
        options.setdefault(focused, "")
        guild = channel.guild
        data = command_data(
            self.state,
            command,
            options,
            guild=guild,
            guild_command=self._is_guild_command(guild, command),
            focused=focused,
        )
        handle = InteractionHandle(
            self.state,
            kind=InteractionKind.AUTOCOMPLETE,
            user=user,
            channel=channel,
            name=f"{command} [{focused}]",
        )
        return await self._send_interaction(handle, data)

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        *,
        custom_id: str | None = None,
        label: str | None = None,
        values: Sequence[Any] | None = None,
    ) -> InteractionHandle:
        """``user`` clicks a button (or picks ``values`` in a select) on ``message``.

        Refuses what a real client could not do: invisible messages, disabled or link
        buttons, options a string select does not offer.
        """
        if not self.state.is_visible(message, user):
            raise ValueError(f"{user!r} cannot see {message!r}")
        comp = message.find_component(custom_id=custom_id, label=label)
        if not comp.clickable or comp.custom_id is None:
            raise ValueError(f"component {comp.custom_id or comp.label!r} cannot be clicked")
        if comp.type == BUTTON:
            if values is not None:
                raise ValueError("buttons take no values")
        else:
            values = list(values or [])
            self._check_select(comp.raw, values)
        data = component_data(comp.custom_id, comp.type, values, message.channel.guild)
        handle = InteractionHandle(
            self.state,
            kind=InteractionKind.COMPONENT,
            user=user,
            channel=message.channel,
            name=comp.custom_id,
            source_message=message,
        )
        return await self._send_interaction(handle, data)

    async def submit_modal(
        self,
        opened: InteractionHandle,
        values: Mapping[str, Any] | None = None,
        *,
        user: FakeUser | None = None,
    ) -> InteractionHandle:
        """Submit the modal the bot opened in answer to ``opened`` (values by custom_id)."""
        await opened.wait_acknowledged()
        modal = opened.modal
        if modal is None:
            raise ValueError(f"{opened!r} was not answered with a modal")
        data = modal_submit_data(modal, values or {})
        handle = InteractionHandle(
            self.state,
            kind=InteractionKind.MODAL_SUBMIT,
            user=user or opened.user,
            channel=opened.channel,
            name=str(modal.get("custom_id")),
            source_message=opened.source_message,
        )
        return await self._send_interaction(handle, data)

    async def _send_interaction(
        self, handle: InteractionHandle, data: dict[str, Any]
    ) -> InteractionHandle:
        handle.payload = interaction_payload(self.state, handle, data)
        self.state.register_interaction(handle)
        sent = self.gateway.dispatch(
            "INTERACTION_CREATE", handle.encode_payload(), on_sent=handle.mark_dispatched
        )
        if not await sent:
            raise NoBotConnectedError(f"the bot's gateway connection dropped before {handle!r}")
        return handle

    def _is_guild_command(self, guild: FakeGuild | None, command: str) -> bool:
        if guild is None:
            return False
        top = command.split()[0]
        in_guild = any(c.get("name") == top for c in self.state.commands.get(guild.id, []))
        in_global = any(c.get("name") == top for c in self.state.commands.get(None, []))
        return in_guild and not in_global

    @staticmethod
    def _check_select(raw: Mapping[str, Any], values: list[Any]) -> None:
        low, high = int(raw.get("min_values", 1)), int(raw.get("max_values", 1))
        if not low <= len(values) <= high:
            raise ValueError(f"select {raw.get('custom_id')!r} takes {low}..{high} values")
        if raw.get("type") == STRING_SELECT:
            offered = {o.get("value") for o in raw.get("options", [])}
            missing = [v for v in values if v not in offered]
            if missing:
                raise ValueError(f"select {raw.get('custom_id')!r} offers no {missing}")

    # -- observation -----------------------------------------------------------------------------

    @property
    def calls(self) -> list[RecordedCall]:
        """Every REST call so far, in arrival order."""
        return self.recorder.calls

    @property
    def rate_limits(self) -> RateLimitStats:
        """How the bot's traffic met Discord's limits: globally limited calls, 429s by scope."""
        return self.rest.limiter.stats

    @property
    def unknown_calls(self) -> list[RecordedCall]:
        """Calls to routes the stand-in does not implement (a test should expect none)."""
        return self.recorder.unknown()

    @property
    def interactions(self) -> list[InteractionHandle]:
        return list(self.state.interactions.values())

    def ack_latencies(self, kind: InteractionKind | None = None) -> list[float]:
        """Dispatch-to-callback seconds of acknowledged interactions (for p50/p99)."""
        return [
            h.latency
            for h in self.state.interactions.values()
            if h.latency is not None and (kind is None or h.kind is kind)
        ]

    def message(self, message_id: int) -> FakeMessage:
        msg = self.state.messages.get(message_id)
        if msg is None:
            raise LookupError(f"no message {message_id}")
        return msg

    def channel_messages(
        self, channel: FakeChannel, *, visible_to: FakeUser | None = None
    ) -> list[FakeMessage]:
        """Messages in ``channel``: public ones, or all ``visible_to`` a user (+ ephemerals)."""
        msgs = self.state.channel_messages.get(channel.id, [])
        if visible_to is None:
            return [m for m in msgs if not m.deleted and not m.ephemeral]
        return [m for m in msgs if self.state.is_visible(m, visible_to)]

    def last_message(
        self, channel: FakeChannel, *, visible_to: FakeUser | None = None
    ) -> FakeMessage:
        msgs = self.channel_messages(channel, visible_to=visible_to)
        if not msgs:
            raise LookupError(f"no messages in {channel!r}")
        return msgs[-1]

    def messages_visible_to(self, user: FakeUser) -> list[FakeMessage]:
        """Everything ``user`` can see: guild channels they are in, their DMs, own ephemerals."""
        state = self.state
        channel_ids = [
            c.id for g in state.guilds.values() if user.id in g.members for c in g.channels
        ]
        dm = state.dm_channels.get(user.id)
        if dm is not None:
            channel_ids.append(dm.id)
        found = [
            m
            for cid in channel_ids
            for m in state.channel_messages.get(cid, ())
            if not m.deleted and m.visible_to is None
        ]
        found.extend(m for m in state.ephemeral_messages.get(user.id, ()) if not m.deleted)
        found.sort(key=lambda m: m.id)  # ids grow with creation: the order they were sent in
        return found

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        """Messages in the bot's DM channel with ``user`` (found by index, not by scanning)."""
        channel = self.state.dm_channels.get(user.id)
        if channel is None:
            return []
        return [
            m
            for m in self.state.channel_messages.get(channel.id, ())
            if not m.deleted and (m.visible_to is None or m.visible_to is user)
        ]

    def ephemeral_for(self, user: FakeUser) -> list[FakeMessage]:
        """Ephemeral messages only ``user`` sees, oldest first."""
        return [m for m in self.state.ephemeral_messages.get(user.id, ()) if not m.deleted]

    async def wait_until(
        self,
        predicate: Callable[[], T | None],
        *,
        timeout: float | None = None,
        description: str = "",
        on: Hashable | Iterable[Hashable] | None = None,
    ) -> T:
        """Await any condition over stand-in state; re-checked on every change, no polling.

        ``on`` (optional) names what the condition depends on (users, channels, messages,
        interaction handles) so that it is re-checked only when those change: a user for
        their DMs and ephemeral messages, a channel for any message in it. Worth it with many
        concurrent waiters; see `StandinState.wait_until`.
        """
        return await self.state.wait_until(
            predicate, timeout=timeout, description=description, on=on
        )

    async def wait_for_message(
        self,
        channel: FakeChannel,
        predicate: Callable[[FakeMessage], bool] | None = None,
        *,
        visible_to: FakeUser | None = None,
        existing: bool = False,
        timeout: float | None = None,
    ) -> FakeMessage:
        """The first message in ``channel`` matching ``predicate`` that was created after this
        call (or, with ``existing=True``, the first one at all)."""
        start = 0 if existing else len(self.state.channel_messages.get(channel.id, []))

        def found() -> FakeMessage | None:
            new = self.state.channel_messages.get(channel.id, [])[start:]
            for msg in new:
                if msg.deleted or (visible_to is None and msg.ephemeral):
                    continue
                if visible_to is not None and not self.state.is_visible(msg, visible_to):
                    continue
                if predicate is None or predicate(msg):
                    return msg
            return None

        return await self.wait_until(
            found, timeout=timeout, description=f"a message in {channel}", on=channel
        )
