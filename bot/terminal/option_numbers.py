"""How the terminal numbers and groups a decision's options.

The labels and groups come from the engine (`Option.label`, `Option.group`); this only
decides where each option is listed and which number a person types for it:

* options are listed in sections, play first, then attack, then other (end the turn,
  pass, settings), each section headed only when more than one has options;
* a number never changes meaning within a turn: an option keeps its number on every
  screen of the same player, turn and decision kind while it is offered, and a new option
  takes a number never used in that turn, so a player who types the number they read a
  moment ago never gets another option. Gaps are the price: a number whose option has
  left is refused, with a message naming what it was (`Numbering.refusal`);
* pass, end turn and their like (a "done" that closes the step) always have the key
  `PASS_KEY`, 0, which no other command of the terminal or of replay stepping uses.

An option is recognised by its label first (what the player read) and its action second:
two copies of one card read the same, and either may keep the number.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import Option

#: Engine groups by section; any other group is something to play or do.
ATTACK_GROUPS = frozenset({"attack", "block"})
OTHER_GROUPS = frozenset({"end", "pass", "done", "setting", "undo", "stop"})
SECTIONS = ("Play", "Attack", "Other")
#: The groups whose option (one a decision at most) gets the fixed key: it ends the turn,
#: passes, or closes the step.
PASS_GROUPS = frozenset({"end", "pass", "done"})
PASS_KEY = 0


def section_of(option: Option) -> str:
    if option.group in ATTACK_GROUPS:
        return "Attack"
    if option.group in OTHER_GROUPS:
        return "Other"
    return "Play"


def numbers_text(numbers: Sequence[int]) -> str:
    """`0, 2-4, 7`: the numbers in order, runs of three or more joined."""
    ordered = sorted(set(numbers))
    parts: list[str] = []
    start = 0
    while start < len(ordered):
        end = start
        while end + 1 < len(ordered) and ordered[end + 1] == ordered[end] + 1:
            end += 1
        if end - start >= 2:
            parts.append(f"{ordered[start]}-{ordered[end]}")
        else:
            parts.extend(str(n) for n in ordered[start : end + 1])
        start = end + 1
    return ", ".join(parts)


@dataclass(slots=True)
class Numbering:
    """The numbers on one screen: `number -> option index`, the listing's lines, and the
    numbers given earlier in the turn whose option has left (`number -> its label`)."""

    numbers: dict[int, int]
    lines: list[str]
    gone: dict[int, str] = field(default_factory=dict)

    def range_words(self) -> str:
        """What to type instead of a wrong number: `Choose a number from 1 to 5.`,
        `Type 1.` when there is one, `Choose one of 0, 2-4, 7.` when there are gaps."""
        shown = sorted(self.numbers)
        if len(shown) == 1:
            return f"Type {shown[0]}."
        if shown == list(range(1, len(shown) + 1)):
            return f"Choose a number from 1 to {len(shown)}."
        return f"Choose one of {numbers_text(shown)}."

    def choices_text(self) -> str:
        """`1-5` or `0, 2-4, 7` (for the prompt)."""
        shown = sorted(self.numbers)
        if len(shown) > 1 and shown == list(range(shown[0], shown[-1] + 1)):
            return f"{shown[0]}-{shown[-1]}"
        return numbers_text(shown)

    def refusal(self, typed: str) -> str:
        """Why `typed` is no option here: it left (and what it was), or it never was."""
        if typed.isdigit() and len(typed) < 10 and int(typed) in self.gone:
            label = self.gone[int(typed)]
            return f"Option {int(typed)} ({label}) is no longer offered. {self.range_words()}"
        return f"There is no option {typed}. {self.range_words()}"


@dataclass(slots=True)
class _Given:
    """The numbers one seat was given in one turn for one decision kind."""

    meaning: dict[int, tuple[str, str]] = field(default_factory=dict)  # n -> (label, id)
    next: int = 1


@dataclass(slots=True)
class OptionNumberer:
    """Remembers each seat's numbers of the turn, so a number keeps its meaning."""

    turns: dict[int, tuple[int, dict[str, _Given]]] = field(default_factory=dict)

    def number(
        self, seat: int, kind: str, options: Sequence[Option], *, turn: int = 0, multi: bool = False
    ) -> Numbering:
        """The numbers for `options`, the open decision of `seat` of this `kind` in this
        `turn` (a new turn starts every kind afresh). `multi`: the decision takes several
        picks, so no option is pass and none gets `PASS_KEY`."""
        known_turn, kinds = self.turns.get(seat, (turn, {}))
        if known_turn != turn:
            kinds = {}
        self.turns[seat] = (turn, kinds)
        given = kinds.setdefault(kind, _Given())
        by_index: dict[int, int] = {}  # number -> option index
        placed: set[int] = set()

        def place(number: int, option: Option) -> None:
            by_index[number] = option.index
            placed.add(option.index)
            given.meaning[number] = (option.label, option.id)

        if not multi:
            passing = next((o for o in options if o.group in PASS_GROUPS), None)
            if passing is not None:
                place(PASS_KEY, passing)
        # the same label and action first, then the same label (another copy of a card)
        for same in (lambda m, o: m == (o.label, o.id), lambda m, o: m[0] == o.label):
            for option in options:
                if option.index in placed:
                    continue
                for number, meant in given.meaning.items():
                    if number != PASS_KEY and number not in by_index and same(meant, option):
                        place(number, option)
                        break
        for option in sorted(options, key=lambda o: SECTIONS.index(section_of(o))):
            if option.index not in placed:  # in section order, so a new turn reads 1..N
                place(given.next, option)
                given.next += 1
        gone = {n: meant[0] for n, meant in given.meaning.items() if n not in by_index}
        return Numbering(by_index, self._lines(options, by_index), gone)

    @staticmethod
    def _lines(options: Sequence[Option], by_index: dict[int, int]) -> list[str]:
        number_of = {index: n for n, index in by_index.items()}
        sections: dict[str, list[Option]] = {name: [] for name in SECTIONS}
        for option in options:
            sections[section_of(option)].append(option)
        headed = sum(1 for found in sections.values() if found) > 1
        lines = []
        for name, found in sections.items():
            if not found:
                continue
            if headed:
                lines.append(f" {name}:")
            # the pass key last, where the section of ending things ends
            for option in sorted(
                found, key=lambda o: (number_of[o.index] == PASS_KEY, number_of[o.index])
            ):
                lines.append(f"  {number_of[option.index]:>2}. {option.label}")
        return lines
