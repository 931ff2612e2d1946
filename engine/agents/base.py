"""The agent contract: given a match and one of its open decisions, pick a legal action."""

from collections.abc import Callable
from typing import Protocol

from engine.core.decision import Action, Decision
from engine.core.errors import EngineError
from engine.core.match import Match


class Agent(Protocol):
    name: str

    def choose(self, match: Match, decision: Decision) -> Action: ...


def make_agent(name: str, seed: int = 0) -> Agent:
    from engine.agents.greedy import GreedyAgent
    from engine.agents.random_agent import RandomAgent

    kinds: dict[str, Callable[[int], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}
    if name not in kinds:
        raise EngineError(f"unknown agent '{name}' (known: {', '.join(kinds)})")
    return kinds[name](seed)
