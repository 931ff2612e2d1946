"""Typed, append-only match events: the play-by-play and what tests assert on.

Events are never changed after they are appended; they are not declared frozen only because
frozen dataclasses cost four times as much to create, and a match makes thousands.

An event that reveals hidden information (a drawn card) names the one player allowed to
see it in `private_to`; every other viewer gets `redacted()`.
"""

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING


@dataclass(slots=True)
class Event:
    """Base event. `text` is the public wording of what happened."""

    @property
    def private_to(self) -> int | None:
        return None

    def redacted(self) -> "Event":
        return self

    def seen_by(self, viewer: int | None) -> "Event":
        owner = self.private_to
        return self if owner is None or owner == viewer else self.redacted()

    @property
    def text(self) -> str:
        return type(self).__name__


@dataclass(slots=True)
class GameStarted(Event):
    game: int
    starter: int
    starter_name: str

    @property
    def text(self) -> str:
        return f"Game {self.game} begins; {self.starter_name} goes first."


@dataclass(slots=True)
class CoinFlipped(Event):
    winner: int
    winner_name: str

    @property
    def text(self) -> str:
        return f"{self.winner_name} wins the coin flip."


@dataclass(slots=True)
class TurnStarted(Event):
    player: int
    player_name: str
    turn: int

    @property
    def text(self) -> str:
        return f"Turn {self.turn}: {self.player_name}."


@dataclass(slots=True)
class DrawnCard(Event):
    """Base of a draw: the card's name is `player`'s alone; everyone else gets `card=None`.

    Subclasses declare the fields `player` and `card`."""

    if TYPE_CHECKING:  # the subclasses' fields, as read here

        @property
        def player(self) -> int: ...

        @property
        def card(self) -> str | None: ...

    @property
    def private_to(self) -> int | None:
        return self.player if self.card is not None else None

    def redacted(self) -> "Event":
        return replace(self, card=None)  # type: ignore[call-arg]  # subclasses declare `card`


@dataclass(slots=True)
class CardDrawn(DrawnCard):
    player: int
    player_name: str
    card: str | None

    @property
    def text(self) -> str:
        if self.card is None:
            return f"{self.player_name} draws a card."
        return f"{self.player_name} draws {self.card}."


@dataclass(slots=True)
class CardsReturned(Event):
    """Cards put back into a deck (a mulligan): only the count is public."""

    player: int
    player_name: str
    count: int

    @property
    def text(self) -> str:
        return f"{self.player_name} puts {self.count} card(s) back and draws as many."


@dataclass(slots=True)
class CardPlayed(Event):
    player: int
    player_name: str
    card: str
    target: str | None = None

    @property
    def text(self) -> str:
        on = f" on {self.target}" if self.target else ""
        return f"{self.player_name} plays {self.card}{on}."


@dataclass(slots=True)
class Attacked(Event):
    """An attack and its result in one line: who was hurt (maybe the attacker), by how much."""

    attacker: str
    target: str
    hurt: str = ""
    amount: int = 0
    health: int = 0

    @property
    def text(self) -> str:
        if not self.hurt:
            return f"{self.attacker} attacks {self.target}: no damage."
        result = f"{self.hurt} takes {self.amount} ({self.health} left)"
        return f"{self.attacker} attacks {self.target}: {result}."


@dataclass(slots=True)
class Damaged(Event):
    target: str
    amount: int
    health: int
    source: str = ""

    @property
    def text(self) -> str:
        by = f" from {self.source}" if self.source else ""
        return f"{self.target} takes {self.amount} damage{by} ({self.health} left)."


@dataclass(slots=True)
class Healed(Event):
    target: str
    amount: int
    health: int

    @property
    def text(self) -> str:
        return f"{self.target} heals {self.amount} ({self.health} now)."


@dataclass(slots=True)
class StatsChanged(Event):
    target: str
    change: str

    @property
    def text(self) -> str:
        return f"{self.target} {self.change}."


@dataclass(slots=True)
class Died(Event):
    card: str
    player_name: str

    @property
    def text(self) -> str:
        return f"{self.player_name}'s {self.card} is defeated."


@dataclass(slots=True)
class Summoned(Event):
    card: str
    player_name: str

    @property
    def text(self) -> str:
        return f"{self.card} appears on {self.player_name}'s side."


@dataclass(slots=True)
class CardBurned(Event):
    """A card drawn into a full hand goes straight to the graveyard, face up."""

    player_name: str
    card: str

    @property
    def text(self) -> str:
        return f"{self.player_name}'s hand is full: {self.card} is burned."


@dataclass(slots=True)
class Fatigue(Event):
    player_name: str
    amount: int

    @property
    def text(self) -> str:
        return f"{self.player_name} has no cards left to draw and takes {self.amount} fatigue."


@dataclass(slots=True)
class Triggered(Event):
    card: str
    trigger: str

    @property
    def text(self) -> str:
        return f"{self.card}'s {self.trigger} effect triggers."


@dataclass(slots=True)
class TurnEnded(Event):
    player_name: str

    @property
    def text(self) -> str:
        return f"{self.player_name} ends the turn."


@dataclass(slots=True)
class GameOver(Event):
    game: int
    winner: int
    winner_name: str
    reason: str

    @property
    def text(self) -> str:
        return f"{self.winner_name} wins game {self.game} ({self.reason})."


@dataclass(slots=True)
class MatchOver(Event):
    winner: int
    winner_name: str
    score: str

    @property
    def text(self) -> str:
        return f"{self.winner_name} wins the match {self.score}."


@dataclass(slots=True)
class Note(Event):
    """A public line of play-by-play that needs no fields of its own (a cast, a shuffle,
    a curse, a level gained ...)."""

    line: str

    @property
    def text(self) -> str:
        return self.line
