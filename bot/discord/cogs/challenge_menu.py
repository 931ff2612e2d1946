"""The user context menu "Challenge to a game…": right-click a member, pick a game.

A context-menu command carries no options, so the game is asked for with a private select
menu; picking one posts the challenge exactly as `/challenge opponent game` would (same
checks, same cooldown, the challenger's active deck).
"""

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cluster.routing import NOT_MATCH_BOUND, ROUTE
from bot.discord.cogs.common import GAME_CHOICES
from bot.discord.replies import reply

if TYPE_CHECKING:
    from bot.discord.cogs.matches import Matches

MENU_NAME = "Challenge to a game…"
PICK_TIMEOUT = 120.0  # seconds the game menu stays usable


class GamePicker(discord.ui.View):
    def __init__(self, matches: "Matches", challenger_id: int, opponent: discord.abc.User):
        super().__init__(timeout=PICK_TIMEOUT)
        self.matches, self.challenger_id, self.opponent = matches, challenger_id, opponent
        self.pick.options = [  # type: ignore[assignment]  # discord.py types it Never
            discord.SelectOption(label=c.name, value=str(c.value)) for c in GAME_CHOICES
        ]

    @discord.ui.select(placeholder="Which game?", min_values=1, max_values=1)
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        if interaction.user.id != self.challenger_id:  # an ephemeral menu: cannot happen
            return await reply(interaction, "This menu is not yours.")
        self.stop()
        await self.matches.open_challenge(interaction, [self.opponent], select.values[0])


class ChallengeMenu(commands.Cog):
    match_route = NOT_MATCH_BOUND  # a challenge, not a running match

    def __init__(self, *, tree: app_commands.CommandTree, matches: "Matches"):
        self.tree = tree
        self.matches = matches
        self.menu = app_commands.ContextMenu(
            name=MENU_NAME, callback=self.challenge_member, extras={ROUTE: NOT_MATCH_BOUND}
        )
        self.menu.guild_only = True

    async def cog_load(self) -> None:
        self.tree.add_command(self.menu)

    async def cog_unload(self) -> None:
        self.tree.remove_command(self.menu.name, type=self.menu.type)

    async def challenge_member(
        self, interaction: discord.Interaction, member: discord.Member | discord.User
    ) -> None:
        matches = self.matches
        if member.id == interaction.user.id:
            return await reply(interaction, "You cannot challenge yourself.")
        await interaction.response.send_message(
            f"Challenge {member.mention} to which game?",
            view=GamePicker(matches, interaction.user.id, member),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
