"""Enchantoria's own events. All are public: they are made only when choices are revealed,
so no event can carry a choice that is still secret (drawn cards use core.CardDrawn)."""

from dataclasses import dataclass

from engine.core.events import Event


@dataclass(slots=True)
class PhaseBegan(Event):
    turn: int
    phase: str

    @property
    def text(self) -> str:
        return f"Turn {self.turn}: {self.phase} Phase."


@dataclass(slots=True)
class Recycled(Event):
    player_name: str
    card: str | None
    mana: int

    @property
    def text(self) -> str:
        if self.card is None:
            return f"{self.player_name} recycles nothing."
        return f"{self.player_name} recycles {self.card} for {self.mana} mana."


@dataclass(slots=True)
class SpellCast(Event):
    player_name: str
    card: str
    x: int | None
    target: str | None

    @property
    def text(self) -> str:
        paid = f" (X={self.x})" if self.x is not None else ""
        at = f" at {self.target}" if self.target else ""
        return f"{self.player_name} casts {self.card}{paid}{at}."


@dataclass(slots=True)
class Ordered(Event):
    player_name: str
    creature: str
    target: str

    @property
    def text(self) -> str:
        return f"{self.player_name}'s {self.creature} attacks {self.target}."


@dataclass(slots=True)
class NothingCast(Event):
    player_name: str

    @property
    def text(self) -> str:
        return f"{self.player_name} casts nothing."


@dataclass(slots=True)
class Countered(Event):
    player_name: str
    card: str
    by: str

    @property
    def text(self) -> str:
        return f"{self.player_name}'s {self.card} is countered by {self.by}: it does nothing."


@dataclass(slots=True)
class HealthChanged(Event):
    """One line per touched entity: everything the window did to its health at once."""

    target: str
    damage: int
    blocked: int
    absorbed: int
    healed: int
    health: int

    @property
    def text(self) -> str:
        parts = []
        if self.damage:
            parts.append(f"{self.damage} damage")
            saved = []
            if self.blocked:
                saved.append(f"{self.blocked} blocked")
            if self.absorbed:
                saved.append(f"{self.absorbed} absorbed by protection")
            if saved:
                parts[-1] += f" ({', '.join(saved)})"
        if self.healed:
            parts.append(f"heals {self.healed}")
        return f"{self.target}: {'; '.join(parts)} → {self.health} health."


@dataclass(slots=True)
class ProtectionSet(Event):
    target: str
    power: int
    replaced: int = 0

    @property
    def text(self) -> str:
        old = f" (replacing one of power {self.replaced})" if self.replaced else ""
        return f"{self.target} gains protection {self.power}{old}."


@dataclass(slots=True)
class ProtectionEnded(Event):
    target: str
    reason: str

    @property
    def text(self) -> str:
        return f"{self.target}'s protection ends ({self.reason})."


@dataclass(slots=True)
class StatusApplied(Event):
    target: str
    status: str
    turns: int

    @property
    def text(self) -> str:
        return f"{self.target} is under {self.status} for {self.turns} turn(s)."


@dataclass(slots=True)
class StatusEnded(Event):
    target: str
    status: str

    @property
    def text(self) -> str:
        return f"{self.target}'s {self.status} ends."


@dataclass(slots=True)
class Discarded(Event):
    player_name: str
    cards: tuple[str, ...]

    @property
    def text(self) -> str:
        return f"{self.player_name} discards {', '.join(self.cards)} (hand limit)."
