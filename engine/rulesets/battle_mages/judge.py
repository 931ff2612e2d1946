"""How the search agent scores the Battle Mages positions its rollouts stop at.

Greedy's `ai.evaluate` judges the position one action later, where what matters is the
action's immediate effect. The search's rollouts stop two turns later, at the start of a
turn, where what matters is who is winning the race: the evaluation adds what a one-ply
view leaves out (its own danger at low life, not only the opponent's; creatures that
cannot be blocked by most of the field). Kept apart from `evaluate` so that the greedy
agent (the opponent the search is measured against, and the rollouts' policy) plays as
before.
"""

from typing import TYPE_CHECKING

from engine.rulesets.battle_mages import ai
from engine.rulesets.battle_mages.cards import CREATURE

if TYPE_CHECKING:
    from engine.rulesets.battle_mages.game import BattleMagesState

#: Below this life a Mage is in danger; each point below costs `DANGER` more (greedy's
#: evaluation counts it for the opponent only).
LOW_LIFE = 8
DANGER = 1.5
#: A flying creature's power counts this much more: only fliers can block it.
FLYING = 1.0


def search_evaluate(state: "BattleMagesState", seat: int) -> float:
    """Greedy's evaluation plus the terms above, from `seat`'s view (public facts only)."""
    score = ai.evaluate(state, seat)
    if state.over:
        return score
    me, opp = state.sides[seat], state.sides[1 - seat]
    if me.life < LOW_LIFE:
        score -= DANGER * (LOW_LIFE - me.life)
    if FLYING:
        score += FLYING * (_flying_power(me.field) - _flying_power(opp.field))
    return score


def _flying_power(field: list) -> int:
    return sum(max(c.power, 0) for c in field if c.proto.kind == CREATURE and c.has("flying"))
