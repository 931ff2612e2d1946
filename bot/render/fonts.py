"""Fonts for the image renderer: Pillow's bundled face first, DejaVu for what it lacks.

Pillow >= 10.1 bundles a scalable face (Aileron) behind `ImageFont.load_default(size=...)`,
so the bot draws text without installing anything. That face only covers basic Latin, so a
string with a character it lacks (a player named "José", "→") is drawn with DejaVu Sans
when the system has it; without DejaVu the bundled face draws a box for that character.

Faces are cached per thread, not process-wide: an FT_Face must not be used by two threads
at once (FreeType's rule, which Pillow only started enforcing itself in 12.2 and only in
free-threaded builds), and the bot renders in `asyncio.to_thread` workers. A face costs
well under a millisecond to load and the executor's threads are few, so this is cheap.
"""

import threading
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

ELLIPSIS = "…"
_DEJAVU_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/local/share/fonts"),
    Path("/Library/Fonts"),
)
_NOT_A_CHARACTER = "\uffff"  # never mapped, so it renders as the face's "missing" box
_local = threading.local()


@lru_cache(maxsize=2)
def _dejavu_path(bold: bool) -> str | None:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in _DEJAVU_DIRS:
        path = folder / name
        if path.is_file():
            return str(path)
    return None


def _faces() -> dict[tuple[str, int], Font | None]:
    faces = getattr(_local, "faces", None)
    if faces is None:
        faces = _local.faces = {}
    return faces


def _load(face: str, size: int) -> Font | None:
    """One face at one size, or None when it is not available here."""
    key = (face, size)
    faces = _faces()
    if key in faces:
        return faces[key]
    font: Font | None = None
    if face == "bundled":
        try:
            font = ImageFont.load_default(size=size)
        except (AttributeError, TypeError, OSError):  # Pillow < 10.1 or no FreeType
            font = None
        if font is not None and not isinstance(font, ImageFont.FreeTypeFont):
            font = None  # the fixed-size bitmap fallback: useless for layout by size
    else:
        path = _dejavu_path(face == "dejavu-bold")
        if path is not None:
            try:
                font = ImageFont.truetype(path, size)
            except OSError:
                font = None
    faces[key] = font
    return font


def _signature(font: Font, char: str) -> tuple:
    mask = font.getmask(char)
    width, height = mask.size
    return (
        width,
        height,
        tuple(mask.getpixel((x, y)) for y in range(height) for x in range(width)),
    )


@lru_cache(maxsize=4096)
def _covers(face: str, char: str) -> bool:
    """Whether `face` has a glyph for `char` (it does not draw its "missing" box for it)."""
    font = _load(face, 16)
    if font is None:
        return False
    return _signature(font, char) != _signature(font, _NOT_A_CHARACTER)


def _bundled_covers(text: str) -> bool:
    if text.isascii():
        return True
    return all(c.isascii() or _covers("bundled", c) for c in set(text))


def font(size: int, bold: bool = False, text: str = "") -> Font:
    """The face to draw `text` in at `size` px: the bundled one unless it lacks a character.

    `bold` only has an effect when it falls back to DejaVu (the bundled face has no bold);
    the renderer marks emphasis with size and colour instead, so both look alike.
    """
    bundled = _load("bundled", size)
    if bundled is not None and _bundled_covers(text):
        return bundled
    dejavu = _load("dejavu-bold" if bold else "dejavu", size)
    if dejavu is not None:
        return dejavu
    if bundled is not None:
        return bundled
    return ImageFont.load_default()  # tiny bitmap font: last resort, still readable


def fit(text: str, face: Font, width: float) -> str:
    """`text`, cut short with "…" so that it is at most `width` px wide."""
    if face.getlength(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that still fits with the ellipsis
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + ELLIPSIS) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS if low else ELLIPSIS


def wrap(text: str, face: Font, width: float, max_lines: int) -> list[str]:
    """Greedy word wrap into at most `max_lines` lines; the last one ends in "…" if cut."""
    lines: list[str] = []
    words = text.split()
    current = ""
    index = 0
    while index < len(words):
        word = words[index]
        candidate = f"{current} {word}" if current else word
        if face.getlength(candidate) <= width:
            current = candidate
            index += 1
            continue
        if not current:  # one word wider than the box: cut it
            current = fit(word, face, width)
            index += 1
        lines.append(current)
        current = ""
        if len(lines) == max_lines:
            break
    if current and len(lines) < max_lines:
        lines.append(current)
        index = len(words)
    if index < len(words) and lines:  # more words than lines: say so on the last one
        lines[-1] = fit(lines[-1] + " " + " ".join(words[index:]), face, width)
    return lines
