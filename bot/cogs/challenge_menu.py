"""The user context menu "Challenge to a game…": right-click a member, pick a game.

A context-menu command carries no options, so the game is asked for with a private select
menu; picking one posts the challenge exactly as `/challenge opponent game` would (same
checks, same cooldown, the challenger's active deck).
"""

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import GAME_CHOICES
from bot.controller import reply

if TYPE_CHECKING:
    from bot.app import CardhostBot
    from bot.cogs.matches import Matches

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
    def __init__(self, bot: "CardhostBot"):
        self.bot = bot
        self.menu = app_commands.ContextMenu(name=MENU_NAME, callback=self.challenge_member)
        self.menu.guild_only = True

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)

    async def challenge_member(
        self, interaction: discord.Interaction, member: discord.Member | discord.User
    ) -> None:
        matches = self.bot.get_cog("Matches")
        if matches is None:
            return await reply(interaction, "Challenges are not available right now.")
        if member.id == interaction.user.id:
            return await reply(interaction, "You cannot challenge yourself.")
        await interaction.response.send_message(
            f"Challenge {member.mention} to which game?",
            view=GamePicker(matches, interaction.user.id, member),  # type: ignore[arg-type]
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: "CardhostBot") -> None:
    await bot.add_cog(ChallengeMenu(bot))
