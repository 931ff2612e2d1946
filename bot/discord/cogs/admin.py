"""Help and server settings: /rules (how to play a game) and /config (managers only).

/config is hidden from members without Manage Server by `default_permissions`, but a
server can change who sees a command in its integration settings, so the permission is
checked again when it runs. Values are checked by the storage layer (`InvalidSetting`),
whose messages already say which value is wrong and why; they are passed on as they are.
"""

import discord
from discord import app_commands
from discord.ext import commands

from bot.cluster.routing import NOT_MATCH_BOUND
from bot.discord.cogs.common import GAME_CHOICES
from bot.discord.replies import reply
from bot.render.rules_help import glossary_text, rules_text
from bot.storage import GuildSettings, InvalidSetting, Storage
from bot.storage.replays import ReplayRepo
from bot.storage.settings import (
    CHALLENGE_COOLDOWN_RANGE,
    CHALLENGE_EXPIRY_RANGE,
    MATCH_MODES,
    TURN_TIMER_RANGE,
)
from engine import EngineError, Ruleset, get_ruleset

HOW_TO_PLAY_HERE = (
    "**Here**: `/challenge` someone (or me, for a practice match against the computer). "
    "Each match gets a thread of its own (or, if the server chose so in /config, the "
    "channel), where its board is posted; your hand and moves come by DM, or press "
    "**My hand & moves** on the board (or use /hand). Anyone can follow a running match "
    "with **Watch** on its board or `/spectate`: a live copy of the public table, never a "
    "hand. Matches between people count for the ladder: see /leaderboard and /profile."
)

REPLAYS_AND_HISTORY = (
    "**After a match**: `/history` lists your ended matches (opponents, result, length, "
    "rating change) with a menu to replay each; `/replay match_id:N` steps through one "
    "from the public view (◀ ▶, `turn:` or the turn menu). `/reveal match_id:N`: when "
    "every player agreed (or the server reveals ended matches), the replay shows every "
    "hand and `/replay match_id:N export:True` gives the record for `cardhost replay FILE`. "
    "`/stats` shows the server's most played decks and cards."
)


def reveal_text(reveal: bool) -> str:
    return (
        f"Reveal replays: **{'on' if reveal else 'off'}** (on: the replay of every ended match "
        "shows every hand; off: only when all its players agreed with /reveal)"
    )


def settings_text(settings: GuildSettings) -> str:
    return (
        f"Turn timer: **{settings.turn_timer_seconds} s** (a player who lets it run out "
        "resigns; a warning comes at half time)\n"
        f"Challenge expiry: **{settings.challenge_expiry_seconds} s** (how long a challenge "
        "waits to be accepted)\n"
        f"Challenge cooldown: **{settings.challenge_cooldown_seconds} s** (how long a member "
        "waits between two challenges; 0: none)\n"
        f"Match mode: **{settings.match_mode or 'the bot default'}** (thread: each match in a "
        "thread of its own, many per channel; channel: one running match per channel)"
    )


def rules_page(ruleset: Ruleset) -> str:
    """What /rules answers: the game's summary and words (the terminal's `?` shows the same,
    from `bot.render.rules_help`), then how matches work here."""
    parts = [rules_text(ruleset), glossary_text(ruleset), HOW_TO_PLAY_HERE, REPLAYS_AND_HISTORY]
    return "\n\n".join(p for p in parts if p)


class Admin(commands.Cog):
    match_route = NOT_MATCH_BOUND  # none of its commands is about a running match

    def __init__(self, *, storage: Storage):
        self.storage = storage

    @app_commands.command(description="How to play a game, in a few lines.")
    @app_commands.describe(game="which card game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        try:
            ruleset = get_ruleset(game)
        except EngineError as exc:
            return await reply(interaction, f"{exc}.")
        embed = discord.Embed(
            title=f"How to play {ruleset.name}",
            description=rules_page(ruleset),
            colour=discord.Colour.green(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(description="Server settings: turn timer, challenge expiry and cooldown.")
    @app_commands.describe(
        turn_timer=(
            f"seconds a player has for each decision ({TURN_TIMER_RANGE[0]}-{TURN_TIMER_RANGE[1]})"
        ),
        challenge_expiry=(
            f"seconds a challenge waits to be accepted "
            f"({CHALLENGE_EXPIRY_RANGE[0]}-{CHALLENGE_EXPIRY_RANGE[1]})"
        ),
        challenge_cooldown=(
            f"seconds a member waits between two challenges "
            f"({CHALLENGE_COOLDOWN_RANGE[0]}-{CHALLENGE_COOLDOWN_RANGE[1]}, 0: none)"
        ),
        match_mode="thread: each match in a thread of its own; channel: one match per channel",
        reveal_replays="replays of ended matches show every hand, without the players' /reveal",
    )
    @app_commands.choices(
        match_mode=[app_commands.Choice(name=mode, value=mode) for mode in MATCH_MODES]
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def config(
        self,
        interaction: discord.Interaction,
        turn_timer: app_commands.Range[int, 30, 3600] | None = None,
        challenge_expiry: app_commands.Range[int, 30, 3600] | None = None,
        challenge_cooldown: app_commands.Range[int, 0, 3600] | None = None,
        match_mode: str | None = None,
        reveal_replays: bool | None = None,
    ) -> None:
        # The Range limits are what Discord's client shows and enforces; they repeat the
        # storage ranges (a test keeps them equal), which are checked again on saving.
        if interaction.guild_id is None:
            return await reply(interaction, "Settings belong to a server: use /config there.")
        if not interaction.permissions.manage_guild:
            return await reply(
                interaction,
                "Only server managers (the Manage Server permission) can view or change "
                "these settings.",
            )
        settings = self.storage.settings
        replays = ReplayRepo(self.storage.db)
        if (
            turn_timer is None
            and challenge_expiry is None
            and challenge_cooldown is None
            and match_mode is None
        ):
            current = await settings.get_guild_settings(interaction.guild_id)
            if reveal_replays is not None:
                await replays.set_reveals_finished(interaction.guild_id, reveal_replays)
            reveal = reveal_text(await replays.reveals_finished(interaction.guild_id))
            if reveal_replays is not None:
                return await reply(interaction, f"Saved.\n{settings_text(current)}\n{reveal}")
            return await reply(
                interaction, f"Settings of this server:\n{settings_text(current)}\n{reveal}"
            )
        try:  # checked and saved before the reveal: a refused value leaves everything as it was
            saved = await settings.set_guild_settings(
                interaction.guild_id,
                turn_timer_seconds=turn_timer,
                challenge_expiry_seconds=challenge_expiry,
                challenge_cooldown_seconds=challenge_cooldown,
                match_mode=match_mode,
            )
        except InvalidSetting as exc:
            return await reply(interaction, f"Nothing changed: {exc}.")
        if reveal_replays is not None:
            await replays.set_reveals_finished(interaction.guild_id, reveal_replays)
        reveal = reveal_text(await replays.reveals_finished(interaction.guild_id))
        await reply(
            interaction,
            f"Saved.\n{settings_text(saved)}\n{reveal}\n"
            "They apply to matches and challenges started from now on.",
        )
