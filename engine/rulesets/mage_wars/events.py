"""Mage Wars events beyond the core ones: draws that name their deck, and plain notes."""

from dataclasses import dataclass

from engine.core.events import DrawnCard, Event


@dataclass(slots=True)
class DrewFrom(DrawnCard):
    """A card drawn into a hand: its name only for its owner, the deck for everyone."""

    player: int
    player_name: str
    deck: str
    card: str | None

    @property
    def text(self) -> str:
        what = self.card if self.card is not None else "a card"
        return f"{self.player_name} draws {what} from the {self.deck}."


@dataclass(slots=True)
class Note(Event):
    """Anything public worth a line in the play-by-play (shuffles, curses, levels ...)."""

    line: str

    @property
    def text(self) -> str:
        return self.line
