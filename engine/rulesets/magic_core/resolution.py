"""The stack (405, 608): resolving its top, triggered abilities going on it (603.3), and
the choices players make in the middle of a resolution (101.4)."""

from typing import TYPE_CHECKING, Any

from cards.schema.magic_core import chosen_target
from engine.core import events as ev
from engine.rulesets.magic_core import effects as fx
from engine.rulesets.magic_core.objects import (
    GRAVEYARD,
    STACK,
    Choice,
    Obj,
    StackItem,
)
from engine.rulesets.magic_core.steps import (
    M_CHOOSE,
    M_ORDER,
    M_PRIORITY,
    M_TRIGGER,
    M_XCHOICE,
)
from engine.rulesets.magic_core.targets import legal_targets, target_ok

if TYPE_CHECKING:
    from engine.rulesets.magic_core.game import MagicState


class Trigger:
    """A triggered ability waiting to be put on the stack (603.3)."""

    __slots__ = ("controller", "effects", "source", "target_word", "x")

    def __init__(self, controller: int, effects: tuple, source: Obj, x: int):
        self.controller = controller  # 113.8: the source's controller when it triggered
        self.effects = effects
        self.source = source.copy()  # 113.7a: last known information of its source
        self.x = x
        self.target_word = chosen_target(list(effects))


def resolve_top(state: "MagicState") -> None:
    """608: the top object resolves; a targeted one whose target is gone does nothing."""
    item = state.stack.pop()
    state.give_priority_to_active()  # 117.3b, unless the resolution asks something
    if item.target_word is not None and not target_ok(
        state, item.target_word, item.target, item.controller, item.source_uid
    ):
        state.note(f"{item.name} does nothing: its target is gone (608.2b).")
        state.spell_done(item)
        return
    state.resolving, state.resolve_index = item, 0
    if item.is_spell and item.proto.x_choice:  # 107.3e: X is chosen now
        state.mode = M_XCHOICE
        state.asking = item.controller
        return
    state.continue_resolution()


def continue_resolution(state: "MagicState") -> None:
    """Run the effects of the resolving item from where a choice paused it."""
    while (item := state.resolving) is not None:
        index = state.resolve_index
        if index >= len(item.effects):
            state.resolving = None
            state.finish_item(item)
            return
        state.resolve_index = index + 1
        fx.resolve(state, item, item.effects[index])
        if state.mode != M_PRIORITY or state.ended:
            return  # a choice is open, or the game is over


def finish_item(state: "MagicState", item: StackItem) -> None:
    if item.is_spell and item.proto.is_permanent and item.card is not None:
        card = item.card
        state.enter_battlefield(card, item.controller, item.x)  # 110.2, 107.3k
        return
    state.spell_done(item)


def spell_done(state: "MagicState", item: StackItem) -> None:
    """An instant or sorcery goes to its owner's graveyard; a copy ceases to exist."""
    card = item.card
    if item.is_spell and card is not None and not item.copy and card.zone == STACK:
        state.move(card, GRAVEYARD)


def stack_triggers(state: "MagicState") -> None:
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


def put_trigger(state: "MagicState", trig: Trigger, target: Any) -> None:
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


def trigger(state: "MagicState", obj: Obj, when: str, controller: int | None = None) -> None:
    for effects in obj.proto.triggers.get(when, ()):
        seat = obj.controller if controller is None else controller
        x = obj.etb_x if when == "enters" else 0  # 107.3k
        state.pending.append(Trigger(seat, effects, obj, x))


def trigger_all(state: "MagicState", when: str, seat: int) -> None:
    """Abilities of `seat`'s permanents that trigger on something `seat` does."""
    for obj in state.battlefield:
        if obj.controller == seat and when in obj.proto.triggers:
            state.trigger(obj, when)


def ask_each(state: "MagicState", kind: str, counts: dict[int, int]) -> None:
    """Players choose in APNAP order, each seeing the earlier choices (101.4, 101.4b);
    the chosen actions then happen at once. A player with no real choice is skipped."""
    choice = state.choice = Choice(kind)
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
        state.mode = M_CHOOSE
        state.asking = state.queue[0]
    else:
        state.carry_out_choice()


def next_chooser(state: "MagicState") -> None:
    state.queue = [s for s in state.queue if s != state.asking]
    if state.queue:
        state.asking = state.queue[0]
        return
    state.carry_out_choice()
    state.continue_resolution()


def carry_out_choice(state: "MagicState") -> None:
    choice = state.choice
    assert choice is not None  # carried out once, when everyone has chosen
    kind = choice.kind
    for seat in state.apnap():
        uids = choice.picked.get(seat, [])
        objs = [state.objs[u] for u in uids if u in state.objs]
        if kind == "discard":
            state.discard(state.players[seat], objs)
        else:
            for obj in objs:
                state.sacrifice(obj)
    state.choice = None
    state.mode = M_PRIORITY


def ref_name(state: "MagicState", ref: Any) -> str:
    if isinstance(ref, str):
        return state.names[int(ref[1:])]
    obj = state.objs.get(ref)
    if obj is not None:
        return obj.name
    item = next((i for i in state.stack if i.uid == ref), None)
    return item.name if item is not None else "?"


def find_item(state: "MagicState", uid: int) -> StackItem | None:
    for item in state.stack:
        if item.uid == uid:
            return item
    return None
