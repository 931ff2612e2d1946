"""Priority: who may react now, with what, and what both Mages passing does
(battle-mages.md:108-113, 237; rulings B6 and B10)."""

from typing import TYPE_CHECKING, Any

from engine.core.decision import Action, Decision
from engine.rulesets.battle_mages.cards import RITUAL
from engine.rulesets.battle_mages.resolving import Resolve
from engine.rulesets.battle_mages.table import MAINS, PASS, STOP_HELP
from engine.rulesets.battle_mages.targets import attemptable
from engine.rulesets.battle_mages.words import STEP_NAMES

if TYPE_CHECKING:
    from engine.rulesets.battle_mages.state import TableState


def pass_priority(state: "TableState", seat: int) -> None:
    """Both Mages pass in a row: the top of the stack resolves, or the step ends.
    Ruling B6: in a Main step with an empty stack the active Mage's pass ends it."""
    if not state.stack and state.step in MAINS and seat == state.active:
        state.priority = None
        return
    state.passes += 1
    if state.passes < 2:
        state.priority = 1 - seat
        return
    state.passes = 0
    state.priority = None
    if state.stack:
        state.steps.push(Resolve(state.stack.pop()))


def could_react_publicly(state: "TableState", seat: int) -> bool:
    """No tells (docs/architecture.md): whether a Mage is asked depends on what both
    Mages see, never on the hand's cards. A Mage is asked while they hold a card and
    have the mana for the cheapest card there is (any card in hand might be it), or
    have a usable ability on the field (public); otherwise they pass by themselves."""
    side = state.sides[seat]
    mana = side.mana
    if side.hand and mana >= state.cheapest:
        return True
    memo: dict[Any, int] = {}
    return any(
        ability.cost <= mana
        and not (ability.exhaust and card.exhausted)
        and attemptable(state, ability, seat, memo)
        for card in side.field
        for ability in card.proto.abilities
    )


def reactions(state: "TableState", seat: int) -> list[Action]:
    """Every spell and ability `seat` may attempt now."""
    side = state.sides[seat]
    mana = side.mana
    acts: list[Action] = []
    if not side.hand and not side.field:
        return acts
    sorcery = seat == state.active and not state.stack and state.step in MAINS
    seen = set()
    memo: dict[Any, int] = {}  # candidate counts, shared by the cards asking the same question
    for card in side.hand:
        proto = card.proto
        if proto.cost > mana or proto in seen:
            continue
        # ruling B6: creatures and relics in your own Main step, with the stack empty
        if proto.kind == RITUAL:
            assert proto.script is not None  # every ritual has its script
            ok = attemptable(state, proto.script, seat, memo)
        else:
            ok = sorcery
        if ok:
            seen.add(proto)
            acts.append(("cast", card.uid))
    for card in side.field:
        for i, ability in enumerate(card.proto.abilities):
            if ability.cost > mana or (ability.exhaust and card.exhausted):
                continue
            if attemptable(state, ability, seat, memo):
                acts.append(("ability", card.uid, i))
    return acts


def priority_decision(state: "TableState", seat: int) -> Decision:
    """The priority holder's choice: a reaction, a pass, or a pass that changes the stop
    setting."""
    side = state.sides[seat]
    # The stop setting (ruling B10) comes with a pass, so it cannot loop, and it is
    # always there, so a decision is never a lone pass taken silently: that would
    # tell the other Mage this one held no reaction (docs/architecture.md, no tells).
    actions = [*reactions(state, seat), PASS, ("pass", "nostop" if side.stop else "stop")]
    if state.stack:
        prompt = f"{state.stack[-1].label} is on the stack: react or pass."
    elif state.step in MAINS:
        prompt = f"{STEP_NAMES[state.step]}: attempt a card or ability, or move on."
    else:
        prompt = f"{STEP_NAMES[state.step]}: react or pass."
    if not side.stop:  # the setting is offered: say what it does
        prompt += "\n" + STOP_HELP
    return Decision(seat, "priority", prompt, actions)
