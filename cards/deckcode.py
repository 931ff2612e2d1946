"""Deck codes: a whole deck as one short line of text that survives copy-paste in Discord.

Version 2 (``CH2.<body>``, what `encode` writes) numbers cards through an **append-only
index per game**, checked in as data next to the cards (``cards/<game>/deckcode_index.txt``):
the n-th id listed there is card number n, for ever. The body is URL-safe base64 of::

    3-byte checksum (BLAKE2s of the version and the payload) + varint(len(payload)) + payload

and the payload is ``ruleset`` and a newline, then one entry per distinct card in the deck's
order of first appearance: ``varint(2 * (number + 1) + several)`` and, when ``several``, a
varint count; a card the index does not list yet is ``varint(0)`` + its id's length and
ASCII + a varint count. So adding a card is a data-only change: it encodes at once (by its
id), and appending its id to the index (``python -m cards.deckcode --append-new``) makes its
codes short; nothing already shared changes meaning. A 30-card deck is about 55 characters.
The length before the payload tells a cut-off code from a damaged one.

Version 1 (below) is still read, forever: codes people saved keep working.

A version 1 code looks like ``CH1.<body>``. The body is URL-safe base64 (no padding, so no
``+``, ``/`` or ``=`` for chat clients to mangle) of::

    3-byte checksum (BLAKE2s of the version and the payload) + raw DEFLATE(payload)

and the payload is plain text: ``ruleset`` on the first line, then ``card_id*count``
entries separated by commas (``*1`` is left out), in the deck's order of first appearance.

Why DEFLATE with a preset dictionary: card ids are long words that repeat across decks but
rarely within one, so plain compression barely helps (a 30-card deck would need ~250
characters). Seeding DEFLATE with a dictionary of the card ids known when the format was
made turns each id into a 2-3 byte back-reference: a 30-card deck fits in about 100
characters. Ids missing from the dictionary (cards added later, other games, typos) still
encode, just longer, and decode unchanged; deck validation then reports unknown ones.

The dictionary belongs to the format version and must never change: editing it would make
every CH1 code decode to garbage (the checksum would catch it, but the codes would be lost).
Version 2 replaced it (above) so that the card pool can grow without touching the format.
"""

import base64
import binascii
import hashlib
import re
import sys
import zlib
from collections import Counter
from functools import cache
from pathlib import Path

PREFIX = "CH"
VERSION = 2
INDEX_FILE = "deckcode_index.txt"
CARDS_DIR = Path(__file__).parent
CHECKSUM_BYTES = 3
MAX_CODE_CHARS = 1000  # a legal deck needs ~100; this bounds the work done on junk input
MAX_PAYLOAD_BYTES = 4096  # refuses "zip bombs": a valid code is far below this
MAX_COPIES = 99
MAX_CARDS = 500

RULESET_RE = re.compile(r"[a-z0-9_-]{1,32}")
CARD_ID_RE = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
_BODY_RE = re.compile(r"[A-Za-z0-9_-]*")
_PREFIX_RE = re.compile(r"CH(\d+)\.", re.IGNORECASE)
_BACKTICKS_AND_SPACE = re.compile(r"[`\s]+")

# Frozen with version 1: the Clash card ids of the first card pool, then the ruleset line
# that starts every payload (DEFLATE references nearer text more cheaply). Never edit: see
# the module docstring.
_CH1_DICTIONARY = (
    b"charred_knuckles,slate_buckler,flintshard_spear,gravediggers_spade,bonewoven_cowl,"
    b"basalt_aegis,emberforged_cleaver,mantle_of_the_ridge,sootling_scamp,gravelhide_pup,"
    b"bog_lantern_sprite,ashfang_raider,lichenshell_tortoise,hollow_road_acolyte,"
    b"flintspark_tinker,saplingback_bruiser,kilnborn_hound,gritstone_sentinel,"
    b"ossuary_gleaner,cinderhurl_slinger,ridgeback_tusker,slagfist_brawler,"
    b"thornwall_keeper,carrion_matron,candlewick_hexer,barrow_scribe,pyreback_charger,"
    b"graniteheart_golem,tombroot_serpent,cragspire_marksman,smoldering_idol,"
    b"ironbark_elder,lich_of_the_ninth_bell,slagwing_drake,heart_of_the_mountain,"
    b"pale_harrow_reaper,basalt_colossus,choir_of_the_drowned,deepmaw_leviathan,"
    b"worldforge_wyrm,morrow_grave_sovereign,kindling_dart,crack_the_carapace,"
    b"riverwort_poultice,granite_vigor,slagwhip_lash,severing_verdict,stoked_bellows,"
    b"cinder_tithe,marrow_bargain,whispers_from_the_barrow,call_the_restless,"
    b"rallying_howl,hilltop_respite,ashfall_squall,rampart_chant,pyre_of_the_hollow_road,"
    b"dusk_toll,clash\n"
)
_DICTIONARIES: dict[int, bytes] = {1: _CH1_DICTIONARY}
READABLE = (1, 2)


class DeckCodeError(ValueError):
    """A code that cannot be read. `reason` is a stable word for tests and logs:
    prefix, version, too_long, base64, truncated, checksum or content."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason


def encode(ruleset: str, cards: list[str]) -> str:
    """The code of a deck. Copies are grouped; distinct cards keep their first-seen order.

    Raises ValueError for input no code can carry (bad ruleset or card id characters, too
    many copies): that is a programming error, not a user's typo.
    """
    if not RULESET_RE.fullmatch(ruleset):
        raise ValueError(f"a ruleset id is 1-32 of a-z 0-9 _ -, not {ruleset!r}")
    if isinstance(cards, str):
        raise ValueError("cards must be a list of card ids, not one string")
    if len(cards) > MAX_CARDS:
        raise ValueError(f"a deck code holds at most {MAX_CARDS} cards, not {len(cards)}")
    numbers = card_numbers(ruleset)
    payload = bytearray(ruleset.encode("ascii") + b"\n")
    for card, count in Counter(cards).items():
        if not isinstance(card, str) or not CARD_ID_RE.fullmatch(card):
            raise ValueError(f"card ids are 1-64 of A-Z a-z 0-9 _ . : -, not {card!r}")
        if count > MAX_COPIES:
            raise ValueError(f"at most {MAX_COPIES} copies of a card in a code, {card} has {count}")
        number = numbers.get(card)
        if number is None:  # not in the index yet: carried by its id
            payload += _varint(0) + _varint(len(card)) + card.encode("ascii") + _varint(count)
        else:
            payload += _varint(2 * (number + 1) + (count > 1))
            if count > 1:
                payload += _varint(count)
    blob = _checksum(VERSION, bytes(payload)) + _varint(len(payload)) + payload
    body = base64.urlsafe_b64encode(blob).rstrip(b"=")
    return f"{PREFIX}{VERSION}.{body.decode('ascii')}"


def index_path(ruleset: str) -> Path:
    return CARDS_DIR / ruleset.replace("-", "_") / INDEX_FILE


@cache
def card_index(ruleset: str) -> tuple[str, ...]:
    """The game's card ids in code-number order (empty for a game without an index)."""
    path = index_path(ruleset)
    if not RULESET_RE.fullmatch(ruleset) or not path.is_file():
        return ()
    ids = []
    for line in path.read_text(encoding="ascii").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            ids.append(line)
    return tuple(ids)


@cache
def card_numbers(ruleset: str) -> dict[str, int]:
    return {card: number for number, card in enumerate(card_index(ruleset))}


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def decode(code: str) -> tuple[str, list[str]]:
    """(ruleset, cards) of a code; DeckCodeError saying what is wrong with a bad one.

    Forgiving about what chat does to text (surrounding spaces, line breaks, a code
    block's backticks, base64 padding) and strict about everything else.
    """
    text = _BACKTICKS_AND_SPACE.sub("", code or "")
    if len(text) > MAX_CODE_CHARS:
        raise DeckCodeError(
            "too_long", f"that is {len(text)} characters long; a deck code is much shorter"
        )
    match = _PREFIX_RE.match(text)
    if match is None:
        raise DeckCodeError(
            "prefix", f"that is not a deck code: deck codes start with '{PREFIX}{VERSION}.'"
        )
    version = int(match.group(1))
    if version not in READABLE:
        raise DeckCodeError(
            "version",
            f"that deck code has version {version}, which this bot cannot read "
            f"(it reads version {', '.join(map(str, READABLE))})",
        )
    body = text[match.end() :].rstrip("=")
    if not _BODY_RE.fullmatch(body):
        bad = sorted({c for c in body if not _BODY_RE.fullmatch(c)})
        raise DeckCodeError(
            "base64",
            f"that deck code contains characters a code never has: {' '.join(bad)}",
        )
    if len(body) % 4 == 1:  # no base64 text has this length: a character went missing
        raise DeckCodeError("truncated", _TRUNCATED)
    try:
        blob = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as exc:  # pragma: no cover - the checks above
        raise DeckCodeError("base64", f"that deck code is not valid base64 ({exc})") from None
    if len(blob) <= CHECKSUM_BYTES:
        raise DeckCodeError("truncated", _TRUNCATED)
    checksum, packed = blob[:CHECKSUM_BYTES], blob[CHECKSUM_BYTES:]
    if version == 2:
        return _decode_v2(checksum, packed)
    payload = _inflate(version, packed)
    if payload is None or _checksum(version, payload) != checksum:
        raise DeckCodeError(
            "checksum",
            "that deck code is damaged (its checksum does not match): "
            "was a character changed while copying?",
        )
    return _parse(payload)


_TRUNCATED = "that deck code is incomplete: it looks cut off, copy the whole code"


_DAMAGED = (
    "that deck code is damaged (its checksum does not match): "
    "was a character changed while copying?"
)


class _Reader:
    """Varints and bytes from a version 2 payload; running out is a cut-off code."""

    def __init__(self, data: bytes, reason: str = "content"):
        self.data = data
        self.at = 0
        self.reason = reason

    def varint(self) -> int:
        value = shift = 0
        while True:
            if self.at >= len(self.data) or shift > 28:
                raise DeckCodeError(
                    self.reason,
                    _TRUNCATED
                    if self.reason == "truncated"
                    else "that deck code has a malformed entry",
                )
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise DeckCodeError("content", "that deck code has a malformed entry")
        chunk = self.data[self.at : self.at + count]
        self.at += count
        return chunk


def _decode_v2(checksum: bytes, packed: bytes) -> tuple[str, list[str]]:
    head = _Reader(packed, "truncated")
    size = head.varint()
    payload = packed[head.at :]
    if size > MAX_PAYLOAD_BYTES:
        raise DeckCodeError("checksum", _DAMAGED)
    if len(payload) < size:
        raise DeckCodeError("truncated", _TRUNCATED)
    if len(payload) > size or _checksum(2, payload) != checksum:
        raise DeckCodeError("checksum", _DAMAGED)
    ruleset_bytes, newline, _ = payload.partition(b"\n")
    ruleset = ruleset_bytes.decode("ascii", "replace")
    if not newline or not RULESET_RE.fullmatch(ruleset):
        raise DeckCodeError("content", "that deck code does not say which game it is for")
    index = card_index(ruleset)
    entries = _Reader(payload[len(ruleset_bytes) + 1 :])
    cards: list[str] = []
    while entries.at < len(entries.data):
        tag = entries.varint()
        if tag == 0:
            length = entries.varint()
            card = entries.take(length).decode("ascii", "replace")
            count = entries.varint()
            if not CARD_ID_RE.fullmatch(card):
                raise DeckCodeError("content", f"that deck code has a malformed entry {card!r}")
        else:
            number = tag // 2 - 1
            count = entries.varint() if tag % 2 else 1
            if tag % 2 and count < 2:
                raise DeckCodeError("content", "that deck code has a malformed entry")
            if number >= len(index):
                raise DeckCodeError(
                    "content",
                    f"that deck code names {ruleset} card number {number}, which this bot "
                    "does not know yet (was the code made by a newer version?)",
                )
            card = index[number]
        if not 1 <= count <= MAX_COPIES:
            raise DeckCodeError("content", f"that deck code has {count} copies of {card}")
        cards.extend([card] * count)
        if len(cards) > MAX_CARDS:
            raise DeckCodeError("content", f"that deck code holds more than {MAX_CARDS} cards")
    return ruleset, cards


def _checksum(version: int, payload: bytes) -> bytes:
    return hashlib.blake2s(bytes([version]) + payload, digest_size=CHECKSUM_BYTES).digest()


def _inflate(version: int, packed: bytes) -> bytes | None:
    """The payload; None if the data is corrupt. A stream that simply stops is a cut-off
    code: that gets its own error, since the fix (copy all of it) differs from a typo's."""
    unpacker = zlib.decompressobj(-15, zdict=_DICTIONARIES[version])
    try:
        payload = unpacker.decompress(packed, MAX_PAYLOAD_BYTES)
    except zlib.error:
        return None
    if unpacker.unconsumed_tail or (not unpacker.eof and len(payload) >= MAX_PAYLOAD_BYTES):
        raise DeckCodeError("content", "that deck code holds far more than a deck")
    if not unpacker.eof:
        raise DeckCodeError("truncated", _TRUNCATED)
    if unpacker.unused_data:
        return None
    return payload


def _parse(payload: bytes) -> tuple[str, list[str]]:
    """The checked payload's text; only a hand-made code can fail here."""
    try:
        ruleset, _, listing = payload.decode("ascii").partition("\n")
    except UnicodeDecodeError:
        raise DeckCodeError("content", "that deck code holds something other than a deck") from None
    if not RULESET_RE.fullmatch(ruleset):
        raise DeckCodeError("content", "that deck code does not say which game it is for")
    cards: list[str] = []
    for entry in listing.split(",") if listing else []:
        card, star, count_text = entry.partition("*")
        count = int(count_text) if count_text.isdigit() else 0 if star else 1
        if not CARD_ID_RE.fullmatch(card) or not 1 <= count <= MAX_COPIES:
            raise DeckCodeError("content", f"that deck code has a malformed entry {entry[:70]!r}")
        cards.extend([card] * count)
        if len(cards) > MAX_CARDS:
            raise DeckCodeError("content", f"that deck code holds more than {MAX_CARDS} cards")
    return ruleset, cards


# -- the index tool --------------------------------------------------------------------


def append_new(ruleset: str, pool_ids: list[str]) -> list[str]:
    """Append the pool's cards the index lacks (sorted) to its end; the ids added."""
    known = set(card_index(ruleset))
    new = sorted(c for c in pool_ids if c not in known)
    if new:
        path = index_path(ruleset)
        text = path.read_text(encoding="ascii") if path.is_file() else ""
        if text and not text.endswith("\n"):
            text += "\n"
        path.write_text(text + "".join(f"{c}\n" for c in new), encoding="ascii")
        card_index.cache_clear()
        card_numbers.cache_clear()
    return new


def main(argv: list[str] | None = None) -> int:
    """``python -m cards.deckcode --append-new``: number every card the indexes lack."""
    from cards.loader import load_pool

    args = sys.argv[1:] if argv is None else argv
    if args != ["--append-new"]:
        print("usage: python -m cards.deckcode --append-new", file=sys.stderr)
        return 2
    for folder in sorted(p.parent.name for p in CARDS_DIR.glob(f"*/{INDEX_FILE}")):
        ruleset = folder.replace("_", "-")
        added = append_new(ruleset, list(load_pool(ruleset).cards))
        print(f"{ruleset}: {len(added)} new card(s) numbered " + ", ".join(added))
    return 0


if __name__ == "__main__":
    sys.exit(main())
