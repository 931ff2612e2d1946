"""Pending work that may wait for a player: one stack of steps, the same in every ruleset.

A rule that needs a player's answer in the middle of its resolution (choose a target,
a simultaneous mulligan, a scry that orders cards) is a `Step` pushed on the state's
`Steps`. The core's driver (`GameState.run`, engine/core/state.py) asks the top step to
`advance` until it waits for a decision; the open decisions are the top step's; a legal
action goes to the top step's `apply`. Because the pending work is data on a stack (not a
suspended Python frame, not a flag per phase), a state with half a resolution pending
clones like any other state.

A step never stores the state or a bound method of it: every hook takes the state as an
argument, so a state holds no reference cycle through its steps (docs/performance.md).
A step refers to game objects by what the rules name them with (a uid, a seat), not by
the objects themselves: `copy()` does not know the state's clone memo.
"""

from collections.abc import Iterator
from enum import Enum
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:
    from engine.core.decision import Action, Decision


class StepResult(Enum):
    """What `Step.advance` tells the driver."""

    #: A decision is open: the driver stops and `decisions` is asked.
    WAIT = "wait"
    #: This step is finished: the driver removes it (steps it pushed first stay).
    DONE = "done"
    #: It pushed other steps or changed itself: the driver looks at the top again.
    AGAIN = "again"


WAIT = StepResult.WAIT
DONE = StepResult.DONE
AGAIN = StepResult.AGAIN


class Step:
    """One pending piece of work. Subclasses declare `__slots__` and override the hooks.

    `name` reads as the phase in a view's header while the step is on top."""

    __slots__: tuple[str, ...] = ()
    name: str = ""
    #: True for a class whose steps `copy()` returns as they are (no slots, the default
    #: `copy`): `Steps.copy` then shares them without a call.
    _shared: bool = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._shared = not _all_slots(cls) and cls.copy is Step.copy

    def advance(self, state: Any) -> StepResult:
        """Move on without a decision; by default the step waits (a pure choice)."""
        return WAIT

    def decisions(self, state: Any) -> "list[Decision]":
        """The open decisions while it waits (several for a simultaneous choice)."""
        return []

    def apply(self, state: Any, player: int, action: "Action") -> "StepResult | None":
        """Carry out a legal action of one of this step's decisions. Returns None, or
        WAIT when the step knows it still waits and pushed nothing: the driver then
        skips `advance` (one call fewer on a hot path)."""
        raise NotImplementedError(f"{type(self).__name__} takes no action")

    def copy(self) -> Self:
        """An independent copy for a clone of the state: every slot, lists, dicts and sets
        copied one level deep (their items are shared: plain values). A step without
        slots has nothing to change, and is shared."""
        cls = type(self)
        slots = _all_slots(cls)
        if not slots:
            return self
        twin = cls.__new__(cls)
        for slot in slots:
            try:
                value = getattr(self, slot)
            except AttributeError:  # an unset slot stays unset
                continue
            kind = value.__class__
            if kind is list or kind is dict or kind is set:
                value = value.copy()
            setattr(twin, slot, value)
        return twin

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{slot}={getattr(self, slot, '?')!r}" for slot in _all_slots(type(self))
        )
        return f"{type(self).__name__}({fields})"


_SLOTS: dict[type, tuple[str, ...]] = {}


def _all_slots(cls: type) -> tuple[str, ...]:
    """Every slot a class and its bases declare, found once per class."""
    slots = _SLOTS.get(cls)
    if slots is None:
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            declared = klass.__dict__.get("__slots__", ())
            for slot in (declared,) if isinstance(declared, str) else declared:
                if slot not in ("__dict__", "__weakref__") and slot not in names:
                    names.append(slot)
        slots = _SLOTS[cls] = tuple(names)
    return slots


class Steps:
    """The stack of pending steps (the end of the list is the top)."""

    __slots__ = ("items",)

    def __init__(self, items: "list[Step] | None" = None):
        self.items: list[Step] = items if items is not None else []

    def push(self, *steps: Step) -> None:
        """Push steps in order: the last one given ends on top and runs first."""
        self.items.extend(steps)

    def pop(self) -> Step:
        return self.items.pop()

    def top(self) -> Step:
        """The step that runs now; IndexError on an empty stack."""
        return self.items[-1]

    def remove(self, step: Step) -> None:
        """Take this very step off the stack, wherever it is (the driver's DONE)."""
        items = self.items
        if items and items[-1] is step:
            items.pop()
            return
        for index in range(len(items) - 1, -1, -1):
            if items[index] is step:
                del items[index]
                return

    def clear(self) -> None:
        self.items.clear()

    def find(self, kind: type[Step]) -> Step | None:
        """The topmost step of this class, or None."""
        for step in reversed(self.items):
            if isinstance(step, kind):
                return step
        return None

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self) -> Iterator[Step]:
        """Bottom to top."""
        return iter(self.items)

    def copy(self) -> "Steps":
        """A copy for a clone of the state: each step by its own `copy()`."""
        twin = Steps.__new__(Steps)
        twin.items = items = self.items.copy()
        for index, step in enumerate(items):  # a loop, not a comprehension: one call less
            if not step._shared:
                items[index] = step.copy()
        return twin

    def __repr__(self) -> str:
        return f"Steps({self.items!r})"
