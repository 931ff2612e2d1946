"""docs/scenarios.md stays true: each example loads, and bad scenarios get a ScenarioError.

An example that no longer loads (a renamed key, a card gone from the pool) fails here,
so the document cannot drift from the loaders it describes."""

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine import ScenarioError, from_scenario, replay, ruleset_ids
from engine.core.record import MatchRecord

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"
EXAMPLE = re.compile(r"^### Example: ([a-z-]+)\n+```json\n(.*?)\n```", re.M | re.S)


def _examples() -> dict[str, dict[str, Any]]:
    return {game: json.loads(body) for game, body in EXAMPLE.findall(DOC.read_text())}


def test_every_ruleset_has_one_example() -> None:
    assert sorted(_examples()) == sorted(ruleset_ids())


@pytest.mark.parametrize("game", ruleset_ids())
def test_the_example_loads_as_described(game: str) -> None:
    data = _examples()[game]
    match = from_scenario(game, data, seed=3)
    names = [seat["name"] for seat in data["seats"]]
    assert match.record.players == names
    assert [seat.name for seat in match.view(None).seats] == names
    assert match.pending, "an example position waits for someone"
    # the record keeps the scenario, so the match replays through JSON
    again = replay(MatchRecord.model_validate_json(match.record.model_dump_json()))
    assert again.view(None) == match.view(None)


@pytest.mark.parametrize("game", ruleset_ids())
def test_a_misspelt_key_is_refused(game: str) -> None:
    data = _examples()[game]
    with pytest.raises(ScenarioError, match="helth"):
        from_scenario(game, {**data, "helth": 3})
    seats = [{**data["seats"][0], "helth": 3}, *data["seats"][1:]]
    with pytest.raises(ScenarioError, match="helth"):
        from_scenario(game, {**data, "seats": seats})


@pytest.mark.parametrize("game", ruleset_ids())
@pytest.mark.parametrize("data", [{}, {"seats": "two"}, []])
def test_a_scenario_without_seats_is_refused(game: str, data: Any) -> None:
    with pytest.raises(ScenarioError):
        from_scenario(game, data)
