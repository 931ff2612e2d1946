"""Ladder commands: /leaderboard (one page of a game's ladder) and /profile (one player).

Both answer in the channel, not privately: a ladder is there to be shown around. Names on
the ladder are the stored ones (`users` table, refreshed at each match start), so players
who left the server or are offline are still named. Ratings are shown on the display scale
(`bot.play.ratings.display_rating`: 1000 for a newcomer), which keeps the order of the OpenSkill
ordinal the ladder is sorted by.
"""

import io

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown, format_dt

from bot.cluster.routing import NOT_MATCH_BOUND
from bot.discord.cogs.common import GAME_CHOICES
from bot.discord.replies import reply
from bot.play.ratings import RATING_MEANING, change_text, display_change, display_rating
from bot.storage import LeaderboardEntry, MatchRow, Rating, RatingChange, Storage
from engine import EngineError, get_ruleset, ruleset_ids

PAGE_SIZE = 10
MIN_GAMES = 0  # everyone with a rated match is listed; rank_of must use the same value
RECENT_MATCHES = 5
RECENT_CHANGES = 5
FIELD_LIMIT = 1024  # Discord's limit for an embed field's value
EMBED_BUDGET = 5800  # Discord refuses an embed over 6000 characters in all


def rating_text(ordinal: float) -> str:
    """The rating as players see it: the display rating (1000 for a newcomer, never < 0)."""
    return str(display_rating(ordinal))


def record_text(wins: int, losses: int, draws: int) -> str:
    """W-L, with draws only for games that have them (W-L-D)."""
    return f"{wins}-{losses}" + (f"-{draws}" if draws else "")


def display_name(name: str | None, user_id: int) -> str:
    """A stored name, escaped for markdown; a mention if the name was never stored."""
    return escape_markdown(name) if name else f"<@{user_id}>"


def ladder_line(entry: LeaderboardEntry) -> str:
    return (
        f"**{entry.rank}.** {display_name(entry.name, entry.user_id)} — "
        f"**{rating_text(entry.ordinal)}** · "
        f"{record_text(entry.wins, entry.losses, entry.draws)} · "
        f"{entry.games} game{'s' if entry.games != 1 else ''}"
    )


def match_line(row: MatchRow, user_id: int, change: int | None) -> str:
    """One recent match from the user's side: result, opponents, rating change, when."""
    seat = next((i for i, p in enumerate(row.players) if p.user_id == user_id), None)
    if row.status == "running":
        result = "playing"
    elif row.status == "abandoned":
        result = "abandoned"
    elif row.winner is None:
        result = "draw"
    else:
        result = "won" if row.winner == seat else "lost"
    opponents = [escape_markdown(p.name) for i, p in enumerate(row.players) if i != seat] or [
        "nobody"
    ]
    if change is not None:
        rated = f" ({change_text(change)})"
    elif any(p.is_bot or p.user_id is None for p in row.players):
        rated = " (unrated)"  # the ladder counts matches between people only
    else:
        rated = ""  # running, or rated longer ago than the changes read
    when = row.finished_at or row.created_at
    return f"#{row.id} **{result}** vs {', '.join(opponents)}{rated} · {format_dt(when, 'R')}"


def _clip(lines: list[str]) -> str:
    """Join lines, dropping the oldest ones that would not fit in an embed field."""
    text = "\n".join(lines)
    while len(text) > FIELD_LIMIT and len(lines) > 1:
        lines = lines[:-1]
        text = "\n".join(lines)
    return text[:FIELD_LIMIT]


def _delta(change: RatingChange) -> int:
    return display_change(change.ordinal_before, change.ordinal_after)


class Ladder(commands.Cog):
    match_route = NOT_MATCH_BOUND  # none of its commands is about a running match

    def __init__(self, *, storage: Storage):
        self.storage = storage

    @app_commands.command(description="A game's rating ladder, 10 players a page.")
    @app_commands.describe(game="which card game", page="which page (default: the first)")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        page: app_commands.Range[int, 1] = 1,
    ) -> None:
        try:
            rules = get_ruleset(game)
        except EngineError as exc:
            return await reply(interaction, f"{exc}.")
        ratings = self.storage.ratings
        size = await ratings.leaderboard_size(game, min_games=MIN_GAMES)
        if size == 0:
            return await reply(
                interaction,
                f"Nobody is on the {rules.name} ladder yet: finish a match against another "
                "player (matches against the computer are unrated).",
            )
        pages = -(-size // PAGE_SIZE)
        if not 1 <= page <= pages:
            return await reply(
                interaction,
                f"There is no page {page}: the {rules.name} ladder has {pages} "
                f"page{'s' if pages != 1 else ''} ({size} players).",
            )
        entries = await ratings.leaderboard(
            game, (page - 1) * PAGE_SIZE, PAGE_SIZE, min_games=MIN_GAMES
        )
        embed = discord.Embed(
            title=f"{rules.name} ladder",
            description="\n".join(ladder_line(e) for e in entries) + f"\n\n-# {RATING_MEANING}",
            colour=discord.Colour.gold(),
        )
        embed.set_footer(
            text=f"Page {page} of {pages} · {size} players · rating, wins-losses, games"
        )
        await interaction.response.send_message(embed=embed)

    @app_commands.command(description="A player's ratings, results and recent matches.")
    @app_commands.describe(user="whose profile (default: yours)")
    async def profile(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        target = user or interaction.user
        storage = self.storage
        recent = await storage.matches.recent_matches(
            target.id, limit=RECENT_MATCHES * len(ruleset_ids())
        )
        embed = discord.Embed(
            title=f"{escape_markdown(target.display_name)}'s profile",
            colour=discord.Colour.blurple(),
        )
        for ruleset in ruleset_ids():
            rating = await storage.ratings.get_rating(target.id, ruleset)
            matches = [m for m in recent if m.ruleset == ruleset][:RECENT_MATCHES]
            if rating is None and not matches:
                continue
            history = await storage.ratings.rating_history(target.id, ruleset, RECENT_CHANGES)
            await self._add_ruleset(embed, target.id, ruleset, rating, matches, history)
        if not embed.fields:
            embed.description = (
                "No matches yet. Use /challenge to play someone and get on the ladder."
            )
            await interaction.response.send_message(embed=embed)
            return
        # Per-deck win rates and the rating-over-time picture (bot/discord/cogs/history.py).
        from bot.discord.cogs.history import CHART_NAME, profile_extras

        extras, png = await profile_extras(self.storage, target.id, ruleset_ids())
        for name, value in extras[: 25 - len(embed.fields)]:
            if len(embed) + len(name) + len(value) > EMBED_BUDGET:
                break
            embed.add_field(name=name, value=value, inline=False)
        if png is None:
            await interaction.response.send_message(embed=embed)
            return
        embed.set_image(url=f"attachment://{CHART_NAME}")
        chart = discord.File(io.BytesIO(png), filename=CHART_NAME)
        await interaction.response.send_message(embed=embed, file=chart)

    async def _add_ruleset(
        self,
        embed: discord.Embed,
        user_id: int,
        ruleset: str,
        rating: Rating | None,
        matches: list[MatchRow],
        history: list[RatingChange],
    ) -> None:
        """The ruleset's fields: standing and rating changes, then its recent matches."""
        name = get_ruleset(ruleset).name
        if rating is None:
            standing = ["Unrated: no finished match against another player yet."]
        else:
            ratings = self.storage.ratings
            rank = await ratings.rank_of(user_id, ruleset, min_games=MIN_GAMES)
            size = await ratings.leaderboard_size(ruleset, min_games=MIN_GAMES)
            place = f"#{rank} of {size}" if rank is not None else "not ranked"
            standing = [
                f"Rating **{rating_text(rating.ordinal)}** · {place}",
                f"{rating.wins} won · {rating.losses} lost"
                + (f" · {rating.draws} drawn" if rating.draws else "")
                + f" · {rating.games} games",
            ]
            if history:
                changes = " · ".join(change_text(_delta(c)) for c in reversed(history))
                standing.append(f"Last rating changes (newest first): {changes}")
        embed.add_field(name=name, value=_clip(standing), inline=False)
        if matches:
            by_match = {c.match_id: _delta(c) for c in history}
            lines = [match_line(m, user_id, by_match.get(m.id)) for m in matches]
            embed.add_field(name=f"{name}: recent matches", value=_clip(lines), inline=False)
