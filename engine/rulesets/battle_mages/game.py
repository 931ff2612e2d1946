"""Battle Mages: the state, its driver, and the moves every procedure shares.

Rule references (`battle-mages.md:NN`) point at lines of shared/rules/battle-mages.md;
rulings where the text is silent are in docs/rules/battle-mages.md as `B#`.

The machine: the core's `steps` (engine/core/steps.py) hold multi-decision procedures in
progress (choosing who starts, looking at crystals, attempting a spell and choosing its
modes and targets, putting triggers on the stack, resolving with choices made on
resolution, declaring attackers and blockers). With no step, pending triggers go on the
stack; then the priority holder reacts or passes; with nobody holding priority the step of
the turn ends, which happens only with an empty stack. The core's `run()` drives it after
every action (`_next_steps` below), passing for a Mage with no legal reaction unless they
asked to be stopped.

The rules live beside it, one job a module: turn.py (the turn's steps, the start of the
game), priority.py, casting.py (attempting), triggers.py, resolving.py, combat.py,
targets.py; table.py holds the turn's shape and a Mage's side, stack.py the stack's
records.

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
from typing import ClassVar

from engine.core import events as ev
from engine.core.clone import LIST, Plan, call, own_copy, own_list, rebuilt
from engine.core.decision import Action, Decision, Label
from engine.core.rng import MatchRng
from engine.core.state import GameState
from engine.core.steps import Steps
from engine.core.view import SeatView, ZoneView
from engine.rulesets.battle_mages import events as bev
from engine.rulesets.battle_mages.cards import CREATURE, CRYSTAL, CardInst, Proto, protos
from engine.rulesets.battle_mages.casting import attempt_ability, attempt_card
from engine.rulesets.battle_mages.priority import (
    could_react_publicly,
    pass_priority,
    priority_decision,
)
from engine.rulesets.battle_mages.stack import Item, PendingTrigger
from engine.rulesets.battle_mages.table import OPENING_HAND, Side
from engine.rulesets.battle_mages.triggers import start_triggers
from engine.rulesets.battle_mages.turn import Scry, Starter, begin_turn, next_step
from engine.rulesets.battle_mages.view import (
    describe_action,
    header,
    seat_view,
    stack_view,
)


@cache
def cheapest_card_cost() -> int:
    """The lowest cost of any card a hand can hold (public: the card list is)."""
    return min(p.cost for p in protos().values() if p.kind != CRYSTAL)


def _card_index(twin: "BattleMagesState", *_: object) -> dict[int, CardInst]:
    """The `cards` index of a clone, from its copied zones (every card is in one: the
    zones are table.py's `ZONES`)."""
    index = {}
    for side in twin.sides:
        for zone in (
            side.spellbook,
            side.collection,
            side.hand,
            side.field,
            side.crystals,
            side.graveyard,
            side.spells,
        ):
            for card in zone:
                index[card.uid] = card
    return index


class BattleMagesState(GameState):
    """A match of Battle Mages. The core (engine/core/state.py) caches the decisions,
    drives the steps, clones by `clone_plan` and frames the view; the hooks below say
    what comes next with no step pending, and what a seat and the table show."""

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
        "steps",
        "turn",
        "winner",
    )
    #: Cards are copied in their zones (table.py: `Side.clone_plan`) and indexed again;
    #: the stack's items are held only there (an attempt or a resolution holds its own);
    #: pending triggers are plain records nothing changes: the list is copied, not them.
    clone_plan: ClassVar[Plan] = {
        "cards": rebuilt(_card_index),
        "sides": own_list(Side),
        "rng": call("clone"),
        "stack": own_list(Item),
        "pending": LIST,
    }
    ruleset_id: ClassVar[str] = "battle-mages"
    empty_board: ClassVar[str] = "No creatures or relics"

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
        self.phase = "starter"  # starter, start (the crystal look), ready, play, over
        self.step = ""
        self.winner: int | None = None
        self.over = False
        self.stack: list[Item] = []
        self.steps = Steps()
        self.pending: list[PendingTrigger] = []
        self.priority: int | None = None
        self.first = 0  # who gets priority first in this step's window
        self.passes = 0
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
        self.steps.push(Starter())

    def choose_starter(self, starter: int) -> None:
        self.starter = self.active = starter
        self.events.append(ev.GameStarted(1, starter, self.names[starter]))
        for seat in (starter, 1 - starter):
            side = self.sides[seat]
            for _ in range(OPENING_HAND):
                self.draw(side)
        self.phase = "start"
        self.steps.push(Scry(1 - starter), Scry(starter))  # the starter looks first

    # -- the core's hooks ---------------------------------------------------------------

    def _open_decisions(self) -> list[Decision]:
        """A pending step's decisions; with none, the priority holder's."""
        if self.over:
            return []
        items = self.steps.items
        if items:
            return items[-1].decisions(self)
        if self.priority is not None:
            return [priority_decision(self, self.priority)]
        return []

    def _apply_action(self, player: int, action: Action) -> None:
        """An action of the priority holder (no step is pending)."""
        head = action[0] if action else None
        if head == "pass":
            if len(action) > 1:  # ruling B10: pass, and change the stop setting
                self.sides[player].stop = action[1] == "stop"
            pass_priority(self, player)
        elif head == "cast":
            attempt_card(self, player, self.cards[action[1]])
        elif head == "ability":
            attempt_ability(self, player, self.cards[action[1]], action[2])
        else:  # the match validated the action, so this is a bug, not a bad move
            raise AssertionError(f"unhandled action {action!r}")

    def _next_steps(self) -> bool:
        """No step pending: the game begins, pending triggers go on the stack, the
        priority holder is asked (or passed for, with visibly nothing to do: item 5), or
        the step ends. False while the priority holder decides."""
        if self.phase != "play":
            if self.phase == "starter":
                return False
            self.phase = "play"
            begin_turn(self, self.starter)
            return True
        if self.pending:
            start_triggers(self)
            return True
        seat = self.priority
        if seat is not None:
            if self.sides[seat].stop or could_react_publicly(self, seat):
                return False
            pass_priority(self, seat)
            return True
        next_step(self)
        return True

    def concede(self, player: int, reason: str) -> None:
        self._decisions = None
        if not self.over:
            self.game_won_by(1 - player, f"{self.names[player]} {reason}")

    def describe(self, action: Action) -> Label:
        return describe_action(self, action)

    def _header(self) -> tuple[int, str, int | None, dict[str, str]]:
        return header(self)

    def _seat_view(self, seat: int, viewer: int | None) -> SeatView:
        return seat_view(self, seat, viewer)

    def _table_view(self, viewer: int | None) -> dict[str, ZoneView]:
        return {"stack": stack_view(self)}

    # -- drawing, moving, winning -------------------------------------------------------

    def draw(self, side: Side) -> None:
        """Ruling B4: a Mage who must draw from an empty Spellbook loses."""
        if not side.spellbook:
            self.game_won_by(1 - side.seat, f"{side.name} has no card left to draw")
            return
        card = self.own(side.spellbook.pop())
        self.move(card, "hand")
        side.hand.append(card)
        self.events.append(ev.CardDrawn(side.seat, side.name, card.name))

    def own(self, card: CardInst) -> CardInst:
        """A card leaving a face-down pile becomes this state's own copy: a clone may share
        the one that lay there (`Side.clone_plan`)."""
        mine: CardInst = own_copy(card)
        self.cards[card.uid] = mine
        return mine

    def move(self, card: CardInst, zone: str) -> None:
        """A card changes zones: a new object, so earlier targets on it are lost. A spell
        is kept among its owner's `spells` while it is on the stack or resolving (the
        other zones' lists are kept by the callers, which know where it goes)."""
        if card.zone == "stack":
            self.sides[card.owner].spells.remove(card)
        elif zone == "stack":
            self.sides[card.owner].spells.append(card)
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
        self.steps.clear()
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
