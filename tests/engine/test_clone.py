"""The generic copier (engine/core/clone.py): what each declaration does, and that the
core's `clone()` copies steps and forgets the decision cache."""

import pytest

from engine.core.clone import (
    COPY,
    DICT,
    LIST,
    OBJ,
    OBJ_DICT,
    OBJ_LIST,
    OBJ_TUPLE,
    call,
    clone_of,
    const,
    copier_source,
    fresh,
    undeclared_shares,
)
from engine.core.decision import Decision
from engine.core.state import GameState
from engine.core.steps import Step, Steps


class Card:
    __slots__ = ("attached", "cache", "health", "name")
    clone_plan = {"attached": OBJ_TUPLE, "cache": const(None)}

    def __init__(self, name: str, health: int = 1):
        self.name = name
        self.health = health
        self.attached: tuple[Card, ...] = ()
        self.cache: object = None


class Side:
    __slots__ = ("board", "favourite", "hand", "marks", "seen")
    clone_plan = {
        "hand": OBJ_LIST,
        "board": OBJ_LIST,
        "marks": DICT,
        "favourite": OBJ,
        "seen": fresh(list),
    }

    def __init__(self) -> None:
        self.hand: list[Card] = []
        self.board: list[Card] = []
        self.marks: dict[str, int] = {}
        self.favourite: Card | None = None
        self.seen: list[int] = []


class Counter:
    def __init__(self) -> None:
        self.n = 0

    def copy(self) -> "Counter":
        twin = Counter()
        twin.n = self.n
        return twin

    def twin(self) -> "Counter":
        twin = self.copy()
        twin.n += 100
        return twin


class Wait(Step):
    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = [1, 2]


class Table(GameState):
    """A state with a __dict__ (no slots), as most rulesets' are."""

    clone_plan = {
        "sides": OBJ_LIST,
        "cards": OBJ_DICT,
        "log": LIST,
        "counter": COPY,
        "other": call("twin"),
    }

    def __init__(self) -> None:
        self.names = ["Ann", "Bob"]
        self.events = []
        self.winner = None
        self.over = False
        self.sides = [Side(), Side()]
        self.cards: dict[int, Card] = {}
        self.log: list[str] = ["start"]
        self.counter = Counter()
        self.other = Counter()
        self.shared_rules = ("a", "b")
        self.steps = Steps()
        self.steps.push(Wait())


def _table() -> Table:
    table = Table()
    sword, knight, goblin = Card("sword"), Card("knight", 3), Card("goblin")
    knight.attached = (sword,)
    table.sides[0].board.append(knight)
    table.sides[0].favourite = knight
    table.sides[1].hand.append(goblin)
    table.cards = {1: knight, 2: sword, 3: goblin}
    return table


def test_an_object_referenced_twice_stays_one_object_in_the_copy() -> None:
    table = _table()
    twin = table.clone()
    assert isinstance(twin, Table)
    knight = twin.sides[0].board[0]
    assert knight is not table.sides[0].board[0]
    assert twin.cards[1] is knight and twin.sides[0].favourite is knight
    assert twin.cards[2] is knight.attached[0]
    assert twin.cards[3] is twin.sides[1].hand[0]


def test_a_list_copy_is_independent_of_the_original() -> None:
    table = _table()
    twin = table.clone()
    assert isinstance(twin, Table)
    twin.log.append("more")
    twin.sides[0].board.clear()
    twin.cards[3].health = 0
    twin.sides[0].marks["x"] = 1
    assert table.log == ["start"]
    assert len(table.sides[0].board) == 1
    assert table.cards[3].health == 1
    assert table.sides[0].marks == {}


def test_declared_methods_copy_and_immutable_values_are_shared() -> None:
    table = _table()
    table.counter.n = 5
    twin = table.clone()
    assert isinstance(twin, Table)
    assert twin.counter is not table.counter and twin.counter.n == 5
    assert twin.other.n == 100  # call("twin") used the method named
    assert twin.shared_rules is table.shared_rules


def test_steps_are_copied_and_the_decision_cache_is_cleared() -> None:
    table = _table()
    table._decisions = [Decision(0, "x", "x", [("a",)])]
    twin = table.clone()
    assert twin._decisions is None
    assert twin.steps is not table.steps
    step = twin.steps.top()
    assert isinstance(step, Wait) and step is not table.steps.top()
    step.left.append(3)
    wait = table.steps.top()
    assert isinstance(wait, Wait) and wait.left == [1, 2]


def test_fresh_and_const_replace_a_value_instead_of_copying_it() -> None:
    table = _table()
    table.sides[0].seen.append(7)
    table.cards[1].cache = object()
    twin = table.clone()
    assert isinstance(twin, Table)
    assert twin.sides[0].seen == [] and table.sides[0].seen == [7]
    assert twin.cards[1].cache is None


def test_none_stays_none_whatever_the_declaration() -> None:
    side = Side()
    twin = clone_of(side)
    assert twin.favourite is None and twin.hand == [] and twin.hand is not side.hand


def test_an_unset_slot_stays_unset() -> None:
    card = Card.__new__(Card)
    card.name = "half"
    twin = clone_of(card)
    assert twin.name == "half"
    assert not hasattr(twin, "health")


def test_the_generated_copier_is_plain_assignments() -> None:
    source, _ = copier_source(Card)
    assert "twin.name = self.name" in source
    assert "getattr" not in source and "setattr" not in source


def test_a_plan_naming_an_attribute_a_slotted_class_cannot_hold_is_refused() -> None:
    class Bad:
        __slots__ = ("a",)
        clone_plan = {"b": LIST}

    with pytest.raises(TypeError, match="cannot hold"):
        copier_source(Bad)


def test_an_undeclared_mutable_shared_by_a_copy_is_reported() -> None:
    table = _table()
    table.forgotten = [1, 2]
    twin = table.clone()
    assert undeclared_shares(table, twin) == ["Table.forgotten"]
    del table.forgotten, twin.forgotten
    assert undeclared_shares(table, twin) == []
