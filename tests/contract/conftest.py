"""The contract suite runs over every registered ruleset and Relay (tests/support/relay.py),
registered here for each test (the registry is restored afterwards)."""

import pytest

from engine.core import ruleset as registry


@pytest.fixture(autouse=True)
def relay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._MODULES, "relay", "tests.support.relay")
