"""Load and check card files. A bad file fails here, naming the file, the card and the field."""

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from cards.schema import clash

CARDS_DIR = Path(__file__).parent
T = TypeVar("T", bound=BaseModel)


class CardFileError(ValueError):
    """A card or deck file is wrong; the message says where and what."""


@dataclass(frozen=True)
class CardPool(Generic[T]):
    ruleset: str
    cards: dict[str, T]
    decks: dict[str, clash.DeckList]

    def __getitem__(self, card_id: str) -> T:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise CardFileError(f"{path}: not valid TOML: {exc}") from exc


def _explain(path: Path, what: str, exc: ValidationError) -> CardFileError:
    lines = []
    for err in exc.errors():
        loc = list(err["loc"])
        if loc and loc[0] in ("monster", "spell", "equipment"):
            loc = loc[1:]  # the discriminated union's tag, not a field of the file
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
            raise _explain(path, what, exc) from None
    return parsed


def load_pool(ruleset: str, card_adapter: TypeAdapter, folder: Path | None = None) -> CardPool:
    """Every card of `ruleset` (all TOML files in its folder) and its preconstructed decks."""
    root = folder or CARDS_DIR / ruleset.replace("-", "_")
    cards: dict[str, Any] = {}
    for path in sorted(root.glob("*.toml")):
        for card in parse_cards(path, _read_toml(path), card_adapter):
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
            deck = clash.DeckList.model_validate(_read_toml(path))
        except ValidationError as exc:
            raise _explain(path, "deck", exc) from None
        unknown = [c for c in deck.cards if c not in cards]
        if unknown:
            raise CardFileError(f"{path}: deck '{deck.id}' names unknown card(s) {unknown}")
        decks[deck.id] = deck
    return CardPool(ruleset, cards, decks)


@cache
def clash_pool() -> CardPool[clash.Monster | clash.Spell | clash.Equipment]:
    return load_pool("clash", TypeAdapter(clash.Card))
