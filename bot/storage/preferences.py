"""Per-user preferences: whether the bot pings a player when their turn comes (/notify)."""

from bot.storage.db import Database


class PreferencesRepo:
    def __init__(self, db: Database):
        self._db = db

    async def notify(self, user_id: int) -> bool:
        """On unless the user turned it off."""
        row = await self._db.fetchone(
            "SELECT notify FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return True if row is None else bool(row["notify"])

    async def set_notify(self, user_id: int, on: bool) -> None:
        await self._db.execute(
            "INSERT INTO user_settings (user_id, notify, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
            " updated_at = excluded.updated_at",
            (user_id, int(on), self._db.now()),
        )
