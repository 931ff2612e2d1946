"""The database connection: one-at-a-time access, transactions and migrations.

One connection serves the whole bot: SQLite through aiosqlite (the default), or
PostgreSQL through psycopg (`CARDHOST_DATABASE=postgresql://…`); `bot.storage.drivers`
has both and says why psycopg. Either runs every statement on a thread of its own, so
nothing blocks the event loop, but statements from different coroutines would still
interleave on that one connection: a read could see another coroutine's half-done
transaction, or two `BEGIN`s could collide. An `asyncio.Lock` therefore wraps every
transaction that takes several trips, and one-trip work waits while it is held. Writes
that must be atomic take the database's write lock up front (SQLite's `BEGIN IMMEDIATE`;
on PostgreSQL an advisory lock, `bot.storage.dialect`), so a second process waits
instead of failing half-way.

Each trip to that thread costs far more than the statement (a queue put, a thread wake-up,
a self-pipe write to wake the loop, and the GIL changing hands twice), so a statement and
its fetch go in one trip (`Database.run`), and hot writers send a whole transaction as one
function (see `bot.storage.matches.ActionLog`). Those functions get a `SyncTx` and write
`?` placeholders whichever the database.
"""

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from bot.storage.dialect import CASE_BLIND_TEXT, Dialect
from bot.storage.errors import SchemaError
from bot.storage.types import (
    Driver,
    Migration,
    Params,
    Row,
    SyncTx,
    WriteResult,
)

Clock = Callable[[], datetime]
T = TypeVar("T")


def utc_now() -> datetime:
    return datetime.now(UTC)


class Tx:
    """Statements inside one open transaction; only valid within `Database.transaction()`.

    Each statement is one trip to the database thread."""

    __slots__ = ("_driver",)

    def __init__(self, driver: Driver):
        self._driver = driver

    async def execute(self, sql: str, params: Params = ()) -> WriteResult:
        return await self._driver.call(lambda tx: tx.execute(sql, params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        rows = list(rows)
        await self._driver.call(lambda tx: tx.executemany(sql, rows))

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await self._driver.call(lambda tx: tx.fetchone(sql, params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._driver.call(lambda tx: tx.fetchall(sql, params))


def _atomic(tx: SyncTx, *, work: Callable[[SyncTx], T]) -> T:
    tx.begin(immediate=True)
    try:
        result = work(tx)
        tx.commit()
    except BaseException:
        if tx.in_transaction():
            tx.rollback()
        raise
    return result


class _NotConnected:
    """The driver of a database not connected yet: any use is a mistake in the caller."""

    dialect: Dialect
    raw: Any = None

    async def call(self, work: Callable[[SyncTx], T]) -> T:
        raise RuntimeError("the database is not connected yet (Database.connect)")

    async def close(self) -> None:
        return None


class Database:
    """An open database. Build it with `await Database.open(path or url)`; `close()` when done.

    SQLite or PostgreSQL (`bot.storage.drivers`): the repositories see one interface, and
    write one SQL text (`bot.storage.dialect` spells it for PostgreSQL).
    """

    def __init__(self, driver: Driver, path: str, clock: Clock = utc_now):
        self._driver: Driver = driver
        self._lock = asyncio.Lock()
        self._clock = clock
        self.path = path
        self.schema_version = 0

    @property
    def connected(self) -> bool:
        """Whether it is connected (`open`, or `connect` after `unopened`)."""
        return not isinstance(self._driver, _NotConnected)

    @property
    def dialect(self) -> Dialect:
        return self._driver.dialect

    @property
    def _conn(self) -> Any:
        """The driver's own connection (aiosqlite's, or psycopg's), for tests and checks."""
        return self._driver.raw

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations: Sequence[Migration] | None = None,
        busy_timeout_ms: int = 5000,
        clock: Clock = utc_now,
    ) -> "Database":
        """Connect, set up the session and bring the schema up to the newest migration.

        `path`: an SQLite file, `":memory:"` (a private throw-away database), or a
        `postgresql://…` URL. `migrations` defaults to the shipped list; tests pass their
        own to simulate an upgrade.
        """
        db = cls.unopened(path, clock=clock)
        await db.connect(migrations=migrations, busy_timeout_ms=busy_timeout_ms)
        return db

    @classmethod
    def unopened(cls, path: str | Path, *, clock: Clock = utc_now) -> "Database":
        """A database to `connect` later: the bot builds its objects before its event loop
        runs, and connects once it does."""
        return cls(_NotConnected(), str(path), clock)

    async def connect(
        self, *, migrations: Sequence[Migration] | None = None, busy_timeout_ms: int = 5000
    ) -> None:
        """Connect an `unopened` database and migrate it (see `open`)."""
        if migrations is None:
            from bot.storage.migrations import MIGRATIONS

            migrations = MIGRATIONS
        from bot.storage.drivers import open_driver

        driver = await open_driver(self.path, busy_timeout_ms=busy_timeout_ms)
        self._driver = driver
        try:
            await self.migrate(migrations)
        except BaseException:
            self._driver = _NotConnected()
            await driver.close()
            raise

    async def close(self) -> None:
        async with self._lock:
            await self._driver.close()

    # -- time ------------------------------------------------------------------------

    def now(self) -> str:
        """The current UTC time as stored: ISO 8601, microseconds, so text order is time order."""
        moment = self._clock()
        if moment.tzinfo is None:
            raise ValueError("the storage clock must return timezone-aware datetimes")
        return moment.astimezone(UTC).isoformat(timespec="microseconds")

    # -- single statements -----------------------------------------------------------

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await self.run(lambda tx: tx.fetchone(sql, params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self.run(lambda tx: tx.fetchall(sql, params))

    async def execute(self, sql: str, params: Params = ()) -> WriteResult:
        """One statement on its own; both databases make a lone statement atomic by itself
        (SQLite outside a transaction, PostgreSQL in autocommit)."""
        return await self.run(lambda tx: tx.execute(sql, params))

    async def run(self, work: Callable[[SyncTx], T]) -> T:
        """Run `work(tx)` on the connection's thread, in one trip.

        `work` must leave no transaction open: it is the whole unit (`tx.begin()` ...
        `tx.commit()`, or one statement). Trips are queued in order on the one thread, so
        one-trip work needs no lock of its own: it waits only while a `transaction()`
        (several trips) is open, so as not to run inside it.
        """
        if self._lock.locked():
            async with self._lock:
                return await self._driver.call(work)
        return await self._driver.call(work)

    # -- transactions ----------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self, *, immediate: bool = True) -> AsyncIterator[Tx]:
        """A write transaction (SQLite's `BEGIN IMMEDIATE`; PostgreSQL's `BEGIN` and the
        write lock, see `bot.storage.dialect`); COMMIT when the block ends, ROLLBACK if it
        raises.

        The commit has happened when the `async with` block is left, so a caller that
        returns after it knows the write is durable (as far as synchronous=NORMAL goes).
        `immediate=False` is for several reads that must see one snapshot: it does not
        take the write lock, so other processes' writers are not held up.
        """
        async with self._lock:
            await self._driver.call(lambda tx: tx.begin(immediate=immediate))
            try:
                yield Tx(self._driver)
                await self._driver.call(lambda tx: tx.commit())
            except BaseException:
                # SQLite may already have rolled back (e.g. disk full); a second ROLLBACK
                # would then fail and hide the error that matters.
                if await self._driver.call(lambda tx: tx.in_transaction()):
                    await self._driver.call(lambda tx: tx.rollback())
                raise

    async def atomic(self, work: Callable[[SyncTx], T]) -> T:
        """A write transaction, `work(tx)`, COMMIT (ROLLBACK if it raises): in one trip.

        For the writes the bot makes while matches are being played: a `transaction()`
        holds the connection for one trip per statement, and every click's commit waits
        behind it; this holds it for one trip in all.
        """
        return await self.run(partial(_atomic, work=work))

    async def pragma(self, name: str) -> Any:
        """The value of an SQLite pragma (e.g. `journal_mode`), for checks and diagnostics."""
        if self.dialect.is_postgresql:
            raise ValueError("pragmas are SQLite's; this database is PostgreSQL")
        if not name.replace("_", "").isalnum():
            raise ValueError(f"not a pragma name: {name!r}")
        row = await self.fetchone(f"PRAGMA {name}")
        return None if row is None else row[0]

    # -- migrations ------------------------------------------------------------------

    async def migrate(self, migrations: Sequence[Migration]) -> int:
        """Apply the migrations this database lacks, each in its own transaction.

        Safe to run on every start and from two processes at once: the version is read
        again inside each migration's write transaction, so a step is never applied twice.
        Returns the schema version reached. One list serves both databases: each step's
        SQL is spelled for this one by `Migration.sql_for`.
        """
        check_migrations(migrations)
        async with self.transaction() as tx:  # the write lock: two starting processes queue
            if self.dialect.is_postgresql:
                await tx.execute(CASE_BLIND_TEXT)
            await tx.execute(
                self.dialect.schema(
                    "CREATE TABLE IF NOT EXISTS schema_version ("
                    " version INTEGER PRIMARY KEY,"
                    " name TEXT NOT NULL,"
                    " applied_at TEXT NOT NULL)"
                )
            )
        latest = len(migrations)
        current = await self._current_version()
        if current > latest:
            raise SchemaError(
                f"database {self.path} is at schema version {current}, newer than this "
                f"code knows ({latest}); refusing to run an older bot on it"
            )
        for migration in migrations[current:]:
            async with self.transaction() as tx:
                row = await tx.fetchone("SELECT COALESCE(MAX(version), 0) FROM schema_version")
                found = row[0] if row else 0
                if found >= migration.version:
                    continue  # another process got there first
                for statement in split_statements(migration.sql_for(self.dialect)):
                    await tx.execute(statement)
                await tx.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                    (migration.version, migration.name, self.now()),
                )
        self.schema_version = await self._current_version()
        return self.schema_version

    async def _current_version(self) -> int:
        row = await self.fetchone("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(row[0]) if row else 0


def check_migrations(migrations: Sequence[Migration]) -> None:
    """A migration list must be numbered 1..n in order, so "version" means one thing."""
    for expected, migration in enumerate(migrations, start=1):
        if migration.version != expected:
            raise SchemaError(
                f"migration {migration.name!r} has version {migration.version}, "
                f"expected {expected} (versions must run 1, 2, 3... in order)"
            )


def split_statements(sql: str) -> list[str]:
    """Cut a script into statements.

    `executescript` would COMMIT the open transaction first, so a migration runs its
    statements one by one instead; `sqlite3.complete_statement` knows about quotes and
    trigger bodies, so a `;` inside them does not end a statement.
    """
    statements: list[str] = []
    buffer = ""
    for piece in sql.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            if _has_code(buffer):
                statements.append(buffer.strip())
            buffer = ""
    if _has_code(buffer.rstrip(";")):
        raise SchemaError(f"migration ends with an incomplete statement: {buffer.strip()!r}")
    return statements


def _has_code(text: str) -> bool:
    lines = (line.split("--", 1)[0].strip() for line in text.splitlines())
    return any(line and line != ";" for line in lines)
