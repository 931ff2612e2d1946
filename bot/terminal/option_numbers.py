"""How the terminal numbers and groups a decision's options.

The labels and groups come from the engine (`Option.label`, `Option.group`); this only
decides where each option is listed and which number a person types for it:

* options are listed in sections, play first, then attack, then other (end the turn,
  pass, settings), each section headed only when more than one has options;
* a number does not jump between two screens where that is possible: an option still
  offered on the next screen of the same player and decision kind keeps its number (the
  same action id), and new options take the numbers left free, lowest first. Numbers
  always run from 1 to the number of options (a gap would make a typed number fail, and
  a player who always types the same number would be stuck), so when an option went away
  and nothing new takes its number, the screen is numbered afresh in section order.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import Option

#: Engine groups by section; any other group is something to play or do.
ATTACK_GROUPS = frozenset({"attack", "block"})
OTHER_GROUPS = frozenset({"end", "pass", "done", "setting", "undo", "stop"})
SECTIONS = ("Play", "Attack", "Other")


def section_of(option: Option) -> str:
    if option.group in ATTACK_GROUPS:
        return "Attack"
    if option.group in OTHER_GROUPS:
        return "Other"
    return "Play"


@dataclass(slots=True)
class Numbering:
    """The numbers on one screen: `number -> option index`, and the listing's lines."""

    numbers: dict[int, int]
    lines: list[str]

    def range_words(self) -> str:
        """`from 1 to 5` (for a message about a wrong number)."""
        return f"from 1 to {len(self.numbers)}"

    def choices_text(self) -> str:
        """`1-5` (for the prompt)."""
        return f"1-{len(self.numbers)}"


@dataclass(slots=True)
class OptionNumberer:
    """Remembers the last screen of each seat, so the next one can keep its numbers."""

    last: dict[int, tuple[str, dict[str, int]]] = field(default_factory=dict)

    def number(self, seat: int, kind: str, options: Sequence[Option]) -> Numbering:
        before = self.last.get(seat)
        kept = before[1] if before is not None and before[0] == kind else {}
        by_index: dict[int, int] = {}  # shown number -> option index
        placed: set[int] = set()
        for option in options:
            n = kept.get(option.id)
            if n is not None and n not in by_index:
                by_index[n] = option.index
                placed.add(option.index)
        fresh = (n for n in range(1, 2 * len(options) + 2) if n not in by_index)
        for option in sorted(options, key=lambda o: SECTIONS.index(section_of(o))):
            if option.index not in placed:  # in section order, so a fresh screen reads 1..N
                by_index[next(fresh)] = option.index
        if by_index and max(by_index) > len(options):  # a gap: number afresh instead
            self.last.pop(seat, None)
            return self.number(seat, kind, options)
        self.last[seat] = (kind, {options[i].id: n for n, i in by_index.items()})
        return Numbering(by_index, self._lines(options, by_index))

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
            for option in sorted(found, key=lambda o: number_of[o.index]):
                lines.append(f"  {number_of[option.index]:>2}. {option.label}")
        return lines
