"""Run-wide fixtures: the PostgreSQL test server (tests marked `postgres` use it)."""

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.postgres import PostgresSchemas, PostgresUnavailable, start_server


@pytest.fixture(scope="session")
def postgres_base_url() -> Iterator[str]:
    """The run's PostgreSQL server (one for all xdist workers), started on first use.

    Its directory is outside pytest's temporary tree (pytest keeps that private to root,
    and the server runs as another user when the tests run as root), one per run: xdist's
    run id names it, so every worker of a run finds the same server."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"solo-{os.getpid()}"
    root = Path(tempfile.gettempdir()) / f"cardhost-pg-{run}"
    root.mkdir(exist_ok=True)
    root.chmod(0o755)
    try:
        server = start_server(root)
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    yield str(server.get_uri())
    server.cleanup()  # the last worker to let go stops the server and deletes its data
    if not (root / "pgdata").exists():
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def postgres_schemas(postgres_base_url: str) -> Iterator[PostgresSchemas]:
    """Fresh schemas on the test server for one test; dropped when it ends."""
    schemas = PostgresSchemas(postgres_base_url)
    yield schemas
    schemas.drop_all()
