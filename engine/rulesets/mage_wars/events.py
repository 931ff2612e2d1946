"""Mage Wars events beyond the core ones: draws that name their deck."""

from dataclasses import dataclass

from engine.core.events import DrawnCard


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
