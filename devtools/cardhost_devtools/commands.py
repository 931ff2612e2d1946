"""The `cardhost` subcommands of the development tools, one function per command.

Each is an entry point of the `cardhost.commands` group (devtools/pyproject.toml): bot/cli.py
calls it with its subparsers, it adds its own parser with the options and the `run` function.
The heavy modules (the stand-in, the benches) load only when their command runs, so
`cardhost play` pays nothing for them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

Subparsers = argparse._SubParsersAction  # what `add_subparsers()` returns


def gallery(sub: Subparsers[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "gallery", help="write a board picture of a mid-game position of every game (PNG)"
    )
    parser.add_argument("out_dir", type=Path, help="where the pictures go (made if missing)")
    parser.add_argument(
        "--seed", type=int, default=1, help="the seed of every game's position (default: 1)"
    )
    parser.set_defaults(run=_gallery)


def _gallery(args: argparse.Namespace) -> int:
    from cardhost_devtools.gallery import write_gallery

    for shot in write_gallery(args.out_dir, seed=args.seed):
        print(
            f"{shot.path} {shot.game} players={shot.players} seed={shot.seed} "
            f"turn={shot.turn} moves={shot.moves}"
        )
    return 0


def crashtest(sub: Subparsers[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "crashtest", help="kill the bot at the worst moments and check it keeps its promises"
    )
    parser.add_argument("--matches", type=int, default=6, help="matches played (default: 6)")
    parser.add_argument(
        "--kills", type=int, default=3, help="times the bot is killed in all (default: 3)"
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the matches and kill points (default: 0)"
    )
    parser.set_defaults(run=_crashtest)


def _crashtest(args: argparse.Namespace) -> int:
    from cardhost_devtools.crashtest import run_crashtest

    return run_crashtest(args.matches, args.kills, args.seed)


def bench_bot(sub: Subparsers[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("bench-bot", help="drive concurrent matches through a fake Discord")
    parser.add_argument("--matches", type=int, default=200, help="matches at once (default: 200)")
    parser.add_argument("--seed", type=int, default=0, help="the matches' seed (default: 0)")
    parser.add_argument(
        "--computer",
        type=int,
        default=0,
        metavar="N",
        help="N more tables where a player plays the hard computer (its thinking must not "
        "slow the other tables' clicks); the figures stay the other tables'",
    )
    parser.set_defaults(run=_bench_bot)


def _bench_bot(args: argparse.Namespace) -> int:
    from cardhost_devtools.bench.bot import run_bench

    return run_bench(args.matches, args.seed, computers=args.computer)


def bench_restart(sub: Subparsers[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("bench-restart", help="time a start that restores many running matches")
    parser.add_argument(
        "--matches", type=int, default=10_000, help="running matches stored (default: 10000)"
    )
    parser.add_argument("--actions", type=int, default=20, help="logged actions per match")
    parser.add_argument("--distinct", type=int, default=50, help="different matches stored")
    parser.set_defaults(run=_bench_restart)


def _bench_restart(args: argparse.Namespace) -> int:
    from cardhost_devtools.bench.restart import run_bench_restart

    return run_bench_restart(args.matches, args.actions, args.distinct)


def bench_log(sub: Subparsers[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("bench-log", help="the action log's cost per append (group commit)")
    parser.add_argument("--matches", type=int, default=50, help="matches appending at once")
    parser.add_argument(
        "--turns", type=int, default=100, help="appends per match, one after another"
    )
    parser.set_defaults(run=_bench_log)


def _bench_log(args: argparse.Namespace) -> int:
    from cardhost_devtools.bench.log import run_bench_log

    return run_bench_log(args.matches, args.turns)
