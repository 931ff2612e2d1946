"""Carrying out one resolving item's effects, on the objects its selections hold.

An object that is gone by now (a lost "up to" target, battle-mages.md:172-180) is skipped;
everything else happens, so a spell resolves fully or, having fizzled earlier, not at all.
Counter rulings (B8): Poison places its count in damage at its controller's Preparation,
Shield prevents the next damage dealt and is spent, Str adds 1 power each, Ice keeps a
creature from attacking, blocking and preparing, Damage counters stay until removed.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core import events as ev
from engine.rulesets.battle_mages import events as bev
from engine.rulesets.battle_mages.cards import (
    COUNTERS,
    CREATURE,
    OPPONENT,
    THIS,
    YOU,
    CardInst,
    Eff,
)
from engine.rulesets.battle_mages.stack import Ref

if TYPE_CHECKING:
    from engine.rulesets.battle_mages.stack import Item
    from engine.rulesets.battle_mages.state import TableState
    from engine.rulesets.battle_mages.table import Side

#: The objects an item's selections picked: (body, selection) -> (uid, stamp) refs.
Picks = dict[tuple[int, int], tuple[Ref, ...]]


def place_damage(state: "TableState", card: CardInst, amount: int, source: str) -> None:
    if card.shield:
        card.shield -= 1
        state.events.append(bev.Moved(card.name, f"spends a Shield counter against {source}"))
        return
    put_damage_counters(state, card, amount, source)


def put_damage_counters(state: "TableState", card: CardInst, amount: int, source: str) -> None:
    """Ruling B8: Damage counters put by an effect (Poison) are not damage dealt, so no
    Shield counter prevents them."""
    card.damage += amount
    left = max(0, card.proto.health - card.damage)
    state.events.append(ev.Damaged(card.name, amount, left, source))


def hurt_mage(state: "TableState", side: "Side", amount: int, source: str) -> None:
    side.life -= amount
    state.events.append(ev.Damaged(side.name, amount, side.life, source))


def objects(
    state: "TableState",
    item: "Item",
    to: int,
    picks: Picks,
    body: int,
) -> list["CardInst | Side"]:
    """Cards (still where they were chosen) and Mages an effect acts on."""
    if to == YOU:
        return [state.sides[item.controller]]
    if to == OPPONENT:
        return [state.sides[1 - item.controller]]
    if to == THIS:
        uid, stamp = item.source
        card = state.cards[uid]
        return [card] if card.stamp == stamp and card.zone == "field" else []
    found: list[CardInst | Side] = []
    for uid, stamp in picks.get((body, to), ()):
        if uid < 0:
            found.append(state.sides[-1 - uid])
        elif state.cards[uid].stamp == stamp:
            found.append(state.cards[uid])
    return found


def run_body(
    state: "TableState",
    item: "Item",
    body: int,
    picks: Picks,
) -> None:
    for effect in item.script.bodies[body].effects:
        for obj in objects(state, item, effect.to, picks, body):
            _HANDLERS[effect.kind](state, effect, obj, item)
            if state.over:
                return


def _damage(state: "TableState", effect: Eff, obj: "CardInst | Side", item: "Item") -> None:
    if isinstance(obj, CardInst):
        if obj.proto.kind == CREATURE and obj.zone == "field":
            place_damage(state, obj, effect.amount, item.label)
    else:
        hurt_mage(state, obj, effect.amount, item.label)


def _heal(state: "TableState", effect: Eff, obj: "CardInst | Side", item: "Item") -> None:
    if isinstance(obj, CardInst):
        removed = min(obj.damage, effect.amount)
        obj.damage -= removed
        left = obj.proto.health - obj.damage
        state.events.append(ev.Healed(obj.name, removed, left))
    else:
        obj.life += effect.amount  # ruling B1: life has no maximum
        state.events.append(ev.Healed(obj.name, effect.amount, obj.life))


def _add_counters(state: "TableState", effect: Eff, obj: CardInst, item: "Item") -> None:
    setattr(obj, effect.counter, getattr(obj, effect.counter) + effect.amount)
    word = effect.counter.title() if effect.counter != "str" else "Str"
    state.events.append(ev.StatsChanged(obj.name, f"gets {effect.amount} {word} counter(s)"))


def _remove_counters(state: "TableState", effect: Eff, obj: CardInst, item: "Item") -> None:
    kinds = COUNTERS if effect.counter == "all" else (effect.counter,)
    for kind in kinds:
        have = getattr(obj, kind)
        setattr(obj, kind, 0 if effect.counter == "all" else max(0, have - effect.amount))
    state.events.append(ev.StatsChanged(obj.name, f"loses {effect.counter} counters"))


def _destroy(state: "TableState", effect: Eff, obj: CardInst, item: "Item") -> None:
    if obj.zone not in ("field", "crystals"):
        return
    if obj.proto.kind == CREATURE:
        state.die([obj])
    else:
        state.leave_field(obj, "graveyard")
        state.events.append(bev.Moved(obj.name, "is destroyed"))


def _exhaust(state: "TableState", effect: Eff, obj: CardInst, item: "Item") -> None:
    obj.exhausted = True
    state.events.append(bev.Moved(obj.name, "is exhausted"))


def _prepare(state: "TableState", effect: Eff, obj: CardInst, item: "Item") -> None:
    obj.exhausted = False
    state.events.append(bev.Moved(obj.name, "is prepared"))


def _grant(state: "TableState", effect: Eff, obj: CardInst, item: "Item") -> None:
    obj.gained = obj.gained | {effect.keyword}
    obj.lost = obj.lost - {effect.keyword}
    state.events.append(ev.StatsChanged(obj.name, f"gains {effect.keyword} until end of turn"))


def _strip(state: "TableState", effect: Eff, obj: CardInst, item: "Item") -> None:
    obj.lost = obj.lost | {effect.keyword}
    obj.gained = obj.gained - {effect.keyword}
    state.events.append(ev.StatsChanged(obj.name, f"loses {effect.keyword} until end of turn"))


def _recall(state: "TableState", effect: Eff, obj: CardInst, item: "Item") -> None:
    state.leave_field(obj, "hand")
    state.events.append(bev.Moved(obj.name, "returns to its owner's hand"))


def _deny(state: "TableState", effect: Eff, obj: CardInst, item: "Item") -> None:
    """The denied spell leaves the stack for its owner's graveyard, unresolved."""
    for index, other in enumerate(state.stack):
        if other.spell and other.source[0] == obj.uid:
            del state.stack[index]
            state.move(obj, "graveyard")
            state.sides[obj.owner].graveyard.append(obj)
            state.events.append(bev.Moved(obj.name, "is denied"))
            return


def _draw(state: "TableState", effect: Eff, obj: "Side", item: "Item") -> None:
    for _ in range(effect.amount):
        state.draw(obj)
        if state.over:
            return


def _gain_mana(state: "TableState", effect: Eff, obj: "Side", item: "Item") -> None:
    obj.pool += effect.amount
    state.events.append(ev.StatsChanged(obj.name, f"gains {effect.amount} mana"))


def _withdraw(state: "TableState", effect: Eff, obj: CardInst, item: "Item") -> None:
    """battle-mages.md:138 — out of combat: it deals (and, blocking, takes) no combat damage."""
    obj.attacking = False
    obj.blocking = 0
    state.events.append(bev.Moved(obj.name, "is removed from combat"))


#: Each handler takes the object kind its effect acts on (a card, a Mage or either).
_HANDLERS: dict[str, Callable[..., None]] = {
    "damage": _damage,
    "heal": _heal,
    "add_counters": _add_counters,
    "remove_counters": _remove_counters,
    "destroy": _destroy,
    "exhaust": _exhaust,
    "prepare": _prepare,
    "grant": _grant,
    "strip": _strip,
    "recall": _recall,
    "deny": _deny,
    "draw": _draw,
    "gain_mana": _gain_mana,
    "withdraw": _withdraw,
}
