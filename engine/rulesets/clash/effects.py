"""Carrying out card effects, one after another, stopping the moment a game is decided.

Ruling R4: effect damage is not reduced by toughness (toughness shields against attacks,
clash.md:20). Ruling R9: "each player" effects go the active player first, then the other,
so with both at low health the active player falls first (clash.md:77).
"""

from collections.abc import Sequence
from typing import Any, cast

from engine.core import events as ev
from engine.rulesets.clash import targets as t
from engine.rulesets.clash.cards import CardInst, Eff
from engine.rulesets.clash.state import Side, TableState

MAX_MANA = 10
BOARD_SLOTS = 5


def resolve(
    state: TableState,
    effects: tuple[Eff, ...],
    controller: int,
    this: CardInst | None,
    chosen: Any,
    source: str,
) -> None:
    """Run `effects` for `controller`; deaths are settled after each one.

    Every handler takes the same arguments: who controls the effect, the monster whose
    effect it is (`this`), the chosen target and the source's name.
    """
    for effect in effects:
        if state.game_ended:
            return
        _HANDLERS[effect.kind](state, effect, controller, this, chosen, source)
        if state.maybe_dead:
            check_deaths(state)


def check_deaths(state: TableState) -> None:
    """clash.md:51,58 — monsters at 0 health go to the graveyard; death effects follow.

    Ruling R8: deaths are collected active side first, left to right; all of them leave
    the field before any death effect happens, and deaths those effects cause are handled
    the same way afterwards.
    """
    if not state.maybe_dead or state.settling:
        return  # nobody died, or a death effect is running: its deaths wait (R8)
    state.settling = True
    try:
        _settle_deaths(state)
    finally:
        state.settling = False


def _settle_deaths(state: TableState) -> None:
    while state.maybe_dead and not state.game_ended:
        state.maybe_dead = False
        dead = []
        for side in (state.sides[state.active], state.sides[1 - state.active]):
            # plain loops: in this Python a comprehension or any(...) costs a function call
            for monster in side.board:
                if monster.health <= 0:
                    living = []
                    for m in side.board:
                        if m.health > 0:
                            living.append(m)
                        else:
                            dead.append((side, m))
                    side.board = living
                    side.board_version += 1
                    state.board_version += 1
                    break
        for side, monster in dead:
            state.log.append((ev.Died, monster.proto.name, side.name))
            for item in monster.attached:
                state.sides[item.owner].graveyard.append(item)
            monster.attached = ()
            if not monster.proto.token:
                state.sides[monster.owner].graveyard.append(monster)
        for side, monster in dead:
            if monster.proto.on_death and not state.game_ended:
                state.log.append((ev.Triggered, monster.proto.name, "death"))
                resolve(state, monster.proto.on_death, side.seat, monster, None, monster.proto.name)


def _players(state: TableState, target: int, controller: int) -> list[Side]:
    if target == t.YOU:
        return [state.sides[controller]]
    if target == t.OPPONENT:
        return [state.sides[1 - controller]]
    if target == t.EACH_PLAYER:
        return [state.sides[state.active], state.sides[1 - state.active]]
    return []


def _on_field(state: TableState, monster: CardInst) -> bool:
    return monster.health > 0 and state.side_of(monster) is not None


def _subjects(
    state: TableState, target: int, controller: int, this: CardInst | None, chosen: Any
) -> Sequence[CardInst | Side]:
    """The monsters and players an effect touches, in the order it touches them."""
    you, opp = state.sides[controller], state.sides[1 - controller]
    if target in t.CHOSEN:
        if chosen is None or (isinstance(chosen, CardInst) and not _on_field(state, chosen)):
            return []  # it left the battlefield before this effect happened
        return [chosen]
    if target == t.THIS:
        return [this] if this is not None and _on_field(state, this) else []
    if target == t.ALL_MONSTERS:
        return state.sides[state.active].board + state.sides[1 - state.active].board
    if target == t.ENEMY_MONSTERS:
        return list(opp.board)
    if target == t.FRIENDLY_MONSTERS:
        return list(you.board)
    if target == t.OTHER_FRIENDLY_MONSTERS:
        return [m for m in you.board if m is not this]
    if target == t.RANDOM_ENEMY_MONSTER:
        return [state.rng.choice(opp.board)] if opp.board else []
    if target == t.RANDOM_ENEMY:
        pool: list[CardInst | Side] = [opp, *opp.board]
        return [pool[state.rng.below(len(pool))]]
    return _players(state, target, controller)


def _monsters(
    state: TableState, target: int, controller: int, this: CardInst | None, chosen: Any
) -> Sequence[CardInst]:
    """The subjects of an effect for monsters only: the card schema refuses such an effect
    any target a player may be (cards/clash/schema.py, MAY_BE_PLAYER)."""
    return cast("Sequence[CardInst]", _subjects(state, target, controller, this, chosen))


def _damage(
    state: TableState,
    effect: Eff,
    controller: int,
    this: CardInst | None,
    chosen: Any,
    source: str,
) -> None:
    for subject in _subjects(state, effect.target, controller, this, chosen):
        if isinstance(subject, CardInst):
            if subject.health > 0:
                state.hurt_monster(subject, effect.amount, source)
        else:
            state.hurt_player(subject, effect.amount, source)
            if state.game_ended:
                return


def _heal(
    state: TableState,
    effect: Eff,
    controller: int,
    this: CardInst | None,
    chosen: Any,
    source: str,
) -> None:
    for subject in _subjects(state, effect.target, controller, this, chosen):
        if isinstance(subject, CardInst):
            # clash.md:51 — health is a maximum that healing cannot pass
            gained = min(effect.amount, subject.max_health - subject.health)
        else:
            gained = effect.amount  # clash.md:77 — a player's health has no maximum
        subject.health += gained
        state.log.append((ev.Healed, subject.name, gained, subject.health))


def _draw(
    state: TableState,
    effect: Eff,
    controller: int,
    this: CardInst | None,
    chosen: Any,
    source: str,
) -> None:
    for side in _players(state, effect.target, controller):
        for _ in range(effect.count):
            state.draw(side)
            if state.game_ended:
                return


def _stats(
    state: TableState,
    effect: Eff,
    controller: int,
    this: CardInst | None,
    chosen: Any,
    source: str,
) -> None:
    for monster in _monsters(state, effect.target, controller, this, chosen):
        monster.power = max(0, monster.power + effect.power)  # ruling R12: never below 0
        monster.toughness = max(0, monster.toughness + effect.toughness)
        change = f"is now {monster.power} power / {monster.toughness} toughness"
        state.log.append((ev.StatsChanged, monster.proto.name, change))


def _max_health(
    state: TableState,
    effect: Eff,
    controller: int,
    this: CardInst | None,
    chosen: Any,
    source: str,
) -> None:
    for monster in _monsters(state, effect.target, controller, this, chosen):
        monster.max_health += effect.amount  # clash.md:51 — effects may raise the maximum
        monster.health += effect.amount
        state.log.append((ev.Healed, monster.proto.name, effect.amount, monster.health))


def _destroy(
    state: TableState,
    effect: Eff,
    controller: int,
    this: CardInst | None,
    chosen: Any,
    source: str,
) -> None:
    for monster in _monsters(state, effect.target, controller, this, chosen):
        monster.health = 0  # ruling R10: destroyed counts as defeated; death effects happen
        state.maybe_dead = True


def _summon(
    state: TableState,
    effect: Eff,
    controller: int,
    this: CardInst | None,
    chosen: Any,
    source: str,
) -> None:
    side = state.sides[controller if effect.target == t.YOU else 1 - controller]
    proto = effect.token
    assert proto is not None  # a summon effect always names its token
    for _ in range(effect.count):
        if len(side.board) >= BOARD_SLOTS:
            return  # clash.md:67 — a full side has no room for more
        token = state.new_card(proto, side.seat)
        token.summoned_turn = state.turn
        side.board.append(token)
        side.board_version += 1
        state.board_version += 1
        state.log.append((ev.Summoned, proto.name, side.name))


def _mana(
    state: TableState,
    effect: Eff,
    controller: int,
    this: CardInst | None,
    chosen: Any,
    source: str,
) -> None:
    side = state.sides[controller]
    side.mana = min(MAX_MANA, side.mana + effect.amount)


def _at_end_of_turn(
    state: TableState,
    effect: Eff,
    controller: int,
    this: CardInst | None,
    chosen: Any,
    source: str,
) -> None:
    state.delayed.append((effect.inner, controller, source))


_HANDLERS = {
    "damage": _damage,
    "heal": _heal,
    "draw": _draw,
    "stats": _stats,
    "max_health": _max_health,
    "destroy": _destroy,
    "summon": _summon,
    "mana": _mana,
    "at_end_of_turn": _at_end_of_turn,
}
