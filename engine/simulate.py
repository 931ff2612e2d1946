"""Agent-vs-agent games, for the benchmark figure and for checking agents against each other."""

import time
from dataclasses import dataclass
from typing import Any

from engine.agents import make_agent
from engine.core.errors import EngineError
from engine.core.match import Match, new_match
from engine.core.ruleset import get_ruleset


@dataclass(frozen=True)
class SimulationResult:
    games: int
    wins: tuple[int, ...]  # per seat; games nobody won (a ruleset's draws) are in neither
    actions: int
    seconds: float

    @property
    def games_per_sec(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def summary(self) -> str:
        return (
            f"games={self.games} wins={','.join(map(str, self.wins))} "
            f"games_per_sec={self.games_per_sec:.1f}"
        )


def play_out(match: Match, agents: list) -> int:
    """Let the agents answer every open decision until the match ends; returns actions."""
    state, apply = match.state, match.apply  # looked up once: this loop is the benchmark
    choose = [agent.choose for agent in agents]
    before = len(match.actions)  # the match records each applied action: no counter needed
    while not state.over:
        decision = match.pending[0]  # with simultaneous choices, any order will do
        player = decision.player
        apply(player, choose[player](match, decision))
    return len(match.actions) - before


def simulate(
    ruleset: str,
    games: int,
    agent_names: tuple[str, ...],
    seed: int = 0,
    decks: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> SimulationResult:
    """Play `games` matches, one agent per seat (as many seats as agents), decks in turn.

    `options` are the ruleset's match options (OptionError for one it does not have)."""
    rules = get_ruleset(ruleset)
    options = rules.check_options(options)
    seats = len(agent_names)
    if not rules.min_players <= seats <= rules.max_players:
        allowed = (
            f"{rules.min_players}"
            if rules.min_players == rules.max_players
            else f"{rules.min_players} to {rules.max_players}"
        )
        raise EngineError(f"{rules.name} is played by {allowed} players, not {seats}")
    pool = rules.preconstructed_decks()
    names = decks or sorted(pool)
    wins = [0] * seats
    actions = 0
    agents = [make_agent(name, seed + i) for i, name in enumerate(agent_names)]
    started = time.perf_counter()
    for number in range(games):
        dealt = [pool[names[(number + i) % len(names)]] for i in range(seats)]
        match = new_match(ruleset, list(agent_names), dealt, seed + number, options)
        actions += play_out(match, agents)
        if match.winner is not None:
            wins[match.winner] += 1
    return SimulationResult(games, tuple(wins), actions, time.perf_counter() - started)
