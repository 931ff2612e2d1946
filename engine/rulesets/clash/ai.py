"""How the greedy agent judges a Clash position: from public facts only."""

from typing import TYPE_CHECKING

from engine.core.decision import Action, Decision

if TYPE_CHECKING:
    from engine.rulesets.clash.game import ClashState

WIN = 10_000.0


def _board_value(state: "ClashState", seat: int) -> float:
    total = 0.0
    for monster in state.sides[seat].board:
        total += 2.0 * monster.power + 1.5 * monster.toughness + 1.0 * monster.health + 1.0
    return total


def evaluate(state: "ClashState", seat: int) -> float:
    """Higher is better for `seat`: health, board and cards in hand, against the opponent's."""
    other = 1 - seat
    if state.game_ended or state.over:
        won = (
            state.winner == seat
            if state.over
            else state.series.wins[seat] > state.series.wins[other]
        )
        return WIN if won else -WIN
    me, opp = state.sides[seat], state.sides[other]
    score = 1.2 * (me.health - opp.health)
    score += _board_value(state, seat) - _board_value(state, other)
    score += 1.5 * (len(me.hand) - len(opp.hand))
    if opp.health <= 10:  # close to a win: every point of damage counts double
        score += 1.5 * (10 - opp.health)
    return score


def choose_many(state: "ClashState", decision: Decision) -> Action:
    """Mulligan: send back the costliest cards above 4 mana, at most 3 (clash.md:70)."""
    picks = []
    for item in decision.actions:
        card = state.cards[item[1]]
        if card.proto.cost > 4:
            picks.append((card.proto.cost, item))
    picks.sort(key=lambda pair: -pair[0])
    return tuple(item for _, item in picks[: decision.max_picks])
