"""`cardhost copy-db SOURCE TARGET`: every table of one database into another, e.g. the
SQLite file a bot ran on into the PostgreSQL database it moves to (docs/deploy.md).

Both are opened as the bot opens them, so both are first brought to the newest schema;
the target must hold no matches yet (a copy never merges). Tables are copied parents
first (foreign keys), all in one transaction on the target: a failed copy leaves it empty.
Afterwards each identity column's counter is moved past the copied ids, so the next match
or deck gets a fresh id.
"""

import asyncio

from bot.storage.db import Database, SyncTx

#: Parents before children. A table missing here would not be copied: the test compares
#: this list with the schema, so a new migration's table cannot be forgotten.
TABLES = (
    "users",
    "decks",
    "active_decks",
    "matches",
    "match_players",
    "match_actions",
    "ratings",
    "rating_history",
    "guild_settings",
    "user_settings",
    "command_sync",
    "challenges",
    "match_reveals",
    "replay_settings",
    "match_leases",  # expired by the time the target is used: taken over at its start
)
#: Tables whose `id` the database hands out (SQLite's rowid, PostgreSQL's identity).
WITH_IDS = ("decks", "matches", "rating_history", "challenges")


class CopyRefused(Exception):
    """The copy cannot be made as asked; the message says why, and nothing was written."""


async def copy_database(source: str, target: str) -> dict[str, int]:
    """Copy every table of `source` into `target`; rows copied per table."""
    if source == target:
        raise CopyRefused("the source and the target are the same database")
    src = await Database.open(source)
    try:
        dst = await Database.open(target)
        try:
            found = await dst.fetchone("SELECT COUNT(*) FROM matches")
            if found is not None and found[0]:
                raise CopyRefused(
                    f"the target already holds {found[0]} matches; copy into an empty one"
                )
            tables = {}
            for table in TABLES:
                rows = await src.fetchall(f"SELECT * FROM {table}")
                tables[table] = ([*rows[0].keys()] if rows else [], [tuple(r) for r in rows])

            def work(tx: SyncTx) -> None:
                for table, (columns, rows) in tables.items():
                    if rows:
                        marks = ", ".join("?" * len(columns))
                        tx.executemany(
                            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
                        )
                if tx.dialect.is_postgresql:
                    for table in WITH_IDS:
                        tx.fetchone(
                            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                            f" COALESCE(MAX(id), 0) + 1, false) FROM {table}"
                        )

            await dst.atomic(work)
            return {table: len(rows) for table, (_, rows) in tables.items()}
        finally:
            await dst.close()
    finally:
        await src.close()


def run_copy(source: str, target: str) -> int:
    try:
        copied = asyncio.run(copy_database(source, target))
    except CopyRefused as exc:
        print(f"cardhost copy-db: {exc}")
        return 2
    print(" ".join(f"{table}={n}" for table, n in copied.items()))
    return 0
