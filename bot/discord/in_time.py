"""Answer an interaction in time even when the work before the answer is slow.

Discord waits 3 seconds for an interaction's first answer (docs/discord.md). A command
whose answer must follow a database write (a challenge is stored before its buttons are
shown: nothing is shown before it is committed) usually answers in milliseconds, but a
busy database (PostgreSQL flushing every commit to disk, a burst of challenges at once)
can hold the write past the window, and the player then sees "The application did not
respond" for a challenge that does exist. `within_window` awaits the work and, if it is
still running when most of the window is gone, defers the interaction first (one
callback, exempt from the global limit); the caller then answers with `send`, which
edits the deferred answer in place, or answers at once when no defer was needed.
"""

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

T = TypeVar("T")

#: Defer when the work is still running this long after Discord created the interaction
#: (its window is 3 s; a callback takes a round trip, and clocks drift).
DEFER_AFTER = 1.8


def age(interaction: discord.Interaction) -> float:
    """Seconds since Discord created the interaction (its id says when)."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


async def within_window(
    interaction: discord.Interaction,
    work: Awaitable[T],
    *,
    ephemeral: bool = False,
    thinking: bool = True,
) -> T:
    """`await work`, deferring the interaction first if the work would outlast the window.

    `thinking`: defer as "thinking…" (a command: the answer replaces it); False for a
    component, whose message is then edited (`defer()` without a visible change)."""
    task = asyncio.ensure_future(work)
    wait = max(0.0, DEFER_AFTER - age(interaction))
    done, _ = await asyncio.wait({task}, timeout=wait)
    if not done and not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
    return await task


async def send(interaction: discord.Interaction, content: str, **fields: Any) -> None:
    """A command's first answer: sent now, or put in place of its "thinking…" answer
    when `within_window` had to defer."""
    if interaction.response.is_done():
        await interaction.edit_original_response(content=content, **fields)
    else:
        await interaction.response.send_message(content, **fields)
