"""One trip to the database thread per statement, and group commit of action appends."""

import asyncio

import pytest

import bot.storage.matches as matches_module
from bot.storage import CommitFailed, MatchClosed, SequenceConflict, Storage
from bot.storage.db import on_thread
from tests.storage.conftest import Backend
from tests.storage.test_matches import CHANNEL, GUILD, PLAYERS, clash_match


async def test_work_runs_on_the_connection_thread(tmp_path) -> None:
    """aiosqlite's private queue (`on_thread`) still takes work (SQLite only)."""
    store = await Storage.open(tmp_path / "db.sqlite3")
    try:
        conn = store.db._conn
        row = await on_thread(conn, lambda c: c.execute("SELECT 41 + 1 AS n").fetchone())
        assert row["n"] == 42  # the connection's row factory applies
        assert await store.db.run(lambda tx: tx.fetchone("PRAGMA foreign_keys")[0]) == 1
    finally:
        await store.close()


async def test_rows_read_by_name_and_position_on_both(backend: Backend) -> None:
    """One unit of work, one trip, the same rows whichever the database."""
    store = await Storage.open(backend.url())
    try:
        row = await store.db.run(lambda tx: tx.fetchone("SELECT 41 + ? AS n, ? AS s", (1, "x")))
        assert (row["n"], row[0], row["s"], dict(row)) == (42, 42, "x", {"n": 42, "s": "x"})
        assert store.db.dialect.name == backend.name
    finally:
        await store.close()


async def test_appends_made_together_commit_together(backend: Backend, monkeypatch) -> None:
    store = await Storage.open(backend.url())
    try:
        ids = [
            await store.matches.create_match(GUILD, CHANNEL + n, clash_match(n).record, PLAYERS)
            for n in range(6)
        ]
        await store.matches.finish_match(ids[5], 0)
        groups = []
        real = matches_module._write_appends

        def spy(conn, *, group):
            groups.append(len(group))
            return real(conn, group=group)

        monkeypatch.setattr(matches_module, "_write_appends", spy)
        results = await asyncio.gather(
            *(store.matches.append_action(i, 1, 0, ("a", i)) for i in ids),
            store.matches.append_action(ids[0], 1, 1, ("again",)),  # same seq: refused
            store.matches.append_actions(ids[1], [(2, 1, ("b",)), (3, 0, ("c",))]),
            return_exceptions=True,
        )
        # The first is written at once by its caller; the seven made meanwhile together.
        assert groups == [1, 7]
        assert results[:5] == [None] * 5
        assert isinstance(results[5], MatchClosed)
        assert isinstance(results[6], SequenceConflict)
        assert results[7] is None
        assert (await store.matches.load_record(ids[0])).actions == [(0, ["a", ids[0]])]
        assert len((await store.matches.load_record(ids[1])).actions) == 3
        await asyncio.gather(*(store.matches.append_action(i, 2, 1, ("x",)) for i in ids[2:5]))
        assert groups[2:] == [1, 2]
    finally:
        await store.close()


async def test_a_failed_commit_fails_every_append_of_its_group(
    backend: Backend, monkeypatch
) -> None:
    store = await Storage.open(backend.url())
    try:
        ids = [
            await store.matches.create_match(GUILD, CHANNEL + n, clash_match(n).record, PLAYERS)
            for n in range(2)
        ]

        def broken(tx, *, group):
            raise OSError("disk I/O error")

        monkeypatch.setattr(matches_module, "_write_appends", broken)
        results = await asyncio.gather(
            *(store.matches.append_action(i, 1, 0, ("a",)) for i in ids), return_exceptions=True
        )
        assert all(isinstance(r, CommitFailed) for r in results)
        monkeypatch.undo()
        for match_id in ids:
            assert (await store.matches.load_record(match_id)).actions == []
        await store.matches.append_action(ids[0], 1, 0, ("a",))  # the log works again
    finally:
        await store.close()


@pytest.mark.parametrize("seq", [0, 2])
async def test_a_refused_append_writes_nothing(backend: Backend, seq: int) -> None:
    store = await Storage.open(backend.url())
    try:
        match_id = await store.matches.create_match(GUILD, CHANNEL, clash_match().record, PLAYERS)
        with pytest.raises(SequenceConflict):
            await store.matches.append_actions(match_id, [(1, 0, ("a",)), (seq + 1, 1, ("b",))])
        assert (await store.matches.load_record(match_id)).actions == []
    finally:
        await store.close()
