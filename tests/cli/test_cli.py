"""The `cardhost` command line: simulate's output line and terminal play."""

import random
import re

import pytest

from bot.cli import main
from bot.terminal.play import TerminalGame, play_in_terminal
from engine.core.match import new_match
from engine.core.ruleset import get_ruleset


def test_simulate_prints_the_promised_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "clash", "--games", "30", "--agents", "random,greedy", "--seed", "4"])
        == 0
    )
    out = capsys.readouterr().out.strip().splitlines()
    line = out[-1]
    found = re.fullmatch(r"games=30 wins=(\d+),(\d+) games_per_sec=(\d+\.\d)", line)
    assert found, line
    assert int(found[1]) + int(found[2]) == 30


def test_simulate_refuses_more_seats_than_the_game_has(capsys) -> None:
    assert main(["simulate", "clash", "--games", "1", "--agents", "random,random,greedy"]) == 2
    assert "Clash is played by 2 players, not 3" in capsys.readouterr().err
    assert main(["simulate", "clash", "--games", "1", "--players", "4"]) == 2


def test_one_agent_name_fills_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "clash", "--games", "4", "--agents", "greedy"]) == 0
    assert re.fullmatch(r"games=4 wins=\d+,\d+ games_per_sec=\S+", capsys.readouterr().out.strip())


FIRST = "first"  # `Script(then=FIRST)`: answer with the first option listed


def listed_numbers(out: list[str]) -> list[int]:
    """The option numbers of the last listing written to `out` (one line a write; prompts
    and messages after it are passed over)."""
    found: list[int] = []
    for line in reversed(out):
        hit = re.fullmatch(r" +(\d+)\. [^\n]*", line)
        if hit:
            found.append(int(hit[1]))
        elif found and not re.fullmatch(r" \w+:", line):
            break
    return found


class Script:
    """Feeds answers to the terminal game and keeps everything it printed. Once the
    answers are used up it answers `then`; `FIRST` (the default) types the first number
    listed other than the pass key (numbers keep their options for a turn, so a fixed
    number is not always there), the fewest picks for a multiple choice, and Enter
    anywhere else."""

    def __init__(self, answers: list[str], then: str = FIRST):
        self.answers = list(answers)
        self.then = then
        self.out: list[str] = []

    def read(self, prompt: str) -> str:
        self.out.append(prompt)
        if self.answers:
            return self.answers.pop(0)
        if self.then != FIRST:
            return self.then
        numbers = sorted(listed_numbers(self.out[-80:]), key=lambda n: (n == 0, n))
        single = prompt.startswith("Your choice")
        picks = re.search(r"Pick (\d+)", prompt)
        if single and numbers:
            return str(numbers[0])
        if picks and numbers:
            return " ".join(map(str, numbers[: int(picks[1])]))
        return ""

    def write(self, text: str) -> None:
        self.out.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.out)


class RandomPlayer(Script):
    """Answers every prompt with a random listed number (Enter at a hand-over)."""

    def __init__(self, rng: random.Random):
        super().__init__([])
        self.rng = rng

    def read(self, prompt: str) -> str:
        self.out.append(prompt)
        numbers = listed_numbers(self.out[-80:])
        if prompt.startswith("Your choice") and numbers:
            return str(self.rng.choice(numbers))
        picks = re.search(r"Pick (\d+)(?:-(\d+))? numbers", prompt)
        if picks and numbers:
            count = self.rng.randint(int(picks[1]), min(int(picks[2] or picks[1]), len(numbers)))
            return " ".join(map(str, self.rng.sample(numbers, count)))
        return ""


def test_a_whole_terminal_game_reaches_the_end_and_never_names_the_opponents_draws() -> None:
    script = Script(["2", "", "1"])
    winner = play_in_terminal("clash", seed=12, read=script.read, write=script.write)
    assert winner in (0, 1)
    assert "Match over" in script.text
    assert "Computer draws a card." in script.text
    for line in script.out:
        assert not re.search(r"Computer draws (?!a card)", line), line


def test_bad_terminal_input_gets_a_message_and_a_new_prompt() -> None:
    decks = get_ruleset("clash").preconstructed_decks()
    match = new_match(
        "clash", ["Player", "Computer"], [decks["stone_wall"], decks["grave_tide"]], 8
    )
    script = Script(["banana", "0", "99", "1 2", "?", "q", "y"])
    game = TerminalGame(match, 0, "greedy", script.read, script.write)
    if match.decision_for(0) is None:  # the computer won the coin flip and chose
        pytest.skip("the computer holds the first decision with this seed")
    before = len(match.actions)
    game.run()
    text = script.text
    assert "'banana' is not a number" in text
    assert "There is no option 0" in text
    assert "There is no option 99" in text
    assert "Choose exactly one option." in text
    assert "b = board" in text
    assert len(match.actions) == before + 1  # only the resignation was recorded
    assert match.over and match.winner == 1


def test_hot_seat_hides_each_screen_from_the_next_player() -> None:
    """Each hand-over clears the screen; what follows is drawn from that player's view."""
    from bot.terminal.play import CLEAR_SCREEN

    script = Script([])
    winner = play_in_terminal("clash", seed=5, hotseat=True, read=script.read, write=script.write)
    assert winner in (0, 1)
    screens = script.text.split(CLEAR_SCREEN)[1:]
    assert len(screens) > 4  # the players really took turns at the keyboard
    for screen in screens:
        owner = re.search(r"Pass the keyboard to (Player \d)", screen)
        assert owner, screen[:200]
        for drawer in re.findall(r"(Player \d) draws (?!a card)", screen):
            assert drawer == owner[1], f"{owner[1]}'s screen shows a card {drawer} drew"


def test_a_resigning_hot_seat_player_loses() -> None:
    script = Script(["", "q", "y"], then="")
    winner = play_in_terminal("clash", seed=5, hotseat=True, read=script.read, write=script.write)
    first = re.search(r"Pass the keyboard to Player (\d)", script.text)
    assert first is not None
    assert winner == 2 - int(first[1])  # whoever was asked first resigned at once


def test_unknown_deck_is_refused_clearly() -> None:
    from engine.core.errors import EngineError

    with pytest.raises(EngineError, match="unknown deck"):
        play_in_terminal("clash", deck="nope", read=lambda p: "q", write=lambda t: None)


def test_bot_without_a_token_says_so_in_one_line(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["bot"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "DISCORD_TOKEN is not set" in err[0]


def test_bot_with_a_bad_setting_says_which(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("CARDHOST_TURN_TIMER", "5")
    assert main(["bot"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "CARDHOST_TURN_TIMER" in err[0]


def test_bot_with_a_rejected_token_says_so(monkeypatch, tmp_path, capsys) -> None:
    import discord

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")

    def refuse(self, token, **kwargs):
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.Client, "run", refuse)
    assert main(["bot"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("cardhost: Discord rejected the token")


@pytest.fixture
def relay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Relay, a tiny 2-4 player test game (tests/support/relay.py), for the generic parts."""
    from engine.core import ruleset as registry

    monkeypatch.setitem(registry._MODULES, "relay", "tests.support.relay")


def test_simulate_fills_four_seats_and_counts_every_win(relay, capsys) -> None:
    assert main(["simulate", "relay", "--games", "40", "--players", "4", "--seed", "2"]) == 0
    found = re.fullmatch(
        r"games=40 wins=(\d+),(\d+),(\d+),(\d+) games_per_sec=\S+", capsys.readouterr().out.strip()
    )
    assert found and sum(int(w) for w in found.groups()) == 40


def test_terminal_against_two_computers_plays_on_after_you_are_out(relay) -> None:
    script = Script([])
    winner = play_in_terminal("relay", seed=2, players=3, read=script.read, write=script.write)
    assert winner is not None and "Match over" in script.text
    assert "Computer 1" in script.text and "Computer 2" in script.text
    assert "Pass the keyboard" not in script.text  # one person: no hand-over screens


def test_enchantoria_hot_seat_draws_each_screen_from_its_owners_view(monkeypatch) -> None:
    """Hot-seat secret choices. Every view the terminal draws after a
    hand-over is that player's own, so a committed-but-unrevealed plan never shows."""
    from engine.core.match import Match

    player = RandomPlayer(random.Random(3))
    owner: list[int | None] = [None]
    real_read = player.read

    def read(prompt: str) -> str:
        handed = re.match(r"Pass the keyboard to Player (\d)", prompt)
        if handed:
            owner[0] = int(handed[1]) - 1
        return real_read(prompt)

    drawn: list[tuple[int | None, int | None]] = []
    real_view = Match.view

    def spy(self, viewer):
        drawn.append((owner[0], viewer))
        return real_view(self, viewer)

    monkeypatch.setattr(Match, "view", spy)
    winner = play_in_terminal("enchantoria", seed=3, hotseat=True, read=read, write=player.write)
    assert winner in (0, 1) or "draw" in player.text
    seen = [(at, viewer) for at, viewer in drawn if at is not None]
    assert {at for at, _ in seen} == {0, 1}  # both players took the keyboard
    assert len(seen) > 20
    for at, viewer in seen:
        assert viewer in (at, None), f"Player {at + 1}'s screen drew Player {viewer}'s view"


def test_simulate_and_play_take_only_the_options_the_game_has(capsys) -> None:
    """--best-of for games that play series; refused, by name, elsewhere."""
    assert main(["simulate", "clash", "--games", "2", "--best-of", "3"]) == 0
    assert "games=2" in capsys.readouterr().out
    assert main(["simulate", "battle-mages", "--games", "1", "--best-of", "3"]) == 2
    err = capsys.readouterr().err
    assert "Battle Mages has no option 'best_of'" in err
    assert main(["simulate", "clash", "--games", "1", "--best-of", "4"]) == 2
    assert "must be one of 1, 3, 5" in capsys.readouterr().err
    assert main(["simulate", "clash", "--games", "1", "--option", "speed=9"]) == 2
    err = capsys.readouterr().err
    assert "no option 'speed'" in err and "--best-of" in err
    assert main(["play", "enchantoria", "--best-of", "3"]) == 2
    assert "Enchantoria has no option 'best_of'" in capsys.readouterr().err


def test_terminal_play_passes_a_series_on(monkeypatch) -> None:
    import bot.terminal.play
    from engine.core.errors import OptionError

    started = []

    def spy(*args):
        started.append(new_match(*args))
        return started[-1]

    monkeypatch.setattr(bot.terminal.play, "new_match", spy)
    script = Script(["q", "y"], then="q")
    play_in_terminal("clash", seed=3, read=script.read, write=script.write, options={"best_of": 3})
    assert started[0].record.options == {"best_of": 3}

    with pytest.raises(OptionError):
        play_in_terminal("mage-wars", read=script.read, write=script.write, options={"best_of": 3})


@pytest.mark.slow
def test_simulate_search_against_greedy_with_seats_alternated(capsys) -> None:
    argv = ["simulate", "clash", "--games", "2", "--agents", "search,greedy"]
    assert main([*argv, "--playouts", "4", "--alternate-seats", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"games=2 wins=\d+,\d+ games_per_sec=[\d.]+", lines[-1])
    search, greedy = lines[0], lines[1]
    assert search.startswith("agent=search wins=") and "ci95=" in search
    assert greedy.startswith("agent=greedy wins=")
    won = [int(re.search(r"wins=(\d+)/2", line)[1]) for line in (search, greedy)]  # type: ignore[index]
    assert sum(won) == sum(map(int, re.search(r"wins=(\d+),(\d+)", lines[-1]).groups()))  # type: ignore[union-attr]


def test_simulate_refuses_an_unknown_agent_and_a_bad_budget(capsys) -> None:
    assert main(["simulate", "clash", "--games", "1", "--agents", "search,clever"]) == 2
    assert "unknown agent 'clever'" in capsys.readouterr().err
    assert main(["simulate", "clash", "--games", "1", "--agents", "search", "--playouts", "0"]) == 2
    assert "at least one playout" in capsys.readouterr().err


def test_play_offers_three_opponents() -> None:
    from bot.cli import build_parser

    for name in ("random", "greedy", "search"):
        assert build_parser().parse_args(["play", "clash", "--opponent", name]).opponent == name
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "clash", "--opponent", "clever"])


@pytest.mark.slow
def test_a_terminal_game_against_search_reaches_the_end() -> None:
    script = Script(["2", "", "1"])
    winner = play_in_terminal(
        "clash", seed=5, opponent="search", read=script.read, write=script.write
    )
    assert winner in (0, 1)
    assert "Match over" in script.text
