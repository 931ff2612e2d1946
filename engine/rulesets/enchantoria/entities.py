"""Enchantoria's players and beings: health, mana, protections, statuses and power.

Below the table (state.py), which holds them: nothing here imports a module of the game
but its cards.
"""

from typing import Any, ClassVar, Protocol

from engine.core.clone import LIST, Plan, own, own_list
from engine.rulesets.enchantoria.cards import CardInst


class CardIndex(Protocol):
    """What `Player.spent` reads of the table: every card by uid."""

    cards: dict[int, CardInst]


START_HEALTH = 30  # R2
OPENING_HAND = 5  # R2
HAND_LIMIT = 7  # R13
MAX_MANA = 5  # R4 (10 before rules version 4: late turns wasted most of it)
TURN_LIMIT = 60  # R15


def recycle_value(mana_value: int) -> int:
    """enchantoria.md:1-2, ruling R5: half the mana value, rounded up; X counts as 0."""
    return (mana_value + 1) // 2


def mana_for_turn(turn: int) -> int:
    """R4: 2 mana in turn 1, one more each turn, at most 5 from turn 4 on.

    At most 5 because a player draws one card a turn: with 10, from turn 9 on players held
    one or two cards and left about two thirds of their mana unspent."""
    return min(turn + 1, MAX_MANA)


class Protection:
    """enchantoria.md:14-17 — one source per entity; its power is what it can still absorb."""

    __slots__ = ("applied_turn", "power", "source", "turns")

    def __init__(self, power: int, source: str, applied_turn: int, turns: int = 0):
        self.power = power
        self.source = source
        self.applied_turn = applied_turn
        self.turns = turns  # 0: until its power is spent; else a timed effect (R11)


class Status:
    """enchantoria.md:24-27 — a timed effect: burn, regen, ward, stun or weaken."""

    __slots__ = ("amount", "applied_turn", "kind", "source", "turns")

    def __init__(self, kind: str, amount: int, turns: int, applied_turn: int, source: str):
        self.kind = kind
        self.amount = amount
        self.turns = turns
        self.applied_turn = applied_turn
        self.source = source

    @property
    def label(self) -> str:
        amount = f" {self.amount}" if self.amount else ""
        return f"{self.kind}{amount}"


class Player:
    """One player: an entity like a creature (health, protection, statuses) plus cards.

    `plan`, `step`, `pick` and `ready` are this player's secret choice in the open window:
    they change nothing else in the state and no view but the player's own shows them.
    """

    __slots__ = (
        "board",
        "deck",
        "discard",
        "fatigue",
        "hand",
        "health",
        "key",
        "mana",
        "max_health",
        "max_mana",
        "name",
        "pick",
        "plan",
        "protection",
        "ready",
        "seat",
        "statuses",
        "step",
    )

    def __init__(self, seat: int, name: str):
        self.seat = seat
        self.key = f"p{seat}"
        self.name = name
        self.health = START_HEALTH
        self.max_health = START_HEALTH
        self.mana = 0
        self.max_mana = 0
        self.fatigue = 0
        self.deck: list[CardInst] = []  # the top of the deck is the end of the list
        self.hand: list[CardInst] = []
        self.discard: list[CardInst] = []
        self.board: list[CardInst] = []
        self.protection: Protection | None = None
        self.statuses: list[Status] = []
        self.plan: list[tuple] = []  # ("cast", uid, x, ref) / ("order", uid, ref)
        self.step: tuple | None = None  # ("x", uid) / ("target", uid, x): a spell half chosen
        self.pick: Any = None  # the Preparation or Discard choice
        self.ready = False

    #: How a clone copies a player (engine/core/clone.py): each card is held by one zone.
    #: The deck is a list of its own in a clone, but its cards are shared: no rule
    #: changes a card lying there, and the one way out, a draw, takes the state's own copy
    #: first (`TableState.own`). A look-ahead copy then costs the cards in hand and
    #: in play, not the whole deck (docs/ai.md, "Cheaper copies").
    clone_plan: ClassVar[Plan] = {
        "deck": LIST,
        "hand": own_list(CardInst),
        "discard": own_list(CardInst),
        "board": own_list(CardInst),
        "protection": own(Protection),
        "statuses": own_list(Status),
        "plan": LIST,
    }

    def planned_uids(self) -> set[int]:
        return {entry[1] for entry in self.plan if entry[0] == "cast"}

    def spent(self, state: CardIndex) -> int:
        """Mana the plan would pay: shown to this player only (R3)."""
        total = 0
        for entry in self.plan:
            if entry[0] == "cast":
                proto = state.cards[entry[1]].proto
                total += entry[2] if proto.x else proto.cost
        return total


def effective_power(being: CardInst) -> int:
    """A creature's power less its weaken effects (R12)."""
    power = being.proto.power
    for status in being.statuses:
        if status.kind == "weaken":
            power -= status.amount
    return max(power, 0)


def stunned(being: CardInst) -> bool:
    return any(s.kind == "stun" for s in being.statuses)


#: A card's effects are its alone (its plan is set here, where they are defined).
CardInst.clone_plan = {"protection": own(Protection), "statuses": own_list(Status)}
