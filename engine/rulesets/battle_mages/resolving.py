"""The top of the stack resolving: fizzling (battle-mages.md:168-173, 239-241), the choices
its indirect wordings make now (193-196), then every effect of every chosen mode (181)."""

from typing import TYPE_CHECKING

from engine.core.decision import Action, Decision
from engine.core.steps import DONE, WAIT, Step, StepResult
from engine.rulesets.battle_mages import effects
from engine.rulesets.battle_mages import events as bev
from engine.rulesets.battle_mages.cards import ANY_NUMBER, CREATURE, TARGET, UP_TO_A, A
from engine.rulesets.battle_mages.stack import Item, Ref
from engine.rulesets.battle_mages.targets import candidates, live, ref
from engine.rulesets.battle_mages.words import selection_words

if TYPE_CHECKING:
    from engine.rulesets.battle_mages.state import TableState


class Resolve(Step):
    """The top item resolving, with the choices its indirect wordings make now."""

    __slots__ = ("checked", "chosen", "idx", "item", "queue")

    def __init__(self, item: Item):
        self.item = item
        self.checked = False
        self.queue: list[tuple[int, int, list[int]]] = []  # (body, sel, candidate refs)
        self.chosen: dict[tuple[int, int], tuple[Ref, ...]] = {}
        self.idx = 0

    def advance(self, state: "TableState") -> StepResult:
        item = self.item
        if not self.checked:
            self.checked = True
            reason = self._fizzle_reason(state)
            if reason:
                fizzle(state, item, reason)
                return DONE
        while self.idx < len(self.queue):
            body, s, cands = self.queue[self.idx]
            sel = item.script.bodies[body].sels[s]
            if cands and (
                sel.wording in (UP_TO_A, ANY_NUMBER)
                or (sel.wording == A and len(cands) > sel.count)
            ):
                return WAIT
            self.chosen[(body, s)] = tuple(ref(state, u) for u in cands)
            self.idx += 1
        apply_item(state, item, self.chosen)
        return DONE

    def _fizzle_reason(self, state: "TableState") -> str:
        """battle-mages.md:168-173, 193-196, 239: a lost target or nothing to choose."""
        item = self.item
        if not item.paid:
            return ""
        upto = item.script.upto
        for (body, s), refs in item.targets.items():
            sel = item.script.bodies[body].sels[s]
            if sel.wording == TARGET and not upto:
                if not refs:
                    return "it found no legal target"
                if not all(live(state, r) for r in refs):
                    return "it lost a target"
        for body in item.bodies:
            for s, sel in enumerate(item.script.bodies[body].sels):
                if sel.direct:
                    continue
                cands = candidates(state, sel, item.controller, item.subject)
                if not cands and not upto and sel.wording != UP_TO_A:
                    return "nothing qualifies"
                self.queue.append((body, s, cands))
        return ""

    def decisions(self, state: "TableState") -> list[Decision]:
        return [self._decision(state)]

    def _decision(self, state: "TableState") -> Decision:
        item = self.item
        body, s, cands = self.queue[self.idx]
        sel = item.script.bodies[body].sels[s]
        acts: list[Action] = [("choose", u) for u in cands]
        prompt = f"{item.label} resolves: choose {selection_words(sel)}."
        seat = item.controller
        if sel.wording == A and sel.count == 1:
            return Decision(seat, "choose", prompt, acts)
        if sel.wording == A:
            n = sel.count
            return Decision(seat, "choose_many", prompt, acts, min_picks=n, max_picks=n)
        top = len(acts) if sel.wording == ANY_NUMBER else sel.count
        return Decision(seat, "choose_many", prompt, acts, min_picks=0, max_picks=top)

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        head = action[0] if action else None
        picks = action if head != "choose" else (action,)
        body, sel, _ = self.queue[self.idx]
        self.chosen[(body, sel)] = tuple(ref(state, a[1]) for a in picks)
        self.idx += 1


def fizzle(state: "TableState", item: Item, reason: str) -> None:
    """battle-mages.md:239-241 — a spell to its graveyard, an ability just ends."""
    state.events.append(bev.Fizzled(item.label, reason))
    if item.spell:
        card = state.cards[item.source[0]]
        state.move(card, "graveyard")
        state.sides[card.owner].graveyard.append(card)
    state.open_window(state.first)


def apply_item(
    state: "TableState", item: Item, chosen: dict[tuple[int, int], tuple[Ref, ...]]
) -> None:
    """Resolve fully (battle-mages.md:181): every effect of every chosen mode."""
    if not item.paid:
        state.events.append(bev.Resolved(item.label, "unpaid: nothing happens"))
    else:
        picks = dict(item.targets)
        picks.update(chosen)
        names = [state.ref_name(r[0]) for refs in chosen.values() for r in refs]
        state.events.append(bev.Resolved(item.label, ", ".join(names)))
        for body in item.bodies:
            effects.run_body(state, item, body, picks)
            if state.over:
                break
    if item.spell:
        card = state.cards[item.source[0]]
        if card.proto.kind == CREATURE and not state.over:
            state.enter_field(card, item.controller)
        else:
            state.move(card, "graveyard")
            state.sides[card.owner].graveyard.append(card)
    if not state.over:
        state.check_state()
        state.open_window(state.first)
