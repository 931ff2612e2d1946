"""Battle Mages: the state, its driver, and the moves every procedure shares.

Rule references (`battle-mages.md:NN`) point at lines of shared/rules/battle-mages.md;
rulings where the text is silent are in docs/rules/battle-mages.md as `B#`.

The machine: `tasks` holds multi-decision procedures in progress (looking at crystals,
attempting a spell and choosing its modes and targets, putting triggers on the stack,
resolving with choices made on resolution, declaring blockers). With no task, pending
triggers go on the stack; then the priority holder reacts or passes; with nobody holding
priority the step ends, which happens only with an empty stack. `run()` drives it after
every action, passing for a Mage with no legal reaction unless they asked to be stopped.

The rules live beside it, one job a module: turn.py (steps, the crystal look), priority.py,
casting.py (attempting), triggers.py, resolving.py, combat.py, targets.py; table.py holds
the turn's shape and a Mage's side, stack.py the stack's records and the task base.

Actions:
    ("first",) / ("second",)            who starts                     battle-mages.md:88
    (("crystal", uid), ...)             crystals to the bottom         battle-mages.md:89
    ("top", uid)                        the next crystal from the top  battle-mages.md:90
    ("cast", uid) / ("ability", uid, i) attempt a card / an ability
    ("pass",)                           pass priority
    ("pass", "stop"|"nostop")           pass, and stop me even with no reaction or not (B10)
    ("stop", 1|0)                       the same setting in a blocking choice (ruling B10)
    (("mode", i), ...)                  "Choose N:" modes             battle-mages.md:209
    ("target", ref) / (("target", ref), ...)   direct targets; ref: card uid, or -1/-2 a Mage
    ("choose", ref) / (("choose", ref), ...)   choices made on resolution
    ("pay",) / ("decline",)             a trigger's optional cost
    ("next", i)                         trigger i resolves next        battle-mages.md:130
    (("attacker", uid), ...)            declare attackers              battle-mages.md:125
    ("block", blocker, attacker) / ("done",)                           battle-mages.md:144
    ("order", attacker, blocker)        that blocker takes damage next battle-mages.md:146
"""

from functools import cache

from engine.core import events as ev
from engine.core.decision import Action, Decision, Label
from engine.core.rng import MatchRng
from engine.core.ruleset import GameState
from engine.core.view import MatchView
from engine.rulesets.battle_mages import events as bev
from engine.rulesets.battle_mages.cards import CREATURE, CRYSTAL, CardInst, Proto, protos
from engine.rulesets.battle_mages.casting import attempt_ability, attempt_card
from engine.rulesets.battle_mages.priority import (
    could_react_publicly,
    pass_priority,
    priority_decision,
)
from engine.rulesets.battle_mages.stack import Item, PendingTrigger, Task
from engine.rulesets.battle_mages.table import OPENING_HAND, Side
from engine.rulesets.battle_mages.triggers import start_triggers
from engine.rulesets.battle_mages.turn import Scry, begin_turn, next_step
from engine.rulesets.battle_mages.view import build_view, describe_action


@cache
def cheapest_card_cost() -> int:
    """The lowest cost of any card a hand can hold (public: the card list is)."""
    return min(p.cost for p in protos().values() if p.kind != CRYSTAL)


class BattleMagesState(GameState):
    __slots__ = (
        "_decisions",
        "active",
        "cards",
        "cheapest",
        "coin_winner",
        "events",
        "first",
        "item_ids",
        "names",
        "next_uid",
        "over",
        "passes",
        "pending",
        "phase",
        "priority",
        "rng",
        "sides",
        "stack",
        "starter",
        "step",
        "stop_set",
        "tasks",
        "turn",
        "winner",
    )

    def __init__(self, names: list[str], rng: MatchRng):
        self.names = names
        self.sides = [Side(0, names[0]), Side(1, names[1])]
        self.rng = rng
        self.events: list[ev.Event] = []
        self.cards: dict[int, CardInst] = {}
        #: The cheapest card of the pool this match plays with (the ruleset sets it: a
        #: replay with pinned cards may play with another pool than the current one).
        self.cheapest = cheapest_card_cost()
        self.next_uid = 1
        self.item_ids = 0
        self.turn = 0
        self.active = 0
        self.starter = 0
        self.coin_winner = 0
        self.phase = "starter"  # starter, start (the crystal look), play, over
        self.step = ""
        self.winner: int | None = None
        self.over = False
        self.stack: list[Item] = []
        self.tasks: list[Task] = []
        self.pending: list[PendingTrigger] = []
        self.priority: int | None = None
        self.first = 0  # who gets priority first in this step's window
        self.passes = 0
        self.stop_set: int | None = None  # the seat that just changed its stop setting
        self._decisions: list[Decision] | None = None

    # -- setting up -------------------------------------------------------------------

    def new_card(self, proto: Proto, owner: int) -> CardInst:
        card = CardInst(self.next_uid, proto, owner)
        self.cards[card.uid] = card
        self.next_uid += 1
        return card

    def flip_coin(self) -> None:
        """battle-mages.md:88 — ruling B5: a coin flip; its winner chooses who starts."""
        self.coin_winner = self.rng.coin()
        self.events.append(ev.CoinFlipped(self.coin_winner, self.names[self.coin_winner]))

    def choose_starter(self, starter: int) -> None:
        self.starter = self.active = starter
        self.events.append(ev.GameStarted(1, starter, self.names[starter]))
        for seat in (starter, 1 - starter):
            side = self.sides[seat]
            for _ in range(OPENING_HAND):
                self.draw(side)
        self.phase = "start"
        self.tasks = [Scry(1 - starter), Scry(starter)]  # the starter looks first

    # -- the engine contract ------------------------------------------------------------

    def decisions(self) -> list[Decision]:
        if self._decisions is None:
            self._decisions = self._open() if not self.over else []
        return self._decisions

    def apply(self, player: int, action: Action) -> None:
        self._decisions = None
        head = action[0] if action else None
        self.stop_set = player if head == "stop" else None
        if self.phase == "starter":
            self.choose_starter(player if head == "first" else 1 - player)
        elif head == "stop":
            self.sides[player].stop = bool(action[1])
        elif self.tasks:
            self.tasks[-1].apply(self, action)
        elif head == "pass":
            if len(action) > 1:  # ruling B10: pass, and change the stop setting
                self.sides[player].stop = action[1] == "stop"
            pass_priority(self, player)
        elif head == "cast":
            attempt_card(self, player, self.cards[action[1]])
        elif head == "ability":
            attempt_ability(self, player, self.cards[action[1]], action[2])
        else:  # the match validated the action, so this is a bug, not a bad move
            raise AssertionError(f"unhandled action {action!r}")
        self.run()

    def concede(self, player: int, reason: str) -> None:
        self._decisions = None
        if not self.over:
            self.game_won_by(1 - player, f"{self.names[player]} {reason}")

    def view(self, viewer: int | None) -> MatchView:
        return build_view(self, viewer)

    def describe(self, action: Action) -> Label:
        return describe_action(self, action)

    def clone(self) -> "BattleMagesState":
        twin = BattleMagesState.__new__(BattleMagesState)
        for slot in self.__slots__:
            setattr(twin, slot, getattr(self, slot))
        twin.cards = {uid: card.copy() for uid, card in self.cards.items()}
        cards = twin.cards
        twin.sides = []
        for side in self.sides:
            copy = Side.__new__(Side)
            for slot in Side.__slots__:
                value = getattr(side, slot)
                if isinstance(value, list):
                    value = [cards[c.uid] for c in value]
                setattr(copy, slot, value)
            twin.sides.append(copy)
        twin.rng = self.rng.clone()
        twin.events = list(self.events)
        twin.stack = [item.copy() for item in self.stack]
        twin.tasks = [task.copy() for task in self.tasks]
        twin.pending = list(self.pending)
        twin._decisions = None
        return twin

    # -- the driver ---------------------------------------------------------------------

    def run(self) -> None:
        """Advance until someone must decide: take automatic steps and needless passes."""
        self._decisions = None
        while not self.over:
            if self.tasks:
                if self.tasks[-1].advance(self):
                    return
                continue
            if self.phase == "starter":
                return
            if self.phase != "play":
                self.phase = "play"
                begin_turn(self, self.starter)
                continue
            if self.pending:
                start_triggers(self)
                continue
            if self.priority is not None:
                seat = self.priority
                if self.sides[seat].stop or could_react_publicly(self, seat):
                    self._decisions = [priority_decision(self, seat)]
                    return
                pass_priority(self, seat)  # visibly nothing to do: passed for them (item 5)
                continue
            next_step(self)

    def _open(self) -> list[Decision]:
        if self.phase == "starter":
            return [
                Decision(
                    self.coin_winner,
                    "starter",
                    "You won the coin flip: who goes first?",
                    [("first",), ("second",)],
                )
            ]
        if self.tasks:
            return [self.tasks[-1].decision(self)]
        if self.priority is not None:
            seat = self.priority
            return [priority_decision(self, seat)]
        return []

    # -- drawing, moving, winning -------------------------------------------------------

    def draw(self, side: Side) -> None:
        """Ruling B4: a Mage who must draw from an empty Spellbook loses."""
        if not side.spellbook:
            self.game_won_by(1 - side.seat, f"{side.name} has no card left to draw")
            return
        card = side.spellbook.pop()
        self.move(card, "hand")
        side.hand.append(card)
        self.events.append(ev.CardDrawn(side.seat, side.name, card.name))

    def move(self, card: CardInst, zone: str) -> None:
        """A card changes zones: a new object, so earlier targets on it are lost."""
        card.zone = zone
        card.stamp += 1
        card.reset()

    def leave_field(self, card: CardInst, zone: str) -> None:
        owner = self.sides[card.owner]
        if card in owner.field:
            owner.field.remove(card)
        elif card in owner.crystals:
            owner.crystals.remove(card)
        else:
            return
        for other in owner.field + self.sides[1 - card.owner].field:
            if other.blockers and card.uid in other.blockers:
                other.blockers = tuple(b for b in other.blockers if b != card.uid)
        self.move(card, zone)
        (owner.hand if zone == "hand" else owner.graveyard).append(card)

    def game_won_by(self, winner: int, reason: str) -> None:
        if self.over:
            return
        self.over = True
        self.winner = winner
        self.phase = "over"
        self.tasks = []
        self.priority = None
        self.events.append(ev.GameOver(1, winner, self.names[winner], reason))

    def check_state(self) -> None:
        """Creatures with lethal damage die together; then Mages at 0 life lose. Ruling B9:
        if both Mages reach 0 together, the active Mage loses."""
        dead = [
            c
            for seat in (self.active, 1 - self.active)
            for c in self.sides[seat].field
            if c.proto.kind == CREATURE and c.damage >= c.proto.health
        ]
        if dead:
            self.die(dead)
        low = [s for s in (self.sides[self.active], self.sides[1 - self.active]) if s.life <= 0]
        if low:
            self.game_won_by(1 - low[0].seat, f"{low[0].name} fell to 0 life")

    def die(self, dead: list[CardInst]) -> None:
        """battle-mages.md:157 — all at once; Last Breath triggers follow."""
        for card in dead:
            ref = (card.uid, card.stamp)
            self.leave_field(card, "graveyard")
            self.events.append(ev.Died(card.name, self.sides[card.owner].name))
            for script in card.proto.triggers.get("last_breath", ()):
                self.pending.append(PendingTrigger(card.owner, ref, script, None))

    def enter_field(self, card: CardInst, controller: int) -> None:
        side = self.sides[controller]
        self.move(card, "field")
        card.entered = self.turn
        side.field.append(card)
        self.events.append(bev.Entered(card.name, side.name))
        ref = (card.uid, card.stamp)
        for script in card.proto.triggers.get("arrival", ()):
            self.pending.append(PendingTrigger(controller, ref, script, None))
        if card.proto.kind == CREATURE:
            for other in side.field:
                if other is not card:
                    for script in other.proto.triggers.get("ally_arrives", ()):
                        other_ref = (other.uid, other.stamp)
                        self.pending.append(PendingTrigger(controller, other_ref, script, ref))

    def open_window(self, first: int) -> None:
        """A new chance to react, `first` holding priority first."""
        self.first = first
        self.priority = first
        self.passes = 0

    # -- naming -------------------------------------------------------------------------

    def targets_text(self, item: Item) -> str:
        names = [self.ref_name(r[0]) for refs in item.targets.values() for r in refs]
        return ", ".join(names)

    def ref_name(self, uid: int) -> str:
        if uid < 0:
            return self.names[-1 - uid]
        return self.cards[uid].name
