"""An object's characteristics as the rules see them now: power, toughness and
keywords with static abilities and effects applied (613), mana value (202)."""

from typing import TYPE_CHECKING

from engine.rulesets.magic_core.objects import (
    Obj,
    StackItem,
)

if TYPE_CHECKING:
    from engine.rulesets.magic_core.state import TableState

NO_ANTHEM: tuple[int, int, frozenset] = (0, 0, frozenset())


def power(state: "TableState", obj: Obj) -> int:
    value = obj.proto.power + obj.counters + sum(pump[0] for pump in obj.pumps)
    return value + state.anthem(obj)[0]


def toughness(state: "TableState", obj: Obj) -> int:
    value = obj.proto.toughness + obj.counters + sum(pump[1] for pump in obj.pumps)
    return value + state.anthem(obj)[1]


def statics_changed(state: "TableState") -> None:
    """Called whenever the battlefield changes: which static abilities now apply."""
    state.maybe_dying = True
    state.anthem_srcs = [o for o in state.battlefield if o.proto.anthems]
    state.no_gain = any(o.proto.no_life_gain for o in state.battlefield)


def anthem(state: "TableState", obj: Obj) -> tuple[int, int, frozenset]:
    """Static abilities of other permanents (113.3d): +N/+N and keywords."""
    if not state.anthem_srcs:
        return NO_ANTHEM
    power = toughness = 0
    words: frozenset = frozenset()
    for other in state.anthem_srcs:
        if other is not obj and other.controller == obj.controller:
            for p, t, k in other.proto.anthems:
                power += p
                toughness += t
                words |= k
    return power, toughness, words


def has(state: "TableState", obj: Obj, keyword: str) -> bool:
    if not obj.pumps:  # nothing can have removed a keyword: the fast answer
        if keyword in obj.proto.keywords:
            return True
        return bool(state.anthem_srcs) and keyword in state.anthem(obj)[2]
    return keyword in state.keywords(obj)


def keywords(state: "TableState", obj: Obj) -> set[str]:
    """Printed keywords, then every effect that adds or removes some, oldest first
    (113.10c: the most recent one prevails; 101.2a: adding and removing abilities is
    not a matter of "can't" beating "can"). A static ability dates from when its
    permanent entered the battlefield, an "until end of turn" effect from when it
    resolved."""
    words: set[str] = set(obj.proto.keywords)
    changes: list[tuple[int, frozenset[str], frozenset[str]]] = []
    for other in state.anthem_srcs:
        if other is not obj and other.controller == obj.controller:
            for _, _, k in other.proto.anthems:
                if k:
                    changes.append((other.stamp, k, frozenset()))
    for pump in obj.pumps:
        if pump[2] or pump[3]:
            changes.append((pump[4], pump[2], pump[3]))
    changes.sort(key=lambda change: change[0])
    for _, added, removed in changes:
        words |= added
        words -= removed  # 113.10b: every instance of it
    return words


def new_stamp(state: "TableState") -> int:
    state.clock += 1
    return state.clock


def life_gain_blocked(state: "TableState") -> bool:
    """101.2: 'players can't gain life' beats any effect that says a player gains life."""
    return state.no_gain


def sacrificeable(state: "TableState", seat: int) -> list[Obj]:
    return [o for o in state.battlefield if o.controller == seat and o.proto.is_creature]


def mana_value(state: "TableState", obj: Obj | StackItem) -> int:
    """107.3f/g: X counts as 0 except in a spell on the stack, where it is the announced X."""
    if isinstance(obj, StackItem):
        return obj.proto.mana_value + (obj.x * obj.proto.cost[7] if obj.is_spell else 0)
    return obj.proto.mana_value
