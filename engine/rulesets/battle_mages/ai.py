"""How the greedy agent judges a Battle Mages position, from what the player may see.

Besides life, the field and cards in hand, spells and abilities on the stack (or being
attempted) count by what they will do to whom, so the one-ply greedy agent is drawn to
aim harm at the opponent's things and help at its own.
"""

from typing import TYPE_CHECKING

from engine.core.decision import Action, Decision
from engine.rulesets.battle_mages.cards import CREATURE, EACH, OPPONENT, THIS, YOU, CardInst, Eff
from engine.rulesets.battle_mages.casting import Attempt
from engine.rulesets.battle_mages.resolving import Resolve
from engine.rulesets.battle_mages.targets import candidates

if TYPE_CHECKING:
    from engine.rulesets.battle_mages.stack import Item
    from engine.rulesets.battle_mages.state import TableState

WIN = 10_000.0
MANA_IDLE = 0.3
HARM = {"damage", "destroy", "exhaust", "strip", "recall", "deny", "withdraw"}
HELP = {"heal", "prepare", "grant"}
BAD_COUNTERS = {"poison", "ice", "damage"}


def _creature_value(card: CardInst) -> float:
    if card.proto.kind != CREATURE:
        return 2.0 + card.proto.cost
    left = card.proto.health - card.damage
    value = 2.0 * card.power + 1.5 * max(left, 0) + 1.0 + 1.0 * card.shield
    value -= 1.5 * card.poison + 1.0 * card.ice
    return value


def _owner_of(state: "TableState", uid: int) -> int:
    if uid < 0:
        return -1 - uid
    card = state.cards[uid]
    for item in state.stack:
        if item.spell and item.source[0] == uid:
            return item.controller
    return card.owner


def _item_value(state: "TableState", item: "Item", seat: int) -> float:
    """What an item on the stack is worth to `seat` once it resolves: its worth to its
    controller (harm to the others' things, help to its own), against `seat` when
    `seat` is not the controller. An opponent's spell aimed at `seat`'s creature is a
    loss to `seat`, so a reaction that stops it gains (it once counted as a gain, and
    greedy let it resolve)."""
    score = 0.0
    for body in item.bodies:
        for effect in item.script.bodies[body].effects:
            kind = effect.kind
            if kind == "draw":  # cards for its controller, whatever it targets
                score += 1.2 * max(effect.amount, 1)
                continue
            if kind == "gain_mana":
                score += 0.5 * max(effect.amount, 1)
                continue
            harmful = kind in HARM or (kind == "add_counters" and effect.counter in BAD_COUNTERS)
            helpful = kind in HELP or (kind == "add_counters" and not harmful)
            for uid in _affected(state, item, body, effect):
                mine = _owner_of(state, uid) == item.controller
                weight = 3.0 + effect.amount
                if harmful:
                    score += -weight if mine else weight
                elif helpful:
                    score += weight if mine else -weight
    if item.spell and state.cards[item.source[0]].proto.kind == CREATURE:
        score += 3.0
    return score if item.controller == seat else -score


def _affected(state: "TableState", item: "Item", body: int, effect: Eff) -> list[int]:
    """What an effect will act on, as far as it is known now: the chosen targets, every
    object an "each"/"every" selection takes at present ("every opposing creature"), the
    Mages and the source it names. A choice made on resolution is not known: none."""
    to = effect.to
    if to == YOU:
        return [-1 - item.controller]
    if to == OPPONENT:
        return [-1 - (1 - item.controller)]
    if to == THIS:
        uid, stamp = item.source
        card = state.cards[uid]
        return [uid] if card.stamp == stamp and card.zone == "field" else []
    chosen = item.targets.get((body, to))
    if chosen is not None:
        return [r[0] for r in chosen]
    sel = item.script.bodies[body].sels[to]
    if sel.wording == EACH:
        return candidates(state, sel, item.controller, item.subject)
    return []


def evaluate(state: "TableState", seat: int) -> float:
    other = 1 - seat
    if state.over:
        return WIN if state.winner == seat else -WIN
    me, opp = state.sides[seat], state.sides[other]
    score = 1.5 * (me.life - opp.life)
    score += sum(_creature_value(c) for c in me.field) - sum(_creature_value(c) for c in opp.field)
    score += 1.0 * (len(me.hand) - len(opp.hand))
    score += 1.0 * (me.max_mana - opp.max_mana)
    # mana left unspent is worth a little less than what it buys: of two equal choices,
    # the one that uses the mana (a spell attempted rather than a pass) wins the tie
    score -= MANA_IDLE * me.mana
    for item in state.stack:
        score += _item_value(state, item, seat)
    score += _combat_value(state, seat)

    for task in state.steps:
        if isinstance(task, Attempt):
            score += _item_value(state, task.item, seat)
    if opp.life <= 8:
        score += 1.5 * (8 - opp.life)
    if me.stop:
        # The setting is for people and changes nothing on the table; a one-ply agent
        # would otherwise toggle it forever rather than face a worse position after a pass.
        score -= 500.0
    return score


def _combat_value(state: "TableState", seat: int) -> float:
    """What the declared attacks and blocks will do once damage is dealt (battle-mages.md
    155-157), from the attacker's side: without it a declared block scores the same as
    no block, and the one-ply agent blocked or held back at random."""
    attackers = [c for c in state.sides[state.active].field if c.attacking]
    if not attackers:
        return 0.0
    cards = state.cards
    gain = 0.0
    for attacker in attackers:
        power = attacker.power
        if not attacker.blocked:
            gain += 1.5 * max(power, 0)
            continue
        blockers = [cards[b] for b in attacker.blockers if cards[b].blocking == attacker.uid]
        for blocker in blockers:
            if power <= 0:
                break
            left = max(blocker.proto.health - blocker.damage, 1)
            share = min(power, left)
            gain += _creature_value(blocker) if share >= left else 1.5 * share
            power -= share
        taken = sum(max(b.power, 0) for b in blockers)
        left = max(attacker.proto.health - attacker.damage, 1)
        gain -= _creature_value(attacker) if taken >= left else 1.5 * taken
    return gain if seat == state.active else -gain


def choose_many(state: "TableState", decision: Decision) -> Action:
    """Multi-picks: attack with what survives a block, target the opponent's things."""
    kind = decision.kind
    seat = decision.player
    actions = decision.actions
    if kind == "attackers":
        # Every creature with power attacks: measured against holding back the ones that
        # would die to a block without a trade, all-out attacking won more (docs/ai.md);
        # the blocks it runs into are weighed when the blocker chooses (_combat_value).
        ready = [a for a in actions if state.cards[a[1]].power > 0]
        return tuple(ready[: decision.max_picks])
    if kind in ("targets", "choose_many"):
        harmful = _harmful_pick(state)
        ranked = sorted(
            actions, key=lambda a: (_owner_of(state, a[1]) == seat) == harmful, reverse=False
        )
        count = decision.max_picks if kind == "targets" else max(decision.min_picks, 1)
        count = max(decision.min_picks, min(count, decision.max_picks, len(ranked)))
        return tuple(ranked[:count])
    if kind == "crystals_bottom":
        return ()
    return tuple(actions[: decision.min_picks])


#: With more ready attackers than this, the search weighs only all-out and no attack.
ATTACK_SUBSETS = 5


def search_picks(state: "TableState", decision: Decision) -> list[Action]:
    """The multi-picks the search agent weighs (its `search_picks` hook), the one it
    plays without weighing (in its rollouts) first.

    Attackers: greedy's all-out attack, no attack, and all-out but one creature held back
    (to block, or out of a bad trade): greedy cannot tell them apart (blocks are not
    declared yet when it scores the attack), the search plays each out.
    Targets and choices with a free count ("up to", "any number"): the careful pick first
    (`careful_picks`: never its own things for harm, nor the opponent's for help), then
    greedy's where it differs, then none. Other multi-picks: none (the search answers
    them by `choose_many`)."""
    kind = decision.kind
    if kind == "attackers":
        all_out = choose_many(state, decision)
        if not all_out:
            return []
        picks: list[Action] = [all_out, ()]
        if 2 <= len(all_out) <= ATTACK_SUBSETS:
            picks += [tuple(a for a in all_out if a != held) for held in all_out]
        return picks
    if kind in ("targets", "choose_many") and decision.min_picks < decision.max_picks:
        picks = [careful_picks(state, decision)]
        for other in (choose_many(state, decision), ()):
            if other not in picks and decision.min_picks <= len(other):
                picks.append(other)
        return picks
    return []


def careful_picks(state: "TableState", decision: Decision) -> Action:
    """`choose_many`'s targets, less those on the wrong side beyond the picks required:
    greedy's "up to" picks fill the count with its own things when the opponent has too
    few (a Skyhunter Falcon's arrival, 2 damage to up to a flier, hit the Falcon itself)."""
    seat = decision.player
    harmful = _harmful_pick(state)
    chosen = choose_many(state, decision)
    wrong = [a for a in chosen if (_owner_of(state, a[1]) == seat) == harmful]
    right = [a for a in chosen if a not in wrong]
    missing = max(decision.min_picks - len(right), 0)
    return tuple(right + wrong[:missing])


def _harmful_pick(state: "TableState") -> bool:
    """Does the item being attempted or resolved mostly harm what it picks?"""

    task = state.steps.items[-1] if state.steps else None
    if isinstance(task, Attempt | Resolve):
        for body in task.item.bodies:
            for effect in task.item.script.bodies[body].effects:
                if effect.kind in HARM or effect.counter in BAD_COUNTERS:
                    return True
        return False
    return True
