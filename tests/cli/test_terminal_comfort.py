"""Comfort in the terminal: resigning asks first, hand-overs clear the scrollback, leaving
(Ctrl-D, Ctrl-C, resigning among three) ends with one clean line, and bad input is
answered in words that fit it."""

import random
from types import SimpleNamespace

import pytest

from bot.terminal.play import CLEAR_SCREEN, LEFT, TerminalGame, play_in_terminal
from engine.core.match import Match, new_match
from engine.core.ruleset import get_ruleset
from tests.cli.test_cli import RandomPlayer, Script


@pytest.fixture
def relay(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.core import ruleset as registry

    monkeypatch.setitem(registry._MODULES, "relay", "tests.support.relay")


def clash_match(seed: int = 8) -> Match:
    decks = get_ruleset("clash").preconstructed_decks()
    return new_match(
        "clash", ["Player", "Computer"], [decks["stone_wall"], decks["grave_tide"]], seed
    )


def first_decision_mine(match: Match) -> None:
    if match.decision_for(0) is None:
        pytest.skip("the computer holds the first decision with this seed")


def test_q_resigns_only_after_a_yes() -> None:
    match = clash_match()
    first_decision_mine(match)
    script = Script(["q", "n", "q", "", "q", "y"])
    TerminalGame(match, 0, "greedy", script.read, script.write).run()
    assert script.text.count("Resign this match? (y/N)") == 3
    assert script.text.count("Not resigned") == 2
    assert match.over and match.winner == 1
    assert [a for seat, a in match.actions if seat == 0] == [("resign", "resigned")]


def test_a_hot_seat_hand_over_clears_the_scrollback_too() -> None:
    assert "\x1b[3J" in CLEAR_SCREEN and "\x1b[2J" in CLEAR_SCREEN
    script = Script(["", "q", "y"], then="")
    play_in_terminal("clash", seed=5, hotseat=True, read=script.read, write=script.write)
    assert "\x1b[3J" in script.text


def test_resigning_among_three_says_the_match_goes_on_without_you(relay) -> None:
    script = Script(["q", "y"])
    play_in_terminal("relay", seed=2, players=3, read=script.read, write=script.write)
    assert script.out[-1] == f"You resigned; the others play on without you. {LEFT}"


class ResignFirst(RandomPlayer):
    """Enter at the first hand-over, resigns (and confirms), then plays at random."""

    def __init__(self) -> None:
        super().__init__(random.Random(3))
        self.opening = ["", "q", "y"]

    def read(self, prompt: str) -> str:
        if self.opening:
            self.out.append(prompt)
            return self.opening.pop(0)
        return super().read(prompt)


def test_resigning_among_three_at_one_keyboard_names_who_left(relay) -> None:
    script = ResignFirst()
    winner = play_in_terminal(
        "relay", seed=2, players=3, hotseat=True, read=script.read, write=script.write
    )
    assert "resigned; the match goes on without them." in script.text
    assert winner is not None and "Match over" in script.text


def test_resigning_the_last_opponent_says_the_match_is_over() -> None:
    match = clash_match()
    first_decision_mine(match)
    script = Script(["q", "y"])
    TerminalGame(match, 0, "greedy", script.read, script.write).run()
    assert "You resigned. The match is over." in script.text


class Closing(Script):
    def __init__(self, error: type[BaseException]):
        super().__init__([])
        self.error = error

    def read(self, prompt: str) -> str:
        self.out.append(prompt)
        raise self.error


@pytest.mark.parametrize("error", [EOFError, KeyboardInterrupt], ids=["ctrl-d", "ctrl-c"])
def test_ctrl_d_and_ctrl_c_leave_with_one_clean_line(error: type[BaseException]) -> None:
    match = clash_match()
    first_decision_mine(match)
    script = Closing(error)
    TerminalGame(match, 0, "greedy", script.read, script.write).run()  # no exception
    assert script.out[-1] == f"\n{LEFT}"  # ends the prompt's line, then one line
    assert match.over and match.winner == 1


@pytest.mark.parametrize("error", [EOFError, KeyboardInterrupt], ids=["ctrl-d", "ctrl-c"])
def test_leaving_at_a_hot_seat_hand_over_is_one_line(error: type[BaseException]) -> None:
    script = Closing(error)
    play_in_terminal("clash", seed=5, hotseat=True, read=script.read, write=script.write)
    assert script.out[-1] == f"\n{LEFT}"


def game_with(decision: SimpleNamespace) -> tuple[TerminalGame, Script]:
    script = Script([])
    game = TerminalGame.__new__(TerminalGame)
    game.write = script.write
    game.numbering = None  # nothing listed yet: the options are numbered 1..N in order
    return game, script


def test_out_of_range_numbers_name_the_range_even_when_negative() -> None:
    decision = SimpleNamespace(actions=["a", "b", "c"], multi=False, min_picks=1, max_picks=1)
    game, script = game_with(decision)
    for raw in ("-1", "0", "4", "+7"):
        assert game.parse(decision, raw) is None
    assert "not a number" not in script.text
    assert script.text.count("Choose a number from 1 to 3.") == 4
    assert game.parse(decision, "2") == "b"


def test_a_fixed_count_reads_pick_exactly() -> None:
    decision = SimpleNamespace(actions=["a", "b", "c"], multi=True, min_picks=2, max_picks=2)
    game, script = game_with(decision)
    assert game.parse(decision, "1") is None
    assert script.out[-1] == "Pick exactly 2 options."
    assert "between 2 and 2" not in script.text
    assert game.parse(decision, "1 3") == ("a", "c")


def test_a_very_long_input_is_not_echoed_back_whole() -> None:
    decision = SimpleNamespace(actions=["a", "b"], multi=False, min_picks=1, max_picks=1)
    game, script = game_with(decision)
    for raw in ("x" * 5000, "9" * 5000, "1 " * 2500):
        assert game.parse(decision, raw) is None
    for line in script.out:
        assert len(line) < 200, line[:80]
    assert "…" in script.text


def test_the_readme_asks_for_python_3_11_or_newer() -> None:
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text()
    assert "Python 3.11 or newer" in readme
