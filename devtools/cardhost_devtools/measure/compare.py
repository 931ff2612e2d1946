"""How a screen's games ended against the same games in a baseline, game by game.

A screen (`casts magic-core … --set/--swap …`, `mage-wars …`) replays a
confirmation's own deals with one change in memory. Its count alone mixes the change's
effect with the search agent's chance; comparing each game with the same seed and seats
in the baseline (`cardhost balance --each` logs, or another screen's output) says how
many games changed winner and which way, the figure the trials of docs/balance.md quote.

    python -m cardhost_devtools.measure compare SCREEN.txt DECK BASELINE... [--by-pair]

A game the baselines hold twice counts its first line (as `cardhost balance --pool`).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

from engine.balance import GamePlayed

#: The per-pair measurements' game lines (`cardhost balance --each` lines are GamePlayed's).
SCREEN_LINE = re.compile(r"game (\d+) seats \['(\w+)', '(\w+)'\] winner (\w+)")

GameKey = tuple[int, str, str]


def games(path: Path) -> Iterator[tuple[GameKey, str]]:
    """Each finished game in a file, as ((seed, first seat, second seat), winner)."""
    for line in path.read_text().splitlines():
        if line.startswith("game seed="):
            game = GamePlayed.parse(line)
            yield (game.seed, game.seated[0], game.seated[1]), game.winner or "-"
        elif found := SCREEN_LINE.match(line):
            yield (int(found[1]), found[2], found[3]), found[4]


def compare(screen: Path, deck: str, baselines: list[Path], *, by_pair: bool = False) -> str:
    """One line: the deck's wins in the games both hold, before and after, and how many
    games changed winner towards it and away from it; with `by_pair`, a line for each
    opponent first (a change to one Mage moves its pairs by different amounts, and
    only the pairs say which way each must still go)."""
    before: dict[GameKey, str] = {}
    for path in baselines:
        for key, winner in games(path):
            before.setdefault(key, winner)
    tallies: dict[str, list[int]] = {}  # opponent -> shared, before, after, towards, away
    for key, winner in games(screen):
        if key not in before or deck not in key[1:]:
            continue
        opponent = key[2] if key[1] == deck else key[1]
        was, now = before[key] == deck, winner == deck
        row = tallies.setdefault(opponent, [0, 0, 0, 0, 0])
        for index, add in enumerate((1, was, now, now and not was, was and not now)):
            row[index] += add
    lines = []
    if by_pair:
        lines = [f"{deck} vs {rival}: " + _line(row) for rival, row in sorted(tallies.items())]
    total = [sum(column) for column in zip(*tallies.values(), strict=True)] or [0] * 5
    return "\n".join([*lines, f"{deck}: " + _line(total)])


def _line(row: list[int]) -> str:
    shared, old_wins, new_wins, towards, away = row
    return (
        f"{old_wins} -> {new_wins} of {shared} shared games; "
        f"changed winner {towards} towards it, {away} away"
    )


def main(argv: list[str], *, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("screen", type=Path)
    parser.add_argument("deck", help="whose wins to count (a deck or Mage name)")
    parser.add_argument("baselines", type=Path, nargs="+")
    parser.add_argument("--by-pair", action="store_true", help="a line for each opponent too")
    args = parser.parse_args(argv)
    print(compare(args.screen, args.deck, args.baselines, by_pair=args.by_pair))
    return 0
