"""The stand-in's world: users, guilds, channels, roles, members, messages and commands.

All of it lives in memory and outlives any one bot connection, which is what makes the
"restart the bot, click an old button" scenario possible. Every mutation calls `notify()` so
tests can await conditions (`wait_until`) instead of sleeping.

Notifications name what changed (a message, its channel, the user who sees it, an
interaction): a waiter that said what it depends on (``on=``) is only woken by those, one that
did not is woken by everything. With hundreds of concurrent waiters, each change then costs
a few dictionary look-ups instead of re-running every predicate.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from .entities import (
    DEFAULT_EVERYONE_PERMISSIONS,
    DM_CHANNEL,
    PUBLIC_THREAD,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    SnowflakeFactory,
    now_iso,
)
from .errors import StandinTimeoutError
from .messages import EPHEMERAL, FakeAttachment, FakeMessage

if TYPE_CHECKING:
    from .interactions import InteractionHandle

T = TypeVar("T")

WorldListener = Callable[[str, dict[str, Any]], None]


class StandinState:
    """Everything the stand-in knows, plus change notification for waiters."""

    def __init__(
        self,
        *,
        bot_name: str = "cardhost",
        default_timeout: float = 5.0,
        keep_history: bool = True,
    ) -> None:
        self.snowflake = SnowflakeFactory()
        self.default_timeout = default_timeout
        #: False: edits do not keep the previous version in ``FakeMessage.history``.
        self.keep_history = keep_history
        self.bot_user = FakeUser(self.snowflake(), bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.owner = FakeUser(self.snowflake(), "standin-owner")
        self.users: dict[int, FakeUser] = {u.id: u for u in (self.bot_user, self.owner)}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.channel_messages: dict[int, list[FakeMessage]] = {}
        #: Ephemeral messages by the id of the one user who sees them.
        self.ephemeral_messages: dict[int, list[FakeMessage]] = {}
        self.interactions: dict[int, InteractionHandle] = {}
        self.interactions_by_token: dict[str, InteractionHandle] = {}
        #: Synced command payloads; key None = global, else guild id.
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        #: Bulk overwrites received per scope (None: global): a bot syncs only on change.
        self.command_writes: dict[int | None, int] = {}
        self._command_ids: dict[tuple[int | None, str], int] = {}
        self._token_counter = itertools.count(1)
        #: Waiters woken by every change, and waiters by what they said they depend on.
        self._waiters: set[_Waiter] = set()
        self._keyed_waiters: dict[Hashable, set[_Waiter]] = {}
        #: Called with (gateway event name, payload) when the world changes while bots run.
        self.world_listeners: list[WorldListener] = []
        #: Called with each message created, edited or deleted (benchmarks time what
        #: players see without polling).
        self.message_listeners: list[Callable[[FakeMessage], None]] = []

    # -- change notification ---------------------------------------------------------------------

    def notify(self, *keys: Hashable) -> None:
        """Wake waiters so they re-check their predicates.

        Without ``keys`` every waiter wakes. With keys (the objects that changed: a
        `FakeMessage`, its `FakeChannel`, a `FakeUser`, an `InteractionHandle`...) the waiters
        that named none of them in ``on=`` stay asleep; those that named nothing wake anyway.
        """
        if not self._waiters and not self._keyed_waiters:
            return
        for waiter in self._waiters:
            waiter.wake()
        if not keys:
            for group in self._keyed_waiters.values():
                for waiter in group:
                    waiter.wake()
            return
        for key in keys:
            keyed = self._keyed_waiters.get(key)
            if keyed:
                for waiter in keyed:
                    waiter.wake()

    async def wait_until(
        self,
        predicate: Callable[[], T | None],
        *,
        timeout: float | None = None,
        description: str = "",
        on: Hashable | Iterable[Hashable] | None = None,
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value; re-checked on changes.

        ``on``: the stand-in objects the predicate depends on (one or an iterable of
        messages, channels, users, interaction handles); it is then re-checked only when one
        of them changes (a user changes when a DM or an ephemeral message of theirs does; a
        channel when any message in it does) or on a change that names nothing. None: on
        every change.
        """
        result = predicate()
        if result:
            return result
        limit = self.default_timeout if timeout is None else timeout
        keys = _keys(on)
        waiter = _Waiter()
        self._register(waiter, keys)
        try:
            async with asyncio.timeout(limit):
                while True:
                    woken = waiter.arm()
                    result = predicate()
                    if result:
                        return result
                    await woken
        except TimeoutError:
            what = description or getattr(predicate, "__name__", "condition")
            raise StandinTimeoutError(f"timed out after {limit}s waiting for {what}") from None
        finally:
            self._unregister(waiter, keys)

    @property
    def waiter_count(self) -> int:
        """How many `wait_until` calls are waiting right now."""
        keyed = {w for group in self._keyed_waiters.values() for w in group}
        return len(self._waiters) + len(keyed)

    def _register(self, waiter: _Waiter, keys: tuple[Hashable, ...] | None) -> None:
        if keys is None:
            self._waiters.add(waiter)
            return
        for key in keys:
            self._keyed_waiters.setdefault(key, set()).add(waiter)

    def _unregister(self, waiter: _Waiter, keys: tuple[Hashable, ...] | None) -> None:
        if keys is None:
            self._waiters.discard(waiter)
            return
        for key in keys:
            group = self._keyed_waiters.get(key)
            if group is not None:
                group.discard(waiter)
                if not group:
                    del self._keyed_waiters[key]

    def _emit(self, event: str, data: dict[str, Any]) -> None:
        for listener in self.world_listeners:
            listener(event, data)

    # -- world building --------------------------------------------------------------------------

    def add_user(
        self, name: str, *, dms_open: bool = True, bot: bool = False, global_name: str | None = None
    ) -> FakeUser:
        user = FakeUser(self.snowflake(), name, global_name=global_name, bot=bot, dms_open=dms_open)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, owner: FakeUser | None = None) -> FakeGuild:
        owner = owner or self.owner
        guild = FakeGuild(self.snowflake(), name, owner_id=owner.id)
        guild.roles[guild.id] = FakeRole(
            guild.id, guild.id, "@everyone", DEFAULT_EVERYONE_PERMISSIONS
        )
        self.guilds[guild.id] = guild
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild)
        if owner is not self.owner:
            guild.members[owner.id] = FakeMember(owner, guild)
        self._emit("GUILD_CREATE", guild.to_create_payload())
        self.notify()
        return guild

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = FakeChannel(self.snowflake(), name, guild=guild, position=len(guild.channels))
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        self._emit("CHANNEL_CREATE", channel.to_payload())
        self.notify()
        return channel

    def start_thread(self, message: FakeMessage, name: str, owner: FakeUser) -> FakeChannel:
        """A public thread started from `message`: it takes the message's id (Topics:
        Threads, "Public & Private Threads")."""
        parent = message.channel
        assert parent.guild is not None
        thread = FakeChannel(
            message.id, name, PUBLIC_THREAD, guild=parent.guild, parent=parent, owner_id=owner.id
        )
        parent.guild.threads.append(thread)
        self.channels[thread.id] = thread
        self._emit("THREAD_CREATE", {**thread.to_payload(), "newly_created": True})
        self.notify()
        return thread

    def set_thread_archived(
        self, thread: FakeChannel, *, archived: bool, locked: bool | None = None
    ) -> None:
        """Archive or unarchive a thread (Discord archives idle threads; moderators too)."""
        thread.archived = archived
        if locked is not None:
            thread.locked = locked
        self._emit("THREAD_UPDATE", thread.to_payload())
        self.notify()

    def delete_thread(self, thread: FakeChannel) -> None:
        thread.deleted = True
        del self.channels[thread.id]
        assert thread.guild is not None and thread.parent is not None
        self._emit(
            "THREAD_DELETE",
            {
                "id": str(thread.id),
                "guild_id": str(thread.guild.id),
                "parent_id": str(thread.parent.id),
                "type": thread.type,
            },
        )
        self.notify()

    def add_role(self, guild: FakeGuild, name: str, *, permissions: int = 0) -> FakeRole:
        role = FakeRole(self.snowflake(), guild.id, name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self._emit("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_payload()})
        self.notify()
        return role

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        roles: Iterable[FakeRole] = (),
        nick: str | None = None,
    ) -> FakeMember:
        member = FakeMember(user, guild, roles=list(roles), nick=nick)
        guild.members[user.id] = member
        self._emit("GUILD_MEMBER_ADD", {**member.to_payload(), "guild_id": str(guild.id)})
        self.notify()
        return member

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The (lazily created, then stable) DM channel between the bot and ``user``."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.snowflake(), f"dm-{user.name}", DM_CHANNEL, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    # -- messages --------------------------------------------------------------------------------

    def create_message(
        self,
        channel: FakeChannel,
        payload: dict[str, Any],
        attachments: list[FakeAttachment],
        *,
        author: FakeUser | None = None,
        visible_to: FakeUser | None = None,
        extra_flags: int = 0,
        message_type: int = 0,
        interaction: InteractionHandle | None = None,
    ) -> FakeMessage:
        msg = FakeMessage(
            id=self.snowflake(),
            channel=channel,
            author=author or self.bot_user,
            type=message_type,
            tts=bool(payload.get("tts", False)),
            reference=payload.get("message_reference"),
        )
        msg.apply(payload, attachments)
        msg.flags |= extra_flags
        if visible_to is not None:
            msg.visible_to = visible_to
            msg.flags |= EPHEMERAL
        if interaction is not None:
            msg.interaction_id = interaction.id
            msg.interaction_type = int(interaction.kind)
            msg.interaction_user = interaction.user
            msg.webhook_id = self.application_id
        self.messages[msg.id] = msg
        self.channel_messages.setdefault(channel.id, []).append(msg)
        if msg.visible_to is not None:
            self.ephemeral_messages.setdefault(msg.visible_to.id, []).append(msg)
        self.notify_message(msg)
        return msg

    def edit_message(
        self,
        msg: FakeMessage,
        payload: dict[str, Any],
        attachments: list[FakeAttachment] | None,
        *,
        clear_flags: int = 0,
    ) -> None:
        if self.keep_history:
            msg.history.append(msg.snapshot())
        msg.apply(payload, attachments)
        msg.flags &= ~clear_flags
        msg.edited_at = now_iso()
        self.notify_message(msg)

    def delete_message(self, msg: FakeMessage) -> None:
        msg.deleted = True
        self.notify_message(msg)

    def notify_message(self, msg: FakeMessage) -> None:
        """`notify` for a created, edited or deleted message: it, its channel, its viewer."""
        for listener in self.message_listeners:
            listener(msg)
        viewer = msg.visible_to or msg.channel.recipient
        if viewer is None:
            self.notify(msg, msg.channel)
        else:
            self.notify(msg, msg.channel, viewer)

    def is_visible(self, msg: FakeMessage, user: FakeUser) -> bool:
        """Whether ``user`` can see ``msg`` (ephemeral owner, DM recipient or guild member)."""
        if msg.deleted:
            return False
        if msg.visible_to is not None:
            return msg.visible_to is user
        if msg.channel.is_dm:
            return msg.channel.recipient is user
        guild = msg.channel.guild
        return guild is not None and user.id in guild.members

    # -- interactions and commands ---------------------------------------------------------------

    def new_token(self, interaction_id: int) -> str:
        return f"standin-{interaction_id}-{next(self._token_counter)}"

    def register_interaction(self, handle: InteractionHandle) -> None:
        self.interactions[handle.id] = handle
        self.interactions_by_token[handle.token] = handle

    def command_id(self, name: str, guild_id: int | None = None) -> int:
        """A stable id per command name (the synced one if the bot synced)."""
        key = (guild_id, name)
        if key not in self._command_ids:
            self._command_ids[key] = self.snowflake()
        return self._command_ids[key]

    def set_commands(
        self, guild_id: int | None, commands: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Store a bulk-overwrite of commands and return them the way Discord echoes them."""
        stored = []
        for cmd in commands:
            name = str(cmd.get("name", ""))
            item = {
                "type": 1,
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                **cmd,
                "id": str(self.command_id(name, guild_id)),
                "application_id": str(self.application_id),
                "version": str(self.snowflake()),
            }
            if guild_id is not None:
                item["guild_id"] = str(guild_id)
            stored.append(item)
        self.commands[guild_id] = stored
        self.notify()
        return stored


class _Waiter:
    """One `wait_until` call: a future that any number of notifications resolve once."""

    __slots__ = ("_future",)

    def __init__(self) -> None:
        self._future: asyncio.Future[None] | None = None

    def arm(self) -> asyncio.Future[None]:
        self._future = asyncio.get_running_loop().create_future()
        return self._future

    def wake(self) -> None:
        future = self._future
        if future is not None and not future.done():
            future.set_result(None)


def _keys(on: Hashable | Iterable[Hashable] | None) -> tuple[Hashable, ...] | None:
    if on is None:
        return None
    if isinstance(on, str | bytes) or not isinstance(on, Iterable):
        return (on,)
    return tuple(on)
