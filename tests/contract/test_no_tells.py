"""No tells, in every ruleset (issue 14): whether and what the others are asked, and what
they see, never depends on a player's hidden cards (tests/support/no_tells.py). Part of
the contract suite (test_contract.py); Relay is left out, as its hands hold no cards of
the rules to swap.

Each game is played at random (seeded: the same games every run) to a position where a
player who is not deciding holds a card, then checked; every ruleset must compare enough
steps for the pass to mean something, and the control test shows the check catching a
tell put back on purpose.
"""

from typing import Any

import pytest

from engine.core.decision import Decision
from engine.core.ruleset import get_ruleset, ruleset_ids
from engine.rulesets.clash import steps as clash_steps
from tests.support.contract import start
from tests.support.no_tells import check

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
