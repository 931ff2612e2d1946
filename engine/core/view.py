"""What one player (or the public) may see: the only input of every renderer.

A ruleset builds these from its state for a given viewer; a zone the viewer may not look
into carries only its count (`cards is None`), so a renderer cannot show what it was
never given.
"""

from dataclasses import dataclass, field

from engine.core.events import Event


@dataclass(slots=True)
class CardView:
    uid: int
    card_id: str
    name: str
    kind: str
    cost: int | None = None
    text: str = ""
    stats: dict[str, int] = field(default_factory=dict)
    tags: tuple[str, ...] = ()
    attached: tuple["CardView", ...] = ()
    flavor: str = ""  # filled only where a card is looked up (/card), never on the board
    cost_text: str = ""  # the printed cost where one number says too little ("{2}{R}")


@dataclass(slots=True)
class ZoneView:
    name: str
    count: int
    cards: tuple[CardView, ...] | None

    @property
    def hidden(self) -> bool:
        return self.cards is None


@dataclass(slots=True)
class SeatView:
    seat: int
    name: str
    stats: dict[str, int]
    zones: dict[str, ZoneView]


@dataclass(slots=True)
class DecisionView:
    """An open decision as this viewer may know it: options only for its own
    (`GameState._decision_view` builds it)."""

    player: int
    player_name: str
    kind: str
    prompt: str
    seq: int
    options: tuple[str, ...] | None


@dataclass(slots=True)
class MatchView:
    ruleset: str
    viewer: int | None
    turn: int
    phase: str
    active: int | None
    seats: tuple[SeatView, ...]
    events: tuple[Event, ...]
    decisions: tuple[DecisionView, ...] = ()
    winner: int | None = None
    over: bool = False
    notes: dict[str, str] = field(default_factory=dict)
    #: Zones that belong to no seat: a stack, shared decks and discard piles, the centre.
    table: dict[str, ZoneView] = field(default_factory=dict)
    #: How the game says a seat has nothing in play ("No monsters", "No permanents"),
    #: for renderers, which know no game (each game's own words).
    empty_board: str = "Nothing in play"

    def seat(self, index: int) -> SeatView:
        return self.seats[index]
