"""Casting spells and activating abilities (601, 602, 605): what a player may do with
priority, and paying the costs."""

from typing import TYPE_CHECKING, Any

from engine.core.decision import Action
from engine.rulesets.magic_core import effects as fx
from engine.rulesets.magic_core.cards import Ability, Cost, Proto
from engine.rulesets.magic_core.mana import affordable_x, can_pay, pay
from engine.rulesets.magic_core.objects import (
    BATTLEFIELD,
    GRAVEYARD,
    STACK,
    Obj,
    StackItem,
)
from engine.rulesets.magic_core.targets import legal_targets
from engine.rulesets.magic_core.turn_shape import MAINS

if TYPE_CHECKING:
    from engine.rulesets.magic_core.state import TableState

PASS: Action = ("pass",)
STOP_ALL: Action = ("pass", "all")  # pass, and from now on stop at every step
STOP_MAIN: Action = ("pass", "main")  # pass, and back to the default stops (docs)


def available(state: "TableState", seat: int, creature_spell: bool = False) -> list[int]:
    """Mana this player could spend now: the pool plus what untapped lands make, and
    for a creature spell the mana that may pay only for one (106.6)."""
    player = state.players[seat]
    avail = list(player.pool)
    if creature_spell:
        avail = [a + b for a, b in zip(avail, player.creature_pool, strict=True)]
    for obj in state.battlefield:
        if obj.controller == seat and not obj.tapped and obj.proto.produces:
            avail["WUBRGC".index(obj.proto.produces)] += 1
    return avail


def priority_actions(state: "TableState", seat: int) -> list[Action]:
    player = state.players[seat]
    actions: list[Action] = []
    sorcery_time = seat == state.active and state.step in MAINS and not state.stack
    avail = state.available(seat)
    seen: set[str] = set()
    for card in player.hand:
        proto = card.proto
        if proto.id in seen:
            continue  # two copies of a card make the same choices
        seen.add(proto.id)
        if proto.is_land:
            if sorcery_time and player.land_plays < 1:  # 305.2: one land a turn
                actions.append(("land", card.uid))
            continue
        if not (proto.is_instant or sorcery_time):
            continue
        if proto.is_creature and any(player.creature_pool):
            actions += state.cast_actions(seat, card, state.available(seat, True))
        else:
            actions += state.cast_actions(seat, card, avail)
    for obj in state.battlefield:
        if obj.controller != seat or not obj.proto.abilities:
            continue
        for ability in obj.proto.abilities:
            if ability.zone != BATTLEFIELD or not state.can_activate(
                seat, obj, ability, sorcery_time
            ):
                continue
            effect = ability.mana_effect
            if effect is not None:  # a mana ability
                colours = "WUBRG" if effect.mana == "any" else effect.mana[:1]
                actions += [("mana", obj.uid, ability.index, c) for c in colours]
                continue
            for x in state.x_values(ability.cost, avail, ability.life):
                refs = state.targets_for(ability.target, seat, obj.uid)
                if refs is None:
                    continue
                actions += [("act", obj.uid, ability.index, x, r) for r in refs]
    for card in player.graveyard:  # 113.6k: abilities that work from the graveyard
        for ability in card.proto.abilities:
            if ability.zone == GRAVEYARD and state.can_activate(seat, card, ability, sorcery_time):
                refs = state.targets_for(ability.target, seat, card.uid) or []
                for x in state.x_values(ability.cost, avail):
                    actions += [("act", card.uid, ability.index, x, r) for r in refs]
    # R13: a cast at X = 0 that does nothing is offered (107.3a), but listed last, just
    # before passing, so that it is out of the way (the sort is stable)
    actions.sort(key=lambda action: state.does_nothing(seat, action))
    actions.append(PASS)
    # Always offered, so that a priority decision is never a forced lone "pass": whether
    # a player is asked is `stops_here`'s public call, not the size of their options.
    actions.append(STOP_MAIN if player.stop_all else STOP_ALL)
    return actions


def cast_actions(state: "TableState", seat: int, card: Obj, avail: list[int]) -> list[Action]:
    proto = card.proto
    if not state.can_pay_additional(seat, proto):
        return []
    refs = state.targets_for(proto.target, seat, card.uid)
    if refs is None:
        return []  # a spell with a target needs a legal one to be cast (601.2c)
    if proto.x_is is not None:
        xs = [state.defined_x(proto, seat)] if proto.cost[7] else [0]
        if not can_pay(proto.cost, xs[0], avail):
            return []
    else:
        xs = state.x_values(proto.cost, avail)  # from 0: 107.3a, 107.1b (R13)
    return [("cast", card.uid, x, r) for x in xs for r in refs]


def does_nothing(state: "TableState", seat: int, action: Action) -> bool:
    """R13: whether this priority action is a cast at X = 0 of an instant or sorcery each
    of whose effects is counted by X, by a player for whom casting does nothing by itself.
    The rules let X be 0 (107.3a, 107.1b); such a cast is offered, listed last, and the
    agents' evaluation gives the spell no worth on the stack (ai.py)."""
    if action[0] != "cast" or action[2] != 0:
        return False
    return state.objs[action[1]].proto.x_only and not state.triggers_on_cast(seat)


def triggers_on_cast(state: "TableState", seat: int) -> bool:
    """R13: whether casting a spell does something for this player by itself: a
    permanent of theirs with a "whenever you cast" ability."""
    return any(
        obj.controller == seat and "you_cast" in obj.proto.triggers for obj in state.battlefield
    )


def can_pay_additional(state: "TableState", seat: int, proto: Proto) -> bool:
    """113.2b: an additional cost must be paid too; life can be paid only by a player
    whose life total is at least the amount (119.4)."""
    return state.players[seat].life >= proto.additional_life


def x_values(state: "TableState", cost: Cost, avail: list[int], life: int = 0) -> list[int]:
    """The values of X this player can pay for (107.3a); [0] without an X; [] if the
    cost cannot be paid at all."""
    if not can_pay(cost, 0, avail):
        return []
    if not cost[7]:
        return [0]
    return list(range(affordable_x(cost, avail) + 1))


def targets_for(state: "TableState", word: str | None, seat: int, source: int) -> list[Any] | None:
    if word is None:
        return [None]
    refs = legal_targets(state, word, seat, source)
    return refs or None


def can_activate(
    state: "TableState", seat: int, obj: Obj, ability: Ability, sorcery_time: bool
) -> bool:
    """Costs that must be payable: {T} and {Q} (107.5/107.6, with summoning sickness
    for creatures, 302.6), life, mana."""
    if ability.sorcery_speed and not sorcery_time:
        return False
    if ability.tap or ability.untap:
        if obj.proto.is_creature and obj.fresh and not state.has(obj, "haste"):
            return False
        if (ability.tap and obj.tapped) or (ability.untap and not obj.tapped):
            return False
    return not ability.life or state.players[seat].life >= ability.life


def defined_x(state: "TableState", proto: Proto, seat: int) -> int:
    """107.3c/e: X defined by the card's text."""
    if proto.x_is == "creatures_you_control":
        return sum(1 for o in state.battlefield if o.controller == seat and o.proto.is_creature)
    return len(state.players[seat].hand)


def play_land(state: "TableState", seat: int, card: Obj) -> None:
    player = state.players[seat]
    player.land_plays += 1
    player.hand.remove(card)
    state.note(f"{player.name} plays {card.name}.")
    state.enter_battlefield(card, seat)


def cast(state: "TableState", seat: int, uid: int, x: int, target: Any, free: bool = False) -> None:
    """601.2: announce (X, 107.3a), choose the target, pay (the auto-tapper), then the
    spell is cast and 'whenever you cast' abilities trigger. Cast without paying its
    mana cost, X can only be 0 (107.3b)."""
    player = state.players[seat]
    card = state.objs[uid]
    proto = card.proto
    player.hand.remove(card)
    card.zone = STACK
    card.controller = seat
    if proto.x_is is not None and proto.cost[7]:
        x = state.defined_x(proto, seat)  # 107.3c
    if free:
        x = 0
    else:
        pay(state, seat, proto.cost, x, proto.is_creature)
    if proto.additional_life:  # 113.2b: paid even when the mana cost is not (118.9d)
        player.life -= proto.additional_life
        state.note(f"{player.name} pays {proto.additional_life} life ({player.life}).")
    item = StackItem(
        state.new_stack_uid(), True, proto, seat, proto.effects, proto.target, target, x, card
    )
    state.stack.append(item)
    shown = f" (X={x})" if proto.cost[7] else ""
    aim = f" targeting {state.ref_name(target)}" if target is not None else ""
    state.note(f"{player.name} casts {proto.name}{shown}{aim}.")
    state.trigger_all("you_cast", seat)


def activate(state: "TableState", seat: int, obj: Obj, index: int, x: int, target: Any) -> None:
    """602.2: pay every cost, then the ability goes on the stack, independent of its
    source from then on (113.7a)."""
    ability = obj.proto.abilities[index]
    state.pay_ability_costs(seat, obj, ability, x)
    item = StackItem(
        state.new_stack_uid(),
        False,
        obj.proto,
        seat,
        ability.effects,
        ability.target,
        target,
        x,
        source=obj.copy(),
    )
    state.stack.append(item)
    shown = f" (X={x})" if ability.cost[7] else ""
    state.note(f"{state.names[seat]} activates {obj.name}{shown}: {ability.text}")


def mana_ability(state: "TableState", seat: int, obj: Obj, index: int, colour: str) -> None:
    """605: a mana ability does not use the stack; 'any colour' is chosen as it resolves."""
    ability = obj.proto.abilities[index]
    state.pay_ability_costs(seat, obj, ability, 0)
    effect = ability.mana_effect
    assert effect is not None  # only mana abilities are offered as "mana" actions
    mana = colour if effect.mana == "any" else effect.mana
    fx.add_mana(state, seat, mana, effect.creature_spells_only)


def pay_ability_costs(state: "TableState", seat: int, obj: Obj, ability: Ability, x: int) -> None:
    pay(state, seat, ability.cost, x)
    if ability.tap:
        obj.tapped = True
    if ability.untap:
        obj.tapped = False
    if ability.life:
        state.players[seat].life -= ability.life
    if ability.sacrifice:
        state.sacrifice(obj)


def new_stack_uid(state: "TableState") -> int:
    state.next_uid += 1
    return state.next_uid - 1


def free_actions(state: "TableState", seat: int, limit: int) -> list[Action]:
    """107.3b: the instants and sorceries `seat` may cast without paying their mana cost,
    of mana value up to `limit`, each with its targets."""
    actions = []
    for card in state.players[seat].hand:
        proto = card.proto
        if (
            (proto.is_instant or proto.is_sorcery)
            and proto.mana_value <= limit
            and state.can_pay_additional(seat, proto)
        ):
            refs = state.targets_for(proto.target, seat, card.uid)
            if refs is not None:
                actions += [("free", card.uid, r) for r in refs]
    return actions
