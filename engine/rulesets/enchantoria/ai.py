"""How the greedy agent judges an Enchantoria position, from what its player may know.

A secret plan changes nothing in the state until it is revealed, so the player's own
plan is valued directly (what each planned spell and attack should do); the other
player's plan is never read.
"""

from typing import TYPE_CHECKING, Any

from engine.core.decision import Action, Decision
from engine.rulesets.enchantoria.cards import SUMMON, CardInst, Eff, Proto, X
from engine.rulesets.enchantoria.entities import effective_power, recycle_value
from engine.rulesets.enchantoria.resolve import scope

if TYPE_CHECKING:
    from engine.rulesets.enchantoria.entities import Player
    from engine.rulesets.enchantoria.state import TableState

WIN = 10_000.0
CARD = 0.8  # a card in hand
MANA = 0.35  # a point of mana to spend this turn (Preparation only)


def being_value(proto: Proto, health: int) -> float:
    abilities = proto.ward + proto.aura + proto.pulse + proto.well
    return 1.5 * proto.power + 0.6 * health + 2.0 * abilities


def side_value(p: "Player") -> float:
    score = p.health + 0.5 * (p.protection.power if p.protection else 0)
    for status in p.statuses:
        sign = -1 if status.kind == "burn" else 1
        score += sign * 0.6 * status.amount * status.turns
    for being in p.board:
        if being.health > 0:
            score += being_value(being.proto, being.health)
    return score


def evaluate(state: "TableState", seat: int) -> float:
    if state.over:
        return WIN if state.winner == seat else -WIN
    me, opp = state.players[seat], state.players[1 - seat]
    score = side_value(me) - side_value(opp)
    score += CARD * (len(me.hand) - len(me.planned_uids()) - len(opp.hand))
    if opp.health <= 10:
        score += 1.0 * (10 - opp.health)
    if state.phase == "preparation":
        score += preparation_value(state, me)
    elif state.phase == "combat":
        plan = Plan()
        score += plan_value(state, me, plan) + step_value(state, me, plan)
    return score


def preparation_value(state: "TableState", me: "Player") -> float:
    """Mana is worth what the hand can spend of it: recycling a card for mana that nothing
    in hand needs is a card thrown away, while the point that makes a big spell castable
    is worth the card."""
    mana, kept = me.mana, me.hand
    if me.pick is not None:
        card = state.cards[me.pick]
        mana += recycle_value(card.proto.mana_value)
        kept = [c for c in me.hand if c is not card]
    return MANA * spendable(mana, kept) - (CARD if me.pick is not None else 0.0)


def spendable(mana: int, cards: list[CardInst]) -> int:
    """The most mana some set of these cards costs, up to `mana` (an X card takes the rest)."""
    if any(c.proto.x for c in cards):
        return mana
    sums = 1  # bit n set: some set of the cards costs exactly n
    for card in cards:
        sums |= sums << card.proto.cost
    return (sums & ((1 << (mana + 1)) - 1)).bit_length() - 1


class Plan:
    """What the planned spells and attacks already do to each entity, so that a second
    heal, hex or shield on the same target is valued for what it adds (a heal past the
    maximum, a second burn that replaces the first, a weaker protection, R11, R12)."""

    __slots__ = ("block", "damage", "heal", "protect", "statuses")

    def __init__(self) -> None:
        self.damage: dict[int, int] = {}
        self.heal: dict[int, int] = {}
        self.block: dict[int, int] = {}
        self.protect: dict[int, int] = {}
        self.statuses: set[tuple[int, str]] = set()

    def copy(self) -> "Plan":
        twin = Plan()
        twin.damage, twin.heal = dict(self.damage), dict(self.heal)
        twin.block, twin.protect = dict(self.block), dict(self.protect)
        twin.statuses = set(self.statuses)
        return twin


def step_value(state: "TableState", me: "Player", plan: Plan) -> float:
    """A spell half chosen is worth its best completion, less the card it costs."""
    step = me.step
    if step is None:
        return 0.0
    card = state.cards[step[1]]
    xs = [step[2]] if step[0] == "target" else range(1, me.mana - me.spent(state) + 1)
    refs = state.targets(card.proto.target, me)
    best = max(
        spell_value(state, me, card, x, ref, plan.copy()) - 0.01 * x for x in xs for ref in refs
    )
    return best - CARD


def plan_value(state: "TableState", me: "Player", plan: Plan) -> float:
    total = 0.0
    for entry in me.plan:
        if entry[0] == "order":
            power = effective_power(state.cards[entry[1]])
            total += hit_value(state, me, state.entity(entry[2]), power, plan)
            continue
        card = state.cards[entry[1]]
        total += spell_value(state, me, card, entry[2], entry[3], plan)
    return total - 0.01 * me.spent(state)  # of two equal plans, the cheaper leaves mana


def is_friend(me: "Player", entity: "Player | CardInst") -> bool:
    return entity is me or (isinstance(entity, CardInst) and entity.owner == me.seat)


def standing_shield(state: "TableState", entity: "Player | CardInst") -> int:
    """Damage the entity will not feel this window: protection and wards that stood."""
    shield = entity.protection.power if entity.protection else 0
    shield += sum(s.amount for s in entity.statuses if s.kind == "ward")
    if not isinstance(entity, CardInst):
        shield += sum(b.proto.ward for b in entity.board)
    return shield


def hit_value(
    state: "TableState", me: "Player", entity: "Player | CardInst", amount: int, plan: Plan
) -> float:
    """Damage to an entity, for what gets through its shields and is not overkill; killing
    a being is worth what it would have gone on doing."""
    key = id(entity)
    before = plan.damage.get(key, 0)
    plan.damage[key] = before + amount
    shield = standing_shield(state, entity) + (
        plan.block.get(key, 0) if is_friend(me, entity) else 0
    )
    felt = max(0, before + amount - shield) - max(0, before - shield)
    if isinstance(entity, CardInst):
        left = max(entity.health - max(0, before - shield), 0)
        value = 0.6 * min(felt, left)
        if left and felt >= left:  # this blow is the one that kills it
            proto = entity.proto
            value += being_value(proto, 0)
    else:
        value = float(felt)
    return -value if is_friend(me, entity) else value


def incoming(state: "TableState", me: "Player", entity: "Player | CardInst") -> int:
    """Damage the entity may take this window, as far as its owner can tell."""
    opp = state.players[1 - me.seat]
    attackers = sum(
        effective_power(b)
        for b in opp.board
        if b.proto.being == "creature" and b.summoned_turn < state.turn
    )
    burn = sum(s.amount for s in entity.statuses if s.kind == "burn")
    if isinstance(entity, CardInst):
        return burn + (attackers + opp.mana) // 3
    return burn + attackers + sum(b.proto.pulse for b in opp.board) + opp.mana // 2


STATUS_WEIGHT = {"burn": -0.7, "regen": 0.5, "ward": 0.4, "stun": 0.0, "weaken": -0.5}
COUNTER_WEIGHT = {"costliest": 0.45, "costliest_damage": 0.35, "up_to_x": 0.45}


def spell_value(
    state: "TableState", me: "Player", card: CardInst, x: int, target: Any, plan: Plan
) -> float:
    proto = card.proto
    if proto.type == SUMMON:
        return being_value(proto, proto.health) * 0.8
    opp = state.players[1 - me.seat]
    value = 0.0
    for eff in proto.effects:
        amount = x if eff.amount == X else eff.amount
        if eff.kind == "counter":  # worth what the enemy may spend, if they can cast at all
            reach = min(opp.mana, x if eff.pick == "up_to_x" else 7)
            value += COUNTER_WEIGHT[eff.pick] * reach if opp.hand else 0.0
            continue
        if eff.kind == "draw":
            value += 1.0 * min(amount, len(me.deck))
            continue
        for entity in scope(state, eff.to, me.seat, target):
            key, sign = id(entity), 1 if is_friend(me, entity) else -1
            if eff.kind == "damage":
                value += hit_value(state, me, entity, amount, plan)
            elif eff.kind == "heal":
                room = entity.max_health + eff.extra - entity.health - plan.heal.get(key, 0)
                gain = min(amount, max(room, 0))
                plan.heal[key] = plan.heal.get(key, 0) + gain
                weight = 0.6 if isinstance(entity, CardInst) else 1.0
                value += sign * (weight * gain + 0.5 * eff.extra)
            elif eff.kind == "block":
                need = incoming(state, me, entity) - standing_shield(state, entity)
                need -= plan.block.get(key, 0)
                plan.block[key] = plan.block.get(key, 0) + amount
                value += sign * 0.6 * min(amount, max(need, 0))
            elif eff.kind == "protect":  # one source: only what it adds over the best
                old = entity.protection.power if entity.protection else 0
                best = max(old, plan.protect.get(key, 0))
                plan.protect[key] = max(best, amount)
                if amount > best:
                    value += sign * 0.6 * (amount - best)
                elif best == old:  # it would replace a stronger source that stands
                    value += sign * 0.6 * (amount - old)
            elif eff.kind == "status":
                value += sign * status_value(entity, eff, plan)
            elif eff.kind == "cleanse":
                for status in entity.statuses:
                    bad = status.kind in ("burn", "stun", "weaken")
                    value += sign * (1 if bad else -1) * max(status.amount, 1) * status.turns * 0.5
            elif eff.kind == "shatter" and entity.protection is not None:
                value -= sign * 0.6 * entity.protection.power
    return value


def status_value(entity: "Player | CardInst", eff: Eff, plan: Plan) -> float:
    """A timed effect, less the one of its kind it would replace (R12): a second Warding
    Chant on one target adds nothing."""
    kind = eff.status
    if (id(entity), kind) in plan.statuses:
        return 0.0
    plan.statuses.add((id(entity), kind))
    old = next((s for s in entity.statuses if s.kind == kind), None)
    if kind == "stun":
        if not isinstance(entity, CardInst) or entity.proto.being != "creature":
            return 0.0
        turns = eff.extra - (old.turns if old else 0)
        return -effective_power(entity) * max(turns, 0)
    worth = STATUS_WEIGHT[kind] * eff.amount * eff.extra
    if old is not None:
        worth -= STATUS_WEIGHT[kind] * old.amount * old.turns
    if kind == "weaken" and isinstance(entity, CardInst):
        worth = STATUS_WEIGHT[kind] * min(eff.amount, effective_power(entity)) * eff.extra
    return worth


def choose_many(state: "TableState", decision: Decision) -> Action:
    """Hand limit: let go of the cheapest cards first (R13)."""
    ranked = sorted(decision.actions, key=lambda a: state.cards[a[1]].proto.cost)
    return tuple(ranked[: decision.min_picks])
