"""The things on the table: a card and a player's seat, and how a clone copies them.

A clone of the state (the core's generic copier, engine/core/clone.py) copies each as its
`clone_plan` declares. Cards lying in a face-down pile (health, armor) are shared with
the original, as those in the decks and discard piles are (`TableState.clone_plan`).
"""

from typing import ClassVar

from engine.core.clone import DICT, LIST, OBJ, OBJ_DICT, OBJ_LIST, How, Plan
from engine.rulesets.mage_wars.cards import Proto

# Declarations the core's copier lacks (asked for in helper-notes/i14-requests.md, to
# move to engine/core/clone.py under these names): pure expressions of its generator,
# where `v` is the value, `m` the memo (id of an original -> its copy), `c` the copier.
_ONE = "(m[i] if (i := id(x)) in m else c(x, m))"
#: OBJ_LIST for lists that are mostly empty (a card's charges, a seat's pets ...): an
#: empty one is copied without running a comprehension (a function call in Python 3.11).
OBJ_LIST_SPARSE = How("OBJ_LIST_SPARSE", f"[{_ONE} for x in v] if v else []")
#: A dict of lists by name (decks, discard piles): each list copied, its items shared.
DICT_OF_LISTS = How("DICT_OF_LISTS", "{key: x.copy() for key, x in v.items()}")
#: A list of (object or None, plain value) pairs: the object copied through the memo
#: (an empty list without running a comprehension: most cards have nothing under them).
OBJ_PAIRS = How("OBJ_PAIRS", f"[(x if x is None else {_ONE}, y) for x, y in v] if v else []")


def index_by(attr: str) -> How:
    """An index of objects by their `attr` (the state's cards by uid): the objects copied
    so far in this clone replace their originals, the others are shared. It walks the
    memo (the few copied objects), not the index (every card): declared after the
    attributes that copy its objects, since a plan's entries run in order."""
    if not attr.isidentifier():
        raise ValueError(f"not an attribute name: {attr!r}")
    copies = f"{{y.{attr}: y for y in m.values() if hasattr(y, {attr!r})}}"
    return How(f"index_by({attr!r})", f"{{**v, **{copies}}}")


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

    clone_plan: ClassVar[Plan] = {"need": LIST, "under": OBJ_PAIRS, "charges": OBJ_LIST_SPARSE}

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
        self.skip = self.haste = self.ward = 0
        # this turn's tallies, for challenges: damage, destroy, complete, fill, attacks, spend
        self.tally: dict[str, int] = dict.fromkeys(TALLIES, 0)

    clone_plan: ClassVar[Plan] = {
        "hand": OBJ_LIST,
        **dict.fromkeys(("pets", "works", "board", "wards", "levels"), OBJ_LIST_SPARSE),
        "health": LIST,  # face-down piles: their cards are shared (TableState.clone_plan)
        "armor": LIST,
        "trials": OBJ_PAIRS,  # the tallies of a trial never change: shared
        "items": OBJ_DICT,
        "tally": DICT,
        "mage": OBJ,
    }

    @property
    def key(self) -> str:
        return f"p{self.seat}"


SLOTS = ("weapon", "armor", "trinket")  # R9: three item slots
TALLIES = ("damage", "destroy", "complete", "fill", "attacks", "spend")
