"""What each deck of one Battle Mages pair attempted, in its wins and its losses.

Issue 15: `cardhost balance` says which deck of a pair wins, not why. This plays the same
games as `cardhost balance battle-mages --games N --seed S --pair A:B` (the same seeds,
seats and agents) and counts, per deck, the spells and abilities it attempted per game in
the games it lost and in those it won. A card attempted far more often in a deck's wins
than in its losses is a candidate for what carries the deck.

`--set CARD.STAT=N` (cost, power, health; `ability`: the mana its first ability costs;
`damage`: the damage its spell deals)
and `--deck DECK:CARD=N` try a change in this process only, without editing the card
files: the way the Battle Mages trials of
docs/balance.md were screened before a change went into the TOML. With `--summary` only
the pair's result is printed.

    python docs/measurements/battle_mages_pair_casts.py --games 40 --seed 1000 \\
        --pair blightgrove:emberstorm [--agent search --playouts 40] [--set gravel_brute.cost=4]
"""

import argparse
import sys
from collections import Counter
from collections.abc import Sequence

from pair_games import (
    add_pair_arguments,
    decks_with_changes,
    find_pair,
    pair_games,
    print_pair_result,
    print_rates,
)

from engine.rulesets.battle_mages import cards as battle_mages_cards
from engine.rulesets.battle_mages.events import Attempted

STATS = ("cost", "power", "health", "ability", "damage")
DECK_SIZE = 50


def changed_decks(
    sets: list[str], deck_changes: list[str], swaps: Sequence[str] = ()
) -> dict[str, list[str]]:
    """The preconstructed decks with the trial's changes applied (cards changed in place,
    for this process only); a deck that is not 50 cards afterwards is refused."""
    protos = battle_mages_cards.protos()
    for item in sets:
        left, value = item.split("=")
        card, stat = left.split(".")
        if card not in protos or stat not in STATS:
            sys.exit(f"--set {item}: no card {card!r} or no stat {stat!r} (stats: {STATS})")
        if stat == "ability":
            protos[card].abilities[0].cost = int(value)
        elif stat == "damage":
            script = protos[card].script
            effects = [] if script is None else [e for b in script.bodies for e in b.effects]
            if not any(e.kind == "damage" for e in effects):
                sys.exit(f"--set {item}: {card} is not a spell that deals damage")
            for effect in effects:
                if effect.kind == "damage":
                    effect.amount = int(value)
        else:
            # Protos are frozen so that a match cannot change a card; a trial may, here only.
            object.__setattr__(protos[card], stat, int(value))
    return decks_with_changes("battle-mages", deck_changes, protos, DECK_SIZE, swaps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_pair_arguments(parser, default_pair="blightgrove:emberstorm")
    parser.add_argument("--set", action="append", default=[], metavar="CARD.STAT=N")
    parser.add_argument("--summary", action="store_true", help="print the result only")
    args = parser.parse_args()

    pool = changed_decks(args.set, args.deck, args.swap)
    _, first, second = find_pair(pool, args.pair)
    wins: Counter[str] = Counter()
    # per deck: [in its losses, in its wins]
    attempted = {deck: (Counter[str](), Counter[str]()) for deck in (first, second)}
    games = {deck: [0, 0] for deck in (first, second)}
    turns: list[int] = []
    for number, seated, match in pair_games("battle-mages", pool, args):
        winner = None if match.winner is None else seated[match.winner]
        if winner is not None:
            wins[winner] += 1
        turns.append(match.view(None).turn)
        for deck in (first, second):
            games[deck][int(deck == winner)] += 1
        for event in match.events:
            if isinstance(event, Attempted) and event.player_name in attempted:
                side = int(event.player_name == winner)
                attempted[event.player_name][side][event.what] += 1
        if not args.summary:
            print(f"game {number} seats {seated} winner {winner} turn {turns[-1]}", flush=True)

    print_pair_result("battle-mages", (first, second), wins, turns, args)
    if args.summary:
        return
    for deck in (first, second):
        lost, won = games[deck]
        print(f"{deck}: attempts per game, in its {lost} losses / its {won} wins")
        print_rates(attempted[deck], games[deck])


if __name__ == "__main__":
    main()
