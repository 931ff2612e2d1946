"""The `cardhost` command: play in the terminal, simulate, run the Discord bot.

Development tools (the benches, the crash test, the gallery) are not part of the product:
they live in the cardhost-devtools distribution and join this command through the
`cardhost.commands` entry-point group, so only an install that has them lists them.
"""

import argparse
import sys
import textwrap
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from engine import EngineError, OptionError, get_ruleset, ruleset_ids, simulate

PLAYOUTS_HELP = (
    "the search agent's playouts per decision (default: the game's own, measured for it)"
)


def _play(args: argparse.Namespace) -> int:
    from bot.terminal.play import play_in_terminal

    play_in_terminal(
        args.game,
        args.deck,
        args.opponent_deck,
        args.opponent,
        args.seed,
        players=args.players,
        hotseat=args.hotseat,
        options=_options(args),
        record=args.record,
    )
    return 0


def _replay(args: argparse.Namespace) -> int:
    from bot.terminal.replay import run_replay

    return run_replay(args.file, args.to_end, args.reveal)


def _simulate(args: argparse.Namespace) -> int:
    agents = tuple(a.strip() for a in args.agents.split(","))
    if len(agents) == 1 or args.players:
        agents = tuple(agents[i % len(agents)] for i in range(args.players or 2))
    budget: dict[str, Any] = {}
    if args.playouts is not None:
        budget["playouts"] = args.playouts
    if args.think_seconds is not None:
        budget["seconds"] = args.think_seconds
    result = simulate(
        args.game,
        args.games,
        agents,
        args.seed,
        options=_options(args),
        alternate_seats=args.alternate_seats,
        agent_options=budget,
    )
    for line in result.report():
        print(line)
    print(result.summary())
    return 0


def _balance(args: argparse.Namespace) -> int:
    from engine import BalanceReport, GamePlayed, balance, pool

    early_turns = get_ruleset(args.game).early_turns
    report: BalanceReport
    pairs = None
    if args.pair:
        pairs = []
        for text in args.pair:
            first, colon, second = text.partition(":")
            if not colon or not first.strip() or not second.strip():
                raise EngineError(f"--pair takes DECK:DECK, not {text!r}")
            pairs.append((first.strip(), second.strip()))
    if args.pool:
        played = []
        for path in args.pool:
            for line in Path(path).read_text().splitlines():
                if line.startswith("game seed="):
                    played.append(GamePlayed.parse(line))
        if not played:
            raise EngineError(f"no game lines in {', '.join(args.pool)} (from --each)")
        agent = args.agent if args.playouts is None else f"{args.agent} playouts={args.playouts}"
        report = pool(args.game, agent, played, pairs=pairs)
        if not report.games:
            named = ", ".join(args.pair or [])
            raise EngineError(f"no game of {named} in {', '.join(args.pool)}")
        print("\n".join(report.lines(early_turns=early_turns)))
        return 0
    budget: dict[str, Any] = {}
    if args.playouts is not None:
        budget["playouts"] = args.playouts
    share, slash, parts = (args.part or "1/1").partition("/")
    if not slash or not share.strip().isdigit() or not parts.strip().isdigit():
        raise EngineError(f"--part takes K/M (the K-th of M blocks), not {args.part!r}")
    report = balance(
        args.game,
        args.games,
        agent=args.agent,
        seed=args.seed,
        agent_options=budget,
        pairs=pairs,
        part=(int(share) - 1, int(parts)),
        progress=lambda matchup: print(matchup.line(), flush=True),
        each=(lambda game: print(game.line(), flush=True)) if args.each else None,
    )
    print("\n".join(report.lines(early_turns=early_turns)[len(report.matchups) :]))
    return 0


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The match options asked for (`--best-of N`, `--option name=value`), checked against
    the game's options model: one it does not have is refused before anything starts."""
    options: dict[str, Any] = {}
    for item in args.option or []:
        name, equals, text = item.partition("=")
        if not equals or not name.strip():
            raise EngineError(f"--option takes name=value, not {item!r}")
        options[name.strip().replace("-", "_")] = _value(text.strip())
    if args.best_of is not None:
        options["best_of"] = args.best_of
    rules = get_ruleset(args.game)
    try:
        return rules.check_options(options)
    except OptionError as exc:
        supported = [f"--{o.replace('_', '-')}" for o in rules.options_model.model_fields]
        hint = f"; {rules.name} takes {', '.join(supported)}" if supported else ""
        raise OptionError(exc.option, f"{exc}{hint}") from None


def _value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return text


def _add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--best-of",
        type=int,
        metavar="N",
        help="play a series, first to win a majority of N games (games that play series)",
    )
    parser.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="any other match option the game has (repeatable)",
    )


def _option_text(name: str, field: Any) -> str:
    """`--best-of 1|3|5 (default 1)` or `--option name=VALUE (default …)`: one match option
    of a game as the command line takes it."""
    values = get_args(field.annotation)
    shown = "|".join(str(v) for v in values) if get_origin(field.annotation) is Literal else "VALUE"
    flag = "--best-of " if name == "best_of" else f"--option {name}="
    return f"{flag}{shown} (default {field.default})"


def games_epilog() -> str:
    """Each game's id, players, preconstructed decks and match options, for `play --help`."""
    lines = ["games, their decks (--deck, --opponent-deck) and options:"]
    for game in ruleset_ids():
        rules = get_ruleset(game)
        low, high = rules.min_players, rules.max_players
        players = f"{low} players" if low == high else f"{low}-{high} players"
        lines.append(f"  {game} ({rules.name}, {players})")
        decks = ", ".join(sorted(rules.preconstructed_decks()))
        lines.append(
            textwrap.fill(f"decks: {decks}", 78, initial_indent="    ", subsequent_indent="      ")
        )
        fields = rules.options_model.model_fields
        options = [_option_text(name, field) for name, field in fields.items()]
        lines.append(f"    options: {'; '.join(options) if options else 'none'}")
    return "\n".join(lines)


def _bot(args: argparse.Namespace) -> int:
    from bot.discord.app import run_bot

    return run_bot()


def _sync(args: argparse.Namespace) -> int:
    from bot.discord.app import run_sync

    return run_sync(guild_id=args.guild, clear=args.clear)


def _copy_db(args: argparse.Namespace) -> int:
    from bot.storage.copy import run_copy

    return run_copy(args.source, args.target)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardhost", description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser(
        "play",
        help="play a match in the terminal against the computer, or hot-seat",
        epilog=games_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", choices=ruleset_ids(), help="the game to play (listed below)")
    play.add_argument("--deck", help="your preconstructed deck (default: the first one)")
    play.add_argument("--opponent-deck", help="the computer's deck")
    play.add_argument(
        "--opponent",
        default="greedy",
        choices=["random", "greedy", "search"],
        help="the computer: random (easy), greedy (normal) or search (hard)",
    )
    play.add_argument("--seed", type=int, help="fix the shuffle, to replay a game")
    play.add_argument("--players", type=int, default=2, help="seats, for games of 3 or 4")
    _add_options(play)
    play.add_argument(
        "--hotseat", action="store_true", help="everyone at this keyboard, no computer"
    )
    play.add_argument(
        "--record",
        metavar="FILE",
        help="save the match record in FILE when the session ends, for `cardhost replay FILE`",
    )
    play.set_defaults(run=_play)

    rep = sub.add_parser(
        "replay",
        help="step through a match record (from play --record or /replay … export)",
        description="Step through a match record. Keys: Enter or n next step, p previous, "
        "t N turn N, s N step N, e the last step, q quit.",
    )
    rep.add_argument("file", help="the record, as JSON")
    rep.add_argument(
        "--to-end",
        action="store_true",
        help="print the whole play-by-play and the final board; last line winner=",
    )
    rep.add_argument("--reveal", action="store_true", help="show every hand too")
    rep.set_defaults(run=_replay)

    sim = sub.add_parser("simulate", help="agent-vs-agent games; prints games_per_sec")
    sim.add_argument("game", choices=ruleset_ids(), help="the game to simulate")
    sim.add_argument("--games", type=int, default=1000, help="games to play (default: 1000)")
    sim.add_argument(
        "--agents",
        default="random,random",
        help="one per seat, of: random, greedy, search (one name alone fills every seat)",
    )
    sim.add_argument(
        "--alternate-seats",
        action="store_true",
        help="agents change seats every game; prints each agent's wins with a 95%% interval",
    )
    sim.add_argument("--playouts", type=int, help=PLAYOUTS_HELP)
    sim.add_argument(
        "--think-seconds",
        type=float,
        help="the search agent's time per decision (with --playouts: whichever ends first)",
    )
    sim.add_argument("--players", type=int, help="seats, for games of 3 or 4 (default: 2)")
    sim.add_argument("--seed", type=int, default=0, help="the first game's seed (default: 0)")
    _add_options(sim)
    sim.set_defaults(run=_simulate)

    bal = sub.add_parser(
        "balance", help="every pair of preconstructed decks, seats alternated: win rates"
    )
    bal.add_argument("game", choices=ruleset_ids(), help="the game whose decks are compared")
    bal.add_argument("--games", type=int, default=200, help="games per pair of decks")
    bal.add_argument("--agent", default="greedy", help="the agent in both seats")
    bal.add_argument("--seed", type=int, default=0, help="the first game's seed (default: 0)")
    bal.add_argument("--playouts", type=int, help=PLAYOUTS_HELP)
    bal.add_argument(
        "--pair",
        action="append",
        help="only this pair of decks, DECK:DECK (repeatable); its games keep their seeds"
        " (with --pool: count only its games)",
    )
    bal.add_argument(
        "--part",
        help="K/M: only the K-th of M equal blocks of each pair's games (their seeds kept)",
    )
    bal.add_argument(
        "--each", action="store_true", help="a line for every game as it ends (for --pool)"
    )
    bal.add_argument(
        "--pool",
        action="append",
        metavar="LOG",
        help="play nothing: the report of the game lines in LOG (repeatable; from --each)",
    )
    bal.set_defaults(run=_balance)

    run = sub.add_parser("bot", help="run the Discord bot (DISCORD_TOKEN from env or .env)")
    run.set_defaults(run=_bot)

    sync = sub.add_parser(
        "sync",
        help="register the slash commands now: globally (every server, DMs) or in one server",
    )
    sync.add_argument("--guild", type=int, help="a server id (default: global)")
    sync.add_argument("--clear", action="store_true", help="remove the commands instead")
    sync.set_defaults(run=_sync)

    copy = sub.add_parser(
        "copy-db", help="copy every table into an empty database (SQLite to PostgreSQL)"
    )
    copy.add_argument("source", help="an SQLite file or a postgresql:// URL")
    copy.add_argument("target", help="an SQLite file or a postgresql:// URL, holding no matches")
    copy.set_defaults(run=_copy_db)

    for add_command in installed_commands():
        add_command(sub)
    return parser


COMMAND_GROUP = "cardhost.commands"

# What an entry point of `COMMAND_GROUP` loads: it adds its subcommand (with
# `set_defaults(run=...)`, a function of the parsed arguments returning the exit status).
AddCommand = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]


def installed_commands() -> list[AddCommand]:
    """The subcommands other installed distributions add (cardhost-devtools' benches, crash
    test, gallery), in name order. One that fails to load is reported and left out: a
    broken tool must not take `cardhost play` or `cardhost bot` down with it."""
    found: list[AddCommand] = []
    for point in sorted(entry_points(group=COMMAND_GROUP), key=lambda point: point.name):
        try:
            found.append(point.load())
        except Exception as exc:  # any error of a third-party import
            print(f"cardhost: command {point.name} not loaded: {exc}", file=sys.stderr)
    return found


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except EngineError as exc:
        print(f"cardhost: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print()
        return 130


if __name__ == "__main__":
    sys.exit(main())
