"""Uniform over the legal actions: the baseline every other agent must beat."""

import random

from engine.core.decision import Action, Decision
from engine.core.match import Match


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0):
        self._random = random.Random(seed).random

    def choose(self, match: Match, decision: Decision) -> Action:
        actions = decision.actions
        if not decision.multi:
            return actions[int(self._random() * len(actions))]
        top = min(decision.max_picks, len(actions))
        count = decision.min_picks + int(self._random() * (top - decision.min_picks + 1))
        pool = list(actions)
        picked = []
        for _ in range(count):
            picked.append(pool.pop(int(self._random() * len(pool))))
        return tuple(picked)
