"""The digest of the command set last written to each scope (see `bot.discord.command_sync`)."""

from bot.storage.db import Database

GLOBAL_SCOPE = 0  # the key of the global scope; guild scopes use the guild id


class CommandSyncRepo:
    def __init__(self, db: Database):
        self._db = db

    async def digest(self, scope: int) -> str | None:
        row = await self._db.fetchone("SELECT digest FROM command_sync WHERE scope = ?", (scope,))
        return None if row is None else str(row["digest"])

    async def remember(self, scope: int, digest: str) -> None:
        await self._db.execute(
            "INSERT INTO command_sync (scope, digest, synced_at) VALUES (?, ?, ?)"
            " ON CONFLICT (scope) DO UPDATE SET"
            " digest = excluded.digest, synced_at = excluded.synced_at",
            (scope, digest, self._db.now()),
        )
