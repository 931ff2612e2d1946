"""A Discord stand-in (REST + gateway on 127.0.0.1) for end-to-end tests and benchmarks.

An unmodified discord.py bot connects to it; tests act as simulated users (slash commands,
button clicks, selects, modals) and assert on what every user saw. Start with `FakeDiscord`.
"""

from .entities import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser
from .errors import ApiError, StandinTimeoutError
from .gateway import NoBotConnectedError
from .interactions import CallbackType, InteractionHandle, InteractionKind, RawOption
from .messages import ComponentRef, FakeAttachment, FakeMessage, MessageRevision
from .patching import discord_pointed_at
from .recorder import RecordedCall, UploadedFile
from .server import FakeDiscord

__all__ = [
    "ApiError",
    "CallbackType",
    "ComponentRef",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "InteractionKind",
    "MessageRevision",
    "NoBotConnectedError",
    "RawOption",
    "RecordedCall",
    "StandinTimeoutError",
    "UploadedFile",
    "discord_pointed_at",
]
