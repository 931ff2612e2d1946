"""`Storage`: one object holding the database and every repository, opened once per bot."""

from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from bot.storage.challenges import ChallengeRepo
from bot.storage.command_sync import CommandSyncRepo
from bot.storage.db import Clock, Database, utc_now
from bot.storage.decks import DeckRepo
from bot.storage.leases import LeaseRepo
from bot.storage.matches import MatchRepo
from bot.storage.preferences import PreferencesRepo
from bot.storage.ratings import RatingRepo
from bot.storage.settings import SettingsRepo
from bot.storage.types import Migration
from bot.storage.users import UserRepo


class Storage:
    """The bot's storage: `storage.matches`, `.decks`, `.ratings`, `.settings`, `.users`.

    The repositories share one `Database` (one connection), so their statements never
    interleave inside one another's transactions.
    """

    def __init__(
        self,
        db: Database,
        *,
        turn_timer_seconds: int = 300,
        challenge_expiry_seconds: int = 120,
    ):
        self.db = db
        self.users = UserRepo(db)
        self.preferences = PreferencesRepo(db)
        self.decks = DeckRepo(db)
        self.matches = MatchRepo(db)
        self.leases = LeaseRepo(db)
        self.ratings = RatingRepo(db)
        self.command_sync = CommandSyncRepo(db)
        self.challenges = ChallengeRepo(db)
        self.settings = SettingsRepo(
            db,
            turn_timer_seconds=turn_timer_seconds,
            challenge_expiry_seconds=challenge_expiry_seconds,
        )

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        turn_timer_seconds: int = 300,
        challenge_expiry_seconds: int = 120,
        migrations: Sequence[Migration] | None = None,
        clock: Clock = utc_now,
    ) -> "Storage":
        """Open (creating and migrating as needed) the database at `path`.

        The defaults are the app's configured guild-setting defaults.
        """
        storage = cls.unopened(
            path,
            turn_timer_seconds=turn_timer_seconds,
            challenge_expiry_seconds=challenge_expiry_seconds,
            clock=clock,
        )
        await storage.connect(migrations=migrations)
        return storage

    @classmethod
    def unopened(
        cls,
        path: str | Path,
        *,
        turn_timer_seconds: int = 300,
        challenge_expiry_seconds: int = 120,
        clock: Clock = utc_now,
    ) -> "Storage":
        """The storage of `path`, to `connect` once the event loop runs: the bot hands
        it to the objects it builds first (nothing may use it before it is connected)."""
        return cls(
            Database.unopened(path, clock=clock),
            turn_timer_seconds=turn_timer_seconds,
            challenge_expiry_seconds=challenge_expiry_seconds,
        )

    async def connect(self, *, migrations: Sequence[Migration] | None = None) -> None:
        await self.db.connect(migrations=migrations)

    async def close(self) -> None:
        await self.db.close()

    async def __aenter__(self) -> "Storage":
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
