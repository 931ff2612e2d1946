"""What waits on the stack, and the base of the procedures that take several decisions.

Items and pending triggers are plain records; the procedures (`Task`s) live with the rules
they carry out (casting.py, triggers.py, resolving.py, combat.py, turn.py). Each `copy()`
is what a clone of the state needs (the greedy agent clones the state for every action it
considers), so lists a record changes are copied and everything else is shared.
"""

from typing import TYPE_CHECKING, Self

from engine.rulesets.battle_mages.cards import Script

if TYPE_CHECKING:
    from engine.core.decision import Action, Decision
    from engine.rulesets.battle_mages.game import BattleMagesState

Ref = tuple[int, int]  # (uid, stamp) of a card; (-1 - seat, 0) of a Mage


class Item:
    """A spell or ability on the stack."""

    __slots__ = (
        "bodies",
        "controller",
        "id",
        "label",
        "paid",
        "script",
        "source",
        "spell",
        "subject",
        "targets",
    )

    def __init__(self, id: int, controller: int, source: Ref, spell: bool, script: Script):
        self.id = id
        self.controller = controller
        self.source = source  # the card (on the stack for a spell, where it is for an ability)
        self.spell = spell
        self.script = script
        self.bodies: tuple[int, ...] = (0,)
        self.targets: dict[tuple[int, int], tuple[Ref, ...]] = {}
        self.subject: Ref | None = None  # what "that" refers to
        self.paid: bool | None = True  # None while a trigger's Mage has yet to decide
        self.label = ""

    def copy(self) -> "Item":
        twin = Item.__new__(Item)
        for slot in Item.__slots__:
            setattr(twin, slot, getattr(self, slot))
        return twin


class PendingTrigger:
    __slots__ = ("controller", "script", "source", "subject")

    def __init__(self, controller: int, source: Ref, script: Script, subject: Ref | None):
        self.controller = controller
        self.source = source
        self.script = script
        self.subject = subject


# --- tasks: procedures that take several decisions ------------------------------------


class Task:
    """A procedure in progress on the state's `tasks`. Its hooks take the state as an
    argument: a task never holds the state (no reference cycle through it)."""

    __slots__: tuple[str, ...] = ()

    def advance(self, state: "BattleMagesState") -> bool:
        """Move on without a decision: True while it waits for one; False once it took
        itself off `tasks` or pushed another task (the driver looks at the top again)."""
        return True

    def decision(self, state: "BattleMagesState") -> "Decision":
        """The open decision while it waits."""
        raise NotImplementedError(type(self).__name__)

    def apply(self, state: "BattleMagesState", action: "Action") -> None:
        """Carry out a legal action of its decision."""
        raise NotImplementedError(type(self).__name__)

    def copy(self) -> Self:
        twin = type(self).__new__(type(self))
        for slot in type(self).__slots__:
            value = getattr(self, slot)
            setattr(twin, slot, list(value) if isinstance(value, list) else value)
        return twin
