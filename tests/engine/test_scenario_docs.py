"""Each game's scenario example stays true: it loads, and bad scenarios get a ScenarioError.

A game describes its scenarios in its own rulings, docs/rules/<game>.md, section
"Scenarios", ending with a "Scenario example" in JSON (docs/scenarios.md). The games are
the registered ones, so a game added without an example fails here, and an example that no
longer loads (a renamed key, a card gone from the pool) fails too: the rulings cannot
drift from the loaders they describe."""

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine import ScenarioError, from_scenario, replay, ruleset_ids
from engine.core.record import MatchRecord

RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rules"
EXAMPLE = re.compile(r"^#+ Scenario example\n+```json\n(.*?)\n```", re.M | re.S)


def examples_in(text: str) -> list[dict[str, Any]]:
    """Every scenario example of a rulings document, as data."""
    return [json.loads(body) for body in EXAMPLE.findall(text)]


def example(game: str, rulings: Path = RULINGS) -> dict[str, Any]:
    """The one scenario example of `game`'s rulings; AssertionError without one."""
    path = rulings / f"{game}.md"
    assert path.is_file(), f"{game} has no rulings: docs/rules/{path.name} is missing"
    found = examples_in(path.read_text(encoding="utf-8"))
    assert len(found) == 1, f'docs/rules/{path.name} needs one "Scenario example", not {len(found)}'
    return found[0]


@pytest.mark.parametrize("game", ruleset_ids())
def test_every_registered_game_has_one_example(game: str) -> None:
    assert example(game)["seats"]


@pytest.mark.parametrize(
    "rulings",
    [
        None,
        "# Rulings\n\n## Scenarios\n\nNo example.\n",
        "### Scenario example\n\n```json\n{}\n```\n" * 2,
    ],
    ids=["no rulings", "no example", "two examples"],
)
def test_a_game_without_one_example_is_caught(tmp_path: Path, rulings: str | None) -> None:
    """The control: the check above fails for a game with no rulings, none or two
    examples, and reads a lone example wherever its heading level."""
    if rulings is not None:
        (tmp_path / "new-game.md").write_text(rulings, encoding="utf-8")
    with pytest.raises(AssertionError):
        example("new-game", tmp_path)
    (tmp_path / "new-game.md").write_text(
        '## Scenarios\n\n#### Scenario example\n\n```json\n{"seats": [{}, {}]}\n```\n'
    )
    assert example("new-game", tmp_path) == {"seats": [{}, {}]}


@pytest.mark.parametrize("game", ruleset_ids())
def test_the_example_loads_as_described(game: str) -> None:
    data = example(game)
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
    data = example(game)
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
