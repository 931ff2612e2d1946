"""Display names by Discord id, cached so ladders and histories can name offline users."""

from bot.storage.db import Database
from bot.storage.models import UserRow


class UserRepo:
    def __init__(self, db: Database):
        self._db = db

    async def upsert_user(self, user_id: int, name: str) -> None:
        """Record the user, or refresh the name they go by now."""
        now = self._db.now()
        await self._db.execute(
            "INSERT INTO users (user_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name,"
            " updated_at = excluded.updated_at",
            (user_id, name, now, now),
        )

    async def get_user(self, user_id: int) -> UserRow | None:
        row = await self._db.fetchone("SELECT * FROM users WHERE user_id = ?", (user_id,))
        return None if row is None else UserRow(**dict(row))
