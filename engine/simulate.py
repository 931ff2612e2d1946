"""Agent-vs-agent games, for the benchmark figure and for checking agents against each other."""

import time
from dataclasses import dataclass

from engine.agents import make_agent
from engine.core.match import Match, new_match
from engine.core.ruleset import get_ruleset


@dataclass(frozen=True)
class SimulationResult:
    games: int
    wins: tuple[int, int]
    actions: int
    seconds: float

    @property
    def games_per_sec(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def summary(self) -> str:
        return (
            f"games={self.games} wins={self.wins[0]},{self.wins[1]} "
            f"games_per_sec={self.games_per_sec:.1f}"
        )


def play_out(match: Match, agents: list) -> int:
    """Let the agents answer every open decision until the match ends; returns actions."""
    count = 0
    while not match.over:
        decision = match.pending[0]  # with simultaneous choices, any order will do
        match.apply(decision.player, agents[decision.player].choose(match, decision))
        count += 1
    return count


def simulate(
    ruleset: str,
    games: int,
    agent_names: tuple[str, str],
    seed: int = 0,
    decks: list[str] | None = None,
) -> SimulationResult:
    """Play `games` matches, agent A in seat 0 and B in seat 1, decks taken in turn."""
    rules = get_ruleset(ruleset)
    pool = rules.preconstructed_decks()
    names = decks or sorted(pool)
    wins = [0, 0]
    actions = 0
    agents = [make_agent(agent_names[0], seed), make_agent(agent_names[1], seed + 1)]
    started = time.perf_counter()
    for number in range(games):
        pair = [pool[names[number % len(names)]], pool[names[(number + 1) % len(names)]]]
        match = new_match(ruleset, [agent_names[0], agent_names[1]], pair, seed + number)
        actions += play_out(match, agents)
        wins[match.winner] += 1
    return SimulationResult(games, (wins[0], wins[1]), actions, time.perf_counter() - started)
