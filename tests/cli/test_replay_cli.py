"""`cardhost replay FILE [--to-end]`: a record stepped through in the terminal."""

import io
from pathlib import Path

import pytest

from bot.cli import main
from bot.play.replays import Replay, ReplayRefused
from bot.render.text import board_text
from bot.terminal.replay import step_through
from engine.agents.base import make_agent
from engine.core.match import Match, new_match
from engine.core.record import MatchRecord
from engine.core.ruleset import get_ruleset, ruleset_ids
from engine.simulate import play_out


def played(ruleset: str, seed: int = 2) -> Match:
    rules = get_ruleset(ruleset)
    decks = sorted(rules.preconstructed_decks().items())
    match = new_match(ruleset, ["ann", "bob"], [decks[0][1], decks[1 % len(decks)][1]], seed=seed)
    play_out(match, [make_agent("random", seed), make_agent("random", seed + 1)])
    return match


def write(tmp_path: Path, record: MatchRecord, name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_text(record.to_json())
    return str(path)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_to_end_prints_the_final_board_and_the_winner(
    ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = played(ruleset)
    assert main(["replay", write(tmp_path, match.record), "--to-end"]) == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    winner = "draw" if match.winner is None else match.players[match.winner]
    assert lines[-1] == f"winner={winner}"
    assert board_text(match.view(None)) in out  # the last step is the match's final table


def test_a_record_that_stops_early_ends_with_winner_none(tmp_path, capsys) -> None:
    record = played("clash").record
    short = record.model_copy(update={"actions": record.actions[:5]})
    assert main(["replay", write(tmp_path, short), "--to-end"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "winner=none"


def test_another_rules_version_is_one_clear_line_and_exit_1(tmp_path, capsys) -> None:
    record = played("clash").record.model_copy(update={"rules_version": "0.1"})
    assert main(["replay", write(tmp_path, record), "--to-end"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (
        "cardhost replay: This match was recorded with Clash rules 0.1, and this bot has "
        f"Clash rules {get_ruleset('clash').version}: it cannot replay it (a record replays "
        "only with the rules version it was made with)."
    )
    assert "Traceback" not in captured.err


def test_a_file_that_is_no_record_or_does_not_fit_is_refused(tmp_path, capsys) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text('{"hello": 1}')
    assert main(["replay", str(junk)]) == 1
    assert "is not a match record" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in capsys.readouterr().err
    record = played("clash").record
    bent = record.model_copy(update={"actions": [(1, ["no such move"]), *record.actions]})
    assert main(["replay", write(tmp_path, bent)]) == 1
    assert "action 1 does not fit the game" in capsys.readouterr().err


def test_stepping_back_and_forth_and_to_a_turn() -> None:
    match = played("clash")
    replay = Replay(match.record)
    answers = iter(["n", "n", "p", "t 3", "e", "q"])
    out = io.StringIO()
    step_through(replay, out, ask=lambda _: next(answers))
    headers = [line for line in out.getvalue().splitlines() if line.startswith("-- step")]
    third = replay.step_of_turn(3)
    assert [h.split(" · ")[0] for h in headers] == [
        f"-- step {n} of {replay.steps}" for n in (0, 1, 2, 1, third, replay.steps)
    ]


def test_public_by_default_every_hand_with_reveal(tmp_path, capsys) -> None:
    match = played("clash")
    path = write(tmp_path, match.record)
    assert main(["replay", path, "--to-end"]) == 0
    assert "'s hand:" not in capsys.readouterr().out
    assert main(["replay", path, "--to-end", "--reveal"]) == 0
    assert "ann's hand:" in capsys.readouterr().out


def test_replay_refused_carries_no_traceback_for_an_unknown_game() -> None:
    record = MatchRecord(ruleset="no-such-game", rules_version="1", seed=0, players=["a", "b"])
    with pytest.raises(ReplayRefused, match="cannot be replayed"):
        Replay(record)
