"""Attempting a spell or ability: its modes, its targets, then paying and putting it on
the stack (battle-mages.md:165-168, 209-211; ruling B3 for paying, B11 for relics)."""

from typing import TYPE_CHECKING, Self

from engine.core.clone import clone_of
from engine.core.decision import Action, Decision
from engine.core.steps import DONE, WAIT, Step, StepResult
from engine.rulesets.battle_mages import events as bev
from engine.rulesets.battle_mages.cards import RELIC, RITUAL, TARGET, UP_TO_TARGET, CardInst, Script
from engine.rulesets.battle_mages.stack import Item, Ref
from engine.rulesets.battle_mages.table import Side
from engine.rulesets.battle_mages.targets import body_attemptable, candidates, ref
from engine.rulesets.battle_mages.words import selection_words

if TYPE_CHECKING:
    from engine.rulesets.battle_mages.state import TableState


class Attempt(Step):
    """Attempting a spell or ability, or putting a trigger on the stack: modes, then
    targets, one selection at a time (battle-mages.md:165-166, 209-211)."""

    __slots__ = ("bodies", "controller", "idx", "item", "queue", "source_uid", "trigger")

    def __init__(self, item: Item, trigger: bool, source_uid: int):
        self.item = item
        self.controller = item.controller
        self.trigger = trigger
        self.source_uid = source_uid  # the card to move / pay from (spells, abilities)
        script = item.script
        self.bodies: tuple[int, ...] | None = (
            None if script.choose else tuple(range(len(script.bodies)))
        )
        item.bodies = self.bodies or ()
        self.queue: list[tuple[int, int]] = []
        self.idx = 0

    def copy(self) -> Self:
        twin = super().copy()
        twin.item = clone_of(self.item)  # its own item: the attempt fills its targets
        return twin

    def advance(self, state: "TableState") -> StepResult:
        item = self.item
        if self.bodies is None:
            fine = self.modes_offered(state)
            if len(fine) > item.script.choose:
                return WAIT
            self.bodies = item.bodies = tuple(fine)  # no choice left: no needless prompt
        if not self.queue and self.idx == 0:
            self.queue = [
                (b, s)
                for b in self.bodies
                for s, sel in enumerate(item.script.bodies[b].sels)
                if sel.direct
            ]
        while self.idx < len(self.queue):
            body, s = self.queue[self.idx]
            sel = item.script.bodies[body].sels[s]
            cands = candidates(state, sel, self.controller)
            if not cands:
                # battle-mages.md:168 — a trigger with no legal target still goes on the stack
                item.targets[(body, s)] = ()
                self.idx += 1
                continue
            if sel.wording == TARGET and 1 < sel.count >= len(cands):
                item.targets[(body, s)] = tuple(ref(state, u) for u in cands)  # all it can take
                self.idx += 1
                continue
            return WAIT
        finish_attempt(state, self)
        return DONE

    def decisions(self, state: "TableState") -> list[Decision]:
        return [self._decision(state)]

    def _decision(self, state: "TableState") -> Decision:
        item = self.item
        seat = self.controller
        script = item.script
        if self.bodies is None:
            acts: list[Action] = [("mode", i) for i in self.modes_offered(state)]
            prompt = f"{item.label}: choose {script.choose} mode(s)."
            n = script.choose
            return Decision(seat, "modes", prompt, acts, min_picks=n, max_picks=n)
        body, s = self.queue[self.idx]
        sel = script.bodies[body].sels[s]
        cands = candidates(state, sel, seat)
        acts = [("target", uid) for uid in cands]
        prompt = f"{item.label}: choose {selection_words(sel)}."
        if sel.wording == UP_TO_TARGET:
            return Decision(seat, "targets", prompt, acts, min_picks=0, max_picks=sel.count)
        if sel.count == 1:
            return Decision(seat, "target", prompt, acts)
        n = min(sel.count, len(acts))  # a trigger takes what it can find
        return Decision(seat, "targets", prompt, acts, min_picks=n, max_picks=n)

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        head = action[0] if action else None
        if self.bodies is None:
            picks = (action,) if head == "mode" else action
            self.bodies = tuple(sorted(a[1] for a in picks))
            self.item.bodies = self.bodies
        else:
            picks = action if head != "target" else (action,)
            body, sel = self.queue[self.idx]
            self.item.targets[(body, sel)] = tuple(ref(state, a[1]) for a in picks)
            self.idx += 1

    def modes_offered(self, state: "TableState") -> list[int]:
        """battle-mages.md:209 (ruling B15): a spell offers the modes it could carry out."""
        bodies = self.item.script.bodies
        seat = self.controller
        return [i for i, b in enumerate(bodies) if self.trigger or body_attemptable(state, b, seat)]


def new_item(
    state: "TableState", controller: int, source: Ref, spell: bool, script: Script, label: str
) -> Item:
    state.item_ids += 1
    item = Item(state.item_ids, controller, source, spell, script)
    item.label = label
    return item


def attempt_card(state: "TableState", seat: int, card: CardInst) -> None:
    proto = card.proto
    if proto.kind == RELIC:  # ruling B11: a relic is no spell; it enters at once
        pay(state.sides[seat], proto.cost)
        state.sides[seat].hand.remove(card)
        state.events.append(bev.Attempted(state.sides[seat].name, proto.name))
        state.enter_field(card, seat)
        return
    script = proto.script if proto.kind == RITUAL else None
    item = new_item(state, seat, (card.uid, card.stamp), True, script or _NOTHING, proto.name)
    state.steps.push(Attempt(item, False, card.uid))


def attempt_ability(state: "TableState", seat: int, card: CardInst, index: int) -> None:
    script = card.proto.abilities[index]
    label = f"{card.name}'s ability"
    item = new_item(state, seat, (card.uid, card.stamp), False, script, label)
    state.steps.push(Attempt(item, False, card.uid))


def pay(side: Side, cost: int) -> None:
    """Ruling B3: effect mana first, then big crystals, then small; an odd remainder
    taken from a big crystal wastes its second mana."""
    take = min(side.pool, cost)
    side.pool -= take
    cost -= take
    if cost <= 0:
        return
    ready = [c for c in side.crystals if not c.exhausted]
    bigs = [c for c in ready if c.proto.value == 2]
    smalls = [c for c in ready if c.proto.value == 1]
    for crystal in bigs[: cost // 2]:
        crystal.exhausted = True
        cost -= 2
    for crystal in smalls[:cost]:
        crystal.exhausted = True
        cost -= 1
    for crystal in [c for c in bigs if not c.exhausted][: max(0, cost)]:
        crystal.exhausted = True
        cost -= 2
    assert cost <= 0, "paid more than the Mage had"


def finish_attempt(state: "TableState", task: Attempt) -> None:
    """Modes and targets chosen: pay, and the item goes on the stack (or, a costly
    trigger, takes its place there)."""
    item = task.item
    side = state.sides[item.controller]
    if not task.trigger:
        card = state.cards[task.source_uid]
        if item.spell:
            pay(side, card.proto.cost)
            side.hand.remove(card)
            state.move(card, "stack")
            item.source = (card.uid, card.stamp)
        else:
            pay(side, item.script.cost)
            if item.script.exhaust:
                card.exhausted = True
    stack = state.stack
    placed = next((i for i, on in enumerate(stack) if on.id == item.id), None)
    if placed is None:
        stack.append(item)
    else:  # a costly trigger, on the stack since it triggered (battle-mages.md:131)
        stack[placed] = item
    state.events.append(bev.Attempted(side.name, item.label, state.targets_text(item)))
    if not task.trigger:  # the other Mage may react to it first
        state.priority = 1 - item.controller
        state.passes = 0


def _creature_script() -> Script:
    """The script of a creature spell: nothing happens but its entering the field."""
    script = Script.__new__(Script)
    script.bodies = ()
    script.choose = 0
    script.cost = 0
    script.exhaust = False
    script.when = ""
    script.upto = False
    script.text = ""
    return script


_NOTHING = _creature_script()
