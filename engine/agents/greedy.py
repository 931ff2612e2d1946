"""One-ply greedy: try every legal action on a copy, keep the one the ruleset scores best.

The score is the ruleset's `score_action` (by default `evaluate` of the position the
action leads to), which reads only what the player could see (boards, health, card
counts), so the agent gains nothing from the copy's hidden cards. Ties go to the earlier
action, and a seeded coin breaks them when asked, so games stay reproducible.
"""

import random

from engine.core.decision import Action, Decision
from engine.core.match import Match


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self._random = random.Random(seed)

    def choose(self, match: Match, decision: Decision) -> Action:
        rules = match.ruleset
        state = match.state
        if decision.multi:
            return rules.choose_many(state, decision)
        player = decision.player
        best_score = None
        best: list[Action] = []
        score_action = rules.score_action
        for action in decision.actions:
            score = score_action(state, player, action)
            if best_score is None or score > best_score:
                best_score, best = score, [action]
            elif score == best_score:
                best.append(action)
        return best[0] if len(best) == 1 else self._random.choice(best)
