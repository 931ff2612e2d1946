"""Open challenges, stored so that they outlive a restart of the bot.

Ids come from an AUTOINCREMENT key: SQLite never hands one out twice, so a button of a
challenge from an earlier process can never name a newer challenge.
"""

import json
from dataclasses import dataclass

from bot.storage.db import Database, Row

OPEN = "open"


@dataclass(frozen=True, slots=True)
class ChallengeRow:
    id: int
    ruleset: str
    guild_id: int | None
    channel_id: int
    challenger: dict  # {"id", "name", "bot"}
    deck_name: str
    deck_cards: list[str]
    opponents: list[dict]
    options: dict
    accepted: list[int]
    message_id: int | None
    text: str
    expires_at: float  # Unix time: the wall clock, which runs on while the bot is down
    status: str


class ChallengeRepo:
    def __init__(self, db: Database):
        self._db = db

    async def create(
        self,
        *,
        ruleset: str,
        guild_id: int | None,
        channel_id: int,
        challenger: dict,
        deck: tuple[str, list[str]],
        opponents: list[dict],
        options: dict,
        expires_at: float,
    ) -> int:
        inserted = await self._db.fetchone(
            "INSERT INTO challenges (ruleset, guild_id, channel_id, challenger, deck_name,"
            " deck_cards, opponents, options, accepted, text, expires_at, status, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, '[]', '', ?, ?, ?) RETURNING id",
            (
                ruleset,
                guild_id,
                channel_id,
                json.dumps(challenger),
                deck[0],
                json.dumps(deck[1]),
                json.dumps(opponents),
                json.dumps(options),
                expires_at,
                OPEN,
                self._db.now(),
            ),
        )
        assert inserted is not None
        return int(inserted[0])

    async def set_message(self, challenge_id: int, message_id: int, text: str) -> None:
        await self._db.execute(
            "UPDATE challenges SET message_id = ?, text = ? WHERE id = ?",
            (message_id, text, challenge_id),
        )

    async def set_accepted(self, challenge_id: int, accepted: list[int]) -> None:
        await self._db.execute(
            "UPDATE challenges SET accepted = ? WHERE id = ?",
            (json.dumps(sorted(accepted)), challenge_id),
        )

    async def close(self, challenge_id: int, status: str) -> bool:
        """Mark an open challenge closed; False when it was closed already (by another
        click, or before a restart), so exactly one answer wins."""
        result = await self._db.execute(
            "UPDATE challenges SET status = ? WHERE id = ? AND status = ?",
            (status, challenge_id, OPEN),
        )
        return result.rowcount == 1

    async def get(self, challenge_id: int) -> ChallengeRow | None:
        row = await self._db.fetchone("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        return None if row is None else _row(row)

    async def open_ones(self) -> list[ChallengeRow]:
        rows = await self._db.fetchall(
            "SELECT * FROM challenges WHERE status = ? ORDER BY id", (OPEN,)
        )
        return [_row(r) for r in rows]


def _row(row: Row) -> ChallengeRow:
    return ChallengeRow(
        id=row["id"],
        ruleset=row["ruleset"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        challenger=json.loads(row["challenger"]),
        deck_name=row["deck_name"],
        deck_cards=json.loads(row["deck_cards"]),
        opponents=json.loads(row["opponents"]),
        options=json.loads(row["options"]),
        accepted=json.loads(row["accepted"]),
        message_id=row["message_id"],
        text=row["text"],
        expires_at=row["expires_at"],
        status=row["status"],
    )
