"""Replays, history and statistics: reveal agreements, a server's reveal setting, and the
reads behind /history, /profile's deck win rates and /stats (migration 7).

Nothing here changes a match or its record; a replay is built from `MatchRepo.load_record`.
"""

import json
from datetime import datetime

from pydantic import BaseModel, ConfigDict

from bot.storage.db import Database
from bot.storage.models import MatchStatus, Outcome, PlayerInfo

FINISHED = ("finished", "abandoned")


class HistoryRow(BaseModel):
    """One match from one player's side, with the rating change it brought (if rated)."""

    model_config = ConfigDict(frozen=True)

    id: int
    guild_id: int | None
    channel_id: int
    board_message_id: int | None
    ruleset: str
    players: list[PlayerInfo]
    status: MatchStatus
    winner: int | None
    seat: int
    moves: int
    created_at: datetime
    finished_at: datetime | None
    outcome: Outcome | None  # from the rating history: None when the match was not rated
    ordinal_before: float | None
    ordinal_after: float | None


class PlayedDeck(BaseModel):
    """One seat of one finished match: whose deck, which cards, and how it went."""

    model_config = ConfigDict(frozen=True)

    match_id: int
    seat: int
    user_id: int | None
    cards: list[str]
    won: bool
    drawn: bool


class LengthStats(BaseModel):
    model_config = ConfigDict(frozen=True)

    matches: int
    average_moves: float
    average_minutes: float


_HISTORY = (
    "SELECT m.id, m.guild_id, m.channel_id, m.board_message_id, m.ruleset, m.players,"
    " m.status, m.winner, p.seat, m.created_at, m.finished_at,"
    " (SELECT COALESCE(MAX(a.seq), 0) FROM match_actions a WHERE a.match_id = m.id) AS moves,"
    " h.outcome, h.ordinal_before, h.ordinal_after"
    " FROM match_players p JOIN matches m ON m.id = p.match_id"
    " LEFT JOIN rating_history h ON h.match_id = m.id AND h.user_id = p.user_id"
    " WHERE p.user_id = ? AND m.status IN ('finished', 'abandoned')"
)


class ReplayRepo:
    def __init__(self, db: Database):
        self._db = db

    # -- revealing ---------------------------------------------------------------------

    async def agree_to_reveal(self, match_id: int, user_id: int) -> None:
        """`user_id` agrees that the match's replay may show every hand (idempotent)."""
        await self._db.execute(
            "INSERT INTO match_reveals (match_id, user_id, agreed_at) VALUES (?, ?, ?)"
            " ON CONFLICT (match_id, user_id) DO NOTHING",
            (match_id, user_id, self._db.now()),
        )

    async def reveal_agreed(self, match_id: int) -> set[int]:
        rows = await self._db.fetchall(
            "SELECT user_id FROM match_reveals WHERE match_id = ?", (match_id,)
        )
        return {int(row["user_id"]) for row in rows}

    async def reveals_finished(self, guild_id: int | None) -> bool:
        """Whether the server shows every hand in the replay of every finished match."""
        if guild_id is None:
            return False
        row = await self._db.fetchone(
            "SELECT reveal_finished FROM replay_settings WHERE guild_id = ?", (guild_id,)
        )
        return bool(row and row["reveal_finished"])

    async def set_reveals_finished(self, guild_id: int, reveal: bool) -> None:
        await self._db.execute(
            "INSERT INTO replay_settings (guild_id, reveal_finished, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET reveal_finished = excluded.reveal_finished,"
            " updated_at = excluded.updated_at",
            (guild_id, int(reveal), self._db.now()),
        )

    # -- history -----------------------------------------------------------------------

    async def history(
        self, user_id: int, ruleset: str | None, offset: int = 0, limit: int = 10
    ) -> list[HistoryRow]:
        """The user's ended matches, newest first (a match a user sat twice in is listed
        once per seat)."""
        sql = _HISTORY + (" AND m.ruleset = ?" if ruleset else "")
        params: tuple = (user_id, ruleset) if ruleset else (user_id,)
        rows = await self._db.fetchall(
            sql + " ORDER BY m.id DESC, p.seat LIMIT ? OFFSET ?", (*params, limit, offset)
        )
        out = []
        for row in rows:
            data = dict(row)
            data["players"] = json.loads(data["players"])
            out.append(HistoryRow(**data))
        return out

    async def history_size(self, user_id: int, ruleset: str | None) -> int:
        sql = (
            "SELECT COUNT(*) FROM match_players p JOIN matches m ON m.id = p.match_id"
            " WHERE p.user_id = ? AND m.status IN ('finished', 'abandoned')"
        )
        params: tuple = (user_id,)
        if ruleset:
            sql += " AND m.ruleset = ?"
            params = (user_id, ruleset)
        row = await self._db.fetchone(sql, params)
        return int(row[0]) if row else 0

    # -- decks and statistics ----------------------------------------------------------

    async def played_decks(
        self,
        ruleset: str,
        *,
        user_id: int | None = None,
        guild_id: int | None = None,
        limit: int = 2000,
    ) -> list[PlayedDeck]:
        """The decks of the latest `limit` finished matches of a game: one user's seats, or
        every seat of a server's matches."""
        if user_id is not None:
            rows = await self._db.fetchall(
                "SELECT m.id, m.decks, m.winner, m.status, p.seat, p.user_id"
                " FROM match_players p JOIN matches m ON m.id = p.match_id"
                " WHERE p.user_id = ? AND m.ruleset = ? AND m.status = 'finished'"
                " ORDER BY m.id DESC LIMIT ?",
                (user_id, ruleset, limit),
            )
        else:
            rows = await self._db.fetchall(
                "SELECT m.id, m.decks, m.winner, m.status, p.seat, p.user_id"
                " FROM matches m JOIN match_players p ON p.match_id = m.id"
                " WHERE m.id IN (SELECT id FROM matches"
                " WHERE guild_id IS NOT DISTINCT FROM ? AND ruleset = ?"
                " AND status = 'finished' ORDER BY id DESC LIMIT ?)",
                (guild_id, ruleset, limit),
            )
        out = []
        for row in rows:
            decks = json.loads(row["decks"])
            seat = int(row["seat"])
            if seat >= len(decks):
                continue  # a scenario match: no deck lists
            out.append(
                PlayedDeck(
                    match_id=row["id"],
                    seat=seat,
                    user_id=row["user_id"],
                    cards=list(decks[seat]),
                    won=row["winner"] == seat,
                    drawn=row["winner"] is None,
                )
            )
        return out

    async def lengths(self, guild_id: int | None, ruleset: str) -> LengthStats:
        """How long a server's finished matches of a game were: moves and minutes."""
        row = await self._db.fetchone(
            "SELECT COUNT(*) AS n,"
            " AVG((SELECT COALESCE(MAX(a.seq), 0) FROM match_actions a WHERE a.match_id = m.id))"
            " AS moves,"
            f" AVG({self._db.dialect.minutes_between('m.created_at', 'm.finished_at')})"
            " AS minutes"
            " FROM matches m WHERE m.guild_id IS NOT DISTINCT FROM ? AND m.ruleset = ?"
            " AND m.status = 'finished'",
            (guild_id, ruleset),
        )
        if row is None or not row["n"]:
            return LengthStats(matches=0, average_moves=0.0, average_minutes=0.0)
        return LengthStats(
            matches=int(row["n"]),
            average_moves=float(row["moves"] or 0.0),
            average_minutes=float(row["minutes"] or 0.0),
        )

    async def saved_decks(self, ruleset: str, owners: set[int]) -> list[tuple[int, str, list[str]]]:
        """(owner, name, cards) of the given users' saved decks of a game."""
        if not owners:
            return []
        marks = ", ".join("?" * len(owners))
        rows = await self._db.fetchall(
            f"SELECT owner_id, name, cards FROM decks WHERE ruleset = ? AND owner_id IN ({marks})",
            (ruleset, *sorted(owners)),
        )
        return [(int(r["owner_id"]), str(r["name"]), json.loads(r["cards"])) for r in rows]
