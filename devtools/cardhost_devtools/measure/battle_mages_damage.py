"""The games of one Battle Mages pair, each with its play-by-play, and where the damage went.

`casts battle-mages` says what each deck cast; this says how the games went. It plays the
games of `cardhost balance battle-mages --games N --seed S --pair A:B` (the same seeds,
seats and agents; `--set`, `--deck` and `--swap` try a change in this process only, as in
`casts`), prints a line per game (winner, turns, each Mage's life and hand at the end),
writes each game's whole event log to `--logs DIR` if given (hands included: the log is
the engine's own, not a player's view), and ends with, per deck, the damage it dealt to the
other Mage by source, in its losses and in its wins.

    python -m cardhost_devtools.measure battle-mages-damage --games 40 --seed 5000 \\
        --pair blightgrove:emberstorm --agent search --playouts 40 --logs /tmp/logs
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from cardhost_devtools.measure.card_changes import battle_mages as changed_decks
from cardhost_devtools.measure.pairs import (
    PairTally,
    add_pair_arguments,
    find_pair,
    pair_games,
    print_pair_result,
    print_rates,
)
from engine.rulesets.battle_mages.game import BattleMagesState

DAMAGE = re.compile(r"^(\w+) takes (\d+) damage from (.+) \(-?\d+ left\)\.$")


def main(argv: list[str], *, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    add_pair_arguments(parser, default_pair="blightgrove:emberstorm")
    parser.add_argument("--set", action="append", default=[], metavar="CARD.STAT=N")
    parser.add_argument("--logs", type=Path, help="write each game's log to this folder")
    args = parser.parse_args(argv)

    pool = changed_decks(args.set, args.deck, args.swap)
    _, first, second = find_pair(pool, args.pair)
    if args.logs:
        args.logs.mkdir(parents=True, exist_ok=True)
    tally = PairTally(first, second)
    # per deck: damage it dealt to the other Mage, by source, [in its losses, in its wins]
    dealt = tally.split()
    for number, seated, match in pair_games("battle-mages", pool, args):
        winner = tally.record(seated, match)
        lines = [event.text for event in match.events]
        for line in lines:
            hit = DAMAGE.match(line)
            if hit and hit.group(1) in tally.games:
                source_deck = second if hit.group(1) == first else first
                side = int(source_deck == winner)
                dealt[source_deck][side][hit.group(3)] += int(hit.group(2))
        state = match.state
        assert isinstance(state, BattleMagesState)  # a Battle Mages match
        sides = state.sides
        print(
            f"game {number} seats {','.join(seated)} winner {winner} turn {tally.turns[-1]} "
            f"life {sides[0].life},{sides[1].life} hand {len(sides[0].hand)},"
            f"{len(sides[1].hand)}",
            flush=True,
        )
        if args.logs:
            (args.logs / f"game_{number}.txt").write_text("\n".join(lines) + "\n")

    print_pair_result("battle-mages", tally, args)
    for deck in tally.pair:
        lost, won = tally.games[deck]
        print(f"{deck}: damage dealt to the other Mage per game, in its {lost} losses / {won} wins")
        print_rates(dealt[deck], tally.games[deck])
        losing, winning = dealt[deck]
        print(
            f"  {'(all)':34} {sum(losing.values()) / max(1, lost):5.2f} "
            f"{sum(winning.values()) / max(1, won):5.2f}"
        )
    return 0
