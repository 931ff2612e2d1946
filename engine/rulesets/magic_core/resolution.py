"""The stack (405, 608): resolving its top, triggered abilities going on it (603.3), and
the choices players make in the middle of a resolution (101.4).

A resolution that waits for a player is pending work on the core's `Steps`
(engine/core/steps.py), like every other pause of the game: the item resolving is a
`Resolve` step pushed above the mode (the turn's step, engine/rulesets/magic_core/
steps.py) and holding the item and its next effect; an effect that needs a choice pushes
the choice's step above it (`XChoice`, `Choose`, `Free`), which pops itself once chosen,
and the driver then advances the `Resolve` again. A clone of the state copies the steps,
so a half-resolved spell clones and replays like any other position.
"""

from typing import TYPE_CHECKING, Any

from engine.core import events as ev
from engine.core.clone import compile_copier
from engine.core.steps import AGAIN, DONE, Step, StepResult, Steps
from engine.rulesets.magic_core import effects as fx
from engine.rulesets.magic_core.objects import (
    GRAVEYARD,
    STACK,
    Choice,
    Obj,
    StackItem,
    Trigger,
)
from engine.rulesets.magic_core.steps import M_ORDER, M_TRIGGER, M_XCHOICE, Choose
from engine.rulesets.magic_core.targets import legal_targets, target_ok

if TYPE_CHECKING:
    from engine.rulesets.magic_core.state import TableState


class Resolve(Step):
    """608.2: an item resolving, its effects carried out in order from `index`.

    Pushed above the mode when the top of the stack resolves. `advance` runs effects until
    one opens a choice (its step now lies above this one: the driver asks it, and comes
    back here once it is popped), the game ends, or a player leaving took the resolution
    away (ending.leave); after the last effect the item finishes (a permanent spell
    enters the battlefield, an instant or sorcery goes to the graveyard) and the step is
    done. Another resolution started by an effect would be one more `Resolve` above this
    one, finished first.

    The item is held here, not on the state: once it has left the stack nothing else
    refers to it. It is the one step that holds a game object; `copy_steps` gives a
    clone its own copy of the item, whose card is the clone's."""

    __slots__ = ("index", "item")
    name = "resolving"

    def __init__(self, item: StackItem):
        self.item = item
        self.index = 0  # the next effect

    def advance(self, state: "TableState") -> StepResult:
        item = self.item
        effects = item.effects
        items = state.steps.items
        while self.index < len(effects):
            effect = effects[self.index]
            self.index += 1
            fx.resolve(state, item, effect)
            if state.ended:
                return DONE  # the game is over: the rest of the item never happens
            if items[-1] is not self:
                return AGAIN  # a choice waits above it, or a leaver took it away
        state.finish_item(item)
        return DONE


def copy_steps(twin: "TableState", steps: Steps) -> Steps:
    """A clone's steps (`MagicState.clone_plan`, copied after everything else): each
    step by its own `copy()`, and each resolving item copied here, where the clone's
    cards are known, so that its card is the clone's own object (the one in the clone's
    index, which the item's resolution moves), exactly as the core's memo would copy it."""
    copy = steps.copy()
    for step in copy.items:
        if step.__class__ is Resolve:
            step.item = _copy_item(twin, step.item)
    return copy


def _copy_item(twin: "TableState", item: StackItem) -> StackItem:
    """The item by its own `clone_plan`, through a memo that already maps its card to the
    clone's (a card the clone's index no longer holds is copied with it). A resolving
    card lies in no zone the clone copied (it is off the stack, held by this step alone),
    so the clone's index still holds the original: it is copied here, into the index."""
    card = item.card
    memo: dict[Any, Any] = {}
    if card is not None and card.uid in twin.objs:
        mine = twin.objs[card.uid]
        if mine is card:
            mine = twin.objs[card.uid] = compile_copier(Obj)(card, {})
        memo[card] = mine
    copied: StackItem = compile_copier(StackItem)(item, memo)
    return copied


def resolving(state: "TableState") -> StackItem | None:
    """The item resolving now (the topmost `Resolve`), or None."""
    for step in reversed(state.steps.items):
        if step.__class__ is Resolve:
            return step.item
    return None


def stop_resolving(state: "TableState", seat: int | None = None) -> bool:
    """Take off the steps the lowest resolution (of an item `seat` controls, or any)
    with everything pending above it (its choices, resolutions it started); True if
    there was one. The mode below it stays."""
    items = state.steps.items
    for index, step in enumerate(items):
        if step.__class__ is Resolve and (seat is None or step.item.controller == seat):
            del items[index:]
            return True
    return False


def waiting_mode(state: "TableState") -> Step:
    """The step that waits or moves the game on: the top, under any `Resolve` running
    now (a rule applied in the middle of an effect sees the mode, not the resolution)."""
    items = state.steps.items
    index = len(items) - 1
    while index > 0 and items[index].__class__ is Resolve:
        index -= 1
    return items[index]


def resolve_top(state: "TableState") -> None:
    """608: the top object resolves; a targeted one whose target is gone does nothing.
    Its effects run as its `Resolve` step advances (next in the driver's loop)."""
    item = state.stack.pop()
    state.give_priority_to_active()  # 117.3b, unless the resolution asks something
    if item.target_word is not None and not target_ok(
        state, item.target_word, item.target, item.controller, item.source_uid
    ):
        state.note(f"{item.name} does nothing: its target is gone (608.2b).")
        state.spell_done(item)
        return
    state.steps.push(Resolve(item))
    if item.is_spell and item.proto.x_choice:  # 107.3e: X is chosen now
        state.steps.push(M_XCHOICE)
        state.asking = item.controller


def finish_item(state: "TableState", item: StackItem) -> None:
    if item.is_spell and item.proto.is_permanent and item.card is not None:
        card = item.card
        state.enter_battlefield(card, item.controller, item.x)  # 110.2, 107.3k
        return
    state.spell_done(item)


def spell_done(state: "TableState", item: StackItem) -> None:
    """An instant or sorcery goes to its owner's graveyard; a copy ceases to exist."""
    card = item.card
    if item.is_spell and card is not None and not item.copy and card.zone == STACK:
        state.move(card, GRAVEYARD)


def stack_triggers(state: "TableState") -> None:
    """603.3b: waiting abilities go on the stack in APNAP order (the active player's
    first, so they resolve last); a player with several different ones picks which goes
    next (101.4c); each one's target is chosen as it is put there."""
    order = state.apnap()
    state.pending.sort(key=lambda t: order.index(t.controller) if t.controller in order else 99)
    while state.pending:
        trig = state.pending[0]
        if state.players[trig.controller].left:
            state.pending.pop(0)
            continue
        if not state.order_chosen:  # 101.4c: the player orders their own simultaneous ones
            # the same printed ability twice (two copies of a card) needs no order
            mine = {id(t.effects) for t in state.pending if t.controller == trig.controller}
            if len(mine) > 1:
                state.mode = M_ORDER
                state.asking = trig.controller
                return
        state.order_chosen = False
        if trig.target_word is None:
            state.pending.pop(0)
            state.put_trigger(trig, None)
            continue
        refs = legal_targets(state, trig.target_word, trig.controller, trig.source.uid)
        if not refs:  # 603.3d: no legal target, the ability is removed
            state.pending.pop(0)
            state.note(f"{trig.source.name}'s ability has no legal target and is removed.")
            continue
        state.mode = M_TRIGGER
        state.asking = trig.controller
        return


def put_trigger(state: "TableState", trig: Trigger, target: Any) -> None:
    item = StackItem(
        state.new_stack_uid(),
        False,
        trig.source.proto,
        trig.controller,
        trig.effects,
        trig.target_word,
        target,
        trig.x,
        source=trig.source,
    )
    state.stack.append(item)
    state.events.append(ev.Triggered(trig.source.name, "triggered"))


def trigger(state: "TableState", obj: Obj, when: str, controller: int | None = None) -> None:
    for effects in obj.proto.triggers.get(when, ()):
        seat = obj.controller if controller is None else controller
        x = obj.etb_x if when == "enters" else 0  # 107.3k
        state.pending.append(Trigger(seat, effects, obj, x))


def trigger_all(state: "TableState", when: str, seat: int) -> None:
    """Abilities of `seat`'s permanents that trigger on something `seat` does."""
    for obj in state.battlefield:
        if obj.controller == seat and when in obj.proto.triggers:
            state.trigger(obj, when)


def ask_each(state: "TableState", kind: str, counts: dict[int, int]) -> None:
    """Players choose in APNAP order, each seeing the earlier choices (101.4, 101.4b);
    the chosen actions then happen at once. A player with no real choice is skipped."""
    choice = Choice(kind)
    for seat in state.apnap():
        if seat not in counts:
            continue
        pool = state.players[seat].hand if kind == "discard" else state.sacrificeable(seat)
        n = min(counts[seat], len(pool))  # 101.3: the impossible part is ignored
        if n == 0:
            continue
        if n == len(pool):
            choice.picked[seat] = [o.uid for o in pool]
        else:
            choice.count[seat] = n
    state.queue = [s for s in state.apnap() if s in choice.count]
    if state.queue:
        state.steps.push(Choose(choice))  # above the resolution: it goes on once all chose
        state.asking = state.queue[0]
    else:
        state.carry_out_choice(choice)


def next_chooser(state: "TableState", step: Choose) -> None:
    """The next player chooses; after the last, the choices happen and the `Choose` step
    leaves: the resolution below it goes on."""
    state.queue = [s for s in state.queue if s != state.asking]
    if state.queue:
        state.asking = state.queue[0]
        return
    state.steps.remove(step)
    state.carry_out_choice(step.choice)


def carry_out_choice(state: "TableState", choice: Choice) -> None:
    """The chosen cards are discarded, the chosen creatures sacrificed, all at once."""
    kind = choice.kind
    for seat in state.apnap():
        uids = choice.picked.get(seat, [])
        objs = [state.objs[u] for u in uids if u in state.objs]
        if kind == "discard":
            state.discard(state.players[seat], objs)
        else:
            for obj in objs:
                state.sacrifice(obj)


def ref_name(state: "TableState", ref: Any) -> str:
    if isinstance(ref, str):
        return state.names[int(ref[1:])]
    obj = state.objs.get(ref)
    if obj is not None:
        return obj.name
    item = next((i for i in state.stack if i.uid == ref), None)
    return item.name if item is not None else "?"


def find_item(state: "TableState", uid: int) -> StackItem | None:
    for item in state.stack:
        if item.uid == uid:
            return item
    return None
