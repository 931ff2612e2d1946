"""Battle Mages events beyond the core ones: the stack, combat and crystals."""

from dataclasses import dataclass

from engine.core.events import Event


@dataclass(slots=True)
class Attempted(Event):
    """A spell or ability goes on the stack."""

    player_name: str
    what: str
    targets: str = ""

    @property
    def text(self) -> str:
        on = f" targeting {self.targets}" if self.targets else ""
        return f"{self.player_name} attempts {self.what}{on}."


@dataclass(slots=True)
class Triggered(Event):
    """A triggered ability goes on the stack, before its cost and targets are chosen."""

    player_name: str
    what: str

    @property
    def text(self) -> str:
        return f"{self.what} of {self.player_name} triggers and goes on the stack."


@dataclass(slots=True)
class Resolved(Event):
    what: str
    chosen: str = ""

    @property
    def text(self) -> str:
        on = f" ({self.chosen})" if self.chosen else ""
        return f"{self.what} resolves{on}."


@dataclass(slots=True)
class Fizzled(Event):
    what: str
    reason: str

    @property
    def text(self) -> str:
        return f"{self.what} fizzles: {self.reason}."


@dataclass(slots=True)
class Entered(Event):
    card: str
    player_name: str

    @property
    def text(self) -> str:
        return f"{self.card} enters {self.player_name}'s field."


@dataclass(slots=True)
class CrystalPlaced(Event):
    player_name: str
    card: str

    @property
    def text(self) -> str:
        return f"{self.player_name} places {self.card} from the Crystal Collection."


@dataclass(slots=True)
class CrystalsArranged(Event):
    """The look at the top of the Crystal Collection: only how many went down is public."""

    player_name: str
    bottom: int

    @property
    def text(self) -> str:
        return (
            f"{self.player_name} looks at the top of the Crystal Collection and puts "
            f"{self.bottom} on the bottom."
        )


@dataclass(slots=True)
class Declared(Event):
    player_name: str
    what: str

    @property
    def text(self) -> str:
        return f"{self.player_name} {self.what}."


@dataclass(slots=True)
class Moved(Event):
    card: str
    where: str

    @property
    def text(self) -> str:
        return f"{self.card} {self.where}."
