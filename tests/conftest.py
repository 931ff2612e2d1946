"""Run-wide fixtures: the PostgreSQL test server (tests marked `postgres` use it); how
many xdist workers `-n auto` starts, and the order tests are handed to them in."""

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


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one worker more than the machine has cores. The bot's end-to-end tests
    spend about half their time waiting (on the stand-in's sockets, the bot's timers, child
    processes starting), and the extra worker fills those waits with other tests."""
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    return (len(usable) if usable else os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Long tests first: the `slow` ones, then the bot's end-to-end tests (they wait on the
    stand-in and the bot's timers), then the rest in their usual order. xdist hands tests
    out in this order, so the run ends on short tests that even the workers out, instead
    of one worker finishing a long test while the other idles."""

    def rank(item: pytest.Item) -> int:
        if item.get_closest_marker("slow") is not None:
            return 0
        return 1 if item.nodeid.startswith("tests/bot/") else 2

    items.sort(key=rank)  # stable: each group keeps the collection order
