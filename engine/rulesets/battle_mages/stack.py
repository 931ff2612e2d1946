"""What waits on the stack, and the procedures that take several decisions.

These are plain records; game.py reads and changes them. Each `copy()` is what a clone of
the state needs (the greedy agent clones the state for every action it considers), so
lists a record changes are copied and everything else is shared.
"""

from typing import Self

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
    __slots__: tuple[str, ...] = ()

    def copy(self) -> Self:
        twin = type(self).__new__(type(self))
        for slot in type(self).__slots__:
            value = getattr(self, slot)
            setattr(twin, slot, list(value) if isinstance(value, list) else value)
        return twin


class Scry(Task):
    """battle-mages.md:89-90: look at the top 4 crystals, some to the bottom, order the rest."""

    __slots__ = ("looked", "ordered", "seat", "sorted")

    def __init__(self, seat: int):
        self.seat = seat
        self.looked: list[int] = []  # uids still to place; [] before the look
        self.ordered: list[int] = []  # chosen top first
        self.sorted = False  # True once the bottom pick is made


class Attempt(Task):
    """Attempting a spell or ability, or putting a trigger on the stack: modes, then
    targets, one selection at a time (battle-mages.md:165-166, 209-211)."""

    __slots__ = ("bodies", "controller", "idx", "item", "queue", "source_uid", "trigger")

    def __init__(self, item: Item, trigger: bool, source_uid: int):
        self.item = item
        self.controller = item.controller
        self.trigger = trigger
        self.source_uid = source_uid  # the card to move / pay from (spells, abilities)
        script = item.script
        self.bodies: tuple[int, ...] | None = (
            None if script.choose else tuple(range(len(script.bodies)))
        )
        item.bodies = self.bodies or ()
        self.queue: list[tuple[int, int]] = []
        self.idx = 0

    def copy(self) -> Self:
        twin = super().copy()
        twin.item = self.item.copy()
        twin.item.targets = dict(self.item.targets)
        return twin


class Triggers(Task):
    """Pending triggers go on the stack: the active Mage's first, each Mage ordering theirs."""

    __slots__ = ("groups", "order", "to_push")

    def __init__(self, groups: list[list[PendingTrigger]]):
        self.groups = groups  # per controller, active first
        self.order: list[PendingTrigger] = []  # picked resolution order of the current group
        self.to_push: list[PendingTrigger] = []

    def copy(self) -> Self:
        twin = super().copy()
        twin.groups = [list(group) for group in self.groups]
        return twin


class Resolve(Task):
    """The top item resolving, with the choices its indirect wordings make now."""

    __slots__ = ("checked", "chosen", "idx", "item", "queue")

    def __init__(self, item: Item):
        self.item = item
        self.checked = False
        self.queue: list[tuple[int, int, list[int]]] = []  # (body, sel, candidate refs)
        self.chosen: dict[tuple[int, int], tuple[Ref, ...]] = {}
        self.idx = 0

    def copy(self) -> Self:
        twin = super().copy()
        twin.chosen = dict(self.chosen)
        return twin


class Attack(Task):
    __slots__ = ()


class Block(Task):
    """The defending Mage assigns blockers one by one; then the active Mage orders them."""

    __slots__ = ("finished", "ordering", "picked")

    def __init__(self) -> None:
        self.ordering = False
        self.finished: list[int] = []  # attackers whose blockers are ordered
        self.picked: list[int] = []  # the current attacker's blockers placed so far
