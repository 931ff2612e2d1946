"""Migrations: fresh, reopened and upgraded databases; pragmas; the statement splitter."""

from pathlib import Path

import pytest

from bot.storage import MIGRATIONS, Database, Migration, SchemaError
from bot.storage.db import split_statements
from tests.storage.conftest import Backend

EXTRA = Migration(2, "add nicknames", "ALTER TABLE users ADD COLUMN nickname TEXT;")


async def _versions(db: Database) -> list[int]:
    rows = await db.fetchall("SELECT version FROM schema_version ORDER BY version")
    return [row[0] for row in rows]


async def _tables(db: Database) -> set[str]:
    """The database's tables (this test's schema only, on PostgreSQL)."""
    if db.dialect.is_postgresql:
        sql = (
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table'"
    return {row[0] for row in await db.fetchall(sql)}


async def test_fresh_database_gets_every_migration(backend: Backend) -> None:
    db = await Database.open(backend.url())
    try:
        assert db.schema_version == len(MIGRATIONS)
        assert await _versions(db) == list(range(1, len(MIGRATIONS) + 1))
        tables = await _tables(db)
        assert {
            "users",
            "decks",
            "active_decks",
            "matches",
            "match_actions",
            "ratings",
            "rating_history",
            "guild_settings",
        } <= tables
    finally:
        await db.close()


async def test_file_database_runs_wal_with_foreign_keys(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "bot.db")  # SQLite's own settings
    try:
        assert await db.pragma("journal_mode") == "wal"
        assert await db.pragma("foreign_keys") == 1
        assert await db.pragma("synchronous") == 1  # NORMAL
        assert await db.pragma("busy_timeout") == 5000
    finally:
        await db.close()


async def test_reopening_does_not_reapply(backend: Backend) -> None:
    path = backend.url("bot")
    db = await Database.open(path)
    await db.execute(
        "INSERT INTO users (user_id, name, created_at, updated_at) VALUES (1, 'x', '', '')"
    )
    first = await db.fetchall("SELECT version, applied_at FROM schema_version")
    await db.close()

    db = await Database.open(path)  # re-running migration 1 would fail: tables exist
    try:
        again = await db.fetchall("SELECT version, applied_at FROM schema_version")
        assert [tuple(r) for r in again] == [tuple(r) for r in first]
        assert (await db.fetchone("SELECT COUNT(*) FROM users"))[0] == 1
    finally:
        await db.close()


async def test_version_one_database_is_upgraded(backend: Backend) -> None:
    path = backend.url("bot")
    db = await Database.open(path, migrations=MIGRATIONS[:1])
    await db.execute(
        "INSERT INTO users (user_id, name, created_at, updated_at) VALUES (1, 'x', '', '')"
    )
    await db.close()

    db = await Database.open(path, migrations=[*MIGRATIONS[:1], EXTRA])
    try:
        assert db.schema_version == 2
        assert await _versions(db) == [1, 2]
        await db.execute("UPDATE users SET nickname = 'y' WHERE user_id = 1")
        row = await db.fetchone("SELECT name, nickname FROM users")
        assert tuple(row) == ("x", "y")
    finally:
        await db.close()


async def test_failed_migration_leaves_the_previous_version(backend: Backend) -> None:
    path = backend.url("bot")
    broken = Migration(2, "broken", "CREATE TABLE t (a INTEGER); INSERT INTO nowhere VALUES (1);")
    with pytest.raises(Exception, match="nowhere"):
        await Database.open(path, migrations=[*MIGRATIONS[:1], broken])
    db = await Database.open(path, migrations=MIGRATIONS[:1])
    try:
        assert await _versions(db) == [1]
        assert "t" not in await _tables(db)  # the half-done step was rolled back
    finally:
        await db.close()


async def test_newer_database_is_refused(backend: Backend) -> None:
    path = backend.url("bot")
    await (await Database.open(path, migrations=[*MIGRATIONS[:1], EXTRA])).close()
    with pytest.raises(SchemaError, match="newer"):
        await Database.open(path, migrations=MIGRATIONS[:1])


async def test_migration_numbers_must_run_in_order(backend: Backend) -> None:
    with pytest.raises(SchemaError, match="expected 2"):
        await Database.open(backend.url(), migrations=[MIGRATIONS[0], Migration(3, "x", "")])


def test_splitter_respects_quotes_comments_and_triggers() -> None:
    sql = """
    -- a comment; with a semicolon
    CREATE TABLE a (x TEXT DEFAULT ';');
    CREATE TRIGGER t AFTER INSERT ON a BEGIN
        UPDATE a SET x = 'y;z';
    END;
    -- trailing comment
    """
    statements = split_statements(sql)
    assert len(statements) == 2
    assert statements[0].endswith("DEFAULT ';');")
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
