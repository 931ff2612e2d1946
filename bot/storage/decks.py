"""Players' own decks per ruleset, and which deck (own or preconstructed) each one plays.

Storage does not judge deck legality: the ruleset does (`validate_deck`), at build time
and again when a match starts, because card pools and rules change after a deck is saved.
"""

import json
from collections.abc import Sequence

from bot.storage.db import Database, Row
from bot.storage.errors import ConstraintViolation, DeckNameTaken, DeckNotFound
from bot.storage.models import ActiveDeck, DeckRow


def _deck(row: Row) -> DeckRow:
    data = dict(row)
    data["cards"] = json.loads(data["cards"])
    return DeckRow(**data)


def _clean_name(name: str) -> str:
    cleaned = name.strip()
    if not cleaned:
        raise ValueError("a deck needs a name")
    return cleaned


def _cards_json(cards: Sequence[str]) -> str:
    if isinstance(cards, str) or not all(isinstance(card, str) for card in cards):
        raise ValueError("cards must be a list of card ids (strings)")
    return json.dumps(list(cards))


_DECK_COLUMNS = "id, owner_id, ruleset, name, cards, created_at, updated_at"


class DeckRepo:
    def __init__(self, db: Database):
        self._db = db

    async def create_deck(
        self, owner_id: int, ruleset: str, name: str, cards: Sequence[str]
    ) -> DeckRow:
        """A new deck; DeckNameTaken if the owner has one of that name (any case) already."""
        name = _clean_name(name)
        now = self._db.now()
        try:
            inserted = await self._db.fetchone(
                "INSERT INTO decks (owner_id, ruleset, name, cards, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (owner_id, ruleset, name, _cards_json(cards), now, now),
            )
        except ConstraintViolation as exc:
            raise DeckNameTaken(f"you already have a {ruleset} deck called '{name}'") from exc
        assert inserted is not None
        return await self._require(int(inserted[0]))

    async def get_deck(self, owner_id: int, ruleset: str, name: str) -> DeckRow | None:
        row = await self._db.fetchone(
            f"SELECT {_DECK_COLUMNS} FROM decks WHERE owner_id = ? AND ruleset = ? AND name = ?",
            (owner_id, ruleset, name.strip()),
        )
        return None if row is None else _deck(row)

    async def get_deck_by_id(self, deck_id: int) -> DeckRow | None:
        row = await self._db.fetchone(f"SELECT {_DECK_COLUMNS} FROM decks WHERE id = ?", (deck_id,))
        return None if row is None else _deck(row)

    async def list_decks(self, owner_id: int, ruleset: str) -> list[DeckRow]:
        """The owner's decks for a ruleset, by name."""
        rows = await self._db.fetchall(
            f"SELECT {_DECK_COLUMNS} FROM decks WHERE owner_id = ? AND ruleset = ?"
            " ORDER BY name, id",
            (owner_id, ruleset),
        )
        return [_deck(row) for row in rows]

    async def save_cards(self, deck_id: int, cards: Sequence[str]) -> DeckRow:
        result = await self._db.execute(
            "UPDATE decks SET cards = ?, updated_at = ? WHERE id = ?",
            (_cards_json(cards), self._db.now(), deck_id),
        )
        if result.rowcount == 0:
            raise DeckNotFound(f"no deck {deck_id}")
        return await self._require(deck_id)

    async def rename_deck(self, deck_id: int, name: str) -> DeckRow:
        name = _clean_name(name)
        try:
            result = await self._db.execute(
                "UPDATE decks SET name = ?, updated_at = ? WHERE id = ?",
                (name, self._db.now(), deck_id),
            )
        except ConstraintViolation as exc:
            raise DeckNameTaken(f"you already have a deck called '{name}'") from exc
        if result.rowcount == 0:
            raise DeckNotFound(f"no deck {deck_id}")
        return await self._require(deck_id)

    async def delete_deck(self, deck_id: int) -> bool:
        """Delete; a user who had it active falls back to no choice. False if absent."""
        result = await self._db.execute("DELETE FROM decks WHERE id = ?", (deck_id,))
        return result.rowcount > 0

    async def set_active_deck(self, user_id: int, ruleset: str, deck_ref: int | str) -> None:
        """Play `ruleset` with one's own deck (an id) or a preconstructed one (its key).

        A deck id must name one of this user's decks for this ruleset; a preset key is
        stored as given (the ruleset knows its preconstructed decks, storage does not).
        """
        if isinstance(deck_ref, bool) or not isinstance(deck_ref, int | str):
            raise ValueError(f"a deck reference is a deck id or a preset key, not {deck_ref!r}")
        deck_id = deck_ref if isinstance(deck_ref, int) else None
        preset = deck_ref if isinstance(deck_ref, str) else None
        async with self._db.transaction() as tx:
            if deck_id is not None:
                owned = await tx.fetchone(
                    "SELECT 1 FROM decks WHERE id = ? AND owner_id = ? AND ruleset = ?",
                    (deck_id, user_id, ruleset),
                )
                if owned is None:
                    raise DeckNotFound(f"you have no {ruleset} deck with id {deck_id}")
            await tx.execute(
                "INSERT INTO active_decks (user_id, ruleset, deck_id, preset, updated_at)"
                " VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id, ruleset) DO UPDATE SET deck_id = excluded.deck_id,"
                " preset = excluded.preset, updated_at = excluded.updated_at",
                (user_id, ruleset, deck_id, preset, self._db.now()),
            )

    async def get_active_deck(self, user_id: int, ruleset: str) -> ActiveDeck | None:
        """The user's choice for the ruleset, with the deck itself when it is their own."""
        row = await self._db.fetchone(
            "SELECT a.preset, d.id, d.owner_id, d.ruleset, d.name, d.cards, d.created_at,"
            " d.updated_at FROM active_decks a LEFT JOIN decks d ON d.id = a.deck_id"
            " WHERE a.user_id = ? AND a.ruleset = ?",
            (user_id, ruleset),
        )
        if row is None:
            return None
        deck = None if row["id"] is None else _deck_from_join(row)
        return ActiveDeck(user_id=user_id, ruleset=ruleset, deck=deck, preset=row["preset"])

    async def _require(self, deck_id: int) -> DeckRow:
        deck = await self.get_deck_by_id(deck_id)
        if deck is None:
            raise DeckNotFound(f"no deck {deck_id}")
        return deck


def _deck_from_join(row: Row) -> DeckRow:
    return DeckRow(
        id=row["id"],
        owner_id=row["owner_id"],
        ruleset=row["ruleset"],
        name=row["name"],
        cards=json.loads(row["cards"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )
