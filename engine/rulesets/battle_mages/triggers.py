"""Triggered abilities going on the stack: the active Mage's first, each Mage ordering
theirs, a costly one announced before its Mage decides to pay (battle-mages.md:128-132)."""

from typing import TYPE_CHECKING, Self

from engine.core.decision import Action, Decision
from engine.core.steps import AGAIN, DONE, WAIT, Step, StepResult
from engine.rulesets.battle_mages import events as bev
from engine.rulesets.battle_mages.cards import TARGET, THIS, Body
from engine.rulesets.battle_mages.casting import Attempt, new_item, pay
from engine.rulesets.battle_mages.stack import Item, PendingTrigger
from engine.rulesets.battle_mages.targets import candidates

if TYPE_CHECKING:
    from engine.rulesets.battle_mages.state import TableState


class Triggers(Step):
    """Pending triggers go on the stack: the active Mage's first, each Mage ordering theirs."""

    __slots__ = ("groups", "order", "to_push")

    def __init__(self, groups: list[list[PendingTrigger]]):
        self.groups = groups  # per controller, active first
        self.order: list[PendingTrigger] = []  # picked resolution order of the current group
        self.to_push: list[PendingTrigger] = []

    def copy(self) -> Self:
        twin = super().copy()
        twin.groups = [list(group) for group in self.groups]
        return twin

    def advance(self, state: "TableState") -> StepResult:
        while True:
            if self.to_push:
                trigger = self.to_push[0]
                cost = trigger.script.cost
                if (
                    cost
                    and state.sides[trigger.controller].mana >= cost
                    and _could_act(state, trigger)
                ):
                    # battle-mages.md:131-132: on the stack first, then pay, then targets.
                    if not (state.stack and state.stack[-1].paid is None):
                        _announce_trigger(state, trigger)
                    return WAIT  # pay or decline
                self.to_push.pop(0)
                _push_trigger(state, trigger, paid=not cost)
                if state.steps.items[-1] is not self:
                    return AGAIN  # an Attempt for its modes and targets runs first
                continue
            if self.groups:
                group = self.groups[0]
                if len(_trigger_kinds(group)) >= 2:
                    return WAIT  # battle-mages.md:130 — its Mage picks the order
                self.order += group
                self.groups.pop(0)
                self.to_push = self.order[::-1]  # the first to resolve goes on last
                self.order = []
                continue
            state.open_window(state.first)
            return DONE

    def decisions(self, state: "TableState") -> list[Decision]:
        return [self._decision(state)]

    def _decision(self, state: "TableState") -> Decision:
        if self.to_push:
            trigger = self.to_push[0]
            source = state.cards[trigger.source[0]].name
            prompt = f"{source}: pay {trigger.script.cost} mana for its ability?"
            return Decision(trigger.controller, "pay", prompt, [("pay",), ("decline",)])
        group = self.groups[0]
        acts: list[Action] = [("next", i) for i in _trigger_kinds(group)]
        return Decision(
            group[0].controller,
            "order_triggers",
            "Several of your abilities trigger: which resolves first (of those left)?",
            acts,
        )

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        head = action[0] if action else None
        if head == "next":
            self.order.append(self.groups[0].pop(action[1]))
        else:
            trigger = self.to_push.pop(0)
            paid = head == "pay"
            if paid:
                pay(state.sides[trigger.controller], trigger.script.cost)
            _push_trigger(state, trigger, paid)


def start_triggers(state: "TableState") -> None:
    """The pending triggers go on the stack, the active Mage's first."""
    pending, state.pending = state.pending, []
    groups = [
        [t for t in pending if t.controller == seat] for seat in (state.active, 1 - state.active)
    ]
    state.steps.push(Triggers([g for g in groups if g]))


def _could_act(state: "TableState", trigger: PendingTrigger) -> bool:
    """Could paying do anything? Not when every way to use it has a 'target' with no
    legal target: it would fizzle (line 168), so nobody is asked to pay for it."""
    seat = trigger.controller

    def usable(body: Body) -> bool:
        return all(
            sel.wording != TARGET or candidates(state, sel, seat, trigger.subject)
            for sel in body.sels
        )

    script = trigger.script
    fine = sum(1 for body in script.bodies if usable(body))
    return fine >= max(1, script.choose)


def _announce_trigger(state: "TableState", trigger: PendingTrigger) -> None:
    """battle-mages.md:131 — a trigger with a cost goes on the stack before its Mage
    decides to pay (``paid`` None until then) and chooses its targets."""
    item = _trigger_item(state, trigger)
    item.paid = None
    state.stack.append(item)
    side = state.sides[trigger.controller].name
    state.events.append(bev.Triggered(side, item.label))


def _trigger_item(state: "TableState", trigger: PendingTrigger) -> Item:
    source = state.cards[trigger.source[0]]
    label = f"{source.name}'s {_TRIGGER_NAMES.get(trigger.script.when, 'ability')}"
    item = new_item(state, trigger.controller, trigger.source, False, trigger.script, label)
    item.subject = trigger.subject
    return item


def _push_trigger(state: "TableState", trigger: PendingTrigger, paid: bool) -> None:
    """battle-mages.md:131-132 — on the stack whether paid or not; targets if paid. A
    costly trigger is already on the stack (`_announce_trigger`): it is decided there."""
    stack = state.stack
    waiting = stack[-1] if stack and stack[-1].paid is None else None
    item = waiting if waiting is not None else _trigger_item(state, trigger)
    item.paid = paid
    if not paid:
        if waiting is None:
            stack.append(item)
        side = state.sides[trigger.controller].name
        state.events.append(bev.Attempted(side, f"{item.label} (unpaid)"))
        return
    state.steps.push(Attempt(item, True, state.cards[trigger.source[0]].uid))


def _trigger_kinds(group: list[PendingTrigger]) -> list[int]:
    """The index of the first of each kind of trigger in `group`. Triggers of one card
    with one subject that never name their own card are interchangeable: ordering them
    among themselves is no choice, so it is not asked (no needless prompts)."""
    first: dict[tuple[object, ...], int] = {}
    for i, trigger in enumerate(group):
        script = trigger.script
        selfish = any(e.to == THIS for body in script.bodies for e in body.effects)
        key = (id(script), trigger.subject, trigger.source if selfish else None)
        first.setdefault(key, i)
    return list(first.values())


_TRIGGER_NAMES = {"arrival": "Arrival", "boast": "Boast", "last_breath": "Last Breath"}
