"""How the greedy agent judges a magic-core position: from public facts only."""

from typing import TYPE_CHECKING

from engine.core.decision import Action, Decision

if TYPE_CHECKING:
    from engine.rulesets.magic_core.game import MagicState
    from engine.rulesets.magic_core.objects import Obj, Player

WIN = 10_000.0


def _board(state: "MagicState", seat: int) -> float:
    # A spell or ability of the seat's on the stack is worth something, unless it will do
    # nothing: a spell at X = 0 whose every effect is counted by X (R13). Counted, it made
    # a card spent for nothing look better than keeping it.
    total = 2.0 * sum(
        1
        for item in state.stack
        if item.controller == seat and not (item.is_spell and item.x == 0 and item.proto.x_only)
    )
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


def _creature(state: "MagicState", obj: "Obj") -> float:
    return 2.0 * state.power(obj) + 1.5 * state.toughness(obj) - obj.damage + 1.0


def _combat(state: "MagicState") -> tuple[dict[int, float], dict[int, float]]:
    """What the declared attacks and blocks will do once damage is dealt: life each seat
    loses and creature value each seat loses (first strike, trample and deathtouch left
    out). Without it a declared attacker or blocker scores as if nothing would happen, and
    the one-ply agent attacked and blocked at random."""
    life: dict[int, float] = {}
    lost: dict[int, float] = {}
    objs = state.objs
    for attacker in state.battlefield:
        if attacker.attacking < 0:
            continue
        power = max(state.power(attacker), 0)
        if not attacker.blocked:
            life[attacker.attacking] = life.get(attacker.attacking, 0.0) + power
            continue
        blockers = [objs[b] for b in attacker.blockers if b in objs]
        for blocker in blockers:
            left = max(state.toughness(blocker) - blocker.damage, 1)
            if power >= left:
                lost[blocker.controller] = lost.get(blocker.controller, 0.0) + _creature(
                    state, blocker
                )
            power -= min(power, left)
        taken = sum(max(state.power(b), 0) for b in blockers)
        if taken >= max(state.toughness(attacker) - attacker.damage, 1):
            lost[attacker.controller] = lost.get(attacker.controller, 0.0) + _creature(
                state, attacker
            )
    return life, lost


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
    life, lost = _combat(state)

    def standing(p: "Player") -> float:
        life_left = p.life - life.get(p.seat, 0.0)
        board = _board(state, p.seat) - lost.get(p.seat, 0.0)
        return life_left - 2.0 * p.poison + board + 1.0 * len(p.hand)

    mine = standing(me)
    theirs = max((standing(p) for p in foes), default=0.0)
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
