"""How the greedy agent judges a magic-core position: from public facts only."""

from typing import TYPE_CHECKING

from engine.core.decision import Action, Decision

if TYPE_CHECKING:
    from engine.rulesets.magic_core.game import MagicState

WIN = 10_000.0


def _board(state: "MagicState", seat: int) -> float:
    total = 2.0 * sum(1 for item in state.stack if item.controller == seat)
    lands = 0
    for obj in state.battlefield:
        if obj.controller != seat:
            continue
        if obj.proto.is_creature:
            total += 2.0 * state.power(obj) + 1.5 * state.toughness(obj) - obj.damage + 1.0
            total += 0.5 * len(obj.proto.keywords)
        elif obj.proto.is_land:
            lands += 1
        else:
            total += 1.5
    return total + 1.5 * min(lands, 7)


def evaluate(state: "MagicState", seat: int) -> float:
    """Higher is better for `seat`: life, poison, board and cards in hand against the
    strongest opponent."""
    if state.ended or state.over:
        winner = state.winner if state.over else state.game_winner
        return WIN if winner == seat else -WIN
    me = state.players[seat]
    if me.left:
        return -WIN
    foes = [p for p in state.players if p.seat != seat and not p.left]
    mine = me.life - 2.0 * me.poison + _board(state, seat) + 1.0 * len(me.hand)
    theirs = max(
        (p.life - 2.0 * p.poison + _board(state, p.seat) + 1.0 * len(p.hand) for p in foes),
        default=0.0,
    )
    return mine - theirs


def choose_many(state: "MagicState", decision: Decision) -> Action:
    """Bottom, discard or sacrifice: the cards that cost the most (lands last while few);
    every opening-hand card goes onto the battlefield (103.5a)."""
    objs = state.objs
    if decision.kind == "opening":
        return tuple(decision.actions[: decision.max_picks])

    def worth(item: Action) -> float:
        obj = objs[item[1]]
        if decision.kind == "sacrifice":
            return -(state.power(obj) + state.toughness(obj))
        return -float(obj.proto.mana_value) if not obj.proto.is_land else -2.5

    ranked = sorted(decision.actions, key=worth)
    return tuple(ranked[: decision.min_picks])
