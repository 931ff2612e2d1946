"""magic-core events beyond the engine's common ones."""

from dataclasses import dataclass

from engine.core.events import Event


@dataclass(slots=True)
class PlayerLeft(Event):
    player_name: str
    reason: str

    @property
    def text(self) -> str:
        return f"{self.player_name} leaves the game ({self.reason})."
