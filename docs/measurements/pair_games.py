"""The games of one pair of `cardhost balance GAME --games N --seed S --pair A:B`, replayed.

The per-pair counting scripts beside this file (what each deck cast in its wins and in its
losses) must play exactly the games the balance command plays, so that their counts
explain its figures: the same match seeds, seats and agent seeds. This module is that one
replay, shared by them.
"""

import argparse
import sys
from collections import Counter
from collections.abc import Collection, Iterator

from engine.agents import make_agent
from engine.balance import deck_pairs, game_seed, play_counting, wilson
from engine.core.match import Match, new_match
from engine.core.ruleset import get_ruleset


def add_pair_arguments(parser: argparse.ArgumentParser, *, default_pair: str) -> None:
    """The options every per-pair script shares with `cardhost balance`, and the deck
    changes (`--deck`, `--swap`) that `decks_with_changes` applies for each of them."""
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--playouts", type=int, default=40, help="the search agent's budget")
    parser.add_argument("--pair", default=default_pair)
    parser.add_argument("--deck", action="append", default=[], metavar="DECK:CARD=N")
    parser.add_argument("--swap", action="append", default=[], metavar="DECK:OLD=NEW")
    add_first_argument(parser)


def add_first_argument(parser: argparse.ArgumentParser) -> None:
    """`--first N`: a screen on the first N of a pair's games (Mage Wars' script too)."""
    parser.add_argument(
        "--first",
        type=int,
        default=None,
        metavar="N",
        help="play only the first N of the --games games (the same deals: a quicker screen)",
    )


def decks_with_changes(
    ruleset: str,
    deck_changes: list[str],
    known_cards: Collection[str],
    size: int,
    swaps: Collection[str] = (),
) -> dict[str, list[str]]:
    """The ruleset's preconstructed decks with a trial's `--deck DECK:CARD=N` counts and
    `--swap DECK:OLD=NEW` replacements applied (this process only); a deck that would not
    hold `size` cards is refused.

    Each list keeps the deck's own order (a card added by --deck goes last): the match
    shuffles the list it is given by its seed, so a sorted list would deal other games than
    `cardhost balance`. A swap puts NEW in OLD's last place, so the games are dealt as
    before but for that one card: the same deals, like a stat change (a deck file that
    writes NEW on OLD's line deals them too)."""
    counts = {
        deck: Counter(cards) for deck, cards in get_ruleset(ruleset).preconstructed_decks().items()
    }
    for item in deck_changes:
        deck, rest = item.split(":")
        card, value = rest.split("=")
        if deck not in counts or card not in known_cards:
            sys.exit(f"--deck {item}: no deck {deck!r} or no card {card!r}")
        counts[deck][card] = int(value)
    decks = {deck: list(count.elements()) for deck, count in counts.items()}
    for item in swaps:
        deck, rest = item.split(":")
        old, new = rest.split("=")
        if deck not in decks or old not in decks[deck] or new not in known_cards:
            sys.exit(f"--swap {item}: no deck {deck!r}, no {old!r} in it or no card {new!r}")
        place = len(decks[deck]) - 1 - decks[deck][::-1].index(old)
        decks[deck][place] = new
    for deck, cards in decks.items():
        if len(cards) != size:
            sys.exit(f"{deck} would have {len(cards)} cards, not {size}")
    return decks


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


def print_pair_result(
    ruleset: str,
    pair: tuple[str, str],
    wins: Counter[str],
    turns: list[int],
    args: argparse.Namespace,
) -> None:
    """The pair's result as every per-pair script prints it: what was run (with the
    trial's in-memory changes), each deck's wins with a 95% Wilson interval, the turns."""
    budget = f" playouts={args.playouts}" if args.agent == "search" else ""
    first = "" if args.first is None else f" first={args.first}"
    print(
        f"{ruleset} pair {pair[0]}:{pair[1]} agent={args.agent}{budget} seed={args.seed} "
        f"games={args.games}{first} set={args.set} deck={args.deck} "
        f"swap={args.swap}"
    )
    played = len(turns)
    for deck in pair:
        low, high = wilson(wins[deck], played)
        print(f"{deck}: {wins[deck]} of {played} won (95% {low:.1%}-{high:.1%})")
    ordered = sorted(turns)
    print(f"turns at the end: fewest {ordered[0]}, median {ordered[len(ordered) // 2]}")


def print_rates(
    counts: tuple[Counter[str], Counter[str]], games: list[int], *, width: int = 34
) -> None:
    """One line a thing counted: how often per game in the deck's losses and in its wins
    (`counts` and `games` are (losses, wins)), the most counted first."""
    losing, winning = counts
    lost, won = games
    # ties by name: a set's order changes from one process to the next (string hashing)
    for what in sorted(set(losing) | set(winning), key=lambda c: (-(losing[c] + winning[c]), c)):
        per_loss, per_win = losing[what] / max(1, lost), winning[what] / max(1, won)
        print(f"  {what:{width}} {per_loss:5.2f} {per_win:5.2f}")
