"""PNG rendering of views: the table (`render_board`) and a single card (`render_card`).

Like every renderer, this one is fed a `MatchView`, never the game state, so it can only
draw what the viewer may see: a hidden zone arrives as a count and is drawn as a count.
Nothing here knows a ruleset either: seats are drawn from whatever stats and zones the view
carries, and cards from their name, kind, cost, stats, tags and attachments.

Both functions are pure and safe to call from worker threads (`asyncio.to_thread`): they
share only a cache of generated art (read-only once built) and per-thread fonts.
"""

import colorsys
import hashlib
import math
import random
import struct
import zlib
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.render import fonts
from bot.render.text import (
    header_notes,
    lands_line,
    seat_numbers,
    side_zones,
    split_lands,
    table_lines,
    zone_line,
)
from engine import CardView, EngineError, MatchView, SeatView, get_ruleset

BOARD_SIZE = (1000, 600)
CARD_SIZE = (300, 420)
EVENTS_SHOWN = 5
TABLE_ZONES_SHOWN = 4  # shared zones listed above the events (a stack, shared decks)
HEADER_H = 40
BANNER_H = 52
SIDE_W = 262
# zlib level 3: level 6 saves ~15% of the bytes for nearly twice the time.
PNG_LEVEL = 3

RGB = tuple[int, int, int]

BG: RGB = (22, 25, 33)
HEADER_BG: RGB = (31, 35, 47)
PANEL: RGB = (36, 41, 54)
PANEL_EDGE: RGB = (60, 66, 84)
INSET: RGB = (27, 30, 40)
CARD_BG: RGB = (47, 53, 69)
TEXT: RGB = (234, 232, 228)
MUTED: RGB = (148, 154, 170)
FAINT: RGB = (102, 108, 124)
GOLD: RGB = (242, 193, 78)
WIN: RGB = (92, 196, 120)
HEALTH: RGB = (226, 84, 84)
MANA: RGB = (72, 142, 226)
POWER: RGB = (232, 136, 52)
TOUGHNESS: RGB = (128, 150, 178)
KIND_COLORS: dict[str, RGB] = {
    "monster": (184, 96, 62),
    "spell": (104, 104, 214),
    "equipment": (168, 150, 104),
}
OTHER_KIND: RGB = (120, 124, 136)
TAG_COLORS: dict[str, RGB] = {
    "asleep": (84, 98, 150),
    "attacked": (96, 100, 110),
    "token": (132, 92, 168),
    "haste": (196, 110, 40),
}
STAT_COLORS: dict[str, RGB] = {
    "power": POWER,
    "toughness": TOUGHNESS,
    "health": HEALTH,
    "mana": MANA,
}
CARD_STATS = ("power", "toughness", "health")
STAT_ABBREVIATIONS = {"power": "PWR", "toughness": "TGH", "health": "HP"}
ZONE_LABELS = {"graveyard": "Grave"}


class Box(NamedTuple):
    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def w(self) -> int:
        return self.x1 - self.x0

    @property
    def h(self) -> int:
        return self.y1 - self.y0

    def inset(self, dx: int, dy: int | None = None) -> "Box":
        dy = dx if dy is None else dy
        return Box(self.x0 + dx, self.y0 + dy, self.x1 - dx, self.y1 - dy)


# -- primitives ---------------------------------------------------------------------------
# Every string goes through `_text`, i.e. `ImageDraw.text`: the hidden-information test
# spies on that one method to see everything the renderer writes.


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    width: float | None = None,
    anchor: str = "la",
) -> str:
    """Draw one line, cut with "…" to `width` px; returns what was drawn (to measure it)."""
    if width is not None:
        text = _fit(text, size, int(width))
    draw.text(xy, text, font=fonts.font(size, text=text), fill=fill, anchor=anchor)
    return text


# Layout is measured again and again with the same strings (names, stat labels, rule
# texts) from one board update to the next, so measurements are cached. They depend only
# on the text and size, not on which thread's copy of the face measured them.


@lru_cache(maxsize=8192)
def _measure(text: str, size: int) -> float:
    return fonts.font(size, text=text).getlength(text)


@lru_cache(maxsize=8192)
def _fit(text: str, size: int, width: int) -> str:
    return fonts.fit(text, fonts.font(size, text=text), max(width, 0))


@lru_cache(maxsize=2048)
def _wrapped(text: str, size: int, width: int, max_lines: int) -> tuple[str, ...]:
    return tuple(fonts.wrap(text, fonts.font(size, text=text), width, max_lines))


def _lines(text: str, size: int, width: float, max_lines: int) -> tuple[str, ...]:
    return _wrapped(text, size, int(width), max_lines)


def _pill(
    draw: ImageDraw.ImageDraw, x: float, y: float, text: str, size: int, fill: RGB, h: int
) -> float:
    """A rounded label whose left edge is `x` and top is `y`; returns its width."""
    w = _measure(text, size) + size
    draw.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=fill)
    _text(draw, (x + w / 2, y + h / 2), text, size, TEXT, anchor="mm")
    return w


def _chip(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    label: str,
    value: str,
    color: RGB,
    size: int,
    h: int,
    dim: bool = False,
) -> float:
    """`label value` on a dark rounded chip, the label in the stat's colour."""
    gap = 5
    lw = _measure(label, size)
    w = lw + gap + _measure(value, size) + 16
    draw.rounded_rectangle((x, y, x + w, y + h), radius=6, fill=INSET)
    _text(draw, (x + 8, y + h / 2), label, size, FAINT if dim else color, anchor="lm")
    _text(draw, (x + 8 + lw + gap, y + h / 2), value, size, FAINT if dim else TEXT, anchor="lm")
    return w


def _png_chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def _png(image: Image.Image) -> bytes:
    """Encode an RGB image as PNG, without row filters.

    Why not `Image.save`: Pillow tries every PNG row filter on every row, which took 20-30
    ms a board here, half of the whole render; flat UI colours compress well unfiltered, so
    this plain encoder does the job in about a third of the time for a similar size.
    """
    width, height = image.size
    raw = image.tobytes()
    stride = width * 3
    rows = b"".join(b"\x00" + raw[i : i + stride] for i in range(0, len(raw), stride))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", zlib.compress(rows, PNG_LEVEL))
        + _png_chunk(b"IEND", b"")
    )


def _kind_color(kind: str) -> RGB:
    return KIND_COLORS.get(kind, OTHER_KIND)


# -- generated art ------------------------------------------------------------------------


def _hsv(h: float, s: float, v: float, alpha: int | None = None) -> tuple[int, ...]:
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, min(max(s, 0.0), 1.0), min(max(v, 0.0), 1.0))
    rgb = (round(r * 255), round(g * 255), round(b * 255))
    return rgb if alpha is None else (*rgb, alpha)


# Spells lean blue and equipment bronze; monsters take the whole wheel, for variety.
_KIND_HUES = {"spell": (0.68, 0.14), "equipment": (0.12, 0.06)}


@lru_cache(maxsize=256)
def card_art(card_id: str, kind: str, width: int, height: int) -> Image.Image:
    """An original abstract picture for a card, the same every time for the same card id.

    Seeded by a hash of the id (not `hash()`, which changes per process), tinted by kind:
    rings for monsters, rays for spells, shards for equipment. The cached image is shared
    between threads, so callers only ever read it (paste it), never draw on it.
    """
    seed = int.from_bytes(hashlib.blake2b(card_id.encode(), digest_size=8).digest(), "big")
    rng = random.Random(seed)
    centre, spread = _KIND_HUES.get(kind, (0.5, 0.5))
    hue = centre + rng.uniform(-spread, spread)
    top = Image.new("RGB", (width, height), _hsv(hue + 0.05, 0.45, 0.62))
    bottom = Image.new("RGB", (width, height), _hsv(hue - 0.04, 0.75, 0.2))
    mask = Image.linear_gradient("L").resize((width, height))
    art = Image.composite(bottom, top, mask).convert("RGBA")
    layer = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    scale = max(width, height)
    cx, cy = rng.uniform(0.25, 0.75) * width, rng.uniform(0.3, 0.7) * height
    if kind == "monster":
        motif = rng.choice(("rings", "ridges", "scales"))
        if motif == "rings":
            stretch = rng.uniform(0.6, 1.0)
            for i in range(rng.randint(4, 7), 0, -1):
                r = scale * 0.09 * i
                tone = _hsv(hue + rng.uniform(-0.1, 0.1), 0.6, 0.4 + 0.08 * i, 46 + 10 * (i % 2))
                draw.ellipse((cx - r, cy - r * stretch, cx + r, cy + r * stretch), fill=tone)
        elif motif == "ridges":
            r = scale * rng.uniform(0.06, 0.12)
            draw.ellipse(
                (cx - r, cy * 0.5 - r, cx + r, cy * 0.5 + r), fill=_hsv(hue + 0.5, 0.2, 1, 150)
            )
            layers = rng.randint(3, 5)
            for layer_no in range(layers):
                base = height * (0.45 + 0.55 * layer_no / layers)
                points = [(0.0, float(height))]
                steps = rng.randint(4, 8)
                for k in range(steps + 1):
                    points.append((width * k / steps, base - rng.uniform(0.05, 0.3) * height))
                points.append((float(width), float(height)))
                tone = _hsv(hue + 0.03 * layer_no, 0.55, 0.55 - 0.1 * layer_no, 170)
                draw.polygon(points, fill=tone)
        else:
            r = scale * rng.uniform(0.06, 0.1)
            for row in range(int(height / r) + 2):
                for col in range(int(width / (2 * r)) + 2):
                    x = col * 2 * r + (r if row % 2 else 0)
                    y = row * r * 0.9
                    tone = _hsv(hue + rng.uniform(-0.05, 0.05), 0.5, rng.uniform(0.35, 0.8), 90)
                    draw.ellipse((x - r, y - r, x + r, y + r), fill=tone, outline=(0, 0, 0, 60))
        for _ in range(rng.randint(2, 5)):
            x, y, r = rng.random() * width, rng.random() * height, scale * rng.uniform(0.01, 0.04)
            draw.ellipse((x - r, y - r, x + r, y + r), fill=_hsv(hue + 0.5, 0.3, 0.95, 90))
    elif kind == "spell":
        rays = rng.randint(7, 13)
        turn = rng.random() * math.tau
        for i in range(rays):
            a = turn + i * math.tau / rays
            spread = rng.uniform(0.05, 0.14)
            far = scale * 1.2
            points = [
                (cx, cy),
                (cx + far * math.cos(a - spread), cy + far * math.sin(a - spread)),
                (cx + far * math.cos(a + spread), cy + far * math.sin(a + spread)),
            ]
            draw.polygon(points, fill=_hsv(hue + rng.uniform(-0.12, 0.12), 0.5, 0.95, 52))
        for _ in range(rng.randint(8, 16)):
            x, y, r = rng.random() * width, rng.random() * height, scale * rng.uniform(0.005, 0.02)
            draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 240, 190))
        r = scale * 0.07
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_hsv(hue, 0.15, 1.0, 170))
    else:
        horizon = rng.uniform(0.55, 0.75) * height
        draw.rectangle((0, horizon, width, height), fill=_hsv(hue, 0.4, 0.12, 120))
        for _ in range(rng.randint(5, 9)):
            x, y = rng.random() * width, rng.uniform(0.15, 0.9) * height
            size = scale * rng.uniform(0.06, 0.2)
            a = rng.random() * math.tau
            points = [
                (
                    x + size * rng.uniform(0.4, 1.0) * math.cos(a + k * math.tau / 4),
                    y + size * rng.uniform(0.4, 1.0) * math.sin(a + k * math.tau / 4),
                )
                for k in range(rng.choice((3, 4)))
            ]
            tone = _hsv(hue + rng.uniform(-0.06, 0.06), 0.35, rng.uniform(0.5, 0.95), 110)
            draw.polygon(points, fill=tone, outline=(255, 255, 255, 60))
    return Image.alpha_composite(art, layer).convert("RGB")


# -- cards --------------------------------------------------------------------------------


def _stat_items(card: CardView) -> list[tuple[str, str, RGB, bool]]:
    """(abbreviated label, value, colour, emphasised) for each stat worth showing.

    A creature (a card with health, or with toughness and not equipment) shows its stats as
    they stand, the health as "3/6" when hurt; equipment shows bonuses, "+3", skipping
    zeros, which is how the text renderer words them too.
    """
    stats = card.stats
    creature = "health" in stats or (card.kind != "equipment" and "toughness" in stats)
    items = []
    keys = [k for k in CARD_STATS if k in stats] + [
        k for k in stats if k not in CARD_STATS and k != "max_health"
    ]
    for key in keys:
        value = stats[key]
        if not creature and not value:
            continue
        text = str(value) if creature else f"{value:+d}"
        hurt = False
        if key == "health":
            top = stats.get("max_health")
            if top is not None and top != value:
                text, hurt = f"{value}/{top}", value < top
        label = STAT_ABBREVIATIONS.get(key, key[:4].upper())
        items.append((label, text, STAT_COLORS.get(key, MUTED), hurt))
    return items


class _CardStyle(NamedTuple):
    name: int
    small: int
    stat: int
    gem: int


def _card_style(width: int) -> _CardStyle:
    if width >= 112:
        return _CardStyle(name=13, small=11, stat=15, gem=11)
    if width >= 84:
        return _CardStyle(name=12, small=10, stat=13, gem=10)
    return _CardStyle(name=10, small=9, stat=11, gem=8)


def _draw_board_card(
    image: Image.Image, draw: ImageDraw.ImageDraw, card: CardView, box: Box
) -> None:
    """A monster on the table: cost gem, name, art strip, tags, equipment, stat badges."""
    style = _card_style(box.w)
    color = _kind_color(card.kind)
    draw.rounded_rectangle(box, radius=8, fill=CARD_BG, outline=color, width=2)
    inner = box.inset(5)
    y: float = inner.y0
    name_x = inner.x0
    if card.cost is not None:
        r = style.gem
        gx, gy = inner.x0 + r, inner.y0 + r
        draw.ellipse((gx - r, gy - r, gx + r, gy + r), fill=MANA, outline=(200, 222, 255))
        _text(draw, (gx, gy), str(card.cost), style.gem + 2, TEXT, anchor="mm")
        name_x = gx + r + 4
    line_h = style.name + 3
    name_lines = _lines(card.name, style.name, inner.x1 - name_x, 2)
    narrow = box.w < 84  # the second line goes under the gem, where there is more room
    second = max(line_h, 2 * style.gem + 1) if narrow else line_h
    for i, line in enumerate(name_lines):
        left = inner.x0 if i and narrow else name_x
        _text(draw, (left, y + i * second), line, style.name, TEXT, inner.x1 - left)
    y += max(second + line_h, 2 * style.gem) + 2

    stats = _stat_items(card)
    badge_h = 0
    if stats:
        badge_w = (inner.w - 3 * (len(stats) - 1)) / len(stats)
        labelled = all(_measure(label, style.small) <= badge_w - 4 for label, *_ in stats)
        badge_h = style.stat + 8 + (style.small if labelled else 0)
    stats_top = inner.y1 - badge_h

    # what sits between the art and the stats, measured first so the art takes the rest
    tag_h = style.small + 6
    attached = list(card.attached)
    extra_lines = min(len(attached), 2)
    below = (tag_h + 3 if card.tags else 0) + extra_lines * (style.small + 3)
    art_h = stats_top - y - below - 4
    if art_h >= 12:
        art = card_art(card.card_id, card.kind, inner.w, int(art_h))
        image.paste(art, (inner.x0, int(y)))
        y += art_h + 3
    if "asleep" in card.tags:  # dim the picture of a monster that cannot act yet
        draw.rectangle((inner.x0, inner.y0 + 2 * line_h, inner.x1, y), fill=(10, 12, 20, 110))

    if card.tags and y + tag_h <= stats_top - 2:  # a tiny card drops what does not fit
        x: float = inner.x0
        for tag in card.tags:
            w = _measure(tag, style.small) + style.small
            if x + w > inner.x1:
                break
            _pill(draw, x, y, tag, style.small, TAG_COLORS.get(tag, OTHER_KIND), tag_h)
            x += w + 3
        y += tag_h + 3
    for i, extra in enumerate(attached[:extra_lines]):
        if y + style.small > stats_top - 2:
            break
        label = f"+ {extra.name}"
        if i == extra_lines - 1 and len(attached) > extra_lines:
            label = f"+ {len(attached) - i} equipment"
        _text(draw, (inner.x0, y), label, style.small, (214, 196, 150), inner.w)
        y += style.small + 3

    if stats:
        _draw_badges(draw, Box(inner.x0, stats_top, inner.x1, inner.y1), stats, style)


def _draw_badges(
    draw: ImageDraw.ImageDraw,
    box: Box,
    stats: list[tuple[str, str, RGB, bool]],
    style: _CardStyle,
) -> None:
    """Stat badges side by side: a small label over a big number, in the stat's colour."""
    gap = 3
    w = (box.w - gap * (len(stats) - 1)) / len(stats)
    for i, (label, value, color, hurt) in enumerate(stats):
        x0 = box.x0 + i * (w + gap)
        cell = (x0, box.y0, x0 + w, box.y1)
        draw.rounded_rectangle(cell, radius=5, fill=INSET, outline=HEALTH if hurt else color)
        cx = x0 + w / 2
        size = style.stat  # "10/12" in a narrow badge: smaller digits rather than "10/…"
        while size > 9 and _measure(value, size) > w - 6:
            size -= 1
        if box.h >= style.small + size + 6 and _measure(label, style.small) <= w - 4:
            _text(draw, (cx, box.y0 + 3), label, style.small, color, w - 4, anchor="ma")
            value_fill = HEALTH if hurt else TEXT
            _text(draw, (cx, box.y1 - 3), value, size, value_fill, w - 4, anchor="md")
        else:  # no room for "PWR": the colour alone says which stat it is
            value_fill = HEALTH if hurt else color
            _text(draw, (cx, box.y0 + box.h / 2), value, size, value_fill, w - 4, anchor="mm")


def render_card(card: CardView) -> bytes:
    """One card, about 300x420: cost gem, name, art, kind and tags, rules text, stats."""
    width, height = CARD_SIZE
    color = _kind_color(card.kind)
    image = Image.new("RGB", CARD_SIZE, BG)
    draw = ImageDraw.Draw(image, "RGBA")
    dark = tuple(int(c * 0.35) for c in color)
    draw.rounded_rectangle(
        (3, 3, width - 4, height - 4), radius=16, fill=dark, outline=color, width=3
    )

    plate = Box(14, 14, width - 14, 54)
    draw.rounded_rectangle(plate, radius=10, fill=INSET)
    name_x = plate.x0 + 12
    if card.cost is not None:
        r = 17
        gx, gy = plate.x0 + 20, plate.y0 + plate.h // 2
        draw.ellipse((gx - r, gy - r, gx + r, gy + r), fill=MANA, outline=(210, 228, 255), width=2)
        _text(draw, (gx, gy), str(card.cost), 18, TEXT, anchor="mm")
        name_x = gx + r + 8
    name_w = plate.x1 - 10 - name_x
    size = 20
    while size > 14 and _measure(card.name, size) > name_w:
        size -= 1
    _text(draw, (name_x, plate.y0 + plate.h / 2), card.name, size, TEXT, name_w, anchor="lm")

    art_box = Box(16, 62, width - 16, 222)
    image.paste(card_art(card.card_id, card.kind, art_box.w, art_box.h), art_box[:2])
    draw.rectangle(art_box, outline=color, width=2)

    type_box = Box(16, 228, width - 16, 252)
    draw.rounded_rectangle(type_box, radius=6, fill=INSET)
    kind = card.kind.capitalize()
    kind_w = _measure(
        _text(draw, (type_box.x0 + 10, type_box.y0 + 12), kind, 14, color, anchor="lm"), 14
    )
    if card.tags:
        tags = " · ".join(card.tags)
        room = type_box.w - kind_w - 30
        _text(draw, (type_box.x1 - 10, type_box.y0 + 12), tags, 12, MUTED, room, anchor="rm")

    stats = _stat_items(card)
    text_box = Box(16, 258, width - 16, (height - 62) if stats else (height - 16))
    draw.rounded_rectangle(text_box, radius=6, fill=(33, 37, 49))
    line_h = 19
    room = text_box.h - 16
    notes = []
    if card.attached:
        notes.append("Equipped: " + ", ".join(a.name for a in card.attached))
    max_lines = room // line_h - (1 if notes else 0)
    lines = _lines(card.text, 14, text_box.w - 20, max(max_lines, 1)) if card.text else []
    y = text_box.y0 + 8
    for line in lines:
        _text(draw, (text_box.x0 + 10, y), line, 14, TEXT)
        y += line_h
    for note in notes:
        _text(draw, (text_box.x0 + 10, y), note, 13, (214, 196, 150), text_box.w - 20)
        y += line_h
    if not lines and not notes:
        _text(draw, (text_box.x0 + 10, y), "No rules text.", 13, FAINT)

    if stats:
        style = _CardStyle(name=20, small=11, stat=20, gem=17)
        _draw_badges(draw, Box(16, height - 56, width - 16, height - 14), stats, style)
    return _png(image)


# -- the board ----------------------------------------------------------------------------


def _seat_order(view: MatchView) -> list[SeatView]:
    """Seats clockwise from the one after the bottom seat, which comes last.

    The bottom seat is the viewer's own, or seat 0 for the public view.
    """
    seats = list(view.seats)
    n = len(seats)
    home = view.viewer if view.viewer is not None and 0 <= view.viewer < n else 0
    return [seats[(home + k) % n] for k in range(1, n)] + [seats[home]]


def _seat_boxes(view: MatchView, area: Box) -> list[tuple[SeatView, Box]]:
    """Where each seat goes: two seats face each other, three or four sit around a grid.

    Going clockwise from the bottom seat: 3 seats put two on top and the bottom seat full
    width; 4 seats fill a 2x2 grid, the bottom seat at the bottom left.
    """
    order = _seat_order(view)
    n = len(order)
    x0, y0, x1, y1 = area
    mx, my = (x0 + x1) // 2, (y0 + y1) // 2
    if n == 1:
        return [(order[0], area)]
    if n == 2:
        return [(order[0], Box(x0, y0, x1, my)), (order[1], Box(x0, my, x1, y1))]
    if n == 3:
        return [
            (order[0], Box(x0, y0, mx, my)),
            (order[1], Box(mx, y0, x1, my)),
            (order[2], Box(x0, my, x1, y1)),
        ]
    if n == 4:
        return [
            (order[0], Box(x0, y0, mx, my)),
            (order[1], Box(mx, y0, x1, my)),
            (order[2], Box(mx, my, x1, y1)),
            (order[3], Box(x0, my, mx, y1)),
        ]
    rows = math.ceil(n / 2)  # more than four: a plain grid, still the bottom seat last
    row_h = area.h // rows
    boxes = []
    for i, seat in enumerate(order):
        row, col = divmod(i + (rows * 2 - n), 2)
        cx0 = x0 if col == 0 else mx
        boxes.append(
            (seat, Box(cx0, y0 + row * row_h, cx0 + (x1 - x0) // 2, y0 + (row + 1) * row_h))
        )
    return boxes


def _stat_label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _seat_chips(seat: SeatView) -> list[tuple[str, str, RGB, bool]]:
    """(label, value, colour, dim) for each stat and each zone but the board; minor zeros
    (fatigue 0, wins 0) are dimmed rather than left out, so every seat's chips line up."""
    numbers, zones = seat_numbers(seat)
    chips = [
        (_stat_label(key), text, STAT_COLORS.get(key, MUTED), minor) for key, text, minor in numbers
    ]
    for zone in zones:
        label = ZONE_LABELS.get(zone.name, _stat_label(zone.name))
        chips.append((label, str(zone.count), (170, 176, 196), False))
    return chips


def _draw_seat(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: MatchView, seat: SeatView, box: Box
) -> None:
    panel = box.inset(4)
    active = seat.seat == view.active and not view.over
    winner = view.over and seat.seat == view.winner
    edge = GOLD if active else WIN if winner else PANEL_EDGE
    draw.rounded_rectangle(
        panel, radius=10, fill=PANEL, outline=edge, width=3 if edge != PANEL_EDGE else 1
    )
    inner = panel.inset(10, 8)
    compact = inner.w < 500

    # name row: the name, then badges saying who this is and whose turn it is
    badges: list[tuple[str, RGB]] = []
    if seat.seat == view.viewer:
        badges.append(("you", (70, 96, 150)))
    if active:
        badges.append(("your turn" if seat.seat == view.viewer else "to play", (150, 112, 30)))
    if winner:
        badges.append(("winner", (52, 130, 76)))
    badge_w = sum(_measure(b, 11) + 11 + 6 for b, _ in badges)
    name_size = 16 if compact else 18
    drawn_name = _text(
        draw,
        (inner.x0, inner.y0),
        seat.name,
        name_size,
        GOLD if active else TEXT,
        inner.w - badge_w - 8,
    )
    x = inner.x0 + _measure(drawn_name, name_size) + 8
    for label, color in badges:
        x += _pill(draw, x, inner.y0 + 1, label, 11, color, name_size + 1) + 6
    y = inner.y0 + name_size + 8

    # stat and zone chips, wrapping onto a second row when the panel is narrow
    chip_size, chip_h = (11, 20) if compact else (12, 22)
    x = inner.x0
    for label, value, color, dim in _seat_chips(seat):
        w = _measure(label, chip_size) + _measure(value, chip_size) + 21
        if x + w > inner.x1 and x > inner.x0:
            x, y = inner.x0, y + chip_h + 4
        x += _chip(draw, x, y, label, value, color, chip_size, chip_h, dim) + 5
    y += chip_h + 8

    board = seat.zones.get("board")
    area = Box(inner.x0, int(y), inner.x1, inner.y1)
    if board is None or area.h < 24:
        return
    if board.cards is None:
        _text(
            draw,
            (area.x0 + area.w / 2, area.y0 + area.h / 2),
            f"{board.count} face-down card(s)",
            13,
            MUTED,
            anchor="mm",
        )
        return
    cards, lands = split_lands(board.cards)
    # lands, and zones shown as lists (crystals), are one line each under the rest
    strips = [zone_line(z) for z in side_zones(seat)][:2]
    if lands:
        strips.insert(0, lands_line(lands))
    for line in reversed(strips):  # counted and named, not drawn or hidden
        line_h = 20
        strip = Box(area.x0, area.y1 - line_h, area.x1, area.y1)
        draw.rounded_rectangle(strip, radius=6, fill=INSET)
        mid = (strip.x0 + 8, strip.y0 + line_h / 2)
        _text(draw, mid, line, 12, MUTED, strip.w - 16, anchor="lm")
        area = Box(area.x0, area.y0, area.x1, strip.y0 - 4)
    if not cards:
        draw.rounded_rectangle(area, radius=8, outline=(52, 58, 74))
        words = view.empty_board if not lands else "Only lands"
        centre = (area.x0 + area.w / 2, area.y0 + area.h / 2)
        _text(draw, centre, words, 13, FAINT, area.w - 8, anchor="mm")
        return
    _draw_cards(image, draw, cards, area)


#: Card sizes on the board: the widest a card is drawn, and the smallest before a
#: position would have to be dropped.
CARD_MAX_W, CARD_MIN_W, CARD_MIN_H, CARD_GAP = 132, 54, 46, 6


def _grid(n: int, area: Box) -> tuple[int, int, float, float, bool]:
    """(rows, per row, card width, card height, whether all fit) showing all `n` cards as
    large as the area allows: the layout whose cards' smaller side is the largest (a name
    needs width more than the art needs height); fewer rows win a tie."""
    best: tuple[float, int, int, float, float] | None = None
    for rows in range(1, 5):
        per_row = math.ceil(n / rows)
        w = min(CARD_MAX_W, (area.w - CARD_GAP * (per_row - 1)) / per_row)
        h = min((area.h - CARD_GAP * (rows - 1)) / rows, w * 1.6)
        if w < CARD_MIN_W or h < CARD_MIN_H:
            continue
        size = min(w, h)
        if best is None or size > best[0] + 0.5:
            best = (size, rows, per_row, w, h)
    if best is None:  # too many for every row count: the smallest cards, in four rows
        rows = 4
        per_row = max(1, int((area.w + CARD_GAP) // (CARD_MIN_W + CARD_GAP)))
        height = max(CARD_MIN_H, (area.h - 3 * CARD_GAP) / rows)
        return rows, per_row, CARD_MIN_W, height, False
    return best[1], best[2], best[3], best[4], True


def _draw_cards(
    image: Image.Image, draw: ImageDraw.ImageDraw, cards: list[CardView], area: Box
) -> None:
    """Every card of a board ("+10" hid most of a battlefield), in centred rows
    as large as fit; a "+N" chip only when even the smallest cards cannot all fit."""
    n = len(cards)
    named: dict[str, int] = {}
    for card in cards:
        named[card.name] = named.get(card.name, 0) + 1
    # twins carry their board position, as option labels name them ("Spark #2")
    cards = [
        replace(card, name=f"{card.name} #{i}") if named[card.name] > 1 else card
        for i, card in enumerate(cards, start=1)
    ]
    rows, per_row, card_w, card_h, all_fit = _grid(n, area)
    shown = n if all_fit else per_row * rows - 1  # the last place holds the "+N" chip
    top = area.y0 + (area.h - (rows * card_h + (rows - 1) * CARD_GAP)) / 2
    for row in range(rows):
        row_cards = cards[row * per_row : min((row + 1) * per_row, shown)]
        last = row == rows - 1 and shown < n
        if not row_cards and not last:
            break
        count = len(row_cards) + (1 if last else 0)
        total = count * card_w + (count - 1) * CARD_GAP
        x = area.x0 + (area.w - total) / 2
        y = top + row * (card_h + CARD_GAP)
        for card in row_cards:
            box = Box(int(x), int(y), int(x + card_w), int(y + card_h))
            _draw_board_card(image, draw, card, box)
            x += card_w + CARD_GAP
        if last:
            _pill(draw, x, y + card_h / 2 - 11, f"+{n - shown}", 12, PANEL_EDGE, 22)


def _game_name(view: MatchView) -> str:
    """The game's own name ("Mage Wars"), or its id for a game the registry lacks."""
    try:
        return get_ruleset(view.ruleset).name
    except EngineError:
        return view.ruleset.capitalize()


def _header_text(view: MatchView) -> str:
    parts = [_game_name(view)]
    notes = header_notes(view)  # nothing the header already says
    if "game" in notes:
        game = f"Game {notes.pop('game')}"
        if "best_of" in notes:
            game += f" of best of {notes.pop('best_of')}"
        parts.append(game)
    parts.append(f"Turn {view.turn}")
    if view.over:
        parts.append("match over")
    elif view.active is not None and 0 <= view.active < len(view.seats):
        parts.append(f"{view.seats[view.active].name} to play")
    if view.phase and not view.over:
        parts.append(view.phase)
    parts += [f"{_stat_label(k)}: {v}" for k, v in notes.items()]
    return "  ·  ".join(parts)


def _draw_header(draw: ImageDraw.ImageDraw, view: MatchView, box: Box) -> None:
    draw.rectangle(box, fill=HEADER_BG)
    draw.line((box.x0, box.y1 - 1, box.x1, box.y1 - 1), fill=PANEL_EDGE)
    if view.viewer is not None and 0 <= view.viewer < len(view.seats):
        who = f"{view.seats[view.viewer].name}'s view"
    else:
        who = "Public view"
    who_w = _measure(
        _text(draw, (box.x1 - 14, box.y0 + box.h / 2), who, 13, MUTED, 220, anchor="rm"), 13
    )
    _text(
        draw,
        (box.x0 + 14, box.y0 + box.h / 2),
        _header_text(view),
        16,
        TEXT,
        box.w - who_w - 50,
        anchor="lm",
    )


def _score(view: MatchView) -> str:
    """The winner's games first, then the others' in seat order: as the match's own
    "wins the match 1-0" line reads it, so picture and text never disagree."""
    wins = [s.stats.get("wins") for s in view.seats]
    if not all(w is not None for w in wins) or not any(wins):
        return ""
    order = sorted(range(len(wins)), key=lambda seat: seat != view.winner)
    return "-".join(str(wins[seat]) for seat in order)


def _draw_banner(draw: ImageDraw.ImageDraw, view: MatchView, box: Box) -> None:
    draw.rectangle(box, fill=(44, 38, 22))
    draw.line((box.x0, box.y1 - 1, box.x1, box.y1 - 1), fill=GOLD, width=2)
    if view.winner is not None and 0 <= view.winner < len(view.seats):
        headline = f"{view.seats[view.winner].name} wins the match"
        score = _score(view)
        if score:
            headline += f"  {score}"
    else:
        headline = "The match is over: a draw"
    mid = box.y0 + box.h / 2
    label_w = _measure(_text(draw, (box.x0 + 18, mid), "MATCH OVER", 14, GOLD, anchor="lm"), 14)
    _text(draw, (box.x0 + 36 + label_w, mid), headline, 24, TEXT, box.w - label_w - 60, anchor="lm")


def _draw_side(draw: ImageDraw.ImageDraw, view: MatchView, box: Box) -> None:
    """Recent events, newest at the bottom and brightest, then who the table waits on."""
    draw.rectangle(box, fill=(28, 31, 42))
    draw.line((box.x0, box.y0, box.x0, box.y1), fill=PANEL_EDGE)
    inner = box.inset(14, 12)
    size, line_h = 13, 17

    waiting: list[tuple[str, ...]] = []
    if not view.over:
        for decision in view.decisions:
            # a prompt's first line is its headline; what follows explains a choice
            # to its chooser (Battle Mages' stop setting), not to the table
            text = f"{decision.player_name}: {(decision.prompt.splitlines() or [''])[0]}"
            waiting.append(_lines(text, size, inner.w, 3))
    wait_h = (sum(len(w) * line_h + 6 for w in waiting) + 26) if waiting else 0

    top = inner.y0
    table = [_lines(line, size, inner.w, 2) for line in table_lines(view)][:TABLE_ZONES_SHOWN]
    if table:
        _text(draw, (inner.x0, top), "Table", 14, MUTED)
        top += 22
        for lines in table:
            for line in lines:
                _text(draw, (inner.x0, top), line, size, TEXT)
                top += line_h
            top += 4
        top += 8
    _text(draw, (inner.x0, top), "Recent events", 14, MUTED)
    top += 26
    bottom = inner.y1 - wait_h
    events = [e.text for e in view.events[-EVENTS_SHOWN:]]
    blocks = []
    room = bottom - top
    for text in reversed(events):  # newest first, so it is the oldest that gets dropped
        lines = _lines(text, size, inner.w - 12, 3)
        need = len(lines) * line_h + 10
        if need > room:
            break
        blocks.append(lines)
        room -= need
    blocks.reverse()
    y = top
    if not blocks:
        _text(draw, (inner.x0, y), "Nothing yet.", size, FAINT)
    for i, lines in enumerate(blocks):
        newest = i == len(blocks) - 1
        draw.ellipse((inner.x0, y + 5, inner.x0 + 6, y + 11), fill=GOLD if newest else FAINT)
        for line in lines:
            _text(draw, (inner.x0 + 12, y), line, size, TEXT if newest else (190, 194, 206))
            y += line_h
        y += 10

    if waiting:
        y = bottom + 4
        draw.line((inner.x0, y - 6, inner.x1, y - 6), fill=PANEL_EDGE)
        _text(draw, (inner.x0, y), "Waiting on", 14, MUTED)
        y += 22
        for lines in waiting:
            for line in lines:
                _text(draw, (inner.x0, y), line, size, GOLD)
                y += line_h
            y += 6


def render_board(view: MatchView) -> bytes:
    """The table as `view` shows it, as a 1000x600 PNG.

    Each seat: name, stats, zone counts and the monsters on its board; the viewer's seat
    (seat 0 for the public view) sits at the bottom; whose turn it is is outlined in gold;
    the side panel holds the last events and the open decisions; a banner when it is over.
    """
    width, height = BOARD_SIZE
    image = Image.new("RGB", BOARD_SIZE, BG)
    draw = ImageDraw.Draw(image, "RGBA")
    _draw_header(draw, view, Box(0, 0, width, HEADER_H))
    top = HEADER_H
    if view.over:
        _draw_banner(draw, view, Box(0, top, width, top + BANNER_H))
        top += BANNER_H
    _draw_side(draw, view, Box(width - SIDE_W, top, width, height))
    seats = Box(4, top + 4, width - SIDE_W - 4, height - 4)
    for seat, box in _seat_boxes(view, seats):
        _draw_seat(image, draw, view, seat, box)
    return _png(image)
