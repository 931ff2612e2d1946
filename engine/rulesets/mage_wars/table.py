"""The things on the table: a card, a player's seat, and a prompt waiting for an answer."""

from typing import Any

from engine.core.decision import Action
from engine.rulesets.mage_wars.cards import Proto


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

    def copy(self, memo: dict[int, "Card"]) -> "Card":
        twin = Card.__new__(Card)
        self.copy_into(twin, memo)
        return twin

    def copy_into(self, twin: "Card", memo: dict[int, "Card"]) -> None:
        """Fill the empty `twin` with this card's fields, cards it holds read from `memo`."""
        twin.uid, twin.proto, twin.owner = self.uid, self.proto, self.owner
        twin.used, twin.discount, twin.need = self.used, self.discount, list(self.need)
        twin.tapped = self.tapped
        twin.under = [(memo[c.uid] if c is not None else None, i) for c, i in self.under]
        twin.charges = [memo[c.uid] for c in self.charges]

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
    # The zones, set in a loop by __init__ and copy: declared for the type checker.
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

    def copy(self, memo: dict[int, Card]) -> "Seat":
        twin = Seat.__new__(Seat)
        # spelled out (no getattr/setattr loops): look-ahead agents copy seats per option
        twin.seat, twin.name, twin.level = self.seat, self.name, self.level
        twin.dead, twin.gone, twin.kills = self.dead, self.gone, self.kills
        twin.built, twin.won = self.built, self.won
        twin.skip, twin.haste, twin.ward = self.skip, self.haste, self.ward
        twin.mage = memo[self.mage.uid] if self.mage is not None else None
        twin.hand = [memo[c.uid] for c in self.hand]
        twin.health = list(self.health)  # face-down piles: shared cards (MageWarsState.clone)
        twin.armor = list(self.armor)
        twin.pets = [memo[c.uid] for c in self.pets]
        twin.works = [memo[c.uid] for c in self.works]
        twin.board = [memo[c.uid] for c in self.board]
        twin.wards = [memo[c.uid] for c in self.wards]
        twin.levels = [memo[c.uid] for c in self.levels]
        twin.trials = [(memo[c.uid], dict(base)) for c, base in self.trials]
        twin.items = {slot: memo[c.uid] for slot, c in self.items.items()}
        twin.tally = dict(self.tally)
        return twin

    @property
    def key(self) -> str:
        return f"p{self.seat}"


SLOTS = ("weapon", "armor", "trinket")  # R9: three item slots
TALLIES = ("damage", "destroy", "complete", "fill", "attacks", "spend")


class Prompt:
    __slots__ = ("actions", "data", "kind", "max_picks", "min_picks", "player", "text")

    def __init__(
        self,
        kind: str,
        player: int,
        text: str,
        actions: list[Action],
        *,
        data: Any = None,  # what answering needs: a step, a curse's Proto ...
        min_picks: int = 1,
        max_picks: int = 1,
    ) -> None:
        self.kind, self.player, self.text, self.actions = kind, player, text, actions
        self.data, self.min_picks, self.max_picks = data, min_picks, max_picks
