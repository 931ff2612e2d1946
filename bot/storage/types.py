"""The storage's shared types: what a driver runs (`SyncTx`), what it returns, and one
schema step (`Migration`).

Their own module, below `bot.storage.db`, `bot.storage.drivers` and
`bot.storage.migrations`: the database opens a driver and runs the migrations, and the
drivers and migrations need these types, so none of them imports another's module.
"""

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import aiosqlite

from bot.storage.dialect import Dialect

Params = Sequence[Any] | dict[str, Any]
#: A result row: by name and by position, and `dict(row)` (sqlite3.Row, or the driver's).
Row = Any
T = TypeVar("T")


async def on_thread(conn: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work(sqlite3_connection)` on aiosqlite's connection thread: one trip.

    aiosqlite has no public call for this; `_execute` is the queue every one of its own
    methods goes through (checked by tests/storage/test_db.py, so an aiosqlite that
    changed it fails there, not in production).
    """
    raw = conn._conn  # the sqlite3 connection; only touched on its own thread, by `work`
    return await conn._execute(work, raw)


@dataclass(frozen=True, slots=True)
class Migration:
    """One schema step; `version` numbers run 1, 2, 3... and are applied in order.

    `sql` is written for SQLite and translated for PostgreSQL (`Dialect.schema`);
    `postgresql`, when given, is used there instead, for a step the translation cannot
    express."""

    version: int
    name: str
    sql: str
    postgresql: str | None = None

    def sql_for(self, dialect: Dialect) -> str:
        if dialect.is_postgresql and self.postgresql is not None:
            return self.postgresql
        return dialect.schema(self.sql)


@dataclass(frozen=True, slots=True)
class WriteResult:
    """What a write did: rows touched; SQLite's rowid of an INSERT (None on PostgreSQL:
    an insert that needs its new id says `RETURNING id`, which both databases know)."""

    rowcount: int
    lastrowid: int | None


class SyncTx(Protocol):
    """Statements on the database thread, written with `?` placeholders, for either
    database (`bot.storage.drivers`). A row reads by name and by position (`row["id"]`,
    `row[0]`) and converts with `dict(row)`. A constraint that refuses a write raises
    `ConstraintViolation`, whichever the database."""

    dialect: Dialect

    def execute(self, sql: str, params: Params = ()) -> WriteResult: ...

    def executemany(self, sql: str, rows: Iterable[Params]) -> None: ...

    def fetchone(self, sql: str, params: Params = ()) -> Row | None: ...

    def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...

    def begin(self, *, immediate: bool) -> None: ...

    def commit(self) -> None: ...

    def rollback(self) -> None: ...

    def in_transaction(self) -> bool: ...

    def pipeline(self) -> AbstractContextManager[None]: ...


class Driver(Protocol):
    """One connection with its own thread: `call(work)` runs `work(tx)` there, one trip."""

    dialect: Dialect
    raw: Any

    async def call(self, work: Callable[[SyncTx], T]) -> T: ...

    async def close(self) -> None: ...
