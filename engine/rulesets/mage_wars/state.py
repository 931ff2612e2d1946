"""The Mage Wars table as data: its piles, its seats, and the numbers read off them.

`TableState` holds what a game is made of and the bookkeeping every rule module shares
(taking a card from a deck, discarding one, pushing steps, a Mage's numbers); the rules
themselves are functions and steps in their own modules (turn, casting, combat, death,
drawing, effects, winning), and `game.MageWarsState` ties them to the two hooks a step
reaches them by: `resolve` (an effect) and `check` (the checks after every change).
"""

from typing import Any, ClassVar, Self

from cards.mage_wars.text import DECK_NAMES

# The rounds of a win condition (R14, R15, R33, R34), printed on every Mage card
from cards.mage_wars.text import ROUND_LIMIT as ROUND_LIMIT
from cards.mage_wars.text import WANE_FROM as WANE_FROM
from cards.mage_wars.text import WANE_STEP as WANE_STEP
from cards.mage_wars.text import WIN_FROM as WIN_FROM
from cards.mage_wars.text import WOUNDS_PER_WANE as WOUNDS_PER_WANE
from engine.core import events as ev
from engine.core.clone import DICT_OF_LISTS, OBJ_LIST, Plan, call, index_by
from engine.core.decision import Action, Decision
from engine.core.events import Note
from engine.core.rng import MatchRng
from engine.core.state import GameState
from engine.core.steps import AGAIN, WAIT, Step, StepResult, Steps
from engine.rulesets.mage_wars.cards import DECKS, Proto
from engine.rulesets.mage_wars.table import Card, Seat

ELEMENTS = ("ember", "tide", "stone", "gale")


class TableState(GameState):
    """Everything on and around the table; the hooks of the engine contract are
    `MageWarsState`'s."""

    #: A clone copies what is on the table and shares every card lying in a deck, a
    #: discard pile or a face-down health or armor pile: no rule changes a card while it
    #: lies there, and every way out of a pile (`take`, `salvage`, `spend`, a wound, a
    #: sunder, `strip`) makes the state's own copy first (`own`). Most of the ~200 cards
    #: lie in piles, so a look-ahead copy costs the table, not the whole game (docs/ai.md,
    #: "cheaper copies"). The index `cards` comes last: it takes the copies made above.
    clone_plan: ClassVar[Plan] = {
        "rng": call("clone"),
        "seats": OBJ_LIST,
        "centre": OBJ_LIST,
        "limbo": OBJ_LIST,
        "decks": DICT_OF_LISTS,
        "discards": DICT_OF_LISTS,
        "cards": index_by("uid"),
    }

    def __init__(self, names: list[str], rng: MatchRng):
        self.names = names
        self.rng = rng
        self.seats = [Seat(i, n) for i, n in enumerate(names)]
        self.decks: dict[str, list[Card]] = {d: [] for d in ("mage", *DECKS)}  # top = end
        self.discards: dict[str, list[Card]] = {d: [] for d in ("mage", *DECKS)}
        self.centre: list[Card] = []  # structures, built or in the making (mw:68)
        self.limbo: list[Card] = []  # a completed card waiting for its owner's choice
        self.cards: dict[int, Card] = {}
        self.next_uid = 1
        self.events: list[ev.Event] = []
        self.steps = Steps()
        self.phase = "start"
        self.active = 0
        self.starter = 0
        self.turn = 0
        self.round = 1
        self.winner: int | None = None
        self.over = False

    # -- the steps of the turn -------------------------------------------------------

    @property
    def prompt(self) -> "Prompt | None":
        """The open prompt: the top step, when it waits for a player."""
        items = self.steps.items
        top = items[-1] if items else None
        return top if isinstance(top, Prompt) else None

    def push(self, *steps: Step) -> None:
        """Steps that happen before whatever was already waiting, the first given first."""
        self.steps.items.extend(reversed(steps))

    def replace_steps(self, *steps: Step) -> None:
        """These steps instead of everything waiting (an open prompt included)."""
        self.steps.items[:] = reversed(steps)

    def after_change(self) -> None:
        """The checks that follow every step and every answer, unless a prompt is open or
        the game is over."""
        if not self.over:
            items = self.steps.items
            if not items or not isinstance(items[-1], Prompt):
                self.check()

    def check(self) -> None:
        """Levels whose quest is met, challenges won, a Mage meeting its condition (the
        rules of winning.py and casting.py, reached through the state: see game.py)."""
        raise NotImplementedError

    def resolve(self, effect: Any, seat: int, target: Any, source: str) -> None:
        """Carry out one effect of a card (effects.py, reached through the state)."""
        raise NotImplementedError

    # -- cards and piles -------------------------------------------------------------

    def new_card(self, proto: Proto) -> Card:
        card = Card(self.next_uid, proto)
        self.cards[card.uid] = card
        self.next_uid += 1
        return card

    def put_health(self, side: Seat, deck: str) -> bool:
        card = self.take(deck)
        if card is None:
            return False
        side.health.append(card)
        return True

    def take(self, deck: str) -> Card | None:
        """mw:118 — the top card; an empty deck first takes its shuffled discard pile."""
        pile = self.decks[deck]
        if not pile:
            used = self.discards[deck]
            if not used:
                return None  # R4: both empty, nothing is drawn
            self.rng.shuffle(used)
            pile.extend(used)
            used.clear()
            self.events.append(
                Note(f"The {DECK_NAMES[deck]} discard pile is shuffled into a new deck.")
            )
        return self.own(pile.pop())

    def own(self, card: Card) -> Card:
        """A card leaving a pile becomes this state's own copy: a clone may share the one
        that lay in the pile (`clone_plan`). A card lies in a pile blank (as made, or as
        `discard` leaves it), so its copy is a new card of the same uid and print."""
        mine = Card(card.uid, card.proto)
        self.cards[card.uid] = mine
        return mine

    def discard(self, card: Card) -> None:
        """mw:118 — face up beside the deck it came from; what lay under it goes too."""
        for under, _ in card.under:
            if under is not None:
                self.discard(under)
        for charge in card.charges:
            self.discard(charge)
        card.under, card.charges, card.need = [], [], []
        card.owner, card.used, card.tapped, card.discount = None, -1, -1, 0
        self.discards[card.proto.deck].append(card)

    def on_table(self, card: Card) -> bool:
        if card in self.centre:
            return not card.need
        if card.owner is None:
            return False
        side = self.seats[card.owner]
        return card in side.pets or card in side.items.values()

    def remove_from_table(self, card: Card) -> None:
        if card in self.centre:
            self.centre.remove(card)
            return
        for side in self.seats:
            for zone in (side.pets, side.board, side.works):
                if card in zone:
                    zone.remove(card)
                    return
            for slot, item in list(side.items.items()):
                if item is card:
                    del side.items[slot]
                    return

    def all_cards(self) -> list[Card]:
        """Every card of the game wherever it lies (tests count them)."""
        found: list[Card] = []
        for pile in (*self.decks.values(), *self.discards.values(), self.centre, self.limbo):
            found += pile
        for side in self.seats:
            if side.mage is not None:
                found.append(side.mage)
            for zone in Seat.ZONES:
                if zone == "trials":
                    found += [c for c, _ in side.trials]
                else:
                    found += getattr(side, zone)
            found += list(side.items.values())
        nested = []
        for card in found:
            if card.under:
                nested += [c for c, _ in card.under if c is not None]
            if card.charges:
                nested += card.charges
        return found + nested

    # -- numbers from the Mage, pets, items, levels and structures -------------------

    def bonus(self, side: Seat, field: str) -> int:
        total = 0
        for card in side.pets:
            total += getattr(card.proto.data.bonus, field)
        for card in side.items.values():
            total += getattr(card.proto.data.bonus, field)
        for card in side.levels:
            total += getattr(card.proto.data.buffs, field)
        for card in self.centre:
            if not card.need and self.aura_applies(card, side):
                total += getattr(card.proto.data.aura.bonus, field)
        return total

    def aura_applies(self, structure: Card, side: Seat) -> bool:
        """mw:70 — an aura may name an alignment, a level, or pet owners."""
        who = structure.proto.data.aura.who
        if who == "all":
            return True
        if who == "pet_owners":
            return bool(side.pets)
        if who == "level_2":
            return side.level >= 2
        if who in ELEMENTS:
            sources = [c for c in side.board if c.proto.type == "resource"]
            sources += [
                c for c in side.pets + list(side.items.values()) if c.proto.data.bonus.resource
            ]
            return any(resource_of(c) == who for c in sources)
        return side.mage.proto.data.alignment == who

    def max_health(self, side: Seat) -> int:
        return side.mage.proto.data.health + self.bonus(side, "health")

    def max_hand(self, side: Seat) -> int:
        return side.mage.proto.data.hand + self.bonus(side, "hand")

    def max_pets(self, side: Seat) -> int:
        return side.mage.proto.data.pets + self.bonus(side, "pets")

    def power(self, side: Seat) -> int:
        """R21: what is added to each of the side's attacks: its Mage's own power (Cinder
        Archon's) and the attack-power bonuses of its pets, items, levels and auras."""
        return side.mage.proto.data.power + self.bonus(side, "power")

    def defence(self, side: Seat) -> int:
        return self.bonus(side, "defence") + side.ward

    def fate_count(self, side: Seat) -> int:
        return max(0, side.mage.proto.data.fate + self.bonus(side, "fate") + side.haste)

    def progress(self, side: Seat) -> tuple[int, int]:
        """(how far, how far needed) on the Mage's own win condition (mw:128)."""
        win = side.mage.proto.data.win
        kind = win.kind
        if kind == "level":
            have = side.level
        elif kind == "structures":
            have = side.built
        elif kind == "wounds":
            have = side.wounds
        elif kind == "kills":  # before R34: matches pinned with the old Cinder Archon
            have = side.kills
        elif kind == "pets":
            have = len(side.pets)
        elif kind == "items":
            have = len(side.items)
        else:
            have = side.won
        if self.round < WANE_FROM:
            return have, win.amount
        step = WOUNDS_PER_WANE if kind == "wounds" else 1
        return have, max(2 if kind == "level" else 1, win.amount - step * self.waning())

    def waning(self) -> int:
        """R14: how much every win condition has waned by this round."""
        if self.round < WANE_FROM:
            return 0
        return 1 + (self.round - WANE_FROM) // WANE_STEP


# -- the two kinds of pending work ---------------------------------------------------
#
# On the core's stack of steps (engine/core/steps.py) a `Rule` runs at once and a `Prompt`
# waits for one player's answer. Mage Wars checks the table after every change (a level
# whose quest is met activates, a challenge pays, a Mage meeting its condition wins:
# `TableState.check`): after every rule step and every answer, unless a prompt is open or
# the game is over. Pushed steps run before whatever was already waiting
# (`TableState.push`), so a card's effects happen before the rest of the turn goes on.
# They live beside the table because the table asks which kind its top step is; a prompt's
# choices may narrow when a player leaves (R16).


class Rule(Step):
    """A step that needs no one: it leaves the stack, acts (perhaps pushing steps), then
    the table is checked."""

    __slots__ = ()

    def advance(self, state: "TableState") -> StepResult:
        items = state.steps.items
        items.pop()  # this step, on top: off before it acts, so what it pushes is the top
        self.act(state)
        if not state.over and not (items and isinstance(items[-1], Prompt)):
            state.check()  # TableState.after_change, inline: once per step
        return AGAIN

    def act(self, state: "TableState") -> None:
        raise NotImplementedError

    def copy(self) -> Self:
        """Rule steps never change once made: a clone shares them."""
        return self


class Prompt(Step):
    """One player's choice in the middle of the turn. Subclasses carry what answering
    needs and `answer` it; the prompt is off the stack before its answer runs, so an
    answer may push steps or another prompt."""

    __slots__ = ("actions", "kind", "max_picks", "min_picks", "player", "text")
    #: Asked whenever the table says the player might answer (a card in hand, a ward),
    #: even when their hand holds no answer: asking only then would show the others what
    #: the hand holds (no tells, docs/architecture.md; ruling R31).
    always_ask: ClassVar[bool] = False

    def __init__(
        self,
        kind: str,
        player: int,
        text: str,
        actions: list[Action],
        *,
        min_picks: int = 1,
        max_picks: int = 1,
    ) -> None:
        self.kind, self.player, self.text, self.actions = kind, player, text, actions
        self.min_picks, self.max_picks = min_picks, max_picks

    def advance(self, state: "TableState") -> StepResult:
        return WAIT

    def decisions(self, state: "TableState") -> list[Decision]:
        return [
            Decision(
                self.player,
                self.kind,
                self.text,
                self.actions,
                min_picks=self.min_picks,
                max_picks=self.max_picks,
                private=True,
                always_ask=self.always_ask,
            )
        ]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        state.steps.items.pop()  # this prompt: the core gives an action to the top step
        self.answer(state, action)
        state.after_change()

    def answer(self, state: "TableState", action: Action) -> None:
        raise NotImplementedError


def resource_of(card: Card) -> str:
    """The element a permanent resource, or a pet or item giving one, provides (mw:84)."""
    data = card.proto.data
    if card.proto.type == "resource":
        return data.permanent
    return data.bonus.resource
