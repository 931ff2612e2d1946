"""Combat: declaring attackers and blockers, ordering blockers, and combat damage
(battle-mages.md:125-157; ruling B12 for flying)."""

from typing import TYPE_CHECKING, Any

from engine.core.decision import Action, Decision
from engine.core.steps import DONE, WAIT, Step, StepResult
from engine.rulesets.battle_mages import effects
from engine.rulesets.battle_mages import events as bev
from engine.rulesets.battle_mages.cards import CREATURE, CardInst
from engine.rulesets.battle_mages.stack import PendingTrigger
from engine.rulesets.battle_mages.table import FINISHED, STOP_HELP, Side, mage_ref

if TYPE_CHECKING:
    from engine.rulesets.battle_mages.state import TableState


class Attack(Step):
    """The active Mage declares attackers, all at once."""

    __slots__ = ()

    def decisions(self, state: "TableState") -> list[Decision]:
        acts: list[Action] = [
            ("attacker", c.uid) for c in can_attack_with(state, state.sides[state.active])
        ]
        prompt = "Choose-Attacker step: declare your attackers (all at once)."
        return [Decision(state.active, "attackers", prompt, acts, min_picks=0, max_picks=len(acts))]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        state.steps.pop()  # declared: what follows (triggers, a window) runs without it
        declare_attackers(state, [a[1] for a in action])


class Block(Step):
    """The defending Mage assigns blockers one by one; then the active Mage orders them."""

    __slots__ = ("finished", "ordering", "picked", "toggled")

    def __init__(self) -> None:
        self.toggled = False  # the last action changed the stop setting (ruling B10)
        self.ordering = False
        self.finished: list[int] = []  # attackers whose blockers are ordered
        self.picked: list[int] = []  # the current attacker's blockers placed so far

    def advance(self, state: "TableState") -> StepResult:
        if self.ordering and self._to_order(state) is None:
            state.open_window(state.active)  # battle-mages.md:148
            return DONE
        return WAIT

    def decisions(self, state: "TableState") -> list[Decision]:
        return [self._decision(state)]

    def _decision(self, state: "TableState") -> Decision:
        if self.ordering:
            attacker = self._to_order(state)
            assert attacker is not None  # advance ends the ordering when none is left
            acts: list[Action] = [
                ("order", attacker.uid, b) for b in attacker.blockers if b not in self.picked
            ]
            prompt = f"Which blocker does {attacker.name} damage first?"
            return Decision(state.active, "order_blockers", prompt, acts)
        defender = 1 - state.active
        pairs = block_pairs(state)
        acts = [("block", b, a) for b, a in pairs]
        acts.append(FINISHED)
        prompt = "Choose-Blocker step: block an attacker, or finish blocking."
        if pairs and not self.toggled:  # ruling B10: reachable by a Mage who never has a
            acts.append(("stop", 0 if state.sides[defender].stop else 1))  # reaction; once
            if not state.sides[defender].stop:
                prompt += "\n" + STOP_HELP
        return Decision(defender, "blockers", prompt, acts)

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        head = action[0] if action else None
        self.toggled = head == "stop"  # not offered again at once: no toggling forever
        if head == "stop":
            state.sides[player].stop = bool(action[1])
        elif head == "order":
            attacker = state.cards[action[1]]
            self.picked.append(action[2])
            rest = [b for b in attacker.blockers if b not in self.picked]
            if len(rest) == 1:
                attacker.blockers = (*self.picked, *rest)
                self.finished.append(attacker.uid)
                self.picked = []
        elif head == "done":
            self.ordering = True
        else:
            blocker, attacker = state.cards[action[1]], state.cards[action[2]]
            blocker.blocking = attacker.uid
            attacker.blocked = True
            attacker.blockers = (*attacker.blockers, blocker.uid)
            what = f"blocks {attacker.name} with {blocker.name}"
            state.events.append(bev.Declared(state.sides[blocker.owner].name, what))

    def _to_order(self, state: "TableState") -> CardInst | None:
        """battle-mages.md:146-147 — an attacker with several blockers not yet ordered."""
        for attacker in attackers(state):
            if len(attacker.blockers) >= 2 and attacker.uid not in self.finished:
                return attacker
        return None


def can_attack_with(state: "TableState", side: Side) -> list[CardInst]:
    """battle-mages.md:126,136 — prepared, not frozen, and not new unless it has Rush."""
    return [
        c
        for c in side.field
        if c.proto.kind == CREATURE
        and not c.exhausted
        and not c.ice
        and (c.entered < state.turn or c.has("rush"))
    ]


def attackers(state: "TableState") -> list[CardInst]:
    return [c for c in state.sides[state.active].field if c.attacking]


def declare_attackers(state: "TableState", uids: list[int]) -> None:
    """battle-mages.md:125-133 — together, at the opposing Mage; Boast triggers now."""
    side = state.sides[state.active]
    chosen = [state.cards[u] for u in uids]
    defender = mage_ref(1 - state.active)
    for card in chosen:
        card.attacking = True
        if not card.has("attentiveness"):
            card.exhausted = True
    if chosen:
        what = "attacks with " + ", ".join(c.name for c in chosen)
        state.events.append(bev.Declared(side.name, what))
    for card in chosen:
        for script in card.proto.triggers.get("boast", ()):
            ref = (card.uid, card.stamp)
            state.pending.append(PendingTrigger(state.active, ref, script, (defender, 0)))
    if chosen:
        state.open_window(1 - state.active)  # battle-mages.md:133-134


def block_pairs(state: "TableState") -> list[tuple[int, int]]:
    """battle-mages.md:144-145 — prepared, unfrozen creatures; ruling B12: a flying
    attacker can be blocked only by a flying creature."""
    attacking = attackers(state)
    pairs = []
    for blocker in state.sides[1 - state.active].field:
        if blocker.proto.kind != CREATURE or blocker.exhausted or blocker.ice:
            continue
        if blocker.blocking:
            continue
        for attacker in attacking:
            if attacker.has("flying") and not blocker.has("flying"):
                continue
            pairs.append((blocker.uid, attacker.uid))
    return pairs


def combat_damage(state: "TableState") -> None:
    """battle-mages.md:155-157 — every damage counter at once, then deaths together."""
    defender = state.sides[1 - state.active]
    hits: list[tuple[Any, int, str]] = []
    for attacker in attackers(state):
        power = attacker.power
        if attacker.blocked:
            blockers = [state.cards[b] for b in attacker.blockers]
            blockers = [b for b in blockers if b.blocking == attacker.uid]
            for i, blocker in enumerate(blockers):
                if power <= 0:
                    break
                lethal = max(1, blocker.proto.health - blocker.damage)
                share = power if i == len(blockers) - 1 else min(power, lethal)
                hits.append((blocker, share, attacker.name))
                power -= share
        elif power > 0:
            hits.append((defender, power, attacker.name))
    for blocker in defender.field:
        if blocker.blocking:
            attacker = state.cards[blocker.blocking]
            if attacker.attacking and blocker.power > 0:
                hits.append((attacker, blocker.power, blocker.name))
    for victim, amount, source in hits:
        if isinstance(victim, Side):
            effects.hurt_mage(state, victim, amount, source)
        else:
            effects.place_damage(state, victim, amount, source)
    state.check_state()


def end_combat(state: "TableState") -> None:
    for side in state.sides:
        for card in side.field:
            card.attacking = card.blocked = False
            card.blocking = 0
            card.blockers = ()
