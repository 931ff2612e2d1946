"""History and statistics, without Discord: deck names, win rates, history lines, and the
rating-over-time picture (Pillow; call `draw_rating_chart` in a thread, never on the loop).

Matches store their deck lists, not the names the players chose them by, so a deck is
named by what it holds: a preconstructed deck's key when the cards are exactly one of
them, the player's saved deck when exactly one of theirs (as it is now: a deck edited
since reads as "unsaved"), else "unsaved deck".
"""

import io
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from discord.utils import escape_markdown

from bot.play.ratings import change_text, display_change
from bot.storage.replays import HistoryRow, PlayedDeck
from engine import get_ruleset

if TYPE_CHECKING:
    from PIL import Image

UNSAVED = "unsaved deck"


def _key(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards))


class DeckNamer:
    def __init__(self, ruleset: str, saved: Sequence[tuple[int, str, list[str]]] = ()):
        self.presets = {
            _key(cards): name for name, cards in get_ruleset(ruleset).preconstructed_decks().items()
        }
        self.saved: dict[tuple[int, tuple[str, ...]], str] = {}
        for owner, name, cards in saved:
            self.saved.setdefault((owner, _key(cards)), name)

    def name(self, user_id: int | None, cards: Sequence[str], *, owner: bool = False) -> str:
        """The deck's name; with `owner`, a saved deck is followed by whose it is."""
        key = _key(cards)
        preset = self.presets.get(key)
        if preset is not None:
            return preset
        saved = self.saved.get((user_id, key)) if user_id is not None else None
        if saved is None:
            return UNSAVED
        name = escape_markdown(saved)
        return f"{name} (<@{user_id}>)" if owner else name


@dataclass(frozen=True)
class DeckRecord:
    name: str
    games: int
    wins: int
    draws: int

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    def line(self) -> str:
        rate = round(100 * self.wins / self.games) if self.games else 0
        drawn = f"-{self.draws}" if self.draws else ""
        return f"{self.name}: {self.wins}-{self.losses}{drawn} ({rate}% won, {self.games} games)"


def deck_records(played: Sequence[PlayedDeck], namer: DeckNamer) -> list[DeckRecord]:
    """Win rates per deck name, most played first."""
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    draws: Counter[str] = Counter()
    for deck in played:
        name = namer.name(deck.user_id, deck.cards)
        games[name] += 1
        wins[name] += deck.won
        draws[name] += deck.drawn
    return [
        DeckRecord(name, games[name], wins[name], draws[name])
        for name, _ in sorted(games.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def most_played_decks(
    played: Sequence[PlayedDeck], namer: DeckNamer, top: int = 5
) -> list[tuple[str, int]]:
    counts = Counter(namer.name(d.user_id, d.cards, owner=True) for d in played)
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:top]


def most_played_cards(
    played: Sequence[PlayedDeck], ruleset: str, top: int = 10
) -> list[tuple[str, int]]:
    """Cards by the number of decks played that held them (copies in a deck count once)."""
    catalog = get_ruleset(ruleset).card_catalog()
    counts: Counter[str] = Counter()
    for deck in played:
        counts.update(set(deck.cards))
    named = [(catalog[card].name if card in catalog else card, n) for card, n in counts.items()]
    return sorted(named, key=lambda kv: (-kv[1], kv[0]))[:top]


def result_text(row: HistoryRow) -> str:
    if row.status == "abandoned":
        return "abandoned"
    if row.winner is None:
        return "draw"
    return "won" if row.winner == row.seat else "lost"


def rating_change_text(row: HistoryRow) -> str:
    if row.ordinal_after is None:
        if any(p.is_bot or p.user_id is None for p in row.players):
            return "unrated"
        return "no rating change"
    return f"rating {change_text(display_change(row.ordinal_before, row.ordinal_after))}"


def length_text(row: HistoryRow) -> str:
    moves = f"{row.moves} move{'s' if row.moves != 1 else ''}"
    if row.finished_at is None:
        return moves
    minutes = (row.finished_at - row.created_at).total_seconds() / 60
    return f"{moves}, {minutes:.0f} min" if minutes >= 1 else f"{moves}, under a minute"


def board_link(row: HistoryRow) -> str | None:
    if row.board_message_id is None:
        return None
    where = row.guild_id if row.guild_id is not None else "@me"
    return f"https://discord.com/channels/{where}/{row.channel_id}/{row.board_message_id}"


def history_line(row: HistoryRow) -> str:
    """`#12 · Clash · won vs bob · 37 moves, 4 min · rating +3.2 · /replay 12 · board`."""
    opponents = [escape_markdown(p.name) for i, p in enumerate(row.players) if i != row.seat]
    game = get_ruleset(row.ruleset).name
    parts = [
        f"**#{row.id}** {game}",
        f"**{result_text(row)}** vs {', '.join(opponents) or 'nobody'}",
        length_text(row),
        rating_change_text(row),
        f"`/replay match_id:{row.id}`",
    ]
    link = board_link(row)
    if link:
        parts.append(f"[board]({link})")
    return " · ".join(parts)


# -- the rating picture ------------------------------------------------------------------

COLOURS = ((88, 101, 242), (237, 66, 69), (87, 242, 135), (254, 231, 92), (235, 69, 158))


@dataclass(frozen=True)
class RatingSeries:
    game: str
    points: list[tuple[datetime, float]]  # (when, rating after), oldest first; first = start


def draw_rating_chart(series: Sequence[RatingSeries], width: int = 640, height: int = 300) -> bytes:
    """A PNG line chart of each game's rating over time. Pure CPU: run it in a thread."""
    from PIL import Image, ImageDraw

    from bot.render.fonts import font

    image = Image.new("RGB", (width, height), (43, 45, 49))
    draw = ImageDraw.Draw(image)
    small = font(12)
    left, right, top, bottom = 48, width - 12, 28, height - 24
    shown = [s for s in series if s.points]
    draw.text((left, 6), "Rating over time", fill=(242, 243, 245), font=font(14, bold=True))
    if not shown:
        draw.text((left, height // 2), "no rated matches yet", fill=(181, 186, 193), font=small)
        return _png(image)
    # x: the order of the rating changes (every game's, merged by time), so matches played
    # close together stay apart and a long pause does not squash the rest.
    order = sorted(
        (when.timestamp(), n, k)
        for n, item in enumerate(shown)
        for k, (when, _) in enumerate(item.points)
    )
    rank = {(n, k): i for i, (_, n, k) in enumerate(order)}
    last_rank = max(1, len(order) - 1)
    values = [p[1] for s in shown for p in s.points]
    low, high = min(values), max(values)
    if high - low < 40:  # display points: a flat line still gets a readable axis
        middle = (high + low) / 2
        low, high = middle - 20, middle + 20
    pad = (high - low) * 0.08
    low, high = low - pad, high + pad

    def xy(n: int, k: int, value: float) -> tuple[float, float]:
        x = left + rank[(n, k)] / last_rank * (right - left)
        y = bottom - (value - low) / (high - low) * (bottom - top)
        return x, y

    for i in range(5):  # grid and labels
        value = low + (high - low) * i / 4
        y = bottom - (bottom - top) * i / 4
        draw.line([(left, y), (right, y)], fill=(64, 66, 73))
        draw.text((6, y - 7), str(round(value) + 0), fill=(181, 186, 193), font=small)
    legend_x = left + 150
    for n, item in enumerate(shown):
        colour = COLOURS[n % len(COLOURS)]
        points = [xy(n, k, value) for k, (_, value) in enumerate(item.points)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=2)
        for x, y in points:
            draw.ellipse([x - 2.5, y - 2.5, x + 2.5, y + 2.5], fill=colour)
        draw.rectangle([legend_x, 10, legend_x + 10, 20], fill=colour)
        draw.text((legend_x + 14, 8), item.game, fill=(242, 243, 245), font=small)
        legend_x += 24 + int(draw.textlength(item.game, font=small))
    first = datetime.fromtimestamp(order[0][0]).strftime("%Y-%m-%d")
    last = datetime.fromtimestamp(order[-1][0]).strftime("%Y-%m-%d")
    draw.text((left, bottom + 6), first, fill=(181, 186, 193), font=small)
    end_width = draw.textlength(last, font=small)
    draw.text((right - end_width, bottom + 6), last, fill=(181, 186, 193), font=small)
    return _png(image)


def _png(image: "Image.Image") -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
