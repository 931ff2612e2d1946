"""Moving objects between zones (400): drawing, discarding, sacrificing, entering the
battlefield, tokens."""

from typing import TYPE_CHECKING

from engine.core import events as ev
from engine.rulesets.magic_core.cards import Proto
from engine.rulesets.magic_core.objects import (
    BATTLEFIELD,
    EXILE,
    GONE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
    Obj,
    Player,
)

if TYPE_CHECKING:
    from engine.rulesets.magic_core.state import TableState


def new_obj(state: "TableState", proto: Proto, owner: int, zone: str) -> Obj:
    obj = Obj(state.next_uid, proto, owner, zone)
    state.objs[obj.uid] = obj
    state.next_uid += 1
    return obj


def zone_list(state: "TableState", obj: Obj) -> list | None:
    zone = obj.zone
    if zone == BATTLEFIELD:
        return state.battlefield
    if zone in (LIBRARY, HAND, GRAVEYARD, EXILE):
        player = state.players[obj.owner]
        return {
            LIBRARY: player.library,
            HAND: player.hand,
            GRAVEYARD: player.graveyard,
            EXILE: player.exile,
        }[zone]
    return None


def move(state: "TableState", obj: Obj, zone: str) -> bool:
    """Move an object to its owner's `zone`. A token that has already left the
    battlefield stays where it is (111.8). Returns whether it moved."""
    if obj.left:
        return False
    source = state.zone_list(obj)
    if source is not None and obj in source:
        source.remove(obj)
    if obj.zone == LIBRARY:
        obj = state._own(obj)
    was_on_battlefield = obj.zone == BATTLEFIELD
    if was_on_battlefield:
        for other in state.battlefield:
            if other.blocking == obj.uid:
                other.blocking = -1  # still blocking, its attacker is gone (509.1h)
        if obj.proto.token:
            obj.left = True
    if obj.zone == STACK:
        state.stack = [i for i in state.stack if i.card is not obj]
    obj.zone = zone
    obj.controller = obj.owner
    if obj.proto.token and zone != BATTLEFIELD:
        obj.left = True
        state.limbo.append(obj)
    target = state.zone_list(obj)
    if target is not None:
        target.append(obj)
    if was_on_battlefield:
        state.statics_changed()
        obj_copy = obj.copy()
        obj.reset()
        obj.controller = obj.owner
        if obj_copy.proto.is_creature and zone == GRAVEYARD and "dies" in obj.proto.triggers:
            state.trigger(obj_copy, "dies", obj_copy.controller)
    return True


def _own(state: "TableState", obj: Obj) -> Obj:
    """A card leaving the library becomes this state's own copy: a clone may share
    the one that lay there (`clone`)."""
    mine = obj.copy()
    state.objs[obj.uid] = mine
    return mine


def enter_battlefield(state: "TableState", obj: Obj, controller: int, x: int = 0) -> None:
    """110.2: under the control of who put it there; 110.5b: untapped and face up."""
    source = state.zone_list(obj)
    if source is not None and obj in source:
        source.remove(obj)
    if obj.zone == LIBRARY:
        obj = state._own(obj)
    obj.reset()
    obj.zone = BATTLEFIELD
    obj.controller = controller
    obj.etb_x = x
    obj.stamp = state.new_stamp()
    state.battlefield.append(obj)
    state.statics_changed()
    state.trigger(obj, "enters")


def create_token(state: "TableState", proto: Proto, seat: int) -> Obj:
    """111.2: the creator owns the token, and it enters under their control."""
    token = state.new_obj(proto, seat, GONE)
    state.enter_battlefield(token, seat)
    return token


def sacrifice(state: "TableState", obj: Obj) -> None:
    state.note(f"{state.names[obj.controller]} sacrifices {obj.name}.")
    state.move(obj, GRAVEYARD)


def draw(state: "TableState", player: Player, count: int) -> None:
    """104.3c: drawing from an empty library loses at the next state-based check."""
    for _ in range(count):
        if not player.library:
            player.drew_empty = True
            state.note(f"{player.name} cannot draw from an empty library.")
            return
        card = state._own(player.library.pop())
        card.zone = HAND
        player.hand.append(card)
        state.events.append(ev.CardDrawn(player.seat, player.name, card.name))


def discard(state: "TableState", player: Player, cards: list[Obj]) -> None:
    for card in cards:
        state.move(card, GRAVEYARD)
    if cards:
        state.note(f"{player.name} discards {', '.join(c.name for c in cards)}.")
