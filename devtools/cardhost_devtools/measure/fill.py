"""The games of a `cardhost balance` run that no log holds yet, shared among workers.

A long confirmation (search agent, 200 games a pair) is run in pieces over several
sessions: `--part K/M` blocks, some stopped halfway. Re-running a stopped block from its
start is safe (`--pool` counts a game logged twice once) but replays the games already
logged. This script plays only the missing ones: the games of

    cardhost balance GAME --games N --seed S [--pair A:B ...] --agent search --playouts P

whose seed no `--logged` file holds, each game exactly as that command plays it (one game
is `--part g+1/N` of its pair, so its seed, seats and agents are the command's). The
games go in the order game 0 of every pair, then game 1 of every pair, …, so that every
pair grows at the same pace and a lopsided pair shows early; worker K of M takes every
M-th of them. It prints `--each` lines, to be pooled with `cardhost balance --pool`.

    python -m cardhost_devtools.measure fill magic-core --games 200 --playouts 40 \\
        --logged logs/magic-core-*.log --worker 1/2 > fill-1.log
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.balance import GamePlayed, balance, deck_pairs, game_seed
from engine.core.ruleset import get_ruleset


def missing_games(
    ruleset: str,
    games_per_pair: int,
    seed: int,
    pairs: list[tuple[str, str]] | None,
    logged: set[tuple[int, frozenset[str]]],
) -> list[tuple[tuple[str, str], int]]:
    """(pair, game index) of every game of the run that is not logged (by seed and
    decks: runs on other seeds may reuse a number for another pair), game by game."""
    every = deck_pairs(get_ruleset(ruleset).preconstructed_decks())
    wanted = None if pairs is None else {frozenset(pair) for pair in pairs}
    todo = []
    for game in range(games_per_pair):
        for index, pair in enumerate(every):
            if wanted is not None and frozenset(pair) not in wanted:
                continue
            if (game_seed(seed, index, games_per_pair, game), frozenset(pair)) not in logged:
                todo.append((pair, game))
    return todo


def _games(path: str) -> list[GamePlayed]:
    lines = Path(path).read_text().splitlines()
    return [GamePlayed.parse(line) for line in lines if line.startswith("game seed=")]


def main(argv: list[str], *, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--playouts", type=int, default=40)
    parser.add_argument("--pair", action="append", default=[], metavar="A:B")
    parser.add_argument("--logged", nargs="*", action="extend", default=[], metavar="LOG")
    parser.add_argument("--worker", default="1/1", metavar="K/M")
    args = parser.parse_args(argv)
    pairs = [(text.split(":")[0], text.split(":")[1]) for text in args.pair] or None
    logged = {
        (played.seed, frozenset(played.seated)) for path in args.logged for played in _games(path)
    }
    worker, workers = (int(word) for word in args.worker.split("/"))
    todo = missing_games(args.game, args.games, args.seed, pairs, logged)
    mine = todo[worker - 1 :: workers]
    print(f"# {len(todo)} games missing, worker {args.worker} plays {len(mine)}", file=sys.stderr)
    for pair, game in mine:
        balance(
            args.game,
            args.games,
            agent="search",
            seed=args.seed,
            agent_options={"playouts": args.playouts},
            pairs=[pair],
            part=(game, args.games),
            each=lambda played: print(played.line(), flush=True),
        )
    return 0
