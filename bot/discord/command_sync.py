"""Registering the slash commands with Discord: globally, or in one development server.

Discord limits command writes (Interactions > Application Commands: 200 creates a day per
guild, the global scope counting as one; see docs/discord.md), and a global change takes
a while to reach every client. So the bot writes its command set in one bulk overwrite,
and only when it changed: the digest of the last set written to each scope is stored,
and a start with the same commands writes nothing.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.storage import Storage

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SyncResult:
    scope: str  # "global" or "guild 123"
    written: bool
    commands: int


def command_payload(tree: discord.app_commands.CommandTree[Any], guild_id: int | None) -> list[Any]:
    """What a bulk overwrite of `guild_id`'s scope (None: global) would send."""
    guild = None if guild_id is None else discord.Object(guild_id)
    return [command.to_dict(tree) for command in tree.get_commands(guild=guild)]


def digest(payload: list[Any]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


async def sync_commands(
    tree: discord.app_commands.CommandTree[Any],
    storage: Storage,
    *,
    guild_id: int | None = None,
    force: bool = False,
    clear: bool = False,
) -> SyncResult:
    """Write the bot's commands to one scope if they changed since the last write there.

    ``guild_id`` names a server (the global commands are copied there, for development:
    guild commands show up at once); None registers them globally, for every server and
    DMs. ``clear`` removes every command of the scope; ``force`` writes even an unchanged set.
    """
    guild = None if guild_id is None else discord.Object(guild_id)
    if clear:
        tree.clear_commands(guild=guild)
    elif guild is not None:
        tree.copy_global_to(guild=guild)
    payload = command_payload(tree, guild_id)
    scope = "global" if guild_id is None else f"guild {guild_id}"
    new = digest(payload)
    key = 0 if guild_id is None else guild_id
    if not force and await storage.command_sync.digest(key) == new:
        log.info("commands unchanged in %s scope: not written", scope)
        return SyncResult(scope, written=False, commands=len(payload))
    await tree.sync(guild=guild)
    await storage.command_sync.remember(key, new)
    log.info("wrote %d command(s) to the %s scope", len(payload), scope)
    return SyncResult(scope, written=True, commands=len(payload))
