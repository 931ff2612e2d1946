"""The terminal alone: `cardhost play --record FILE` saves the record `cardhost replay`
reads, and stepping through a replay answers every key, even one that goes nowhere."""

import io
from pathlib import Path

import pytest

from bot.cli import main
from bot.play.replays import Replay
from bot.terminal.replay import HELP, step_through
from engine import MatchRecord
from tests.cli.test_replay_cli import played


def test_a_game_played_on_stdin_with_record_replays_to_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    typed = ["1", "", "0", "0", "0", "q", "y"]  # go first, keep, end three turns, resign
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    assert main(["play", "clash", "--seed", "3", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Record saved: cardhost replay {path}" in out
    record = MatchRecord.from_json(path.read_bytes())
    assert list(record.actions[-1][1]) == ["resign", "resigned"]
    assert main(["replay", str(path), "--to-end"]) == 0
    replayed = capsys.readouterr().out
    assert replayed.strip().splitlines()[-1] == "winner=Computer"
    assert "Turn 5: Player." in replayed  # three turns ended with 0


def test_record_into_a_missing_folder_is_refused_before_the_game(tmp_path, capsys) -> None:
    assert main(["play", "clash", "--record", str(tmp_path / "no" / "game.json")]) == 2
    assert "cannot save the record" in capsys.readouterr().err


def stepped(answers: list[str]) -> tuple[Replay, str]:
    replay = Replay(played("clash").record)
    typed = iter(answers)
    out = io.StringIO()
    step_through(replay, out, ask=lambda _: next(typed))
    return replay, out.getvalue()


def test_the_last_step_says_so_and_so_does_going_past_it() -> None:
    replay, text = stepped(["e", "n", "e", "q"])
    assert f"(the last step) winner={replay.winner_text}" in text
    assert f"Already at the last step, {replay.steps}. p goes back, q quits." in text
    assert text.count(f"-- step {replay.steps} of") == 1  # drawn once, not again


def test_a_turn_or_step_the_record_lacks_names_the_ones_it_has() -> None:
    replay, text = stepped(["t 999", "s 99999", "t", "p", "q"])
    turns = [turn for turn, _ in replay.turn_starts]
    assert f"There is no turn 999: this match has turns {turns[0]}-{turns[-1]}." in text
    assert f"There is no step 99999: steps run from 0 to {replay.steps}." in text
    assert "t takes a turn number, as in `t 3`." in text
    assert "Already at the first step, 0." in text
    assert text.count("-- step ") == 1  # nothing moved


def test_an_unknown_key_is_named() -> None:
    _, text = stepped(["x", "next please", "q"])
    assert f"Unknown key 'x'. {HELP}" in text
    assert "Unknown key 'next please'." in text
