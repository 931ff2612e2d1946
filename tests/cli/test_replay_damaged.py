"""`cardhost replay FILE --to-end` on a damaged record: one line on stderr, exit status 1,
no traceback, whatever is damaged."""

import json
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from engine.agents.base import make_agent
from engine.core.match import new_match
from engine.core.ruleset import get_ruleset
from engine.simulate import play_out


def record_data() -> dict[str, Any]:
    rules = get_ruleset("clash")
    decks = sorted(rules.preconstructed_decks().items())
    match = new_match("clash", ["ann", "bob"], [decks[0][1], decks[1][1]], seed=2)
    play_out(match, [make_agent("random", 2), make_agent("random", 3)])
    data: dict[str, Any] = json.loads(match.record.to_json())
    return data


def bend(data: dict[str, Any], how: str) -> dict[str, Any]:
    if how == "resign with an extra word":
        data["actions"].insert(3, [0, ["resign", "tired", "extra"]])
    elif how == "unknown card":
        data["decks"][0][0] = "no_such_card"
    elif how == "missing deck":
        data["decks"].pop()
    elif how == "missing player":
        data["players"].pop()
    elif how == "best_of x":
        data["options"]["best_of"] = "x"
    elif how == "edited pin":
        card = sorted(data["cards"])[0]
        data["cards"][card]["name"] = "Edited"
    elif how == "truncated":
        return {"text": json.dumps(data)[:-50]}
    return data


@pytest.mark.parametrize(
    ("how", "says"),
    [
        ("resign with an extra word", "action 4"),
        ("unknown card", "no_such_card"),
        ("missing deck", "decks"),
        ("missing player", "players"),
        ("best_of x", "best_of"),
        ("edited pin", "digest"),
        ("truncated", "JSON"),
    ],
)
def test_a_damaged_record_is_one_line_and_exit_1(
    how: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = bend(record_data(), how)
    path = tmp_path / "record.json"
    path.write_text(data["text"] if "text" in data else json.dumps(data))
    assert main(["replay", str(path), "--to-end"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("cardhost replay: ") and says in lines[0]
