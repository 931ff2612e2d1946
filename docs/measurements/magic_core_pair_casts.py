"""What each deck of one magic-core pair cast, in its wins and its losses.

Issue 15: `cardhost balance` says which deck of a pair wins, not why. This plays the same
games as `cardhost balance magic-core --games N --seed S --pair A:B` (the same seeds, seats
and agents) and counts, per deck, the spells it cast and the abilities it activated per
game in the games it lost and in those it won, and how the loser lost (life, poison, an
empty library). A card cast far more often in a deck's wins than in its losses is a
candidate for what carries the deck.

`--set CARD.FIELD=VALUE` and `--deck DECK:CARD=N` try a change in this process only,
without editing the card files: the way the magic-core trials of docs/balance.md were
screened before a change went into the TOML. FIELD is a field of the card's TOML entry,
dotted into lists and tables: `power`, `cost` (`{2}{G}`), `keywords` (comma separated,
`none` for none), `effects.0.power`, `triggers.0.effects.0.amount`. With `--summary` only
the pair's result is printed; `--log FILE` writes every game's event lines.

    python docs/measurements/magic_core_pair_casts.py --games 40 --seed 1000 \\
        --pair tide_mind:wild_growth [--agent search --playouts 40] [--set bramble_cub.power=2]
"""

import argparse
import re
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any, TextIO

from pair_games import (
    add_pair_arguments,
    decks_with_changes,
    find_pair,
    pair_games,
    print_pair_result,
    print_rates,
)
from pydantic import TypeAdapter, ValidationError

from cards.schema import magic_core as schema
from engine.rulesets.magic_core.pool import pool as card_pool

DECK_SIZE = 60
CAST = re.compile(r"^(\S+) (casts|activates) (.+?)(?: \(X=\d+\))?(?: targeting .*)?[.:](?: |$)")
LOST = re.compile(r"^(\S+) loses the game: (.*)\.$|^(\S+) loses: (.*)\.$")


def parse_value(text: str) -> Any:
    """A --set value as the TOML would hold it: a number, a keyword list, or a string."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if text == "none":
        return []
    if "," in text or text in schema.Keyword.__args__:  # type: ignore[attr-defined]
        return [word for word in text.split(",") if word]
    return text


def change_card(card_id: str, path: str, value: Any) -> None:
    """Set one field of a card in the loaded pool (this process only), checked by the
    schema as the card files are; the game builds its cards from the pool afterwards."""
    cards = card_pool().cards
    if card_id not in cards:
        sys.exit(f"--set: no card {card_id!r}")
    data = cards[card_id].model_dump(mode="json", exclude_defaults=True)
    keys: list[Any] = [int(k) if k.isdigit() else k for k in path.split(".")]
    here = data
    for key in keys[:-1]:
        here = here[key]
    here[keys[-1]] = value
    try:
        cards[card_id] = TypeAdapter(schema.Card).validate_python(data)
    except ValidationError as exc:
        sys.exit(f"--set {card_id}.{path}: {exc.errors()[0]['msg']}")


def changed_decks(
    sets: list[str], deck_changes: list[str], swaps: Sequence[str] = ()
) -> dict[str, list[str]]:
    """The preconstructed decks with the trial's changes applied; a deck that is not 60
    cards afterwards is refused."""
    for item in sets:
        left, value = item.split("=", 1)
        card_id, path = left.split(".", 1)
        change_card(card_id, path, parse_value(value))
    return decks_with_changes("magic-core", deck_changes, card_pool().cards, DECK_SIZE, swaps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_pair_arguments(parser, default_pair="tide_mind:wild_growth")
    parser.add_argument("--set", action="append", default=[], metavar="CARD.FIELD=VALUE")
    parser.add_argument("--summary", action="store_true", help="print the result only")
    parser.add_argument("--log", default="", help="write every game's event lines here")
    args = parser.parse_args()

    pool = changed_decks(args.set, args.deck, args.swap)
    _, first, second = find_pair(pool, args.pair)
    wins: Counter[str] = Counter()
    # per deck: [in its losses, in its wins]
    cast = {deck: (Counter[str](), Counter[str]()) for deck in (first, second)}
    how_lost: Counter[str] = Counter()
    games = {deck: [0, 0] for deck in (first, second)}
    turns: list[int] = []
    log: TextIO | None = open(args.log, "w") if args.log else None  # noqa: SIM115
    for number, seated, match in pair_games("magic-core", pool, args):
        winner = None if match.winner is None else seated[match.winner]
        if winner is not None:
            wins[winner] += 1
        turns.append(match.view(None).turn)
        for deck in (first, second):
            games[deck][int(deck == winner)] += 1
        if log is not None:
            print(f"== game {number} seats {seated} winner {winner}", file=log)
        for event in match.events:
            text = event.text
            if log is not None:
                print(text, file=log)
            found = CAST.match(text)
            if found and found[1] in cast:
                cast[found[1]][int(found[1] == winner)][found[3]] += 1
            loss = LOST.match(text)
            if loss:
                how_lost[f"{loss[1] or loss[3]}: {loss[2] or loss[4]}"] += 1
        if not args.summary:
            print(f"game {number} seats {seated} winner {winner} turn {turns[-1]}", flush=True)
    if log is not None:
        log.close()

    print_pair_result("magic-core", (first, second), wins, turns, args)
    if args.summary:
        return
    for why, count in how_lost.most_common():
        print(f"lost by {why}: {count}")
    for deck in (first, second):
        lost, won = games[deck]
        print(f"{deck}: casts and activations per game, in its {lost} losses / its {won} wins")
        print_rates(cast[deck], games[deck])


if __name__ == "__main__":
    main()
