"""Load and check card files, the same way for every game. A bad file fails here, naming
the file, the card and the field.

A game's cards live in one folder, cards/<game>/ (the ruleset id with "_" for "-"): its
TOML files, its preconstructed decks in decks/, and the module `schema` whose `Card` (a
pydantic model or a union of them) checks each card. Nothing here names a game.
"""

import importlib
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from cards.decklist import DeckList

CARDS_DIR = Path(__file__).parent
T = TypeVar("T", bound=BaseModel)


class CardFileError(ValueError):
    """A card or deck file is wrong; the message says where and what."""


@dataclass(frozen=True)
class CardPool(Generic[T]):
    ruleset: str
    cards: dict[str, T]
    decks: dict[str, DeckList]

    def __getitem__(self, card_id: str) -> T:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise CardFileError(f"{path}: not valid TOML: {exc}") from exc


def _explain(path: Path, what: str, exc: ValidationError, tag: object = None) -> CardFileError:
    lines = []
    for err in exc.errors():
        loc = list(err["loc"])
        if loc and tag is not None and loc[0] == tag:
            loc = loc[1:]  # the card's `type`, the union's tag: not a field of the file
        field = ".".join(str(p) for p in loc) or "(whole card)"
        lines.append(f"{path}: {what}: field '{field}': {err['msg']}")
    return CardFileError("\n".join(lines))


def parse_cards(path: Path, data: dict[str, Any], adapter: TypeAdapter) -> list[Any]:
    unknown = set(data) - {"card"}
    if unknown:
        raise CardFileError(f"{path}: unknown top-level key(s) {sorted(unknown)}; use [[card]]")
    parsed = []
    for number, raw in enumerate(data.get("card", []), start=1):
        what = f"card '{raw.get('id', f'#{number}')}'" if isinstance(raw, dict) else "card"
        try:
            parsed.append(adapter.validate_python(raw))
        except ValidationError as exc:
            tag = raw.get("type") if isinstance(raw, dict) else None
            raise _explain(path, what, exc, tag) from None
    return parsed


def folder_name(game: str) -> str:
    """The folder (and package) of a game's cards: its ruleset id with "_" for "-"."""
    return game.replace("-", "_")


@cache
def card_adapter(game: str) -> TypeAdapter:
    """How one card of `game` is checked: the `Card` of its cards/<game>/schema.py."""
    schema = importlib.import_module(f"cards.{folder_name(game)}.schema")
    return TypeAdapter(schema.Card)


def load_pool(game: str, folder: Path | None = None) -> CardPool:
    """Every card of `game` (all TOML files in its folder, or in `folder`) and its
    preconstructed decks, each checked by the game's schema."""
    adapter = card_adapter(game)
    root = folder or CARDS_DIR / folder_name(game)
    cards: dict[str, Any] = {}
    for path in sorted(root.glob("*.toml")):
        for card in parse_cards(path, _read_toml(path), adapter):
            if card.id in cards:
                raise CardFileError(f"{path}: card '{card.id}' is defined twice")
            twin = next((c for c in cards.values() if c.name == card.name), None)
            if twin is not None:
                raise CardFileError(
                    f"{path}: card '{card.id}' has the name '{card.name}' of card '{twin.id}'"
                )
            cards[card.id] = card
    decks = {}
    for path in sorted((root / "decks").glob("*.toml")):
        try:
            deck = DeckList.model_validate(_read_toml(path))
        except ValidationError as exc:
            raise _explain(path, "deck", exc) from None
        unknown = [c for c in deck.cards if c not in cards]
        if unknown:
            raise CardFileError(f"{path}: deck '{deck.id}' names unknown card(s) {unknown}")
        decks[deck.id] = deck
    return CardPool(game, cards, decks)


@cache
def game_pool(game: str) -> CardPool:
    """The shipped cards of `game` (a ruleset id), loaded and checked once per process."""
    return load_pool(game)
