"""/history (a player's ended matches, paged, each with a way into its replay) and /stats
(a server's most played decks and cards and its matches' average length); plus what
/profile adds (`profile_extras`: per-deck win rates and the rating-over-time picture).

Like the replay, a history message is paged only by the member who asked for it; anyone
else pressing its buttons gets their own copy of that page, privately.
"""

import asyncio
import re
from typing import Any, Self

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from bot.cluster.routing import NOT_MATCH_BOUND
from bot.discord.cogs.common import GAME_CHOICES
from bot.discord.history_lines import (
    DeckNamer,
    RatingSeries,
    deck_records,
    draw_rating_chart,
    history_line,
    most_played_cards,
    most_played_decks,
)
from bot.discord.replies import reply
from bot.discord.select_values import select_values
from bot.play.ratings import INITIAL_ORDINAL, display_rating
from bot.play.replays import ReplayRefused
from bot.storage import Storage
from bot.storage.replays import ReplayRepo
from engine import EngineError, get_ruleset

PAGE_SIZE = 5
ALL_GAMES = "-"
CHART_NAME = "rating.png"
DECKS_SHOWN = 5


def history_view(
    owner: int, target: int, game: str | None, page: int, pages: int, match_ids: list[int]
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    key = game or ALL_GAMES
    view.add_item(HistoryButton(owner, target, key, page - 1, "p", disabled=page <= 1))
    view.add_item(HistoryButton(owner, target, key, page + 1, "n", disabled=page >= pages))
    if match_ids:
        view.add_item(
            ReplaySelect(
                [discord.SelectOption(label=f"Replay match #{m}", value=str(m)) for m in match_ids]
            )
        )
    return view


class HistoryButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"hi:(?P<owner>\d+):(?P<target>\d+):(?P<game>[a-z0-9_-]+):(?P<page>\d+):(?P<kind>[pn])",
):
    match_route = NOT_MATCH_BOUND  # finished matches: answered where it arrives

    def __init__(
        self, owner: int, target: int, game: str, page: int, kind: str, disabled: bool = False
    ):
        self.owner, self.target, self.game, self.page = owner, target, game, max(1, page)
        super().__init__(
            discord.ui.Button(
                label="◀ newer" if kind == "p" else "older ▶",
                style=discord.ButtonStyle.secondary,
                custom_id=f"hi:{owner}:{target}:{game}:{max(1, page)}:{kind}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(
            int(match["owner"]),
            int(match["target"]),
            match["game"],
            int(match["page"]),
            match["kind"],
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("History")  # type: ignore[attr-defined]
        assert isinstance(cog, History)
        game = None if self.game == ALL_GAMES else self.game
        mine = interaction.user.id == self.owner
        owner = self.owner if mine else interaction.user.id
        built = await cog.page(owner, self.target, game, self.page)
        if built is None:
            return await reply(interaction, "That page is empty now.")
        embed, view = built
        if mine:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


class ReplaySelect(discord.ui.DynamicItem[discord.ui.Select], template=r"hir"):
    """Opens a listed match's replay, privately, for whoever picks it."""

    match_route = NOT_MATCH_BOUND  # finished matches: answered where it arrives

    def __init__(self, options: list[discord.SelectOption] | None = None):
        super().__init__(
            discord.ui.Select(
                custom_id="hir",
                placeholder="Replay one of these matches",
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord.cogs.replays import Replays

        values = select_values(interaction) or ["0"]
        cog = interaction.client.get_cog("Replays")  # type: ignore[attr-defined]
        assert isinstance(cog, Replays)
        match_id = int(values[0]) if str(values[0]).isdigit() else 0
        row = await cog._allowed(interaction, match_id)
        if row is None:
            return
        try:
            content, embeds, view = await cog._message(row, interaction.user.id, 0)
        except ReplayRefused as exc:
            return await reply(interaction, str(exc))
        await interaction.response.send_message(content, embeds=embeds, view=view, ephemeral=True)


async def profile_extras(
    storage: Storage, user_id: int, rulesets: list[str]
) -> tuple[list[tuple[str, str]], bytes | None]:
    """/profile's additions: (field name, value) per game with deck win rates, and the
    rating-over-time PNG (drawn in a thread), or None when the user was never rated."""
    repo = ReplayRepo(storage.db)
    fields = []
    series = []
    for ruleset in rulesets:
        name = get_ruleset(ruleset).name
        played = await repo.played_decks(ruleset, user_id=user_id)
        if played:
            namer = DeckNamer(ruleset, await repo.saved_decks(ruleset, {user_id}))
            lines = [r.line() for r in deck_records(played, namer)[:DECKS_SHOWN]]
            fields.append((f"{name}: decks", "\n".join(lines)[:1024]))
        history = await storage.ratings.rating_history(user_id, ruleset)
        if history:
            first = history[0]
            start = INITIAL_ORDINAL if first.ordinal_before is None else first.ordinal_before
            points = [(first.created_at, float(display_rating(start)))]
            points += [(c.created_at, float(display_rating(c.ordinal_after))) for c in history]
            series.append(RatingSeries(name, points))
    png = await asyncio.to_thread(draw_rating_chart, series) if series else None
    return fields, png


class History(commands.Cog):
    match_route = NOT_MATCH_BOUND  # finished matches only

    def __init__(self, *, storage: Storage):
        self.storage = storage
        self.repo = ReplayRepo(storage.db)

    async def page(
        self, owner: int, target: int, game: str | None, page: int
    ) -> tuple[discord.Embed, discord.ui.View] | None:
        size = await self.repo.history_size(target, game)
        pages = max(1, -(-size // PAGE_SIZE))
        page = max(1, min(page, pages))
        rows = await self.repo.history(target, game, (page - 1) * PAGE_SIZE, PAGE_SIZE)
        if not rows:
            return None
        name = next((p.name for p in rows[0].players if p.user_id == target), f"<@{target}>")
        where = f" · {get_ruleset(game).name}" if game else ""
        embed = discord.Embed(
            title=f"{escape_markdown(name)}'s matches{where}",
            description="\n".join(history_line(r) for r in rows),
            colour=discord.Colour.blurple(),
        )
        embed.set_footer(text=f"Page {page} of {pages} · {size} ended matches · newest first")
        return embed, history_view(owner, target, game, page, pages, [r.id for r in rows])

    @app_commands.command(description="A player's last matches: opponents, result, length, rating.")
    @app_commands.describe(
        user="whose matches (default: yours)", game="only this game", page="which page"
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def history(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: str | None = None,
        page: app_commands.Range[int, 1] = 1,
    ) -> None:
        target = user or interaction.user
        if game is not None:
            try:
                get_ruleset(game)
            except EngineError as exc:
                return await reply(interaction, f"{exc}.")
        who = "You have" if target.id == interaction.user.id else f"{target.display_name} has"
        size = await self.repo.history_size(target.id, game)
        pages = -(-size // PAGE_SIZE)
        if size and page > pages:
            where = f" of {get_ruleset(game).name}" if game else ""
            return await reply(
                interaction,
                f"There is no page {page}: {escape_markdown(who)} {size} ended "
                f"match{'es' if size != 1 else ''}{where}, "
                f"{pages} page{'s' if pages != 1 else ''}.",
            )
        built = await self.page(interaction.user.id, target.id, game, page)
        if built is None:
            return await reply(
                interaction, f"{escape_markdown(who)} no ended matches yet: /challenge someone."
            )
        embed, view = built
        await interaction.response.send_message(embed=embed, view=view)

    @app_commands.command(description="This server's most played decks and cards in a game.")
    @app_commands.describe(game="which card game")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, game: str) -> None:
        try:
            rules = get_ruleset(game)
        except EngineError as exc:
            return await reply(interaction, f"{exc}.")
        guild = interaction.guild_id
        if guild is None:
            return await reply(interaction, "Statistics belong to a server: use /stats there.")
        lengths = await self.repo.lengths(guild, game)
        if lengths.matches == 0:
            return await reply(interaction, f"No {rules.name} match has ended in this server yet.")
        played = await self.repo.played_decks(game, guild_id=guild)
        owners = {d.user_id for d in played if d.user_id is not None}
        namer = DeckNamer(game, await self.repo.saved_decks(game, owners))
        embed = discord.Embed(
            title=f"{rules.name} in this server",
            description=(
                f"{lengths.matches} ended match{'es' if lengths.matches != 1 else ''} · "
                f"average length {lengths.average_moves:.1f} moves, "
                f"{lengths.average_minutes:.1f} min"
            ),
            colour=discord.Colour.green(),
        )
        decks = most_played_decks(played, namer)
        if decks:
            embed.add_field(
                name="Most played decks",
                value="\n".join(f"{n}. {d} — {c} games" for n, (d, c) in enumerate(decks, 1))[
                    :1024
                ],
                inline=False,
            )
        cards = most_played_cards(played, game)
        if cards:
            embed.add_field(
                name="Most played cards (decks that held them)",
                value="\n".join(f"{n}. {d} — {c}" for n, (d, c) in enumerate(cards, 1))[:1024],
                inline=False,
            )
        embed.set_footer(text="Matches ended in this server; moves are recorded player choices")
        await interaction.response.send_message(embed=embed)


#: The components this cog answers (the app registers them).
DYNAMIC_ITEMS = (HistoryButton, ReplaySelect)
