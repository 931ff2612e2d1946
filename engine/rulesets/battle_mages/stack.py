"""What waits on the stack: spells and abilities, and triggers about to go on it.

Plain records. The procedures that take several decisions are the core's `Step`s
(engine/core/steps.py) and live with the rules they carry out (casting.py, triggers.py,
resolving.py, combat.py, turn.py). A clone of the state copies the stack's items by
`Item.clone_plan` (engine/core/clone.py): the targets dict, which an attempt fills, is
copied; everything else is shared.
"""

from typing import ClassVar

from engine.core.clone import DICT, Plan
from engine.rulesets.battle_mages.cards import Script

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
    clone_plan: ClassVar[Plan] = {"targets": DICT}

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


class PendingTrigger:
    __slots__ = ("controller", "script", "source", "subject")

    def __init__(self, controller: int, source: Ref, script: Script, subject: Ref | None):
        self.controller = controller
        self.source = source
        self.script = script
        self.subject = subject
