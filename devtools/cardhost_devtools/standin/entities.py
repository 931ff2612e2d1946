"""The stand-in's people and places: users, roles, channels, members, guilds.

They are kept apart from messages and from the state that holds them all, so that
messages (which name their channel and author) and the state (which holds everything)
both import them and nothing imports back.
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field
from typing import Any


def now_iso() -> str:
    """Timestamp in the ISO format Discord uses (discord.py parses it)."""
    return dt.datetime.now(dt.UTC).isoformat()


DISCORD_EPOCH_MS = 1_420_070_400_000
TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11

# Permission bits (see discord.Permissions); spelled out so the state has no discord.py import.
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
ADD_REACTIONS = 1 << 6
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
SEND_MESSAGES_IN_THREADS = 1 << 38
CREATE_PUBLIC_THREADS = 1 << 35
MANAGE_THREADS = 1 << 34
ADMINISTRATOR = 1 << 3
#: What @everyone may do in a fresh stand-in guild.
DEFAULT_EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)
#: Permissions reported for the bot in interactions (everything except administrator).
ALL_PERMISSIONS = (1 << 51) - 1
APP_PERMISSIONS = ALL_PERMISSIONS & ~ADMINISTRATOR


class SnowflakeFactory:
    """Increasing Discord-style ids, so discord.py's ``created_at`` math yields real times."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(now, self._last + 1)
        return self._last


@dataclass(eq=False)
class FakeUser:
    """A Discord account (human or bot)."""

    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    #: False simulates "DMs closed": sending to their DM channel answers 403 / 50007.
    dms_open: bool = True

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
        }

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0},
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a public thread of one (``parent`` set), or a DM channel
    (``guild`` None, ``recipient`` set)."""

    id: int
    name: str
    type: int = TEXT_CHANNEL
    guild: FakeGuild | None = None
    recipient: FakeUser | None = None
    position: int = 0
    parent: FakeChannel | None = None  # a thread's channel
    owner_id: int | None = None  # who started the thread
    archived: bool = False
    locked: bool = False
    deleted: bool = False

    @property
    def is_dm(self) -> bool:
        return self.type == DM_CHANNEL

    @property
    def is_thread(self) -> bool:
        return self.type == PUBLIC_THREAD

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_payload(self, me: FakeUser | None = None) -> dict[str, Any]:
        if self.is_dm:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM_CHANNEL,
                "last_message_id": None,
                "recipients": [self.recipient.to_payload()],
            }
        assert self.guild is not None
        if self.is_thread:
            assert self.parent is not None
            return {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild.id),
                "parent_id": str(self.parent.id),
                "owner_id": str(self.owner_id),
                "name": self.name,
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "message_count": 0,
                "member_count": 1,
                "flags": 0,
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": now_iso(),
                    "locked": self.locked,
                },
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
        }

    def __repr__(self) -> str:
        return f"<FakeChannel {self.name} id={self.id} type={self.type}>"


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild: FakeGuild
    roles: list[FakeRole] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=now_iso)

    @property
    def permissions(self) -> int:
        if self.guild.owner_id == self.user.id:
            return ALL_PERMISSIONS
        perms = self.guild.everyone.permissions
        for role in self.roles:
            perms |= role.permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def to_payload(
        self, *, with_user: bool = True, with_permissions: bool = False
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            payload["user"] = self.user.to_payload()
        if with_permissions:
            payload["permissions"] = str(self.permissions)
        return payload


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    channels: list[FakeChannel] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    roles: dict[int, FakeRole] = field(default_factory=dict)
    threads: list[FakeChannel] = field(default_factory=list)
    #: What the bot may do in this server (its role's permissions): tests take some away.
    bot_permissions: int = ALL_PERMISSIONS & ~ADMINISTRATOR

    @property
    def everyone(self) -> FakeRole:
        return self.roles[self.id]

    def member(self, user: FakeUser) -> FakeMember | None:
        return self.members.get(user.id)

    def to_create_payload(self) -> dict[str, Any]:
        """The full GUILD_CREATE payload (all members included, so the guild counts as chunked)."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "features": [],
            "roles": [r.to_payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "channels": [c.to_payload() for c in self.channels],
            "threads": [t.to_payload() for t in self.threads if not t.archived and not t.deleted],
            "members": [m.to_payload() for m in self.members.values()],
            "member_count": len(self.members),
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "joined_at": now_iso(),
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "application_id": None,
            "vanity_url_code": None,
            "widget_enabled": False,
            "premium_progress_bar_enabled": False,
            "nsfw": False,
        }

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name} id={self.id}>"
