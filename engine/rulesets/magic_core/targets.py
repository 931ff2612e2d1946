"""Legal targets by target word (see cards/magic_core/schema.py), and whether a target is
still legal as its spell or ability resolves (608.2b).

Targets are object numbers (permanents, and spells or abilities on the stack) or player
keys "p0".."p3".
"""

from typing import TYPE_CHECKING, Any

from engine.rulesets.magic_core.objects import BATTLEFIELD

if TYPE_CHECKING:
    from engine.rulesets.magic_core.objects import Obj, StackItem
    from engine.rulesets.magic_core.state import TableState


def _creature_ok(state: "TableState", word: str, obj: "Obj", seat: int) -> bool:
    if obj.zone != BATTLEFIELD:
        return False
    proto = obj.proto
    if word == "target_creature":
        return proto.is_creature
    if word == "target_your_creature":
        return proto.is_creature and obj.controller == seat
    if word == "target_opponent_creature":
        return proto.is_creature and obj.controller != seat
    if word == "target_artifact":
        return proto.is_artifact
    if word == "target_nonland":
        return not proto.is_land
    if word == "target_any":
        return proto.is_creature
    return False


def legal_targets(state: "TableState", word: str, seat: int, source: int) -> list[Any]:
    refs: list[Any] = []
    if word in ("target_spell", "target_instant_sorcery", "target_ability"):
        for item in state.stack:
            if item.uid != source and _stack_ok(word, item):
                refs.append(item.uid)
        return refs
    # opponents first, in turn order from the chooser, then the chooser (the
    # same order in every game); players before permanents, each side's permanents
    # grouped as its board shows them
    n = len(state.players)
    order = [(seat + i) % n for i in range(1, n)] + [seat]
    if word in ("target_player", "target_opponent", "target_any"):
        for p in order:
            if (word != "target_opponent" or p != seat) and not state.players[p].left:
                refs.append(state.players[p].key)
        if word != "target_any":
            return refs
    mine: list[Any] = []  # the chooser's own come last; the rest is in turn order
    others: list[list[Any]] | None = None
    for obj in state.battlefield:
        if _creature_ok(state, word, obj, seat):
            controller = obj.controller
            if controller == seat:
                mine.append(obj.uid)
            elif n == 2:
                refs.append(obj.uid)
            else:
                if others is None:
                    others = [[] for _ in range(n)]
                others[controller].append(obj.uid)
    if others is not None:
        for p in order:
            refs += others[p]
    return refs + mine


def _stack_ok(word: str, item: "StackItem") -> bool:
    if word == "target_ability":
        return not item.is_spell  # 113.9
    if word == "target_instant_sorcery":
        return item.is_spell and (item.proto.is_instant or item.proto.is_sorcery)
    return item.is_spell


def target_ok(state: "TableState", word: str, ref: Any, seat: int, source: int) -> bool:
    if isinstance(ref, str):
        player = state.players[int(ref[1:])]
        if player.left:
            return False
        return word != "target_opponent" or player.seat != seat
    if word in ("target_spell", "target_instant_sorcery", "target_ability"):
        item = state.find_item(ref)
        return item is not None and _stack_ok(word, item)
    obj = state.objs.get(ref)
    return obj is not None and _creature_ok(state, word, obj, seat)
