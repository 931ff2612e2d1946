"""In the terminal: Enter alone completes a decision whose minimum is 0."""

from bot.terminal.play import TerminalGame
from engine.core.match import new_match
from engine.core.ruleset import get_ruleset
from tests.cli.test_cli import Script


def test_enter_alone_keeps_the_whole_hand_at_the_mulligan() -> None:
    decks = get_ruleset("clash").preconstructed_decks()
    match = new_match(
        "clash", ["Player", "Computer"], [decks["stone_wall"], decks["grave_tide"]], 3
    )
    script = Script(["1", "", "q", "y"], then="q")  # go first, keep all, resign
    game = TerminalGame(match, 0, "greedy", script.read, script.write)
    game.run()
    mine = [action for seat, action in match.actions if seat == 0]
    assert () in mine, script.text
    assert "Pick between" not in script.text
    assert "Keep all" in script.text or "Enter for none" in script.text
