"""What the active player's main-phase actions do: play a card, attack, end the turn.

clash.md:18-67 and 93; the effects a card brings are effects.py's, which settles deaths
after each one.
"""

from typing import Any

from engine.core import events as ev
from engine.rulesets.clash.cards import EQUIPMENT, MONSTER, CardInst
from engine.rulesets.clash.effects import check_deaths, resolve
from engine.rulesets.clash.state import Side, TableState


def play(state: TableState, seat: int, uid: int, target: Any) -> None:
    side = state.sides[seat]
    card = state.cards[uid]
    proto = card.proto
    side.mana -= proto.cost  # legal actions only offer what the mana pays for
    side.hand.remove(card)
    side.hand_version += 1
    if target is None:
        chosen = None
        state.log.append((ev.CardPlayed, seat, side.name, proto.name, None))
    else:
        chosen = state.target_of(target)
        state.log.append((ev.CardPlayed, seat, side.name, proto.name, chosen.name))
    if proto.kind == MONSTER:
        card.reset()
        card.summoned_turn = state.turn
        side.board.append(card)
        side.board_version += 1
        state.board_version += 1
        if proto.on_summon:
            state.log.append((ev.Triggered, proto.name, "summon"))
            resolve(state, proto.on_summon, seat, card, chosen, proto.name)
    elif proto.kind == EQUIPMENT:
        monster = chosen  # clash.md:64 — any monster, the opponent's included
        assert isinstance(monster, CardInst)  # equipment is played on a monster only
        monster.attached += (card,)
        monster.power += proto.power
        monster.toughness += proto.toughness
        change = f"gains +{proto.power}/+{proto.toughness}"
        state.log.append((ev.StatsChanged, monster.proto.name, change))
    else:  # clash.md:61 — a spell happens at once, then rests in the graveyard
        side.graveyard.append(card)
        resolve(state, proto.effects, seat, None, chosen, proto.name)


def attack(state: TableState, uid: int, target: Any) -> None:
    """clash.md:18-49 — damage = power - toughness; a negative result hurts the attacker."""
    attacker = state.cards[uid]
    attacker.attacked = True
    name = attacker.proto.name
    if target.__class__ is str:  # a player: no toughness, the full power lands (R3)
        victim = state.sides[int(target[1])]
        power = attacker.power
        if power <= 0:
            state.log.append((ev.Attacked, name, victim.name))
            return
        victim.health -= power
        state.log.append((ev.Attacked, name, victim.name, victim.name, power, victim.health))
        if victim.health <= 0 and not state.game_ended:
            state.game_won_by(1 - victim.seat, f"{victim.name} fell to 0 health")
        return
    defender = state.cards[target]
    damage = attacker.power - defender.toughness
    if damage == 0:
        state.log.append((ev.Attacked, name, defender.proto.name))
        return
    hurt = defender if damage > 0 else attacker  # R13: the defender never strikes back
    damage = abs(damage)
    hurt.health -= damage
    state.log.append(
        (ev.Attacked, name, defender.proto.name, hurt.proto.name, damage, max(hurt.health, 0))
    )
    if hurt.health <= 0:
        state.maybe_dead = True
        if not state.settling:
            check_deaths(state)


def end_turn(state: TableState) -> None:
    """clash.md:58,93 — turn effects, then end-phase hooks, then the other player's turn."""
    side = state.sides[state.active]
    state.log.append((ev.TurnEnded, side.name))
    for monster in side.board:
        if monster.proto.on_turn_end:  # most turns have none: no copy of the board then
            turn_effects(state, side)
            if state.game_ended:
                return
            break
    if state.delayed:
        hooks, state.delayed = state.delayed, []
        for hook_effects, controller, source in hooks:
            state.log.append((ev.Triggered, source, "end of turn"))
            resolve(state, hook_effects, controller, None, None, source)
            if state.game_ended:
                return
    state.begin_turn(1 - state.active)


def turn_effects(state: TableState, side: Side) -> None:
    """clash.md:58 — each monster's turn effect, left to right, while it is still there."""
    for monster in list(side.board):
        if monster.proto.on_turn_end and monster in side.board:
            state.log.append((ev.Triggered, monster.proto.name, "turn"))
            resolve(state, monster.proto.on_turn_end, side.seat, monster, None, monster.proto.name)
            if state.game_ended:
                return
