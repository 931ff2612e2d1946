"""What a selection can pick right now, and whether a spell or ability can be attempted.

Refs in actions: a card's uid, or `mage_ref(seat)` (-1/-2) for a Mage; a `Ref` adds the
card's stamp, so a card that changed zones since is a new object (battle-mages.md:172).
"""

from typing import TYPE_CHECKING, Any

from engine.rulesets.battle_mages.cards import (
    CREATURE,
    CRYSTAL,
    O_CREATURE,
    O_CRYSTAL,
    O_MAGE,
    O_RELIC,
    O_SPELL,
    OPPOSING,
    RELIC,
    RITUAL,
    TARGET,
    THAT,
    YOURS,
    Body,
    CardInst,
    Script,
    Sel,
)
from engine.rulesets.battle_mages.stack import Ref
from engine.rulesets.battle_mages.table import COMBAT, mage_ref

if TYPE_CHECKING:
    from engine.rulesets.battle_mages.state import TableState


def in_combat(state: "TableState") -> bool:
    return state.step in COMBAT


def candidates(
    state: "TableState", sel: Sel, controller: int, subject: Ref | None = None
) -> list[int]:
    """Action refs (card uid, or -1/-2 a Mage) that fit `sel` right now."""
    if sel.wording == THAT:
        if subject is None or not live(state, subject):
            return []
        uid = subject[0]
        if uid < 0:
            return [uid] if sel.obj == O_MAGE and _controls(-1 - uid, controller, sel) else []
        card = state.cards[uid]
        ok = _fits(card, sel, controller, in_combat(state))
        return [uid] if ok else []
    # the opponent's first, then the controller's own (as in every game)
    if sel.obj == O_MAGE:
        return [mage_ref(s) for s in (1 - controller, controller) if _controls(s, controller, sel)]
    if sel.obj == O_SPELL:
        return [
            item.source[0]
            for item in state.stack
            if item.spell and _controls(item.controller, controller, sel)
        ]
    found = []
    combat = in_combat(state)
    for seat in (1 - controller, controller):
        if not _controls(seat, controller, sel):
            continue
        side = state.sides[seat]
        pool = side.crystals if sel.obj == O_CRYSTAL else side.field
        for card in pool:
            if _fits(card, sel, controller, combat):
                found.append(card.uid)
    return found


def _controls(seat: int, controller: int, sel: Sel) -> bool:
    if sel.control == YOURS:
        return seat == controller
    if sel.control == OPPOSING:
        return seat != controller
    return True


def _fits(card: CardInst, sel: Sel, controller: int, combat: bool) -> bool:
    kind = _KIND_OBJECT[card.proto.kind]
    if kind != sel.obj or card.zone != _OBJECT_ZONE[kind]:
        return False
    if sel.control and (sel.control == YOURS) != (card.owner == controller):
        return False
    mods = sel.mods
    return not mods or (card.bits(combat) & mods) == mods


def live(state: "TableState", ref: Ref) -> bool:
    """Is the object still there (a card that moved since is a new object)?"""
    uid, stamp = ref
    if uid < 0:
        return True
    return state.cards[uid].stamp == stamp


def ref(state: "TableState", uid: int) -> Ref:
    return (uid, 0) if uid < 0 else (uid, state.cards[uid].stamp)


def body_attemptable(
    state: "TableState", body: Body, seat: int, memo: dict[Any, int] | None = None
) -> bool:
    for sel in body.sels:
        if sel.wording != TARGET:
            continue
        key = (sel.obj, sel.control, sel.mods, seat)
        count = memo.get(key) if memo is not None else None
        if count is None:
            count = len(candidates(state, sel, seat))
            if memo is not None:
                memo[key] = count
        if count < sel.count:
            return False  # battle-mages.md:167, 228
    return True


def attemptable(
    state: "TableState", script: Script, seat: int, memo: dict[Any, int] | None = None
) -> bool:
    if not script.choose:
        return body_attemptable(state, script.bodies[0], seat, memo)
    fine = sum(1 for b in script.bodies if body_attemptable(state, b, seat, memo))
    return fine >= script.choose


_KIND_OBJECT = {CREATURE: O_CREATURE, RELIC: O_RELIC, CRYSTAL: O_CRYSTAL, RITUAL: -1}
_OBJECT_ZONE = {O_CREATURE: "field", O_RELIC: "field", O_CRYSTAL: "crystals"}
