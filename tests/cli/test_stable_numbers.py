"""A number means one thing for a whole turn: an option keeps its number while it is
offered, a number whose option left is refused with its name, and pass or end turn is
always 0. Checked on the screens the terminal prints, through whole random games of
every game and on the examples where numbers used to move."""

import random
import re
from collections.abc import Callable

import pytest

from bot.terminal.play import TerminalGame, play_in_terminal
from engine import get_ruleset, new_match, ruleset_ids
from tests.cli.test_cli import Script
from tests.support.samples import seed_ranges

OPTION_LINE = re.compile(r" +(\d+)\. ([^\n]*)")


def listing(out: list[str]) -> dict[int, str]:
    """The options (number -> label) of the last listing in `out`."""
    found: dict[int, str] = {}
    for line in reversed(out):
        hit = OPTION_LINE.fullmatch(line)
        if hit:
            found[int(hit[1])] = hit[2]
        elif found and not re.fullmatch(r" \w+:", line):
            break
    return found


class ByLabel(Script):
    """Answers with the number of the listed option whose label contains the next words
    (`=WORDS` or no such option: the words as they are), and keeps every screen."""

    def __init__(self, answers: list[str]):
        super().__init__(answers, then="q")
        self.screens: list[dict[int, str]] = []

    def read(self, prompt: str) -> str:
        self.out.append(prompt)
        if not prompt.startswith("Your choice"):
            return self.answers.pop(0) if self.answers else "y"
        shown = listing(self.out)
        self.screens.append(shown)
        wanted = self.answers.pop(0) if self.answers else "q"
        if wanted.startswith("="):
            return wanted[1:]
        numbers = [n for n, label in shown.items() if wanted in label]
        return str(numbers[0]) if numbers else wanted

    def number_of(self, screen: int, words: str) -> int:
        return next(n for n, label in self.screens[screen].items() if words in label)


def test_clash_seed_3_turn_3_keeps_attack_and_end_turn_numbers() -> None:
    """The example: `1. End turn … 6. Sootling Scamp attacks`, then after one play
    `1. Sootling Scamp attacks / 2. End turn`."""
    script = ByLabel(
        ["I go first", "1", "Play Sootling Scamp", "attacks", "End turn", "Flintshard Spear"]
    )
    script.answers += ["q", "y"]
    play_in_terminal("clash", seed=3, read=script.read, write=script.write)
    before, after = len(script.screens) - 2, len(script.screens) - 1
    assert "Play Flintshard Spear (2) → Sootling Scamp" in script.screens[before].values()
    for words in ("Sootling Scamp attacks Computer", "End turn"):
        assert script.number_of(before, words) == script.number_of(after, words), words
    assert script.number_of(after, "End turn") == 0


class LandsOnly(Script):
    """Goes first, keeps, plays a land whenever one is offered and passes otherwise, until
    the screen after a land offers `wanted`; it keeps that screen and the one before."""

    def __init__(self, wanted: str):
        super().__init__([])
        self.wanted = wanted
        self.land: dict[int, str] | None = None
        self.found: tuple[dict[int, str], dict[int, str]] | None = None

    def read(self, prompt: str) -> str:
        self.out.append(prompt)
        assert len(self.out) < 20_000, "never reached"
        if self.found is not None:
            return "y" if prompt.startswith("Resign") else "q"
        if not prompt.startswith("Your choice"):
            return ""
        shown = listing(self.out)
        if self.land is not None and any(self.wanted in label for label in shown.values()):
            self.found = (self.land, shown)
            return "q"
        self.land = None
        for number, label in shown.items():
            if label in ("Player goes first", "Keep"):
                return str(number)
        lands = [n for n, label in shown.items() if label.startswith("Play ")]
        if lands:
            self.land = shown
            return str(lands[0])
        return "0"


def test_magic_core_pass_keeps_its_key_after_a_land() -> None:
    """The example: after a land, `1. Pass` became `1. Cast Radiant Lancer`."""
    script = LandsOnly("Cast Radiant Lancer")
    play_in_terminal("magic-core", seed=3, read=script.read, write=script.write)
    assert script.found is not None
    before, after = script.found
    assert before[0] == after[0] == "Pass"
    for number, label in after.items():
        assert before.get(number, label) == label, f"{number} was {before[number]}, is {label}"


def test_a_number_whose_option_left_is_refused_by_name() -> None:
    script = ByLabel(
        ["I go first", "1", "Play Sootling Scamp", "attacks", "End turn", "Flintshard Spear"]
    )
    script.answers += ["FIRST-PLAY", "q", "y"]
    real_read = script.read
    spears: list[int] = []

    def read(prompt: str) -> str:
        answer = real_read(prompt)
        if answer == "FIRST-PLAY":  # the number Flintshard Spear had a screen ago
            spears.append(script.number_of(-2, "Flintshard Spear"))
            return str(spears[0])
        return answer

    play_in_terminal("clash", seed=3, read=read, write=script.write)
    (spear,) = spears
    assert spear not in script.screens[-1]
    assert (
        f"Option {spear} (Play Flintshard Spear (2) → Sootling Scamp) is no longer offered."
        in script.text
    )


def test_zero_ends_the_turn_and_is_no_other_key() -> None:
    from bot.terminal import play, replay

    script = ByLabel(["I go first", "1", "=0", "q", "y"])
    play_in_terminal("clash", seed=3, read=script.read, write=script.write)
    assert script.screens[1][0] == "End turn"
    assert "Turn 2: Computer." in script.text
    assert "0" not in play.COMMANDS | replay.KEYS
    assert "0 passes or ends the turn" in play.HELP


class Checking(Script):
    """Plays at random at every seat of a hot-seat game and checks each screen against
    the last screen of the same seat, turn and decision kind: a number never names
    another option, and an option still offered keeps its number (of two copies, one)."""

    def __init__(self, rng: random.Random, where: Callable[[], tuple[int, int, str] | None]):
        super().__init__([], then="")
        self.rng = rng
        self.where = where
        self.meaning: dict[tuple[int, int, str], dict[int, str]] = {}
        self.last: dict[tuple[int, int, str], dict[int, str]] = {}
        self.screens = 0

    def read(self, prompt: str) -> str:
        self.out.append(prompt)
        shown = listing(self.out[-120:])
        key = self.where()
        if key is None or not shown or not prompt.startswith(("Your choice", "Pick")):
            return ""
        self.screens += 1
        meaning = self.meaning.setdefault(key, {})
        for number, label in shown.items():
            if number == 0:
                continue
            assert meaning.setdefault(number, label) == label, (key, number, label, meaning)
        before = self.last.get(key, {})
        for label in set(shown.values()):
            old = {n for n, seen in before.items() if seen == label}
            new = {n for n, seen in shown.items() if seen == label}
            if old:
                assert len(old & new) == min(len(old), len(new)), (key, label, old, new)
        self.last[key] = shown
        if prompt.startswith("Your choice"):
            return str(self.rng.choice(sorted(shown)))
        picks = re.search(r"Pick (\d+)(?:-(\d+))? numbers", prompt)
        assert picks is not None
        count = self.rng.randint(int(picks[1]), min(int(picks[2] or picks[1]), len(shown)))
        return " ".join(map(str, self.rng.sample(sorted(shown), count)))


def play_checked(game: str, seed: int) -> int:
    rules = get_ruleset(game)
    decks = rules.preconstructed_decks()
    ids = sorted(decks)
    names = ["Player 1", "Player 2"]
    match = new_match(game, names, [decks[ids[0]], decks[ids[1 % len(ids)]]], seed)
    asked: list[int] = []

    def where() -> tuple[int, int, str] | None:
        seat = asked[-1] if asked else None
        decision = match.decision_for(seat) if seat is not None else None
        if decision is None:
            return None
        return seat, match.view(seat).turn, decision.kind

    script = Checking(random.Random(seed), where)
    game_ = TerminalGame(match, [0, 1], "random", script.read, script.write, seed)
    real_turn = game_.human_turn

    def human_turn(decision):  # which seat the screen is for
        asked.append(decision.player)
        real_turn(decision)

    game_.human_turn = human_turn  # type: ignore[method-assign]
    game_.run()
    assert match.over
    return script.screens


@pytest.mark.parametrize("game", ruleset_ids())
@pytest.mark.parametrize("seeds", seed_ranges(30, chunk=10, sample=2))
def test_numbers_stay_with_their_options_through_whole_random_games(game, seeds) -> None:
    for seed in seeds:
        assert play_checked(game, seed) > 20
