"""The agents: random plays only legal moves, greedy beats it at least 80% of the time."""

import pytest

from engine.agents import GreedyAgent, RandomAgent, make_agent
from engine.core.match import new_match
from engine.core.ruleset import get_ruleset
from engine.simulate import simulate


def test_random_agent_picks_only_legal_actions_and_respects_pick_counts() -> None:
    decks = get_ruleset("clash").preconstructed_decks()
    match = new_match("clash", ["a", "b"], [decks["grave_tide"], decks["ember_rush"]], 3)
    agent = RandomAgent(9)
    while not match.over:
        for decision in match.pending:
            action = agent.choose(match, decision)
            assert decision.is_legal(action)
            match.apply(decision.player, action)
            break


def test_random_agent_is_uniform_over_legal_actions() -> None:
    from engine.core.decision import Decision

    decision = Decision(0, "test", "", [("a",), ("b",), ("c",), ("d",)])
    agent = RandomAgent(1)
    counts = {a: 0 for a in decision.actions}
    for _ in range(8000):
        counts[agent.choose(None, decision)] += 1  # type: ignore[arg-type]
    assert all(1800 < n < 2200 for n in counts.values()), counts


@pytest.mark.parametrize(
    "games", [200, pytest.param(1000, marks=[pytest.mark.slow, pytest.mark.long])]
)
def test_greedy_wins_at_least_80_percent_of_1000_games_against_random(games: int) -> None:
    """'Greedy wins >= 80% of 1,000 games against random.' Seats alternate. The full
    1,000 is a long run; every tier plays 200 of them (the first 100 of each half), held to
    the same share."""
    half = games // 2
    first = simulate("clash", half, ("greedy", "random"), seed=1000)
    second = simulate("clash", half, ("random", "greedy"), seed=5000)
    greedy_wins = first.wins[0] + second.wins[1]
    assert greedy_wins >= games * 0.8, f"greedy won {greedy_wins} of {games}"


def test_make_agent_names_the_known_agents() -> None:
    assert isinstance(make_agent("greedy"), GreedyAgent)
    assert isinstance(make_agent("random"), RandomAgent)
