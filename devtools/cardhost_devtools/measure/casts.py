"""What each deck of one pair cast, in its wins and its losses (Battle Mages, Enchantoria,
magic-core).

`cardhost balance` says which deck of a pair wins, not why. This plays the same games as
`cardhost balance GAME --games N --seed S --pair A:B` (the same seeds, seats and agents)
and counts, per deck, what it cast per game in the games it lost and in those it won: a
card cast far more often in a deck's wins than in its losses is a candidate for what
carries the deck. What "cast" means is the game's:

- battle-mages: the spells and abilities a deck attempted;
- enchantoria: the spells cast, and (after each deck) its spells that were countered and by
  what;
- magic-core: the spells cast and abilities activated, and (before the decks) how the loser
  lost (life, poison, an empty library).

`--set`, `--deck` and `--swap` try a change in this process only (card_changes.py says what
each game's `--set` takes). With `--summary` only the pair's result is printed; `--log FILE`
writes every game's event lines.

    python -m cardhost_devtools.measure casts magic-core --games 40 --seed 1000 \\
        --pair tide_mind:wild_growth [--agent search --playouts 40] [--set bramble_cub.power=2]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from typing import TextIO

from cardhost_devtools.measure.card_changes import CHANGERS
from cardhost_devtools.measure.pairs import (
    PairTally,
    Split,
    add_pair_arguments,
    find_pair,
    pair_games,
    print_pair_result,
    print_rates,
    write_game_log,
)
from engine.core.events import Event
from engine.rulesets.battle_mages.events import Attempted
from engine.rulesets.enchantoria.events import Countered, SpellCast


class Casts:
    """One game's counting: what a deck cast, per deck, in its losses and its wins."""

    default_pair = ""
    set_metavar = "CARD.STAT=N"
    heading = "casts per game"
    width = 34

    def __init__(self, tally: PairTally) -> None:
        self.counts: dict[str, Split] = tally.split()

    def count(self, event: Event, winner: str | None) -> None:
        raise NotImplementedError

    def pair_lines(self) -> list[str]:
        """Printed once after the pair's result."""
        return []

    def deck_lines(self, deck: str) -> list[str]:
        """Printed after the deck's counts."""
        return []


class BattleMagesCasts(Casts):
    default_pair = "blightgrove:emberstorm"
    heading = "attempts per game"

    def count(self, event: Event, winner: str | None) -> None:
        if isinstance(event, Attempted) and event.player_name in self.counts:
            self.counts[event.player_name][int(event.player_name == winner)][event.what] += 1


class EnchantoriaCasts(Casts):
    default_pair = "stone_vigil:verdant_cycle"
    heading = "spells cast per game"
    width = 22

    def __init__(self, tally: PairTally) -> None:
        super().__init__(tally)
        self.countered: dict[str, Split] = tally.split()

    def count(self, event: Event, winner: str | None) -> None:
        if isinstance(event, SpellCast):
            self.counts[event.player_name][int(event.player_name == winner)][event.card] += 1
        elif isinstance(event, Countered):
            side = int(event.player_name == winner)
            self.countered[event.player_name][side][f"{event.card} by {event.by}"] += 1

    def deck_lines(self, deck: str) -> list[str]:
        lines = []
        for label, which in (("losses", 0), ("wins", 1)):
            total = sum(self.countered[deck][which].values())
            top = ", ".join(f"{k} {n}" for k, n in self.countered[deck][which].most_common(4))
            lines.append(f"  countered in its {label}: {total} ({top})")
        return lines


class MagicCoreCasts(Casts):
    """magic-core's events are read from their text: the casts and the losses."""

    default_pair = "tide_mind:wild_growth"
    set_metavar = "CARD.FIELD=VALUE"
    heading = "casts and activations per game"
    CAST = re.compile(r"^(\S+) (casts|activates) (.+?)(?: \(X=\d+\))?(?: targeting .*)?[.:](?: |$)")
    LOST = re.compile(r"^(\S+) loses the game: (.*)\.$|^(\S+) loses: (.*)\.$")

    def __init__(self, tally: PairTally) -> None:
        super().__init__(tally)
        self.how_lost: Counter[str] = Counter()

    def count(self, event: Event, winner: str | None) -> None:
        text = event.text
        found = self.CAST.match(text)
        if found and found[1] in self.counts:
            self.counts[found[1]][int(found[1] == winner)][found[3]] += 1
        loss = self.LOST.match(text)
        if loss:
            self.how_lost[f"{loss[1] or loss[3]}: {loss[2] or loss[4]}"] += 1

    def pair_lines(self) -> list[str]:
        return [f"lost by {why}: {count}" for why, count in self.how_lost.most_common()]


GAMES: dict[str, type[Casts]] = {
    "battle-mages": BattleMagesCasts,
    "enchantoria": EnchantoriaCasts,
    "magic-core": MagicCoreCasts,
}


def main(argv: list[str], *, prog: str | None = None) -> int:
    # The game, named first, decides the defaults and what `--set` takes.
    game = next((word for word in argv if word in GAMES), "magic-core")
    kind = GAMES[game]
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    add_pair_arguments(parser, default_pair=kind.default_pair)
    parser.add_argument("--set", action="append", default=[], metavar=kind.set_metavar)
    parser.add_argument("--summary", action="store_true", help="print the result only")
    parser.add_argument("--log", default="", help="write every game's event lines here")
    args = parser.parse_args(argv)

    pool = CHANGERS[game](args.set, args.deck, args.swap)
    _, first, second = find_pair(pool, args.pair)
    tally = PairTally(first, second)
    casts = kind(tally)
    log: TextIO | None = open(args.log, "w") if args.log else None  # noqa: SIM115
    for number, seated, match in pair_games(game, pool, args):
        winner = tally.record(seated, match)
        for event in match.events:
            casts.count(event, winner)
        line = f"game {number} seats {seated} winner {winner} turn {tally.turns[-1]}"
        if not args.summary:
            print(line, flush=True)  # a run stopped early still tells its games
        write_game_log(log, line, match)
    if log is not None:
        log.close()

    print_pair_result(game, tally, args)
    if args.summary:
        return 0
    for line in casts.pair_lines():
        print(line)
    for deck in tally.pair:
        lost, won = tally.games[deck]
        print(f"{deck}: {kind.heading}, in its {lost} losses / its {won} wins")
        print_rates(casts.counts[deck], tally.games[deck], width=kind.width)
        for line in casts.deck_lines(deck):
            print(line)
    return 0
