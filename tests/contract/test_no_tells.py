"""No tells, in every ruleset (issue 14): whether and what the others are asked, and what
they see, never depends on a player's hidden cards (tests/support/no_tells.py). Part of
the contract suite (test_contract.py); Relay is left out, as its hands hold no cards of
the rules to swap.

Each game is played at random (seeded: the same games every run) to a position where a
player who is not deciding holds a card, then checked; every ruleset must compare enough
steps for the pass to mean something, and the control test shows the check catching a
tell put back on purpose.
"""

import random
from typing import Any

import pytest

from engine.core.decision import Decision
from engine.core.ruleset import get_ruleset, ruleset_ids
from engine.rulesets.clash import steps as clash_steps
from tests.support.contract import start
from tests.support.no_tells import check, swap_hidden_in, warm_up

GAMES = 40  # two-seat games per ruleset; the seeds are 0..GAMES-1
STEPS = 150  # the most actions compared after a swap
LEAST = 800  # steps compared per ruleset, at the least: four times the old bar of 200
#: A ruleset for more than two also plays three-seat games (priority passes round more
#: players, and each other player must see nothing): fewer, to keep the run short.
GAMES_OF_THREE, LEAST_OF_THREE = 20, 400


def run(ruleset: str, games: int = GAMES, players: int = 2) -> tuple[int, list[str]]:
    """(steps compared over `games` games of `players` seats, the tells found)."""
    compared, tells = 0, []
    for seed in range(games):
        steps, tell = check(start(ruleset, seed, players), seed, steps=STEPS)
        compared += steps
        if tell is not None:
            tells.append(tell)
    return compared, tells


CASES = [pytest.param(r, 2, GAMES, LEAST, id=r) for r in ruleset_ids()] + [
    pytest.param(r, 3, GAMES_OF_THREE, LEAST_OF_THREE, id=f"{r}-3")
    for r in ruleset_ids()
    if get_ruleset(r).max_players > 2
]


@pytest.mark.parametrize(("ruleset", "players", "games", "least"), CASES)
def test_the_others_observe_nothing_of_a_swapped_hidden_card(
    ruleset: str, players: int, games: int, least: int
) -> None:
    compared, tells = run(ruleset, games, players)
    assert not tells, "\n".join(tells)
    assert compared >= least, f"{ruleset}, {players} seats: only {compared} steps compared"


def test_the_check_catches_a_tell_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: Clash as it was before its no-tells fix, where a turn whose every card in
    hand is unplayable ends by itself (the lone "end turn" taken silently), so the
    opponent learns the hand is unplayable. The same check, over the same seeds, must
    report it; otherwise a pass above would prove nothing."""
    decisions = clash_steps.Main.decisions

    def telling(self: clash_steps.Main, state: Any) -> list[Decision]:
        found = decisions(self, state)
        for decision in found:
            if decision.actions == [clash_steps.END]:
                decision.forced = clash_steps.END  # asked only with a playable card
        return found

    monkeypatch.setattr(clash_steps.Main, "decisions", telling)
    compared, tells = run("clash")
    assert tells, f"no tell found in {compared} steps compared"


def test_a_swap_trades_only_cards_the_others_cannot_tell_apart() -> None:
    """The harness's own honesty (tests/support/no_tells.py, `ALIKE`): in Mage Wars a hand
    card trades only with a card of the deck it was drawn from (the backs differ) and never
    one taken from health; in Enchantoria never a card the player's committed choice names."""
    seen = {"mage-wars": 0, "enchantoria": 0}
    for ruleset in seen:
        for seed in range(30):
            match = start(ruleset, seed)
            rng = random.Random(seed)
            hidden = warm_up(match, rng, least=rng.randint(0, 80), most=300)
            if hidden is None:
                continue
            state = match.state.clone()
            swapped = swap_hidden_in(state, ruleset, hidden, rng)
            if swapped is None:
                continue
            held, lying = swapped  # `held` now lies in the pile, `lying` in the hand
            seen[ruleset] += 1
            if ruleset == "mage-wars":
                assert held.proto.deck == lying.proto.deck and not held.discount
            else:
                me = state.players[hidden]
                assert held.uid not in me.planned_uids() and held.uid != me.pick
                assert lying in me.hand and held in me.deck
    assert min(seen.values()) >= 20, seen
