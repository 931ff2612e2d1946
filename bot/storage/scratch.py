"""A throw-away database for the measuring commands (`bench-bot`, `bench-restart`).

With `CARDHOST_DATABASE` naming PostgreSQL, a measurement runs in a fresh schema of that
database (dropped afterwards), so it starts empty and never touches the bot's own tables;
otherwise it runs on an SQLite file in a temporary folder, as it always did.
"""

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from bot.storage.dialect import is_postgresql_url


def configured_postgresql() -> str | None:
    """`CARDHOST_DATABASE` if it is a PostgreSQL URL, else None."""
    url = os.environ.get("CARDHOST_DATABASE", "")
    return url if is_postgresql_url(url) else None


def with_search_path(url: str, schema: str) -> str:
    """`url` whose connections work in `schema` first (then `public`, where CITEXT is).

    Added to the URL's own `options` (libpq keeps only the last of two `options`)."""
    return with_options(url, f"-csearch_path={schema},public")


def with_options(url: str, option: str) -> str:
    """`url` with `option` added to its libpq `options` (server settings for the session)."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    given = [value for key, value in query if key == "options"]
    rest = [(key, value) for key, value in query if key != "options"]
    merged = " ".join([*given, option])
    query_text = urlencode([*rest, ("options", merged)], quote_via=quote)  # a space is %20
    return urlunsplit(parts._replace(query=query_text))


@contextmanager
def scratch_database(folder: Path, *, postgresql: str | None) -> Iterator[str]:
    """A fresh database's target: a schema on `postgresql`, or a file in `folder`."""
    if postgresql is None:
        yield str(folder / "scratch.sqlite3")
        return
    import psycopg

    schema = f"scratch_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgresql, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield with_search_path(postgresql, schema)
    finally:
        with psycopg.connect(postgresql, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def count_rows(target: str, table: str) -> int:
    """Rows in `table` of the database at `target` (read back after a measurement)."""
    if not table.isidentifier():
        raise ValueError(f"not a table name: {table!r}")
    if is_postgresql_url(target):
        import psycopg

        with psycopg.connect(target) as conn:
            row = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    else:
        import sqlite3

        with sqlite3.connect(target) as conn:
            row = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    return int(row[0]) if row else 0
