"""How much of an Enchantoria player's mana goes unspent, turn by turn.

The question it answers: does income outrun the cards to spend it on (one card drawn a
turn), so that late turns waste most of their mana? This plays every pair of preconstructed decks
with one agent in both seats (seats alternated, the seeds of `cardhost balance`) and
prints, for some turns, the mana a player left unspent when the Combat window was
revealed, of the mana they had (refill, wells and recycling), and the cards left in hand.

`--max-mana N` plays with another cap than ruling R4's (the figure before rules version 4
is `--max-mana 10`); it replaces the curve in this process only.

    python -m cardhost_devtools.measure enchantoria-mana --games 40 [--max-mana 10]
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from collections import defaultdict
from itertools import combinations

import engine.rulesets.enchantoria as enchantoria
import engine.rulesets.enchantoria.game as game
import engine.rulesets.enchantoria.resolve as resolve
from engine.agents import make_agent
from engine.core.match import new_match
from engine.core.ruleset import get_ruleset
from engine.rulesets.enchantoria.entities import MAX_MANA, mana_for_turn

SHOWN = (1, 3, 5, 7, 9, 11, 13, 15)


def cap_mana(cap: int) -> None:
    """Replace the mana curve by `min(turn + 1, cap)` wherever the game's modules use it
    (each imports `mana_for_turn` by name), in this process only."""
    for info in pkgutil.iter_modules(enchantoria.__path__):
        module = importlib.import_module(f"{enchantoria.__name__}.{info.name}")
        if getattr(module, "mana_for_turn", None) is mana_for_turn:
            setattr(module, "mana_for_turn", lambda turn: min(turn + 1, cap))  # noqa: B010


def main(argv: list[str], *, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games a pair of decks")
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--max-mana", type=int, default=MAX_MANA, help="R4's cap")
    args = parser.parse_args(argv)
    cap = args.max_mana
    cap_mana(cap)

    # turn -> (unspent, had, cards in hand) for each player of each real game
    seen: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    real: set[int] = set()
    reveal = resolve.reveal

    def counted(state: game.EnchantoriaState) -> object:
        """The real game's reveals only: an agent's look-ahead copies reveal too."""
        if id(state) in real:
            for p in state.players:
                casts = [(state.cards[e[1]], e[2]) for e in p.plan if e[0] == "cast"]
                paid = sum(x if card.proto.x else card.proto.cost for card, x in casts)
                seen[state.turn].append((p.mana - paid, p.mana, len(p.hand)))
        return reveal(state)

    resolve.reveal = counted  # type: ignore[assignment]
    pool = get_ruleset("enchantoria").preconstructed_decks()
    for index, (first, second) in enumerate(combinations(sorted(pool), 2)):
        for number in range(index * args.games, (index + 1) * args.games):
            seated = [first, second] if number % 2 == 0 else [second, first]
            agents = [make_agent(args.agent, number * 2), make_agent(args.agent, number * 2 + 1)]
            match = new_match("enchantoria", seated, [pool[s] for s in seated], number)
            real.clear()
            real.add(id(match.state))
            while not match.over:
                decision = match.pending[0]
                match.apply(decision.player, agents[decision.player].choose(match, decision))
    print(f"enchantoria agent={args.agent} max_mana={cap} games={3 * args.games}")
    for turn in SHOWN:
        rows = seen.get(turn, [])
        if rows:
            unspent, had, hand = (sum(row[i] for row in rows) / len(rows) for i in range(3))
            print(
                f"turn {turn}: unspent {unspent:.1f} of {had:.1f} mana ({unspent / had:.0%}), "
                f"{hand:.1f} cards in hand before casting, {len(rows)} player-turns"
            )
    return 0
