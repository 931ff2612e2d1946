"""Attacks and damage: pets, weapons and charged spells striking Mages and cards
(mw:97-114)."""

from typing import Any

from engine.core import events as ev
from engine.core.events import Note
from engine.rulesets.mage_wars.death import lose_health
from engine.rulesets.mage_wars.state import TableState
from engine.rulesets.mage_wars.steps import Eff
from engine.rulesets.mage_wars.table import Card, Seat


def attack_with(state: TableState, side: Seat, source: Card, target: Any) -> None:
    data = source.proto.data
    amount = data.power
    if getattr(data, "charged", False):  # mw:114 — each use discards a charge
        charge = source.charges.pop()
        state.discard(charge)
    strike(state, side, target, amount, pierce=False, source=source.proto.name)
    if getattr(data, "charged", False) and not source.charges and source.owner is not None:
        state.events.append(Note(f"{source.proto.name}'s last charge is spent."))
        state.remove_from_table(source)
        state.discard(source)


def use_charge(state: TableState, side: Seat, card: Card, target: Any) -> None:
    card.used = state.turn
    charge = card.charges.pop()
    state.discard(charge)
    state.events.append(ev.CardPlayed(side.seat, side.name, card.proto.name, None))
    effects = [Eff(e, side.seat, target, card.proto.name) for e in card.proto.data.effects]
    if not card.charges:
        side.board.remove(card)
        state.discard(card)
    state.push(*effects)


def strike(
    state: TableState, side: Seat, target: Any, amount: int, *, pierce: bool, source: str
) -> None:
    side.tally["attacks"] += 1
    amount += state.power(side)
    if isinstance(target, str):
        victim = state.seats[int(target[1:])]
        if victim.dead or victim.gone:
            return
        attack_mage(state, side, victim, amount, pierce, source)
    else:
        card = state.cards[target]
        if not state.on_table(card):
            return
        attack_card(state, side, card, amount, source)


def attack_mage(
    state: TableState, side: Seat, victim: Seat, amount: int, pierce: bool, source: str
) -> None:
    """mw:99-101 — armor cards, then other defences, then health cards."""
    armor = 0 if pierce else len(victim.armor)
    net = max(0, amount - armor - state.defence(victim))
    if not net:
        state.events.append(ev.Attacked(source, victim.name))
        return
    side.tally["damage"] += net
    lose_health(state, victim, net, side, source)


def attack_card(state: TableState, side: Seat, card: Card, amount: int, source: str) -> None:
    """mw:107-110 — at least its health destroys it; less does nothing."""
    health = card.proto.data.health
    if amount < health:
        state.events.append(ev.Attacked(source, card.proto.name))
        return
    side.tally["destroy"] += 1
    state.events.append(ev.Attacked(source, card.proto.name, card.proto.name, amount, 0))
    destroy(state, card)


def destroy(state: TableState, card: Card) -> None:
    owner = state.seats[card.owner].name if card.owner is not None else "the centre"
    state.events.append(ev.Died(card.proto.name, owner))
    state.remove_from_table(card)
    state.discard(card)
    if card.proto.type == "structure":  # mw:68 — an effect upon destruction
        state.events.append(ev.Triggered(card.proto.name, "destruction"))
        state.push(
            *[Eff(e, state.active, None, card.proto.name) for e in card.proto.data.on_destroy]
        )
