"""Agent-vs-agent games, for the benchmark figure and for checking agents against each other."""

import math
import time
from dataclasses import dataclass, field
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
    #: With seats alternated: wins per agent, in the order the agents were named.
    agent_wins: tuple[int, ...] | None = None
    agent_names: tuple[str, ...] = ()
    #: Per agent: (decisions it was asked, seconds spent, the longest single decision,
    #: playouts made: the search agent's).
    thinking: tuple[tuple[int, float, float, int], ...] = field(default=())
    #: Per agent: the 95th percentile of its seconds per decision (a time budget is
    #: judged by its tail, which a mean hides).
    p95: tuple[float, ...] = field(default=())
    #: CPU seconds this process spent (the wall clock also counts other programs' turns
    #: on a shared machine).
    cpu_seconds: float = 0.0

    @property
    def games_per_sec(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def report(self) -> list[str]:
        """The lines printed before `summary` with seats alternated: each agent's wins
        with a 95% Wilson interval, and how long it took to decide."""
        if self.agent_wins is None:
            return []
        lines = []
        p95 = self.p95 or (0.0,) * len(self.thinking)
        for name, won, (asked, spent, longest, playouts), tail in zip(
            self.agent_names, self.agent_wins, self.thinking, p95, strict=True
        ):
            low, high = wilson_interval(won, self.games)
            mean = spent / asked if asked else 0.0
            searched = (
                f" playouts={playouts} playouts_per_sec={playouts / spent:.0f}"
                if playouts and spent > 0
                else ""
            )
            lines.append(
                f"agent={name} wins={won}/{self.games} rate={won / max(self.games, 1):.3f} "
                f"ci95={low:.3f}-{high:.3f} decisions={asked} "
                f"mean_decision_s={mean:.4f} p95_decision_s={tail:.3f} "
                f"max_decision_s={longest:.3f}{searched}"
            )
        rate = self.games / self.cpu_seconds if self.cpu_seconds > 0 else float("inf")
        lines.append(f"cpu_seconds={self.cpu_seconds:.1f} games_per_cpu_sec={rate:.1f}")
        return lines

    def summary(self) -> str:
        return (
            f"games={self.games} wins={','.join(map(str, self.wins))} "
            f"games_per_sec={self.games_per_sec:.1f}"
        )


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for z=1.96): honest near 0% and 100%,
    where the normal approximation would claim certainty after a few games."""
    if games <= 0:
        return 0.0, 1.0
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


class _Timed:
    """An agent whose decisions are counted and timed (only with seats alternated, so the
    benchmark loop stays as it was)."""

    def __init__(self, agent: Any):
        self.agent = agent
        self.asked = 0
        self.spent = 0.0
        self.longest = 0.0
        self.playouts = 0
        self.times: list[float] = []

    @property
    def p95(self) -> float:
        """The 95th percentile of the seconds per decision (nearest rank)."""
        if not self.times:
            return 0.0
        ranked = sorted(self.times)
        return ranked[min(len(ranked) - 1, math.ceil(0.95 * len(ranked)) - 1)]

    def choose(self, match: Match, decision: Any) -> Any:
        started = time.perf_counter()
        action = self.agent.choose(match, decision)
        took = time.perf_counter() - started
        self.asked += 1
        self.spent += took
        self.longest = max(self.longest, took)
        self.times.append(took)
        self.playouts += getattr(self.agent, "last_playouts", 0)
        return action


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
    *,
    alternate_seats: bool = False,
    agent_options: dict[str, Any] | None = None,
) -> SimulationResult:
    """Play `games` matches, one agent per seat (as many seats as agents), decks in turn.

    `options` are the ruleset's match options (OptionError for one it does not have).
    With `alternate_seats` the agents change seats every game (who goes first matters),
    wins are also counted per agent and decisions are timed (`SimulationResult.report`).
    `agent_options` go to every agent that takes them (the search agent's budget)."""
    agent_options = agent_options or {}
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
    by_agent = [0] * seats
    actions = 0
    agents = [make_agent(name, seed + i, **agent_options) for i, name in enumerate(agent_names)]
    timed = [_Timed(agent) for agent in agents] if alternate_seats else []
    started = time.perf_counter()
    cpu_started = time.process_time()
    for number in range(games):
        # seat s is taken by agent (s + shift) % seats: each agent sits in every seat in turn
        shift = number % seats if alternate_seats else 0
        order = [(s + shift) % seats for s in range(seats)]
        seated = [timed[i] for i in order] if alternate_seats else agents
        dealt = [pool[names[(number + i) % len(names)]] for i in range(seats)]
        labels = [agent_names[i] for i in order]
        match = new_match(ruleset, labels, dealt, seed + number, options)
        actions += play_out(match, seated)
        if match.winner is not None:
            wins[match.winner] += 1
            by_agent[order[match.winner]] += 1
    seconds = time.perf_counter() - started
    if not alternate_seats:
        return SimulationResult(games, tuple(wins), actions, seconds)
    return SimulationResult(
        games,
        tuple(wins),
        actions,
        seconds,
        agent_wins=tuple(by_agent),
        agent_names=tuple(agent_names),
        thinking=tuple((t.asked, t.spent, t.longest, t.playouts) for t in timed),
        cpu_seconds=time.process_time() - cpu_started,
        p95=tuple(t.p95 for t in timed),
    )
