"""The games of one pair of `cardhost balance GAME --games N --seed S --pair A:B`, replayed.

The per-pair measurements (what each deck cast in its wins and its losses, where the damage
went, how Mage Wars games end) must play exactly the games the balance command plays, so
that their counts explain its figures: the same match seeds, seats and agent seeds. This
module is that one replay, and the tally and the lines every one of them prints.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator
from typing import TextIO

from engine.agents import make_agent
from engine.balance import deck_pairs, game_seed, play_counting, wilson
from engine.core.match import Match, new_match

#: per deck: what was counted (Counter) in its losses and in its wins, in that order
Split = tuple[Counter[str], Counter[str]]


def add_pair_arguments(parser: argparse.ArgumentParser, *, default_pair: str) -> None:
    """The options every per-pair measurement shares with `cardhost balance`, and the deck
    changes (`--deck`, `--swap`; card_changes.decks_with_changes applies them)."""
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--playouts", type=int, default=40, help="the search agent's budget")
    parser.add_argument("--pair", default=default_pair)
    parser.add_argument("--deck", action="append", default=[], metavar="DECK:CARD=N")
    parser.add_argument("--swap", action="append", default=[], metavar="DECK:OLD=NEW")
    add_first_argument(parser)


def add_first_argument(parser: argparse.ArgumentParser) -> None:
    """`--first N`: a screen on the first N of a pair's games (Mage Wars' too)."""
    parser.add_argument(
        "--first",
        type=int,
        default=None,
        metavar="N",
        help="play only the first N of the --games games (the same deals: a quicker screen)",
    )


def find_pair(
    pool: dict[str, list[str]], pair: str, *, noun: str = "decks"
) -> tuple[int, str, str]:
    """The pair's index in `cardhost balance`'s order (it sets the seeds) and its decks;
    `noun` is what the refusal calls them (Mage Wars' decks are Mages)."""
    every = deck_pairs(pool)
    wanted = frozenset(pair.split(":"))
    found = [i for i, decks in enumerate(every) if frozenset(decks) == wanted]
    if not found:
        sys.exit(f"no such pair: {pair} ({noun}: {', '.join(sorted(pool))})")
    first, second = every[found[0]]
    return found[0], first, second


def pair_games(
    ruleset: str, pool: dict[str, list[str]], args: argparse.Namespace
) -> Iterator[tuple[int, list[str], Match]]:
    """Play the pair's games one by one, as `cardhost balance` does; yield each finished
    match with its seed number and its seats (deck names, first seat first)."""
    index, first, second = find_pair(pool, args.pair)
    options = {"playouts": args.playouts} if args.agent == "search" else {}
    played = args.games if args.first is None else min(args.first, args.games)
    for game in range(played):
        number = game_seed(args.seed, index, args.games, game)
        seated = [first, second] if game % 2 == 0 else [second, first]
        agents = [
            make_agent(args.agent, number * 2, **options),
            make_agent(args.agent, number * 2 + 1, **options),
        ]
        match = new_match(ruleset, seated, [pool[seated[0]], pool[seated[1]]], number)
        play_counting(match, agents)
        yield number, seated, match


class PairTally:
    """The pair's wins, each deck's games split into losses and wins, and the turns the
    games ended on: what every per-pair measurement keeps besides its own counts."""

    def __init__(self, first: str, second: str) -> None:
        self.pair = (first, second)
        self.wins: Counter[str] = Counter()
        self.games = {deck: [0, 0] for deck in self.pair}  # [its losses, its wins]
        self.turns: list[int] = []

    def record(self, seated: list[str], match: Match) -> str | None:
        """Count a finished game; return its winner's deck (None for a draw)."""
        winner = None if match.winner is None else seated[match.winner]
        if winner is not None:
            self.wins[winner] += 1
        self.turns.append(match.view(None).turn)
        for deck in self.pair:
            self.games[deck][int(deck == winner)] += 1
        return winner

    def split(self) -> dict[str, Split]:
        """A fresh (in its losses, in its wins) pair of counters for each deck."""
        return {deck: (Counter[str](), Counter[str]()) for deck in self.pair}


def write_game_log(log: TextIO | None, line: str, match: Match) -> None:
    """A game's line and then its every event line (the engine's own log, hands included)."""
    if log is None:
        return
    log.write(f"=== {line}\n")
    log.writelines(f"{event.text}\n" for event in match.events)
    log.flush()


def print_pair_result(ruleset: str, tally: PairTally, args: argparse.Namespace) -> None:
    """The pair's result as every per-pair measurement prints it: what was run (with the
    trial's in-memory changes), each deck's wins with a 95% Wilson interval, the turns."""
    budget = f" playouts={args.playouts}" if args.agent == "search" else ""
    first = "" if args.first is None else f" first={args.first}"
    pair = tally.pair
    print(
        f"{ruleset} pair {pair[0]}:{pair[1]} agent={args.agent}{budget} seed={args.seed} "
        f"games={args.games}{first} set={args.set} deck={args.deck} "
        f"swap={args.swap}"
    )
    played = len(tally.turns)
    for deck in pair:
        low, high = wilson(tally.wins[deck], played)
        print(f"{deck}: {tally.wins[deck]} of {played} won (95% {low:.1%}-{high:.1%})")
    ordered = sorted(tally.turns)
    print(f"turns at the end: fewest {ordered[0]}, median {ordered[len(ordered) // 2]}")


def print_rates(counts: Split, games: list[int], *, width: int = 34) -> None:
    """One line a thing counted: how often per game in the deck's losses and in its wins
    (`counts` and `games` are (losses, wins)), the most counted first."""
    losing, winning = counts
    lost, won = games
    # ties by name: a set's order changes from one process to the next (string hashing)
    for what in sorted(set(losing) | set(winning), key=lambda c: (-(losing[c] + winning[c]), c)):
        per_loss, per_win = losing[what] / max(1, lost), winning[what] / max(1, won)
        print(f"  {what:{width}} {per_loss:5.2f} {per_win:5.2f}")
