"""Ratings per user and ruleset, their history, and the ladder.

Storage keeps numbers; the rating maths (openskill) lives with the ratings module, which
computes `RatingUpdate`s and hands them to `save_ratings` to be written in one go.
"""

from collections.abc import Sequence

from bot.storage.db import Database, Row, SyncTx
from bot.storage.errors import ConstraintViolation, MatchNotFound, RatingConflict
from bot.storage.models import LeaderboardEntry, Rating, RatingChange, RatingUpdate

_OUTCOME_COLUMN = {"win": "wins", "loss": "losses", "draw": "draws"}


class RatingRepo:
    def __init__(self, db: Database):
        self._db = db

    async def get_rating(self, user_id: int, ruleset: str) -> Rating | None:
        """The user's rating, or None if they never played a rated match of the ruleset."""
        row = await self._db.fetchone(
            "SELECT * FROM ratings WHERE user_id = ? AND ruleset = ?", (user_id, ruleset)
        )
        return None if row is None else Rating(**dict(row))

    async def save_ratings(
        self, match_id: int, ruleset: str, updates: Sequence[RatingUpdate]
    ) -> list[Rating]:
        """Write every player's new rating, history line and win/loss in one transaction.

        All or nothing: RatingConflict if the match was already rated or a rating moved
        since the caller read it (see `RatingUpdate.expected_games`).
        """
        users = [update.user_id for update in updates]
        if not users:
            return []
        if len(set(users)) != len(users):
            raise ValueError("one rating update per player")
        now = self._db.now()

        def work(tx: SyncTx) -> list[Row]:
            match = tx.fetchone("SELECT ruleset FROM matches WHERE id = ?", (match_id,))
            if match is None:
                raise MatchNotFound(f"no match {match_id}")
            if match["ruleset"] != ruleset:
                raise ValueError(f"match {match_id} is {match['ruleset']}, not {ruleset}")
            for update in updates:
                before = tx.fetchone(
                    "SELECT mu, sigma, ordinal, games FROM ratings"
                    " WHERE user_id = ? AND ruleset = ?",
                    (update.user_id, ruleset),
                )
                games = before["games"] if before else 0
                if update.expected_games is not None and update.expected_games != games:
                    raise RatingConflict(
                        f"user {update.user_id}'s {ruleset} rating changed since it was read"
                        f" ({games} games, expected {update.expected_games})"
                    )
                try:
                    tx.execute(
                        "INSERT INTO rating_history (match_id, user_id, ruleset, outcome,"
                        " mu_before, sigma_before, ordinal_before,"
                        " mu_after, sigma_after, ordinal_after, created_at)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            match_id,
                            update.user_id,
                            ruleset,
                            update.outcome,
                            before["mu"] if before else None,
                            before["sigma"] if before else None,
                            before["ordinal"] if before else None,
                            update.mu,
                            update.sigma,
                            update.ordinal,
                            now,
                        ),
                    )
                except ConstraintViolation as exc:
                    raise RatingConflict(
                        f"match {match_id} was already rated for user {update.user_id}"
                    ) from exc
                column = _OUTCOME_COLUMN[update.outcome]
                tx.execute(
                    "INSERT INTO ratings (user_id, ruleset, mu, sigma, ordinal,"
                    f" {column}, games, updated_at) VALUES (?, ?, ?, ?, ?, 1, 1, ?)"
                    " ON CONFLICT (user_id, ruleset) DO UPDATE SET mu = excluded.mu,"
                    " sigma = excluded.sigma, ordinal = excluded.ordinal,"
                    f" {column} = ratings.{column} + 1, games = ratings.games + 1,"
                    " updated_at = excluded.updated_at",
                    (update.user_id, ruleset, update.mu, update.sigma, update.ordinal, now),
                )
            placeholders = ", ".join("?" * len(users))
            return tx.fetchall(
                f"SELECT * FROM ratings WHERE ruleset = ? AND user_id IN ({placeholders})",
                (ruleset, *users),
            )

        rows = await self._db.atomic(work)
        by_user = {row["user_id"]: Rating(**dict(row)) for row in rows}
        return [by_user[user] for user in users]

    async def leaderboard(
        self, ruleset: str, offset: int = 0, limit: int = 10, *, min_games: int = 0
    ) -> list[LeaderboardEntry]:
        """One page of the ladder, best ordinal first; ties share a rank and are listed
        by games played, then user id, so pages never overlap or skip."""
        if offset < 0 or limit < 0:
            raise ValueError("offset and limit cannot be negative")
        rows = await self._db.fetchall(
            "SELECT RANK() OVER (ORDER BY r.ordinal DESC) AS rank, r.user_id, u.name,"
            " r.mu, r.sigma, r.ordinal, r.wins, r.losses, r.draws, r.games"
            " FROM ratings r LEFT JOIN users u ON u.user_id = r.user_id"
            " WHERE r.ruleset = ? AND r.games >= ?"
            " ORDER BY r.ordinal DESC, r.games DESC, r.user_id LIMIT ? OFFSET ?",
            (ruleset, min_games, limit, offset),
        )
        return [LeaderboardEntry(**dict(row)) for row in rows]

    async def leaderboard_size(self, ruleset: str, *, min_games: int = 0) -> int:
        """How many players the ladder lists, for "page 2 of 7"."""
        row = await self._db.fetchone(
            "SELECT COUNT(*) FROM ratings WHERE ruleset = ? AND games >= ?",
            (ruleset, min_games),
        )
        return int(row[0]) if row else 0

    async def rank_of(self, user_id: int, ruleset: str, *, min_games: int = 0) -> int | None:
        """The user's place on the ladder (same numbering as `leaderboard`), or None."""
        row = await self._db.fetchone(
            "SELECT 1 + (SELECT COUNT(*) FROM ratings o WHERE o.ruleset = r.ruleset"
            " AND o.games >= ? AND o.ordinal > r.ordinal) FROM ratings r"
            " WHERE r.user_id = ? AND r.ruleset = ? AND r.games >= ?",
            (min_games, user_id, ruleset, min_games),
        )
        return None if row is None else int(row[0])

    async def rating_history(
        self, user_id: int, ruleset: str, limit: int | None = None
    ) -> list[RatingChange]:
        """The user's rating changes, oldest first; with `limit`, only the latest ones."""
        rows = await self._db.fetchall(
            "SELECT * FROM (SELECT id, match_id, user_id, ruleset, outcome, mu_before,"
            " sigma_before, ordinal_before, mu_after, sigma_after, ordinal_after, created_at"
            " FROM rating_history WHERE user_id = ? AND ruleset = ? ORDER BY id DESC LIMIT ?)"
            " AS recent ORDER BY id",
            # No limit: a bound no history reaches (SQLite's -1 means none; PostgreSQL's
            # LIMIT must not be negative).
            (user_id, ruleset, 2**62 if limit is None else limit),
        )
        return [RatingChange(**dict(row)) for row in rows]
