"""The SQLite connection: pragmas, one-at-a-time access, transactions and migrations.

One aiosqlite connection serves the whole bot. aiosqlite runs every statement on its own
thread, so nothing blocks the event loop, but statements from different coroutines would
still interleave on that one connection: a read could see another coroutine's half-done
transaction, or two `BEGIN`s could collide. An `asyncio.Lock` therefore wraps every
transaction that takes several trips, and one-trip work waits while it is held. Writes
that must be atomic use `BEGIN IMMEDIATE`, which takes SQLite's write lock up front, so a
second process on the same file waits (busy_timeout) instead of failing half-way.

Each trip to that thread costs far more than the statement (a queue put, a thread wake-up,
a self-pipe write to wake the loop, and the GIL changing hands twice), so a statement and
its fetch go in one trip (`Database.run`), and hot writers send a whole transaction as one
function (see `bot.storage.matches.ActionLog`).
"""

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.errors import SchemaError

Params = Sequence[Any] | dict[str, Any]
Clock = Callable[[], datetime]
T = TypeVar("T")


async def on_thread(conn: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work(sqlite3_connection)` on aiosqlite's connection thread: one trip.

    aiosqlite has no public call for this; `_execute` is the queue every one of its own
    methods goes through (checked by tests/storage/test_db.py, so an aiosqlite that
    changed it fails there, not in production).
    """
    raw = conn._conn  # the sqlite3 connection; only touched on its own thread, by `work`
    return await conn._execute(work, raw)


def _fetchone(sql: str, params: Params) -> Callable[[sqlite3.Connection], sqlite3.Row | None]:
    return lambda c: c.execute(sql, params).fetchone()


def _fetchall(sql: str, params: Params) -> Callable[[sqlite3.Connection], list[sqlite3.Row]]:
    return lambda c: c.execute(sql, params).fetchall()


def _commit(c: sqlite3.Connection) -> None:
    c.execute("COMMIT")


def _rollback(c: sqlite3.Connection) -> None:
    c.execute("ROLLBACK")


def _write(sql: str, params: Params) -> Callable[[sqlite3.Connection], "WriteResult"]:
    def work(c: sqlite3.Connection) -> WriteResult:
        cursor = c.execute(sql, params)
        return WriteResult(cursor.rowcount, cursor.lastrowid)

    return work


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Migration:
    """One schema step; `version` numbers run 1, 2, 3... and are applied in order."""

    version: int
    name: str
    sql: str


@dataclass(frozen=True, slots=True)
class WriteResult:
    rowcount: int
    lastrowid: int | None


class Tx:
    """Statements inside one open transaction; only valid within `Database.transaction()`."""

    __slots__ = ("_conn",)

    def __init__(self, conn: aiosqlite.Connection):
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> WriteResult:
        return await on_thread(self._conn, _write(sql, params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        rows = list(rows)
        await on_thread(self._conn, lambda c: c.executemany(sql, rows))

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        return await on_thread(self._conn, _fetchone(sql, params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return await on_thread(self._conn, _fetchall(sql, params))


class SyncTx:
    """`Tx`, for a transaction that runs whole on the database thread (`Database.atomic`)."""

    __slots__ = ("_conn",)

    def __init__(self, conn: sqlite3.Connection):
        self._conn = conn

    def execute(self, sql: str, params: Params = ()) -> WriteResult:
        cursor = self._conn.execute(sql, params)
        return WriteResult(cursor.rowcount, cursor.lastrowid)

    def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        self._conn.executemany(sql, rows)

    def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        return self._conn.execute(sql, params).fetchone()

    def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return self._conn.execute(sql, params).fetchall()


def _atomic(conn: sqlite3.Connection, *, work: Callable[[SyncTx], T]) -> T:
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = work(SyncTx(conn))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return result


class Database:
    """An open database. Build it with `await Database.open(path)`; `close()` when done."""

    def __init__(self, conn: aiosqlite.Connection, path: str, clock: Clock = utc_now):
        self._conn = conn
        self._lock = asyncio.Lock()
        self._clock = clock
        self.path = path
        self.schema_version = 0

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations: Sequence[Migration] | None = None,
        busy_timeout_ms: int = 5000,
        clock: Clock = utc_now,
    ) -> "Database":
        """Connect, set the pragmas and bring the schema up to the newest migration.

        `migrations` defaults to the shipped list; tests pass their own to simulate an
        upgrade. `":memory:"` gives a private throw-away database.
        """
        if migrations is None:
            from bot.storage.migrations import MIGRATIONS

            migrations = MIGRATIONS
        target = str(path)
        # isolation_level=None: the sqlite3 module must not open transactions behind our
        # back; every transaction here is an explicit BEGIN IMMEDIATE ... COMMIT.
        conn = await aiosqlite.connect(target, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            db = cls(conn, target, clock)
            await db.migrate(migrations)
        except BaseException:
            await conn.close()
            raise
        return db

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    # -- time ------------------------------------------------------------------------

    def now(self) -> str:
        """The current UTC time as stored: ISO 8601, microseconds, so text order is time order."""
        moment = self._clock()
        if moment.tzinfo is None:
            raise ValueError("the storage clock must return timezone-aware datetimes")
        return moment.astimezone(UTC).isoformat(timespec="microseconds")

    # -- single statements -----------------------------------------------------------

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        return await self.run(_fetchone(sql, params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return await self.run(_fetchall(sql, params))

    async def execute(self, sql: str, params: Params = ()) -> WriteResult:
        """One statement on its own; SQLite makes a lone statement atomic by itself."""
        return await self.run(_write(sql, params))

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` with the sqlite3 connection on the connection's thread, in one trip.

        `work` must leave no transaction open: it is the whole unit (BEGIN ... COMMIT, or
        one statement). Trips are queued in order on the one thread, so one-trip work
        needs no lock of its own: it waits only while a `transaction()` (several trips)
        is open, so as not to run inside it.
        """
        if self._lock.locked():
            async with self._lock:
                return await on_thread(self._conn, work)
        return await on_thread(self._conn, work)

    # -- transactions ----------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self, *, immediate: bool = True) -> AsyncIterator[Tx]:
        """`BEGIN IMMEDIATE`; COMMIT when the block ends, ROLLBACK if it raises.

        The commit has happened when the `async with` block is left, so a caller that
        returns after it knows the write is durable (as far as synchronous=NORMAL goes).
        `immediate=False` is for several reads that must see one snapshot: it does not
        take the write lock, so other processes' writers are not held up.
        """
        async with self._lock:
            begin = "BEGIN IMMEDIATE" if immediate else "BEGIN"
            await on_thread(self._conn, lambda c: c.execute(begin))
            try:
                yield Tx(self._conn)
                await on_thread(self._conn, _commit)
            except BaseException:
                # SQLite may already have rolled back (e.g. disk full); a second ROLLBACK
                # would then fail and hide the error that matters.
                if self._conn.in_transaction:
                    await on_thread(self._conn, _rollback)
                raise

    async def atomic(self, work: Callable[[SyncTx], T]) -> T:
        """`BEGIN IMMEDIATE`, `work(tx)`, COMMIT (ROLLBACK if it raises): in one trip.

        For the writes the bot makes while matches are being played: a `transaction()`
        holds the connection for one trip per statement, and every click's commit waits
        behind it; this holds it for one trip in all.
        """
        return await self.run(partial(_atomic, work=work))

    async def pragma(self, name: str) -> Any:
        """The value of a pragma (e.g. `journal_mode`), for checks and diagnostics."""
        if not name.replace("_", "").isalnum():
            raise ValueError(f"not a pragma name: {name!r}")
        row = await self.fetchone(f"PRAGMA {name}")
        return None if row is None else row[0]

    # -- migrations ------------------------------------------------------------------

    async def migrate(self, migrations: Sequence[Migration]) -> int:
        """Apply the migrations this database lacks, each in its own transaction.

        Safe to run on every start and from two processes at once: the version is read
        again inside each migration's write transaction, so a step is never applied twice.
        Returns the schema version reached.
        """
        check_migrations(migrations)
        await self.execute(
            "CREATE TABLE IF NOT EXISTS schema_version ("
            " version INTEGER PRIMARY KEY,"
            " name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL)"
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
                for statement in split_statements(migration.sql):
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
