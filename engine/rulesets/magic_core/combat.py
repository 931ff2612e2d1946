"""Combat (506-511): declaring attackers and blockers, and combat damage."""

from typing import TYPE_CHECKING, Any

from engine.core.decision import Action
from engine.rulesets.magic_core import effects as fx
from engine.rulesets.magic_core.objects import (
    BATTLEFIELD,
    Obj,
)
from engine.rulesets.magic_core.steps import (
    M_BLOCKERS,
)

if TYPE_CHECKING:
    from engine.rulesets.magic_core.state import TableState

ATTACK_DONE: Action = ("attack_done",)
BLOCK_DONE: Action = ("block_done",)


def can_attack(state: "TableState", obj: Obj) -> bool:
    return (
        obj.controller == state.active
        and obj.proto.is_creature
        and obj.attacking < 0
        and not obj.tapped
        and (not obj.fresh or state.has(obj, "haste"))
        and not state.has(obj, "defender")
    )


def attack_actions(state: "TableState") -> list[Action]:
    foes = state.opponents(state.active)
    actions = [
        ("attack", o.uid, seat) for o in state.battlefield if state.can_attack(o) for seat in foes
    ]
    actions.append(ATTACK_DONE)
    return actions


def declare_attacker(state: "TableState", uid: int, seat: int) -> None:
    obj = state.objs[uid]
    obj.attacking = seat
    state.note(f"{obj.name} attacks {state.names[seat]}.")


def attackers_declared(state: "TableState") -> None:
    """508.1f/m: attackers tap (unless they have vigilance); 'attacks' abilities trigger."""
    for obj in state.battlefield:
        if obj.attacking >= 0:
            if not state.has(obj, "vigilance"):
                obj.tapped = True
            state.trigger(obj, "attacks")
    state.give_priority_to_active()


def can_block(state: "TableState", blocker: Obj, attacker: Obj) -> bool:
    """509.1b/c: flying can be blocked only by flying or reach; 'can't block' wins (101.2)."""
    if blocker.tapped or blocker.blocking or blocker.proto.cant_block:
        return False
    if state.has(attacker, "flying"):
        return state.has(blocker, "flying") or state.has(blocker, "reach")
    return True


def block_actions(state: "TableState", seat: int) -> list[Action]:
    attackers = [o for o in state.battlefield if o.attacking == seat]
    actions = [
        ("block", b.uid, a.uid)
        for b in state.battlefield
        if b.controller == seat and b.proto.is_creature
        for a in attackers
        if state.can_block(b, a)
    ]
    actions.append(BLOCK_DONE)
    return actions


def declare_blocker(state: "TableState", blocker: int, attacker: int) -> None:
    b, a = state.objs[blocker], state.objs[attacker]
    b.blocking = attacker
    a.blocked = True
    a.blockers.append(blocker)  # the damage assignment order (ruling)
    state.note(f"{b.name} blocks {a.name}.")


def next_blocker(state: "TableState") -> None:
    """Defending players declare blockers one after another, in APNAP order (101.4)."""
    while state.queue:
        seat = state.queue.pop(0)
        if not state.players[seat].left:
            state.mode = M_BLOCKERS
            state.asking = seat
            return
    state.give_priority_to_active()


def first_strike_in_combat(state: "TableState") -> bool:
    return any(
        (o.attacking >= 0 or o.blocking) and state.has(o, "first_strike") for o in state.battlefield
    )


def combat_damage(state: "TableState", first: bool) -> None:
    """510: all combat damage of the step is assigned, then dealt at once."""
    dealing = []
    strikers = [o for o in state.battlefield if o.attacking >= 0 or o.blocking]
    if first:
        strikers = [o for o in strikers if state.has(o, "first_strike")]
    else:
        strikers = [o for o in strikers if not o.dealt_first]
    for obj in strikers:
        if first:
            obj.dealt_first = True
        power = state.power(obj)
        if power <= 0:
            continue
        if obj.attacking >= 0:
            dealing += state.assign_attacker(obj, power)
        elif obj.blocking > 0:
            attacker = state.objs.get(obj.blocking)
            if attacker is not None and attacker.zone == BATTLEFIELD and attacker.attacking >= 0:
                dealing.append((obj, attacker, power))
    for source, target, amount in dealing:
        fx.deal_damage(state, source, target, amount, combat=True)


def assign_attacker(state: "TableState", obj: Obj, power: int) -> list[tuple[Obj, Any, int]]:
    """510.1c: blockers in the order they were declared get lethal damage before the
    next one; trample lets the rest reach the player (ruling: assignment is automatic)."""
    defender = state.players[obj.attacking]
    if not obj.blocked:
        return [] if defender.left else [(obj, defender, power)]
    blockers = [
        b
        for uid in obj.blockers
        if (b := state.objs.get(uid)) is not None
        and b.zone == BATTLEFIELD
        and b.blocking == obj.uid
    ]
    trample = state.has(obj, "trample")
    if not blockers:
        return [(obj, defender, power)] if trample and not defender.left else []
    deathtouch = state.has(obj, "deathtouch")
    out: list[tuple[Obj, Any, int]] = []
    left = power
    for i, b in enumerate(blockers):
        lethal = max(0, state.toughness(b) - b.damage)
        if deathtouch:
            lethal = min(lethal, 1)
        last = i == len(blockers) - 1
        amount = min(lethal, left) if not last or trample else left
        if amount:
            out.append((obj, b, amount))
        left -= amount
    if left > 0 and trample and not defender.left:
        out.append((obj, defender, left))
    return out
