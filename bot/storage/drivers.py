"""The two connections behind `Database`: SQLite (aiosqlite) and PostgreSQL (psycopg 3).

Both follow one model: a single connection used from a single thread of its own, and
`call(work)` runs a whole unit of work (`work(tx)`, plain synchronous code) there in one
trip. That model is what makes the action log fast (one trip and one commit for a group of
appends, see `bot.storage.matches.ActionLog`), and keeping it for PostgreSQL means every
transaction in the repositories is one function that runs unchanged on either database.

Why psycopg 3 and not asyncpg: asyncpg is asyncio-only, so each statement of a
transaction would be an `await`, and every repository transaction would have to exist
twice (synchronous for SQLite's thread, asynchronous for asyncpg) or SQLite would lose its
one-trip transactions. psycopg 3 is PostgreSQL's reference driver for Python, well kept,
ships libpq in its binary wheel (nothing to install on the machine), and its synchronous
connection on a thread of its own is exactly the SQLite model.
"""

import asyncio
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, TypeVar

import aiosqlite

from bot.storage.dialect import POSTGRESQL, SQLITE, Dialect, is_postgresql_url
from bot.storage.errors import ConstraintViolation
from bot.storage.types import Params, Row, SyncTx, WriteResult, on_thread

T = TypeVar("T")


async def open_driver(target: str, *, busy_timeout_ms: int) -> "SqliteDriver | PostgresDriver":
    """A PostgreSQL connection for a `postgresql://` URL, else an SQLite one for the path."""
    if is_postgresql_url(target):
        return await PostgresDriver.open(target)
    return await SqliteDriver.open(target, busy_timeout_ms=busy_timeout_ms)


# -- SQLite ---------------------------------------------------------------------------------


class SqliteTx:
    """`SyncTx` over a sqlite3 connection (runs on aiosqlite's thread)."""

    __slots__ = ("_conn",)
    dialect: Dialect = SQLITE

    def __init__(self, conn: sqlite3.Connection):
        self._conn = conn

    def execute(self, sql: str, params: Params = ()) -> WriteResult:
        try:
            cursor = self._conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise ConstraintViolation(str(exc)) from exc
        return WriteResult(cursor.rowcount, cursor.lastrowid)

    def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        try:
            self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            raise ConstraintViolation(str(exc)) from exc

    def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        try:
            return self._conn.execute(sql, params).fetchone()
        except sqlite3.IntegrityError as exc:  # an INSERT ... RETURNING
            raise ConstraintViolation(str(exc)) from exc

    def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.IntegrityError as exc:
            raise ConstraintViolation(str(exc)) from exc

    def begin(self, *, immediate: bool) -> None:
        self._conn.execute(SQLITE.begin(immediate=immediate))

    def commit(self) -> None:
        self._conn.execute("COMMIT")

    def rollback(self) -> None:
        self._conn.execute("ROLLBACK")

    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    def pipeline(self) -> AbstractContextManager[None]:
        """Nothing to batch: SQLite runs in this process, a statement is no round trip."""
        return nullcontext()


class SqliteDriver:
    """One aiosqlite connection: WAL, synchronous=NORMAL, foreign keys, a busy timeout."""

    dialect: Dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection):
        self.raw = conn
        self._tx: SqliteTx | None = None

    @classmethod
    async def open(cls, path: str, *, busy_timeout_ms: int) -> "SqliteDriver":
        # isolation_level=None: the sqlite3 module must not open transactions behind our
        # back; every transaction here is an explicit BEGIN IMMEDIATE ... COMMIT.
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def call(self, work: Callable[[SyncTx], T]) -> T:
        return await on_thread(self.raw, lambda conn: work(self._wrap(conn)))

    def _wrap(self, conn: sqlite3.Connection) -> SqliteTx:
        if self._tx is None:
            self._tx = SqliteTx(conn)
        return self._tx

    async def close(self) -> None:
        await self.raw.close()


# -- PostgreSQL -----------------------------------------------------------------------------


class PgRow(tuple):
    """A result row as sqlite3.Row reads: `row[0]`, `row["name"]`, `dict(row)`."""

    _index: dict[str, int]

    def __new__(cls, values: Iterable[Any], index: dict[str, int]) -> "PgRow":
        row = super().__new__(cls, values)
        row._index = index
        return row

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self._index[key])
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._index)


def _row_factory(cursor: Any) -> Callable[[Any], PgRow]:
    names = [column.name for column in cursor.description or ()]
    index = {name: position for position, name in enumerate(names)}
    return lambda values: PgRow(values, index)


class PgTx:
    """`SyncTx` over a psycopg connection in autocommit mode (transactions are explicit,
    as on SQLite); runs on the driver's one thread."""

    __slots__ = ("_conn",)
    dialect: Dialect = POSTGRESQL

    def __init__(self, conn: Any):
        self._conn = conn

    def _run(self, sql: str, params: Params) -> Any:
        import psycopg

        try:
            if params:
                return self._conn.execute(POSTGRESQL.sql(sql), params)
            return self._conn.execute(sql)  # no placeholders: sent as written
        except psycopg.errors.IntegrityError as exc:
            detail = exc.diag.message_detail or ""
            raise ConstraintViolation(f"{exc.diag.message_primary} {detail}".strip()) from exc

    def execute(self, sql: str, params: Params = ()) -> WriteResult:
        cursor = self._run(sql, params)
        return WriteResult(cursor.rowcount, None)

    def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        import psycopg

        rows = list(rows)
        if not rows:
            return
        try:
            with self._conn.cursor() as cursor:
                cursor.executemany(POSTGRESQL.sql(sql), rows)
        except psycopg.errors.IntegrityError as exc:
            detail = exc.diag.message_detail or ""
            raise ConstraintViolation(f"{exc.diag.message_primary} {detail}".strip()) from exc

    def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return self._run(sql, params).fetchone()

    def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return list(self._run(sql, params).fetchall())

    def begin(self, *, immediate: bool) -> None:
        from psycopg.pq import PipelineStatus

        if self._conn.info.pipeline_status == PipelineStatus.OFF:
            self._conn.execute(POSTGRESQL.begin(immediate=immediate))  # one round trip
            return
        # In a pipeline each statement goes on its own (it is sent with the next ones).
        for statement in POSTGRESQL.begin(immediate=immediate).split("; "):
            self._conn.execute(statement)

    def commit(self) -> None:
        self._conn.execute("COMMIT")

    def rollback(self) -> None:
        self._conn.execute("ROLLBACK")

    def in_transaction(self) -> bool:
        from psycopg.pq import TransactionStatus

        return bool(self._conn.info.transaction_status != TransactionStatus.IDLE)

    @contextmanager
    def pipeline(self) -> Iterator[None]:
        """Statements sent without waiting for each answer (psycopg's pipeline mode): they
        travel together, up to the next read of a result (`fetchone`...) or the end of the
        block, so an append costs two round trips to the server instead of five. A
        constraint refused in the batch raises `ConstraintViolation` then, at the latest
        when the block ends."""
        import psycopg

        try:
            with self._conn.pipeline():
                yield
        except psycopg.errors.IntegrityError as exc:
            detail = exc.diag.message_detail or ""
            raise ConstraintViolation(f"{exc.diag.message_primary} {detail}".strip()) from exc


def _bool_as_integer(conn: Any) -> None:
    """Python's True/False go in as 1/0: the schema keeps SQLite's integer flags
    (`notify`, `reveal_finished`), and PostgreSQL will not put a boolean in a bigint."""
    from psycopg.adapt import Dumper

    class BoolAsInteger(Dumper):
        oid = 20  # int8

        def dump(self, obj: bool) -> bytes:
            return b"1" if obj else b"0"

    conn.adapters.register_dumper(bool, BoolAsInteger)


#: PostgreSQL's `synchronous_commit` for the bot's connection: "off" returns from a commit
#: before the server has flushed it to disk. That is the guarantee the SQLite default
#: gives (WAL with synchronous=NORMAL): a committed action survives the bot's crash and the
#: database server's restart, and only the database machine losing power may take back
#: its last fraction of a second (PostgreSQL: at most 3 x wal_writer_delay, 0.6 s by
#: default; never a torn or inconsistent database). With "on", every commit waits for a
#: disk flush: 4.4 ms each on this machine, one at a time on the one connection, which
#: held `cardhost bench-bot --matches 200` at p50 197 ms (docs/deploy.md). An admin who
#: wants every commit flushed puts `options=-c synchronous_commit=on` in the URL.
COMMIT_FLUSH = "off"


class PostgresDriver:
    """One psycopg connection on one thread of its own (a one-worker executor)."""

    dialect: Dialect = POSTGRESQL

    def __init__(self, conn: Any, executor: ThreadPoolExecutor):
        self.raw = conn
        self._executor = executor
        self._tx = PgTx(conn)

    @classmethod
    async def open(cls, url: str) -> "PostgresDriver":
        try:
            import psycopg
        except ImportError as exc:  # pragma: no cover - psycopg is a dependency
            raise RuntimeError(
                "CARDHOST_DATABASE names PostgreSQL, but psycopg is not installed"
                " (pip install 'psycopg[binary]')"
            ) from exc
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardhost-pg")
        loop = asyncio.get_running_loop()

        def connect() -> Any:
            conn = psycopg.connect(url, autocommit=True, row_factory=_row_factory)
            _bool_as_integer(conn)
            if "synchronous_commit" not in url:  # the URL's own setting wins
                conn.execute(f"SET synchronous_commit = {COMMIT_FLUSH}")
            return conn

        try:
            conn = await loop.run_in_executor(executor, connect)
        except BaseException:
            executor.shutdown(wait=False)
            raise
        return cls(conn, executor)

    async def call(self, work: Callable[[SyncTx], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, work, self._tx)

    async def close(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._executor, self.raw.close)
        finally:
            self._executor.shutdown(wait=True)
