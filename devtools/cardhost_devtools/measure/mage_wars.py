"""How the games of Mage Wars pairs end, and what each Mage lays in its wins and losses.

`cardhost balance` says which Mage of a pair wins, not why. This plays the same
games as `cardhost balance mage-wars --games N --seed S --pair A:B` (the same seeds,
seats and agents) and counts, per Mage: how its games ended (its own condition, Last
Light), the round, its kills and deaths, and the cards it completed or played per game in
its losses and in its wins (fate cards left out: they are played at once).

`--set MAGE.FIELD=N` (health, armor, pets, fate, hand, discount, power, win) and `--set
MAGE.health_decks=arcane+mystic` or `MAGE.resurrect=ember+any` try a change in this
process only, without editing the card files: the way the balance trials of
docs/balance.md are run before a change goes into the TOML. Any other card's numbers
too, by the path of the field in its TOML entry: `--set emberfox.power=2`, `--set
riverhound.copies=1` (the deck's contents), `--set riverhound.once.0.amount=2` (the
first "once" effect), `--set thornvine.requires=stone+any`.

    python -m cardhost_devtools.measure mage-wars --games 100 --seed 0 \\
        --pair cinder_archon:starseer_quill [--agent search --playouts 40] \\
        [--set cinder_archon.health=11] [--log FILE] [--quiet]
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from cardhost_devtools.measure.card_changes import change_mage_wars
from cardhost_devtools.measure.pairs import (
    add_first_argument,
    find_pair,
    pair_games,
    write_game_log,
)
from engine.balance import deck_pairs, wilson
from engine.core import events as ev
from engine.core.events import Note
from engine.core.ruleset import get_ruleset
from engine.rulesets.mage_wars import cards as mage_wars_cards


def main(argv: list[str], *, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--playouts", type=int, default=40, help="the search agent's budget")
    parser.add_argument("--pair", action="append", default=[], metavar="A:B")
    parser.add_argument("--set", action="append", default=[], metavar="MAGE.FIELD=N")
    add_first_argument(parser)
    parser.add_argument("--log", default="", help="write every game's event lines here")
    parser.add_argument("--quiet", action="store_true", help="no per-game lines or cards")
    args = parser.parse_args(argv)

    change_mage_wars(args.set)
    rules = get_ruleset("mage-wars")
    pool = {k: v for k, v in rules.preconstructed_decks().items() if k != "random"}
    every = deck_pairs(pool)
    # fate cards are played by everyone at once, every turn: not what a Mage chose
    fate = {p.name for p in mage_wars_cards.protos().values() if p.type == "fate"}
    log = open(args.log, "w") if args.log else None  # noqa: SIM115
    played = args.games if args.first is None else min(args.first, args.games)
    for pair in args.pair or [":".join(p) for p in every if "cinder_archon" in p]:
        _, first, second = find_pair(pool, pair, noun="Mages")
        wins: Counter[str] = Counter()
        how: Counter[str] = Counter()
        rounds: list[int] = []
        kills = {m: [0, 0] for m in (first, second)}  # [kills, deaths]
        made = {m: (Counter[str](), Counter[str]()) for m in (first, second)}
        games = {m: [0, 0] for m in (first, second)}
        one_pair = argparse.Namespace(**{**vars(args), "pair": pair})
        for number, seated, match in pair_games("mage-wars", pool, one_pair):
            state: Any = match.state  # a Mage Wars state: seats, round
            winner = None if match.winner is None else seated[match.winner]
            over = [e for e in match.events if isinstance(e, ev.GameOver)]
            reason = over[-1].reason if over else "none"
            if winner is not None:
                wins[winner] += 1
                how[f"{winner}: {reason}"] += 1
            rounds.append(state.round)
            for seat, mage in enumerate(seated):
                side = state.seats[seat]
                kills[mage][0] += side.kills
                won = int(mage == winner)
                games[mage][won] += 1
            names = {state.seats[s].name: seated[s] for s in range(2)}
            for e in match.events:
                if isinstance(e, ev.Died) and e.card.startswith("Mage "):
                    kills[names[e.player_name]][1] += 1
                elif isinstance(e, (ev.Summoned, ev.CardPlayed)) and e.card not in fate:
                    mage = names[e.player_name]
                    made[mage][int(mage == winner)][e.card] += 1
                elif isinstance(e, Note) and " puts " in e.line and " slot" in e.line:
                    who, rest = e.line.split(" puts ", 1)
                    slotter = names.get(who)
                    if slotter is not None:
                        slot = rest.split(" in the ")[0]
                        made[slotter][int(slotter == winner)][slot] += 1
            line = f"game {number} seats {seated} winner {winner} round {state.round} ({reason})"
            if not args.quiet:
                print(line, flush=True)
            write_game_log(log, line, match)
        budget = f" playouts={args.playouts}" if args.agent == "search" else ""
        print(
            f"mage-wars pair {first}:{second} agent={args.agent}{budget} seed={args.seed} "
            f"games={played} of {args.games} set={args.set}"
        )
        for mage in (first, second):
            low, high = wilson(wins[mage], played)
            print(
                f"  {mage}: {wins[mage]} of {played} won (95% {low:.1%}-{high:.1%}); "
                f"kills {kills[mage][0]}, deaths {kills[mage][1]}"
            )
        ordered = sorted(rounds)
        print(f"  rounds at the end: fewest {ordered[0]}, median {ordered[len(ordered) // 2]}")
        print("  " + "; ".join(f"{k} {n}" for k, n in how.most_common()))
        if args.quiet:
            continue
        for mage in (first, second):
            lost, won = games[mage]
            print(f"  {mage}: played/summoned/slotted per game, in its {lost} losses / {won} wins")
            losing, winning = made[mage]
            # ties by name: a set's order changes from one process to the next
            top = sorted(set(losing) | set(winning), key=lambda c: (-(losing[c] + winning[c]), c))
            for card in top[:15]:
                print(
                    f"    {card:24} {losing[card] / max(1, lost):5.2f} "
                    f"{winning[card] / max(1, won):5.2f}"
                )
    if log is not None:
        log.close()
    return 0
