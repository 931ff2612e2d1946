"""The games of one Battle Mages pair, each with its play-by-play, and where the damage went.

Issue 15: `battle_mages_pair_casts.py` says what each deck cast; this says how the games
went. It plays the games of `cardhost balance battle-mages --games N --seed S --pair A:B`
(the same seeds, seats and agents; `--set` and `--deck` try a change in this process only,
as in `battle_mages_pair_casts.py`), prints a line per game (winner, turns, each Mage's
life and hand at the end), writes each game's whole event log to `--logs DIR` if given
(hands included: the log is the engine's own, not a player's view), and ends with, per
deck, the damage it dealt to the other Mage by source, in its losses and in its wins.

    python docs/measurements/battle_mages_pair_logs.py --games 40 --seed 5000 \\
        --pair blightgrove:emberstorm --agent search --playouts 40 --logs /tmp/logs
"""

import argparse
import re
from collections import Counter
from pathlib import Path

from battle_mages_pair_casts import changed_decks
from pair_games import add_pair_arguments, find_pair, pair_games, print_pair_result, print_rates

from engine.rulesets.battle_mages.game import BattleMagesState

DAMAGE = re.compile(r"^(\w+) takes (\d+) damage from (.+) \(-?\d+ left\)\.$")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_pair_arguments(parser, default_pair="blightgrove:emberstorm")
    parser.add_argument("--set", action="append", default=[], metavar="CARD.STAT=N")
    parser.add_argument("--logs", type=Path, help="write each game's log to this folder")
    args = parser.parse_args()

    pool = changed_decks(args.set, args.deck, args.swap)
    _, first, second = find_pair(pool, args.pair)
    if args.logs:
        args.logs.mkdir(parents=True, exist_ok=True)
    wins: Counter[str] = Counter()
    games = {deck: [0, 0] for deck in (first, second)}  # [its losses, its wins]
    # per deck: damage it dealt to the other Mage, by source, [in its losses, in its wins]
    dealt = {deck: (Counter[str](), Counter[str]()) for deck in (first, second)}
    turns: list[int] = []
    for number, seated, match in pair_games("battle-mages", pool, args):
        winner = None if match.winner is None else seated[match.winner]
        if winner is not None:
            wins[winner] += 1
        turns.append(match.view(None).turn)
        lines = [event.text for event in match.events]
        for line in lines:
            hit = DAMAGE.match(line)
            if hit and hit.group(1) in games:
                source_deck = second if hit.group(1) == first else first
                side = int(source_deck == winner)
                dealt[source_deck][side][hit.group(3)] += int(hit.group(2))
        for deck in (first, second):
            games[deck][int(deck == winner)] += 1
        state = match.state
        assert isinstance(state, BattleMagesState)  # a Battle Mages match
        sides = state.sides
        print(
            f"game {number} seats {','.join(seated)} winner {winner} turn {turns[-1]} "
            f"life {sides[0].life},{sides[1].life} hand {len(sides[0].hand)},"
            f"{len(sides[1].hand)}",
            flush=True,
        )
        if args.logs:
            (args.logs / f"game_{number}.txt").write_text("\n".join(lines) + "\n")

    print_pair_result("battle-mages", (first, second), wins, turns, args)
    for deck in (first, second):
        lost, won = games[deck]
        print(f"{deck}: damage dealt to the other Mage per game, in its {lost} losses / {won} wins")
        print_rates(dealt[deck], games[deck])
        losing, winning = dealt[deck]
        print(
            f"  {'(all)':34} {sum(losing.values()) / max(1, lost):5.2f} "
            f"{sum(winning.values()) / max(1, won):5.2f}"
        )


if __name__ == "__main__":
    main()
