"""Carrying out card effects, one after another, stopping the moment a game is decided.

Ruling R4: effect damage is not reduced by toughness (toughness shields against attacks,
clash.md:20). Ruling R9: "each player" effects go the active player first, then the other,
so with both at low health the active player falls first (clash.md:77).
"""

from typing import TYPE_CHECKING, Any

from cards.schema.clash import (
    AtEndOfTurn,
    Damage,
    Destroy,
    Draw,
    Heal,
    Mana,
    MaxHealth,
    Stats,
    Summon,
    Target,
)
from engine.core import events as ev
from engine.rulesets.clash.cards import CardInst

if TYPE_CHECKING:
    from engine.rulesets.clash.game import ClashState, Side

MAX_MANA = 10
BOARD_SLOTS = 5


class Context:
    """Who is acting: the controller, the monster whose effect it is, the chosen target."""

    __slots__ = ("chosen", "controller", "source", "this")

    def __init__(self, controller: int, this: CardInst | None, chosen: Any, source: str):
        self.controller = controller
        self.this = this
        self.chosen = chosen
        self.source = source


def resolve(
    state: "ClashState",
    effects: tuple,
    controller: int,
    this: CardInst | None,
    chosen: Any,
    source: str,
) -> None:
    """Run `effects` for `controller`; deaths are settled after each one."""
    ctx = Context(controller, this, chosen, source)
    for effect in effects:
        if state.game_ended:
            return
        _HANDLERS[type(effect)](state, effect, ctx)
        state.check_deaths()


def _players(state: "ClashState", target: Target, controller: int) -> list["Side"]:
    you, opp = state.sides[controller], state.sides[1 - controller]
    if target is Target.YOU:
        return [you]
    if target is Target.OPPONENT:
        return [opp]
    if target is Target.EACH_PLAYER:
        active = state.sides[state.active]
        return [active, state.sides[1 - state.active]]
    return []


def _subjects(state, target: Target, ctx: Context) -> list:
    """The monsters and players an effect touches, in the order it touches them."""
    controller, this, chosen = ctx.controller, ctx.this, ctx.chosen
    you, opp = state.sides[controller], state.sides[1 - controller]
    if target.chosen:
        if chosen is None or (isinstance(chosen, CardInst) and chosen.health <= 0):
            return []
        if isinstance(chosen, CardInst) and state.side_of(chosen) is None:
            return []  # it left the battlefield before this effect happened
        return [chosen]
    match target:
        case Target.THIS:
            return [this] if this is not None and state.side_of(this) is not None else []
        case Target.ALL_MONSTERS:
            first = state.sides[state.active]
            return list(first.board) + list(state.sides[1 - state.active].board)
        case Target.ENEMY_MONSTERS:
            return list(opp.board)
        case Target.FRIENDLY_MONSTERS:
            return list(you.board)
        case Target.OTHER_FRIENDLY_MONSTERS:
            return [m for m in you.board if m is not this]
        case Target.RANDOM_ENEMY_MONSTER:
            return [state.rng.choice(opp.board)] if opp.board else []
        case Target.RANDOM_ENEMY:
            pool = [opp, *opp.board]
            return [pool[state.rng.below(len(pool))]]
    return _players(state, target, controller)


def _damage(state, effect: Damage, ctx: Context) -> None:
    for subject in _subjects(state, effect.target, ctx):
        if isinstance(subject, CardInst):
            if subject.health > 0:
                state.hurt_monster(subject, effect.amount, ctx.source)
        else:
            state.hurt_player(subject, effect.amount, ctx.source)
            if state.game_ended:
                return


def _heal(state, effect: Heal, ctx: Context) -> None:
    for subject in _subjects(state, effect.target, ctx):
        if isinstance(subject, CardInst):
            # clash.md:51 — health is a maximum that healing cannot pass
            gained = min(effect.amount, subject.max_health - subject.health)
            subject.health += gained
        else:
            gained = effect.amount  # clash.md:77 — a player's health has no maximum
            subject.health += gained
        state.events.append(ev.Healed(subject.name, gained, subject.health))


def _draw(state, effect: Draw, ctx: Context) -> None:
    for side in _players(state, effect.target, ctx.controller):
        for _ in range(effect.count):
            state.draw(side)
            if state.game_ended:
                return


def _stats(state, effect: Stats, ctx: Context) -> None:
    for monster in _subjects(state, effect.target, ctx):
        monster.power = max(0, monster.power + effect.power)
        monster.toughness = max(0, monster.toughness + effect.toughness)
        change = f"is now {monster.power} power / {monster.toughness} toughness"
        state.events.append(ev.StatsChanged(monster.proto.name, change))


def _max_health(state, effect: MaxHealth, ctx: Context) -> None:
    for monster in _subjects(state, effect.target, ctx):
        monster.max_health += effect.amount  # clash.md:51 — effects may raise the maximum
        monster.health += effect.amount
        state.events.append(ev.Healed(monster.proto.name, effect.amount, monster.health))


def _destroy(state, effect: Destroy, ctx: Context) -> None:
    for monster in _subjects(state, effect.target, ctx):
        monster.health = 0  # ruling R10: destroyed counts as defeated; death effects happen


def _summon(state, effect: Summon, ctx: Context) -> None:
    controller = ctx.controller
    side = state.sides[controller if effect.target is Target.YOU else 1 - controller]
    proto = state.token_protos[effect.token]
    for _ in range(effect.count):
        if len(side.board) >= BOARD_SLOTS:
            return  # clash.md:67 — a full side has no room for more
        token = state.new_card(proto, side.seat)
        token.summoned_turn = state.turn
        side.board.append(token)
        state.events.append(ev.Summoned(proto.name, side.name))


def _mana(state, effect: Mana, ctx: Context) -> None:
    side = state.sides[ctx.controller]
    side.mana = min(MAX_MANA, side.mana + effect.amount)


def _at_end_of_turn(state, effect: AtEndOfTurn, ctx: Context) -> None:
    state.delayed.append((tuple(effect.effects), ctx.controller, ctx.source))


_HANDLERS = {
    Damage: _damage,
    Heal: _heal,
    Draw: _draw,
    Stats: _stats,
    MaxHealth: _max_health,
    Destroy: _destroy,
    Summon: _summon,
    Mana: _mana,
    AtEndOfTurn: _at_end_of_turn,
}
