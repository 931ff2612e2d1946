"""Players that choose without a human: the computer opponent and the simulation agents."""

from engine.agents.base import AGENT_NAMES, Agent, make_agent
from engine.agents.greedy import GreedyAgent
from engine.agents.random_agent import RandomAgent
from engine.agents.search import SearchAgent

__all__ = ["AGENT_NAMES", "Agent", "GreedyAgent", "RandomAgent", "SearchAgent", "make_agent"]
