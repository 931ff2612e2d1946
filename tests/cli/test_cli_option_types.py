"""`cardhost play/simulate --option NAME=VALUE`: a value is taken with its type, so
`best_of=true` is refused instead of starting a one-game match."""

import pytest

from bot.cli import main


@pytest.mark.parametrize("value", ["true", "false", "3.0"])
def test_a_best_of_that_is_no_whole_number_is_refused(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "clash", "--games", "1", "--option", f"best_of={value}"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert "option 'best_of' must be one of 1, 3, 5" in lines[0]


def test_a_whole_best_of_through_option_still_plays_a_series(capsys) -> None:
    assert main(["simulate", "clash", "--games", "1", "--option", "best_of=3"]) == 0
    assert "games=1" in capsys.readouterr().out
