"""The Battle Mages table as data, and the moves every procedure shares.

`TableState` holds a match: both sides, every card by uid, the stack, the pending
triggers, who holds priority; and the moves the rule modules all make (draw, move a card
between zones, enter or leave the field, die, check the state, win). The rule modules
(turn.py, priority.py, casting.py, triggers.py, resolving.py, combat.py, effects.py,
targets.py, view.py) take a `TableState` and import nothing above it; game.py's
`BattleMagesState` gives the core its hooks, which call into them.
"""

from functools import cache
from typing import ClassVar

from engine.core import events as ev
from engine.core.clone import LIST, Plan, call, own_copy, own_list, rebuilt
from engine.core.decision import Decision
from engine.core.rng import MatchRng
from engine.core.state import GameState
from engine.core.steps import Steps
from engine.rulesets.battle_mages import events as bev
from engine.rulesets.battle_mages.cards import CREATURE, CRYSTAL, CardInst, Proto, protos
from engine.rulesets.battle_mages.stack import Item, PendingTrigger
from engine.rulesets.battle_mages.table import Side


@cache
def cheapest_card_cost() -> int:
    """The lowest cost of any card a hand can hold (public: the card list is)."""
    return min(p.cost for p in protos().values() if p.kind != CRYSTAL)


def _card_index(twin: "TableState", *_: object) -> dict[int, CardInst]:
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


class TableState(GameState):
    """A match of Battle Mages as data: the sides, the cards, the stack, who holds
    priority, and the moves every procedure shares (drawing, moving a card, dying,
    winning). The procedures are functions and steps in their own modules, which take this
    class; `game.BattleMagesState` adds the core's hooks, which call them."""

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
