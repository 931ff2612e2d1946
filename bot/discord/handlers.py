"""Who answers a match's buttons and menus: `MatchHandlers`, one per bot.

discord.py builds a DynamicItem itself, from the custom_id of the component clicked
(`from_custom_id`), so an item cannot be handed its collaborators when it is built. Its
callback asks the client that received the interaction for the handler registered
there, as a cog (`client.get_cog`), the way discord.py finds a command's cog; the
handler was built with its collaborators by name. One process may run several bots
(tests do), each with its own handler.
"""

from typing import Protocol

import discord
from discord.ext import commands

from bot.discord.spectators import Spectators
from bot.play.sessions import SessionManager
from bot.render.look import SeenCard, visible_cards

#: The scopes of "Look at a card": the board's (public cards only) and a panel's (the
#: presser's own view).
PUBLIC, SEAT = "p", "s"
WATCH_OVER = "This match is over: there is nothing left to watch."


class Clicks(Protocol):
    """What answers a decision click and "My hand & moves" (the controller)."""

    async def choose(
        self, interaction: discord.Interaction, match_id: int, seq: int, picks: list[int]
    ) -> None: ...

    async def show_hand(self, interaction: discord.Interaction, match_id: int) -> None: ...


class MatchHandlers(commands.Cog, name="MatchHandlers"):
    def __init__(self, *, clicks: Clicks, spectators: Spectators, sessions: SessionManager):
        self.clicks = clicks
        self.spectators = spectators
        self.sessions = sessions

    async def choose(
        self, interaction: discord.Interaction, match_id: int, seq: int, picks: list[int]
    ) -> None:
        await self.clicks.choose(interaction, match_id, seq, picks)

    async def show_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        await self.clicks.show_hand(interaction, match_id)

    async def watch(self, interaction: discord.Interaction, match_id: int) -> None:
        session = await self.sessions.get(match_id)
        if session is None:
            await interaction.response.send_message(WATCH_OVER, ephemeral=True)
            return
        await self.spectators.watch(interaction, session)

    async def seen(self, match_id: int, scope: str, user_id: int) -> list[SeenCard]:
        """What this user may look at in this match from this button: [] if it is over."""
        session = await self.sessions.get(match_id)
        if session is None:
            return []
        seat = session.seat_of(user_id) if scope == SEAT else None
        if seat is None:
            return visible_cards(session.match.view(None), public_only=True)
        return visible_cards(session.match.view(seat))


def match_handlers(interaction: discord.Interaction) -> MatchHandlers:
    """The handler of the bot that received `interaction`."""
    client = interaction.client
    handlers = client.get_cog("MatchHandlers") if isinstance(client, commands.Bot) else None
    if not isinstance(handlers, MatchHandlers):
        raise RuntimeError("no MatchHandlers registered with this client")
    return handlers
