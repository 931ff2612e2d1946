"""Every storage test runs on both databases: SQLite, and PostgreSQL (marked `postgres`)."""

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.support.postgres import PostgresSchemas


@dataclass
class Backend:
    """Where a test's databases live. `url()`: a new private database; `url(name)`: the
    same database for the same name (to close and reopen it)."""

    name: str
    tmp_path: Path
    schemas: PostgresSchemas | None = None
    named: dict[str, str] = field(default_factory=dict)

    @property
    def is_postgresql(self) -> bool:
        return self.schemas is not None

    def url(self, name: str | None = None) -> str:
        if name is not None and name in self.named:
            return self.named[name]
        if self.schemas is not None:
            made = self.schemas.new()
        else:
            made = ":memory:" if name is None else str(self.tmp_path / f"{name}.sqlite3")
        if name is not None:
            self.named[name] = made
        return made


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "postgresql":
        return Backend("postgresql", tmp_path, request.getfixturevalue("postgres_schemas"))
    return Backend("sqlite", tmp_path)
