"""How the greedy agent judges an Enchantoria position, from what its player may know.

A secret plan changes nothing in the state until it is revealed, so the player's own
plan is valued directly (what each planned spell and attack should do); the other
player's plan is never read.
"""

from typing import TYPE_CHECKING

from engine.core.decision import Action, Decision
from engine.rulesets.enchantoria.cards import SUMMON, CardInst, Proto, X
from engine.rulesets.enchantoria.game import effective_power, recycle_value
from engine.rulesets.enchantoria.resolve import scope

if TYPE_CHECKING:
    from engine.rulesets.enchantoria.game import EnchantoriaState, Player

WIN = 10_000.0
CARD = 0.8  # a card in hand
MANA = 0.35  # a point of mana to spend this turn (Preparation only)


def being_value(proto: Proto, health: int) -> float:
    return 1.5 * proto.power + 0.6 * health + 2.0 * (proto.ward + proto.aura + proto.pulse)


def side_value(p: "Player") -> float:
    score = p.health + 0.5 * (p.protection.power if p.protection else 0)
    for status in p.statuses:
        sign = -1 if status.kind == "burn" else 1
        score += sign * 0.6 * status.amount * status.turns
    for being in p.board:
        if being.health > 0:
            score += being_value(being.proto, being.health)
    return score


def evaluate(state: "EnchantoriaState", seat: int) -> float:
    if state.over:
        return WIN if state.winner == seat else -WIN
    me, opp = state.players[seat], state.players[1 - seat]
    score = side_value(me) - side_value(opp)
    score += CARD * (len(me.hand) - len(me.planned_uids()) - len(opp.hand))
    if opp.health <= 10:
        score += 1.0 * (10 - opp.health)
    if state.phase == "preparation":
        score += MANA * me.mana
        if me.pick is not None:
            score += MANA * recycle_value(state.cards[me.pick].proto.mana_value) - CARD
    elif state.phase == "combat":
        score += plan_value(state, me) + step_value(state, me)
    return score


def step_value(state: "EnchantoriaState", me: "Player") -> float:
    """A spell half chosen is worth its best completion, less the card it costs."""
    step = me.step
    if step is None:
        return 0.0
    card = state.cards[step[1]]
    xs = [step[2]] if step[0] == "target" else range(1, me.mana - me.spent(state) + 1)
    refs = state.targets(card.proto.target, me)
    best = max(spell_value(state, me, card, x, ref) for x in xs for ref in refs)
    return best - CARD


def plan_value(state: "EnchantoriaState", me: "Player") -> float:
    total = 0.0
    for entry in me.plan:
        if entry[0] == "order":
            target = state.entity(entry[2])
            total += effective_power(state.cards[entry[1]]) * (1.0 if target is not me else -1)
            continue
        card = state.cards[entry[1]]
        total += spell_value(state, me, card, entry[2], entry[3])
    return total


def spell_value(state: "EnchantoriaState", me: "Player", card: CardInst, x: int, target) -> float:
    proto = card.proto
    if proto.type == SUMMON:
        return being_value(proto, proto.health) * 0.8
    value = 0.0
    for eff in proto.effects:
        amount = x if eff.amount == X else eff.amount
        if eff.kind == "counter":
            value += 2.0
            continue
        if eff.kind == "draw":
            value += 1.0 * amount
            continue
        for entity in scope(state, eff.to, me.seat, target):
            friend = entity is me or (isinstance(entity, CardInst) and entity.owner == me.seat)
            sign = 1 if friend else -1
            if eff.kind == "damage":
                value -= sign * min(amount, max(entity.health, 0) + 2)
            elif eff.kind == "heal":
                room = entity.max_health + eff.extra - entity.health
                value += sign * (min(amount, room) + 0.5 * eff.extra)
            elif eff.kind == "block":
                value += sign * 0.35 * amount
            elif eff.kind == "protect":
                value += sign * 0.6 * amount
            elif eff.kind == "status":
                weight = {"burn": -0.7, "regen": 0.5, "ward": 0.4, "stun": 0.0, "weaken": -0.5}
                if eff.status == "stun" and isinstance(entity, CardInst):
                    value -= sign * effective_power(entity) * eff.extra
                else:
                    value += sign * weight[eff.status] * eff.amount * eff.extra
            elif eff.kind == "cleanse":
                for status in entity.statuses:
                    bad = status.kind in ("burn", "stun", "weaken")
                    value += sign * (1 if bad else -1) * max(status.amount, 1) * status.turns * 0.5
            elif eff.kind == "shatter" and entity.protection is not None:
                value -= sign * 0.6 * entity.protection.power
    return value


def choose_many(state: "EnchantoriaState", decision: Decision) -> Action:
    """Hand limit: let go of the cheapest cards first (R13)."""
    ranked = sorted(decision.actions, key=lambda a: state.cards[a[1]].proto.cost)
    return tuple(ranked[: decision.min_picks])
