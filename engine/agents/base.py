"""The agent contract: given a match and one of its open decisions, pick a legal action."""

from typing import Any, Protocol

from engine.core.decision import Action, Decision
from engine.core.errors import EngineError
from engine.core.match import Match

#: Every agent by name, weakest first: the difficulty levels offered to players.
AGENT_NAMES = ("random", "greedy", "search")


class Agent(Protocol):
    name: str

    def choose(self, match: Match, decision: Decision) -> Action: ...


def make_agent(name: str, seed: int = 0, **options: Any) -> Agent:
    """An agent by name. `options` (playouts=, seconds=) set the search agent's budget per
    decision; the one-ply agents have no budget and ignore them."""
    from engine.agents.greedy import GreedyAgent
    from engine.agents.random_agent import RandomAgent
    from engine.agents.search import SearchAgent

    if name not in AGENT_NAMES:
        raise EngineError(f"unknown agent '{name}' (known: {', '.join(AGENT_NAMES)})")
    if name == "search":
        return SearchAgent(seed, **options)
    return RandomAgent(seed) if name == "random" else GreedyAgent(seed)
