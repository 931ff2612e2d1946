"""What each deck of one Enchantoria pair cast, and what got countered, in its wins and losses.

Issue 15: `cardhost balance` says which deck of a pair wins, not why. This plays the same
games as `cardhost balance enchantoria --games N --seed S --pair A:B` (the same seeds,
seats and agents) and counts, per deck, the spells cast per game in the games it lost and
in those it won, and its spells that were countered (and by what). A card cast far more
often in a deck's wins than in its losses is a candidate for what carries the deck.

`--set CARD.FIELD=N` (cost, power, health, ward, aura, pulse, well) and `--deck
DECK:CARD=N` try a change in this process only, without editing the card files: the way
the balance trials of docs/balance.md were run before a change went into the TOML.
`--log FILE` writes every game's public event lines, to read them.

    python docs/measurements/enchantoria_pair_casts.py --games 40 --seed 1000 \\
        --pair stone_vigil:verdant_cycle [--agent search --playouts 40] [--set ember_drake.power=3]
"""

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from typing import TextIO

from pair_games import (
    add_pair_arguments,
    decks_with_changes,
    find_pair,
    pair_games,
    print_pair_result,
    print_rates,
)

from engine.rulesets.enchantoria import cards as enchantoria_cards
from engine.rulesets.enchantoria.events import Countered, SpellCast

STATS = ("cost", "power", "health", "ward", "aura", "pulse", "well")


def changed_decks(
    sets: list[str], deck_changes: list[str], swaps: Sequence[str] = ()
) -> dict[str, list[str]]:
    """The preconstructed decks with the trial's changes applied (cards changed in place,
    for this process only); a deck that is not 30 cards afterwards is refused."""
    protos = enchantoria_cards.protos()
    for item in sets:
        left, value = item.split("=")
        card, stat = left.split(".")
        if card not in protos or stat not in STATS:
            sys.exit(f"--set {item}: no card {card!r} or no stat {stat!r} (stats: {STATS})")
        setattr(protos[card], stat, int(value))
    return decks_with_changes("enchantoria", deck_changes, protos, 30, swaps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_pair_arguments(parser, default_pair="stone_vigil:verdant_cycle")
    parser.add_argument("--set", action="append", default=[], metavar="CARD.STAT=N")
    parser.add_argument("--log", default="", help="write every game's event lines here")
    args = parser.parse_args()

    pool = changed_decks(args.set, args.deck, args.swap)
    _, first, second = find_pair(pool, args.pair)
    wins: Counter[str] = Counter()
    # per deck: [in its losses, in its wins]
    cast = {deck: (Counter[str](), Counter[str]()) for deck in (first, second)}
    countered = {deck: (Counter[str](), Counter[str]()) for deck in (first, second)}
    games = {deck: [0, 0] for deck in (first, second)}
    turns: list[int] = []
    log: TextIO | None = open(args.log, "w") if args.log else None  # noqa: SIM115
    for number, seated, match in pair_games("enchantoria", pool, args):
        winner = None if match.winner is None else seated[match.winner]
        if winner is not None:
            wins[winner] += 1
        turns.append(match.view(None).turn)
        for deck in (first, second):
            won = int(deck == winner)
            games[deck][won] += 1
        for event in match.events:
            if isinstance(event, SpellCast):
                cast[event.player_name][int(event.player_name == winner)][event.card] += 1
            elif isinstance(event, Countered):
                side = int(event.player_name == winner)
                countered[event.player_name][side][f"{event.card} by {event.by}"] += 1
        line = f"game {number} seats {seated} winner {winner} turn {turns[-1]}"
        print(line, flush=True)  # a run stopped early still tells its games
        if log is not None:
            log.write(f"=== {line}\n")
            log.writelines(f"{event.text}\n" for event in match.events)
            log.flush()
    if log is not None:
        log.close()

    print_pair_result("enchantoria", (first, second), wins, turns, args)
    for deck in (first, second):
        lost, won = games[deck]
        print(f"{deck}: spells cast per game, in its {lost} losses / its {won} wins")
        print_rates(cast[deck], games[deck], width=22)
        for label, which in (("losses", 0), ("wins", 1)):
            total = sum(countered[deck][which].values())
            top = ", ".join(f"{k} {n}" for k, n in countered[deck][which].most_common(4))
            print(f"  countered in its {label}: {total} ({top})")


if __name__ == "__main__":
    main()
