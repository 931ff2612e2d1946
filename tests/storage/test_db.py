"""One trip to the database thread per statement, and group commit of action appends."""

import asyncio

import pytest

import bot.storage.matches as matches_module
from bot.storage import CommitFailed, MatchClosed, SequenceConflict, Storage
from bot.storage.types import on_thread
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


class CountingTx:
    """A `SyncTx` that counts the statements it is given (each a round trip on PostgreSQL
    unless pipelined: the count is the work the server sees per group)."""

    STATEMENTS = frozenset({"execute", "executemany", "fetchone", "fetchall", "begin", "commit"})

    def __init__(self, tx) -> None:
        self._tx = tx
        self.statements = 0

    def __getattr__(self, name: str):
        if name in self.STATEMENTS:
            self.statements += 1
        return getattr(self._tx, name)


def _group(ids: list[int], seq: int) -> list:
    """Appends as `ActionLog` hands them to `_write_appends`: one per match, at `seq`."""
    loop = asyncio.get_running_loop()
    return [
        (i, [(seq, 0, f'["a",{i}]')], "2026-11-24T21:00:00+00:00", None, loop.create_future())
        for i in ids
    ]


async def test_a_group_costs_as_many_statements_as_a_single_append(backend: Backend) -> None:
    """Eight appends in one group send the server no more statements than one does: the
    group is one read of the last seqs and one batch of writes, not a round trip per
    statement per append (what held PostgreSQL's clicks back under load)."""
    store = await Storage.open(backend.url())
    try:
        ids = [
            await store.matches.create_match(GUILD, CHANNEL + n, clash_match(n).record, PLAYERS)
            for n in range(9)
        ]
        counts = []
        for group in (_group(ids[:1], 1), _group(ids[1:], 1)):

            def work(tx, group=group):
                counting = CountingTx(tx)
                outcomes = matches_module._write_appends(counting, group=group)
                return outcomes, counting.statements

            outcomes, statements = await store.db.run(work)
            assert outcomes == [None] * len(group)
            counts.append(statements)
        assert counts[0] == counts[1]
        for match_id in ids:
            assert (await store.matches.load_record(match_id)).actions == [(0, ["a", match_id])]
    finally:
        await store.close()


async def test_a_batch_the_primary_key_refuses_is_written_again_one_by_one(
    backend: Backend, monkeypatch
) -> None:
    """Should the batch's read of the last seqs be stale (a writer that skipped the write
    lock), the primary key refuses its rows, nothing of the batch is kept, and the group is
    written again append by append: the one that clashes is refused, the others commit."""
    store = await Storage.open(backend.url())
    try:
        taken, free = [
            await store.matches.create_match(GUILD, CHANNEL + n, clash_match(n).record, PLAYERS)
            for n in range(2)
        ]
        await store.matches.append_action(taken, 1, 1, ("first",))

        def stale(count: int) -> str:  # every match reads as having no actions yet
            marks = ", ".join("?" * count)
            return f"SELECT m.id, m.status, 0 AS last_seq FROM matches m WHERE m.id IN ({marks})"

        monkeypatch.setattr(matches_module, "_last_seqs_sql", stale)
        group = _group([taken, free], 1)
        outcomes = await store.db.run(lambda tx: matches_module._write_appends(tx, group=group))
        assert isinstance(outcomes[0], SequenceConflict) and outcomes[1] is None
        assert (await store.matches.load_record(taken)).actions == [(1, ["first"])]
        assert (await store.matches.load_record(free)).actions == [(0, ["a", free])]
    finally:
        await store.close()


async def test_matches_appending_turn_after_turn_keep_writing_in_groups(
    backend: Backend, monkeypatch
) -> None:
    """Ten matches each append as soon as their previous append is answered (a match's
    next action): the appends made while a group is written go together in the next one,
    so forty appends take a handful of writes, never an empty one. Were the log idle
    between a write and the next group, every answered caller would start a write of its
    own and the groups would break up into writes of one."""
    store = await Storage.open(backend.url())
    try:
        ids = [
            await store.matches.create_match(GUILD, CHANNEL + n, clash_match(n).record, PLAYERS)
            for n in range(10)
        ]
        groups = []
        real = matches_module._write_appends

        def spy(conn, *, group):
            groups.append(len(group))
            return real(conn, group=group)

        monkeypatch.setattr(matches_module, "_write_appends", spy)

        async def turns(match_id: int) -> None:
            for seq in range(1, 5):
                await store.matches.append_action(match_id, seq, seq % 2, ("pick", seq))

        await asyncio.gather(*(turns(i) for i in ids))
        assert sum(groups) == 40 and 0 not in groups
        assert len(groups) <= 10, groups
        for match_id in ids:
            assert len((await store.matches.load_record(match_id)).actions) == 4
    finally:
        await store.close()
