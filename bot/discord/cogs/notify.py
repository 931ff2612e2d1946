"""/notify on|off: whether the bot pings you when your turn comes (stored per user)."""

import discord
from discord import app_commands
from discord.ext import commands

from bot.cluster.routing import NOT_MATCH_BOUND
from bot.discord.replies import reply
from bot.storage import Storage


class Notify(commands.Cog):
    match_route = NOT_MATCH_BOUND  # a preference, not about a running match

    def __init__(self, *, storage: Storage):
        self.storage = storage

    @app_commands.command(description="Ping me when my turn comes (on) or never (off).")
    @app_commands.describe(setting="on or off")
    @app_commands.choices(
        setting=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def notify(self, interaction: discord.Interaction, setting: str) -> None:
        if setting not in ("on", "off"):
            return await reply(interaction, "Choose `on` or `off`; nothing changed.")
        await self.storage.preferences.set_notify(interaction.user.id, setting == "on")
        if setting == "on":
            text = (
                "Turn pings are **on**: a short DM (or a mention) tells you when it is your move."
            )
        else:
            text = "Turn pings are **off**. The half-time warning of the turn timer still comes."
        await reply(interaction, text)
