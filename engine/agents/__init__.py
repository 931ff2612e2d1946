"""Players that choose without a human: the computer opponent and the simulation agents."""

from engine.agents.base import Agent, make_agent
from engine.agents.greedy import GreedyAgent
from engine.agents.random_agent import RandomAgent

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "make_agent"]
