"""The things on the table: a card and a player's seat, and how a clone copies them.

A clone of the state (the core's generic copier, engine/core/clone.py) copies each as its
`clone_plan` declares. Cards lying in a face-down pile (health, armor) are shared with
the original, as those in the decks and discard piles are (`TableState.clone_plan`).
"""

from typing import ClassVar

from engine.core.clone import DICT, LIST, OBJ, OBJ_DICT, OBJ_LIST, OBJ_PAIRS, How, Plan
from engine.rulesets.mage_wars.cards import Proto

#: `OBJ_LIST` and `OBJ_PAIRS` for lists that are mostly empty (a card's charges and
#: fillers, a seat's pets ...): an empty one is copied without running a comprehension,
#: a function call in Python 3.11 (asked of the core in helper-notes/i14-requests.md).
SPARSE_OBJ_LIST = How("SPARSE_OBJ_LIST", f"({OBJ_LIST.expr} if v else [])")
SPARSE_OBJ_PAIRS = How("SPARSE_OBJ_PAIRS", f"({OBJ_PAIRS.expr} if v else [])")


class Card:
    """One physical card. `under` holds the resources filling it, `(card or None, icon)`."""

    __slots__ = ("charges", "discount", "need", "owner", "proto", "tapped", "uid", "under", "used")

    def __init__(self, uid: int, proto: Proto):
        self.uid = uid
        self.proto = proto
        self.owner: int | None = None  # who controls it on the table (None: the centre)
        self.need: list[str] = []  # requirements still open
        self.under: list[tuple[Card | None, str]] = []
        self.charges: list[Card] = []
        self.used = -1  # the turn it last attacked (or was used, or salvaged: R20)
        self.tapped = -1  # the turn it last gave its permanent resource (mw:84)
        self.discount = 0  # requirements waived: it was spent from health (mw:30)

    clone_plan: ClassVar[Plan] = {
        "need": LIST,
        "under": SPARSE_OBJ_PAIRS,
        "charges": SPARSE_OBJ_LIST,
    }

    def __repr__(self) -> str:
        return f"Card({self.uid}, {self.proto.id})"


class Seat:
    """One player: their Mage and everything around it."""

    ZONES = ("hand", "health", "armor", "pets", "works", "board", "wards", "levels", "trials")
    __slots__ = (
        *ZONES,
        "built",
        "dead",
        "gone",
        "haste",
        "items",
        "kills",
        "level",
        "mage",
        "name",
        "seat",
        "skip",
        "tally",
        "ward",
        "won",
        "wounds",
    )
    # The zones, set in a loop by __init__: declared for the type checker.
    hand: list[Card]
    health: list[Card]
    armor: list[Card]
    pets: list[Card]
    works: list[Card]
    board: list[Card]
    wards: list[Card]
    levels: list[Card]
    trials: list[tuple[Card, dict[str, int]]]  # a trial card and the tallies when it began

    def __init__(self, seat: int, name: str):
        self.seat = seat
        self.name = name
        # Typed as always there: the ruleset sets it right after making the state
        # (new_game, from_scenario), and nothing reads it in between.
        self.mage: Card = None  # type: ignore[assignment]
        for zone in self.ZONES:
            setattr(self, zone, [])
        self.items: dict[str, Card] = {}
        self.level = 1
        self.dead = False
        self.gone = False
        self.kills = self.built = self.won = 0
        self.wounds = 0  # R34: health cards this Mage's attacks took from other Mages
        self.skip = self.haste = self.ward = 0
        # this turn's tallies, for challenges: damage, destroy, complete, fill, attacks, spend
        self.tally: dict[str, int] = dict.fromkeys(TALLIES, 0)

    clone_plan: ClassVar[Plan] = {
        "hand": OBJ_LIST,
        **dict.fromkeys(("pets", "works", "board", "wards", "levels"), SPARSE_OBJ_LIST),
        "health": LIST,  # face-down piles: their cards are shared (TableState.clone_plan)
        "armor": LIST,
        "trials": SPARSE_OBJ_PAIRS,  # the tallies of a trial never change: shared
        "items": OBJ_DICT,
        "tally": DICT,
        "mage": OBJ,
    }

    @property
    def key(self) -> str:
        return f"p{self.seat}"


SLOTS = ("weapon", "armor", "trinket")  # R9: three item slots
TALLIES = ("damage", "destroy", "complete", "fill", "attacks", "spend")
