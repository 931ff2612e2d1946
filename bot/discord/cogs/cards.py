"""/card: look a card up by name, with its details and picture; and the card lookup that
/deck shares (search, autocomplete choices, typed-name resolution).

Cards are read from the ruleset's compiled prototypes (`protos`) and, for flavor text,
its validated card pool: the same data the rules play with, so what /card shows is what a
match does. A ruleset without a card list simply has no cards to look up.
"""

import asyncio
import difflib
import io
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from bot.cluster.routing import NOT_MATCH_BOUND
from bot.discord.cogs.common import GAME_CHOICES
from bot.discord.replies import reply
from bot.render.text import card_stats
from engine import CardView, EngineError, get_ruleset, ruleset_ids

log = logging.getLogger(__name__)

DEFAULT_GAME = ruleset_ids()[0]
MAX_CHOICES = 25  # Discord's limit for autocomplete answers
KIND_COLORS = {
    "monster": discord.Color.from_rgb(214, 96, 62),
    "spell": discord.Color.from_rgb(122, 104, 224),
    "equipment": discord.Color.from_rgb(212, 170, 66),
}


@dataclass(frozen=True, slots=True)
class CardEntry:
    """One card as the bot describes it: everything /card and /deck show about it."""

    card_id: str
    name: str
    kind: str
    cost: int | None
    text: str
    stats: dict[str, int] = field(default_factory=dict)
    flavor: str = ""
    cost_text: str = ""

    def view(self) -> CardView:
        """The renderers' input (they take views, never rules objects)."""
        return CardView(
            0, self.card_id, self.name, self.kind, self.cost, self.text, self.stats,
            cost_text=self.cost_text,
        )  # fmt: skip

    def label(self) -> str:
        """`Sootling Scamp · 1 mana monster 2/0/2`: enough to pick a card from a list."""
        stats = card_stats(self.view())
        cost = f"{self.cost} mana " if self.cost is not None else ""
        if self.cost_text:
            cost = f"{self.cost_text} "
        return f"{self.name} · {cost}{self.kind}" + (f" {stats}" if stats else "")


@cache
def catalog(game: str) -> dict[str, CardEntry]:
    """Every card of a game by id; {} for an unknown game or one without a card list.

    Cached: the pool is loaded once per process and never changes while the bot runs.
    """
    try:
        rules = get_ruleset(game)
    except EngineError:
        return {}
    return {
        card_id: CardEntry(
            card_id,
            card.name,
            card.kind,
            card.cost,
            card.text,
            dict(card.stats),
            card.flavor,
            card.cost_text,
        )
        for card_id, card in rules.card_catalog().items()
    }


def find_card(game: str, typed: str) -> CardEntry | None:
    """The card a player means: its id (what autocomplete sends) or its exact name in any
    case. No guessing beyond that: adding the wrong card silently is worse than asking."""
    cards = catalog(game)
    text = typed.strip()
    if text in cards:
        return cards[text]
    folded = text.casefold()
    for entry in cards.values():
        if entry.name.casefold() == folded or entry.card_id.casefold() == folded:
            return entry
    return None


def suggest(game: str, typed: str, limit: int = 5) -> list[str]:
    """Names close to a typo, for the "no such card" answer."""
    cards = catalog(game)
    folded = typed.strip().casefold()
    names = {e.name.casefold(): e.name for e in cards.values()}
    found = [name for key, name in names.items() if len(folded) >= 3 and folded in key]
    close = difflib.get_close_matches(folded, list(names), n=limit, cutoff=0.6)
    found += [names[key] for key in close if names[key] not in found]
    return sorted(found[:limit])


def unknown_card_message(game: str, typed: str) -> str:
    """The answer for a card that does not exist, with the nearest names if any."""
    game_name = get_ruleset(game).name if catalog(game) else game
    text = f"There is no {game_name} card called '{escape_markdown(typed.strip()[:100])}'."
    near = suggest(game, typed)
    if near:
        text += " Did you mean: " + ", ".join(f"**{escape_markdown(n)}**" for n in near) + "?"
    return text


def search(game: str, typed: str, among: Iterable[str] | None = None) -> list[CardEntry]:
    """Cards whose name contains `typed` (any case): names starting with it first, then by
    name. `among` narrows the search to these ids (e.g. the cards in a deck)."""
    cards = catalog(game)
    pool = cards.values() if among is None else [cards[c] for c in among if c in cards]
    folded = typed.strip().casefold()
    hits = [e for e in pool if folded in e.name.casefold() or folded == e.card_id]
    return sorted(hits, key=lambda e: (not e.name.casefold().startswith(folded), e.name))


def card_choices(
    game: str, typed: str, among: Iterable[str] | None = None
) -> list[app_commands.Choice[str]]:
    """Autocomplete answer: readable labels, card ids as values."""
    return [
        app_commands.Choice(name=e.label()[:100], value=e.card_id)
        for e in search(game, typed, among)[:MAX_CHOICES]
    ]


def namespace_game(interaction: discord.Interaction) -> str:
    """The game picked so far in the command being typed (the default before one is)."""
    game = getattr(interaction.namespace, "game", None)
    return game if isinstance(game, str) and game else DEFAULT_GAME


async def card_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Cards of the chosen game whose name contains what was typed."""
    return card_choices(namespace_game(interaction), current)


def card_embed(entry: CardEntry, game_name: str, image_name: str | None = None) -> discord.Embed:
    """Cost, kind, stats, rules text and flavor; the picture when there is one."""
    text = escape_markdown(entry.text) if entry.text else "*No rules text.*"
    if entry.flavor:
        text += f"\n\n*{escape_markdown(entry.flavor)}*"
    color = KIND_COLORS.get(entry.kind, discord.Color.blurple())
    embed = discord.Embed(title=entry.name, description=text[:4096], color=color)
    if entry.cost_text:
        embed.add_field(name="Cost", value=entry.cost_text)
    elif entry.cost is not None:
        embed.add_field(name="Cost", value=f"{entry.cost} mana")
    embed.add_field(name="Kind", value=entry.kind.capitalize())
    if entry.stats:
        stats = " · ".join(f"{k.capitalize()} {v}" for k, v in entry.stats.items())
        embed.add_field(name="Stats", value=stats)
    embed.set_footer(text=f"{game_name} · {entry.card_id}")
    if image_name:
        embed.set_image(url=f"attachment://{image_name}")
    return embed


def _render(view: CardView) -> bytes | None:
    """The card's PNG, or None when there is no renderer: the text answer still stands."""
    try:
        from bot.render.image import render_card
    except ImportError:
        return None
    return render_card(view)


class Cards(commands.Cog):
    match_route = NOT_MATCH_BOUND  # none of its commands is about a running match

    def __init__(self) -> None:
        pass

    @app_commands.command(description="Look at a card: cost, stats, rules text and picture.")
    @app_commands.describe(
        name="the card (start typing its name)",
        game="which card game (default: Clash)",
        share="post it for everyone in the channel (default: only you see it)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(name=card_autocomplete)
    async def card(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 100],
        game: str = DEFAULT_GAME,
        share: bool = False,
    ) -> None:
        if game not in ruleset_ids():
            return await reply(interaction, f"There is no game '{escape_markdown(game)}'.")
        entry = find_card(game, name)
        if entry is None:
            return await reply(interaction, unknown_card_message(game, name))
        # Rendering runs in a thread and may queue behind board images: answer in time first.
        await interaction.response.defer(ephemeral=not share, thinking=True)
        try:
            png = await asyncio.to_thread(_render, entry.view())
        except Exception:  # a broken picture must not cost the player the card's text
            log.exception("rendering card %s failed", entry.card_id)
            png = None
        files = []
        image_name = None
        if png:
            image_name = re.sub(r"[^A-Za-z0-9_.-]", "_", entry.card_id) + ".png"
            files.append(discord.File(io.BytesIO(png), filename=image_name))
        embed = card_embed(entry, get_ruleset(game).name, image_name)
        await interaction.edit_original_response(embed=embed, attachments=files)
