"""Greg's Rule (enchantoria.md:3-6): everything of a Combat window happens at once.

The window is resolved in a few strokes, so that no effect sees another's result:

1. reveal: every player's plan is shown and paid for (enchantoria.md:7,19: costs stay
   spent even for a spell that is then countered);
2. counter: counterspells act "before it resolves" and cancel what they pick (R8);
   then swift spells, the cards that "state otherwise", happen before the rest (R21);
3. tally, then apply: every other effect, attack, passive ability and timed effect is
   computed from the state before the window (as swift spells left it: who stands, their
   powers and effects), summed per entity, and only then written back (R7). A being that
   reaches 0 health here stays until the Discard Phase (enchantoria.md:6), so its
   abilities count this turn.
"""

from typing import TYPE_CHECKING, Any

from engine.core import events as ev
from engine.rulesets.enchantoria import events as eev
from engine.rulesets.enchantoria.cards import SUMMON, CardInst, X
from engine.rulesets.enchantoria.entities import (
    Player,
    Protection,
    Status,
    effective_power,
    stunned,
)

if TYPE_CHECKING:
    from engine.rulesets.enchantoria.state import TableState

Entity = Player | CardInst


class Cast:
    __slots__ = ("card", "countered", "paid", "seat", "target", "x")

    def __init__(self, seat: int, card: CardInst, x: int, target: Any):  # a target ref
        self.seat = seat
        self.card = card
        self.x = x
        self.target = target
        self.paid = x if card.proto.x else card.proto.cost  # its mana value as cast
        self.countered = False


class Tally:
    """What the window does to one entity, gathered before anything changes."""

    __slots__ = (
        "block",
        "cleanse",
        "damage",
        "heal",
        "protect",
        "raise_max",
        "shatter",
        "statuses",
    )

    def __init__(self) -> None:
        self.damage = 0
        self.block = 0
        self.heal = 0
        self.raise_max = 0
        self.protect: Protection | None = None
        self.statuses: list[Status] = []
        self.cleanse = False
        self.shatter = False


def resolve_combat(state: "TableState") -> None:
    casts, orders = reveal(state)
    counter(state, casts)
    live = [c for c in casts if not c.countered and not c.card.proto.is_counter]
    draws: list[tuple[Player, int]] = []
    swift = [c for c in live if c.card.proto.swift]
    blocked: dict[int, int] = {}
    if swift:  # R21: "unless stated otherwise by the card": these happen first
        tallies = Tallies()
        standing_block(state, tallies)  # a ward that stood guards the whole turn
        for cast in swift:
            gather_spell(state, cast, tallies, draws)
        blocked = apply_tallies(state, tallies.pairs())
        remove_fallen(state)
    tallies = Tallies()
    standing_block(state, tallies)
    for entity, t in tallies.pairs():  # what the swift stroke used is gone for this turn
        t.block = max(0, t.block - blocked.get(id(entity), 0))
    gather_standing(state, tallies)
    for uid, ref in orders:  # enchantoria.md:20 — creatures act in the Combat Phase
        creature = state.cards[uid]
        if in_play(state, creature) and not stunned(creature):  # (a swift spell may stop it)
            for target in alive(state, [state.entity(ref)]):
                tallies(target).damage += effective_power(creature)
    summons: list[Cast] = []
    for cast in live:
        if cast.card.proto.type == SUMMON:
            summons.append(cast)
        elif not cast.card.proto.swift:
            gather_spell(state, cast, tallies, draws)
    apply_tallies(state, tallies.pairs())
    for cast in summons:  # they arrive after the window: nothing of it touches them (R9)
        being, owner = cast.card, state.players[cast.seat]
        being.summoned_turn = state.turn
        owner.board.append(being)
        state.events.append(ev.Summoned(state.short_name(being), owner.name))
    for player, count in draws:
        for _ in range(count):
            if player.deck:  # R14: a spell's draw from an empty deck draws nothing
                state.draw(player)


class Tallies:
    """One Tally per touched entity, in the order they were first touched."""

    __slots__ = ("_by_id",)

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[Entity, Tally]] = {}

    def __call__(self, entity: Entity) -> Tally:
        found = self._by_id.get(id(entity))
        if found is None:
            found = self._by_id[id(entity)] = (entity, Tally())
        return found[1]

    def pairs(self) -> list[tuple[Entity, Tally]]:
        return list(self._by_id.values())


def in_play(state: "TableState", entity: Entity) -> bool:
    return isinstance(entity, Player) or entity in state.players[entity.owner].board


def alive(state: "TableState", entities: list[Entity]) -> list[Entity]:
    """Only a swift spell can take a being out mid-window; what it took is out of reach."""
    return [e for e in entities if in_play(state, e)]


def remove_fallen(state: "TableState") -> None:
    """R21: a being that a swift spell brings to 0 leaves at once (enchantoria.md:21)."""
    for p in state.players:
        fallen = [(b, state.short_name(b)) for b in p.board if b.health <= 0]
        if fallen:
            p.board = [b for b in p.board if b.health > 0]
            for being, name in fallen:
                state.events.append(ev.Died(name, p.name))
                state.leave_play(being)


def reveal(state: "TableState") -> tuple[list[Cast], list[tuple[int, object]]]:
    """Show every committed choice at once; cards leave the hand and mana is paid."""
    casts: list[Cast] = []
    orders: list[tuple[int, object]] = []
    for p in state.players:
        if not p.plan:
            state.events.append(eev.NothingCast(p.name))
        for entry in p.plan:
            if entry[0] == "order":
                creature = state.cards[entry[1]]
                orders.append((entry[1], entry[2]))
                name, target = state.short_name(creature), state.ref_name(entry[2])
                state.events.append(eev.Ordered(p.name, name, target))
                continue
            card = state.cards[entry[1]]
            cast = Cast(p.seat, card, entry[2], entry[3])
            casts.append(cast)
            p.hand.remove(card)
            p.mana -= cast.paid
            if card.proto.type != SUMMON:
                p.discard.append(card)  # a spell is spent at once; a summon enters play later
            aimed = state.ref_name(cast.target) if cast.target is not None else None
            state.events.append(
                eev.SpellCast(p.name, card.name, cast.x if card.proto.x else None, aimed)
            )
        p.plan, p.step = [], None
    return casts, orders


def counter(state: "TableState", casts: list[Cast]) -> None:
    """enchantoria.md:7,18-19, R8: counters pick among the enemy's other spells; a
    countered spell does nothing and its cost stays paid. Counters cannot be countered."""
    for cast in casts:
        proto = cast.card.proto
        if not proto.is_counter:
            continue
        victim = int(cast.target[1])
        pool = [
            c for c in casts if c.seat == victim and not c.card.proto.is_counter and not c.countered
        ]
        pick = proto.effects[0].pick
        if pick == "costliest_damage":
            pool = [c for c in pool if c.card.proto.deals_damage]
        if pick == "up_to_x":
            chosen = [c for c in pool if c.paid <= cast.x]
        elif pool:
            top = max(c.paid for c in pool)
            chosen = [next(c for c in pool if c.paid == top)]
        else:
            chosen = []
        for hit in chosen:
            hit.countered = True
            if hit.card.proto.type == SUMMON:
                state.players[hit.seat].discard.append(hit.card)
            state.events.append(
                eev.Countered(state.players[hit.seat].name, hit.card.name, proto.name)
            )


def standing_block(state: "TableState", tally: Tallies) -> None:
    """enchantoria.md:6 — the block of what stood before the window: wards of beings and
    ward effects. It is a turn's worth, shared by the swift stroke and the rest (R21)."""
    for p in state.players:
        for being in p.board:
            if being.proto.ward:  # the example of enchantoria.md:6
                tally(p).block += being.proto.ward
        entities: tuple[Entity, ...] = (p, *p.board)
        for entity in entities:
            for status in entity.statuses:
                if status.kind == "ward" and status.applied_turn != state.turn:
                    tally(entity).block += status.amount


def gather_standing(state: "TableState", tally: Tallies) -> None:
    """What stood before the window acts in it: beings' abilities and timed effects
    (their block is gathered by `standing_block`)."""
    for p in state.players:
        opp = state.players[1 - p.seat]
        for being in p.board:
            proto = being.proto
            if proto.aura:
                tally(p).heal += proto.aura
            if proto.pulse:
                tally(opp).damage += proto.pulse
        entities: tuple[Entity, ...] = (p, *p.board)
        for entity in entities:
            for status in entity.statuses:
                if status.applied_turn == state.turn:
                    continue  # a swift spell's effect: it did not stand before the window
                if status.kind == "burn":
                    tally(entity).damage += status.amount
                elif status.kind == "regen":
                    tally(entity).heal += status.amount


def scope(state: "TableState", to: str, seat: int, target: Any) -> list[Entity]:
    me, opp = state.players[seat], state.players[1 - seat]
    if to == "target":
        return [state.entity(target)]
    if to == "you":
        return [me]
    if to == "enemy_player":
        return [opp]
    if to == "each_enemy":
        return [opp, *opp.board]
    if to == "each_friend":
        return [me, *me.board]
    if to == "enemy_beings":
        return list(opp.board)
    return list(me.board)  # friendly_beings


def gather_spell(
    state: "TableState", cast: Cast, tally: Tallies, draws: list[tuple[Player, int]]
) -> None:
    name, turn = cast.card.name, state.turn
    for eff in cast.card.proto.effects:
        amount = cast.x if eff.amount == X else eff.amount
        if eff.kind == "draw":
            draws.append((state.players[cast.seat], amount))
            continue
        for entity in alive(state, scope(state, eff.to, cast.seat, cast.target)):
            t = tally(entity)
            kind = eff.kind
            if kind == "damage":
                t.damage += amount
            elif kind == "heal":
                t.heal += amount
                t.raise_max += eff.extra
            elif kind == "block":
                t.block += amount
            elif kind == "protect":  # R11: of two new sources, the stronger is kept
                if t.protect is None or amount > t.protect.power:
                    t.protect = Protection(amount, name, turn, eff.extra)
            elif kind == "status":
                t.statuses.append(Status(eff.status, eff.amount, eff.extra, turn, name))
            elif kind == "cleanse":
                t.cleanse = True
            elif kind == "shatter":
                t.shatter = True


def apply_tallies(state: "TableState", tallies: list[tuple[Entity, Tally]]) -> dict[int, int]:
    """Write a stroke's tallies back; returns the block each entity used (by id)."""
    events = state.events
    used: dict[int, int] = {}
    for entity, t in tallies:
        name = state.label(entity)
        if t.shatter and entity.protection is not None:  # only what stood before (R11)
            entity.protection = None
            events.append(eev.ProtectionEnded(name, "shattered"))
        if t.protect is not None:  # enchantoria.md:17 — the new source replaces the old
            old = entity.protection
            entity.protection = t.protect
            events.append(eev.ProtectionSet(name, t.protect.power, old.power if old else 0))
        if t.damage or t.heal:
            blocked = min(t.damage, t.block)  # enchantoria.md:13, R7: block first
            used[id(entity)] = blocked
            rest = t.damage - blocked
            absorbed = 0
            prot = entity.protection
            if prot is not None and rest:  # enchantoria.md:15-16
                absorbed = min(rest, prot.power)
                prot.power -= absorbed
                rest -= absorbed
                if prot.power <= 0:
                    entity.protection = None
                    events.append(eev.ProtectionEnded(name, "its power is spent"))
            entity.max_health += t.raise_max
            health = entity.health - rest + t.heal
            if t.heal:  # enchantoria.md:11 — never above the maximum
                health = min(health, entity.max_health)
            healed = max(0, health - (entity.health - rest))
            entity.health = health
            if t.damage or healed:  # healing at full health is no news
                events.append(eev.HealthChanged(name, t.damage, blocked, absorbed, healed, health))
        elif t.raise_max:
            entity.max_health += t.raise_max
        if t.cleanse and entity.statuses:
            for status in entity.statuses:
                events.append(eev.StatusEnded(name, status.label))
            entity.statuses = []
        for status in t.statuses:  # enchantoria.md:26, R12: the same kind conflicts
            entity.statuses = [s for s in entity.statuses if s.kind != status.kind]
            entity.statuses.append(status)
            events.append(eev.StatusApplied(name, status.label, status.turns))
    return used
