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


class Pile:
    """Holds cards every way the rulesets need: shared, copied as a list, through the memo."""

    __slots__ = ("by_name", "fillers", "index", "library", "piles", "where")

    def __init__(self) -> None:
        self.where: list[Card] = []
        self.piles: dict[str, list[Card]] = {}
        self.fillers: list[tuple[Card | None, str]] = []
        self.library: dict[int, Card] = {}
        self.index: dict[str, Card] = {}
        self.by_name: dict[str, Card] = {}


def test_dict_of_lists_copies_each_list_and_shares_the_items() -> None:
    from engine.core.clone import DICT_OF_LISTS

    class Piles(Pile):
        __slots__ = ()
        clone_plan = {"piles": DICT_OF_LISTS}

    pile = Piles()
    card = Card("a")
    pile.piles = {"deck": [card]}
    twin = clone_of(pile)
    twin.piles["deck"].append(Card("b"))
    assert len(pile.piles["deck"]) == 1
    assert twin.piles["deck"][0] is card


def test_obj_pairs_copy_the_objects_through_the_memo_and_keep_the_values() -> None:
    from engine.core.clone import OBJ_PAIRS

    class Pairs(Pile):
        __slots__ = ()
        clone_plan = {"where": OBJ_LIST, "fillers": OBJ_PAIRS}

    pile = Pairs()
    card = Card("a")
    pile.where = [card]
    pile.fillers = [(card, "icon"), (None, "empty")]
    twin = clone_of(pile)
    assert twin.fillers[0][0] is twin.where[0] and twin.where[0] is not card
    assert twin.fillers == [(twin.where[0], "icon"), (None, "empty")]


def test_seen_dict_and_index_by_use_copies_made_in_this_clone_else_share() -> None:
    from engine.core.clone import SEEN_DICT, index_by

    class Indexed(Pile):
        __slots__ = ()
        clone_plan = {"where": OBJ_LIST, "index": SEEN_DICT, "by_name": index_by("name")}

    pile = Indexed()
    table, shelf = Card("table"), Card("shelf")
    pile.where = [table]
    pile.index = {"table": table, "shelf": shelf}
    pile.by_name = {"shelf": shelf, "table": table}
    twin = clone_of(pile)
    copied = twin.where[0]
    assert twin.index == {"table": copied, "shelf": shelf}
    assert twin.by_name == {"shelf": shelf, "table": copied}
    assert list(twin.by_name) == ["shelf", "table"]  # the index keeps its order


def test_obj_dict_sharing_shares_the_chosen_values_everywhere_in_the_copy() -> None:
    from engine.core.clone import OBJ_DICT_SHARING

    class Library(Pile):
        __slots__ = ()
        # the library first: a card it shares is shared by `where` too
        clone_plan = {"library": OBJ_DICT_SHARING("name", "library"), "where": OBJ_LIST}

    pile = Library()
    lying, drawn = Card("library"), Card("hand")
    pile.library = {1: lying, 2: drawn}
    pile.where = [lying, drawn]
    twin = clone_of(pile)
    assert twin.library[1] is lying and twin.where[0] is lying
    assert twin.library[2] is not drawn and twin.where[1] is twin.library[2]


def test_owned_objects_of_a_known_class_are_copied_without_the_memo() -> None:
    from engine.core.clone import own_list

    class Hand(Pile):
        __slots__ = ()
        clone_plan = {"where": own_list(Card)}

    pile = Hand()
    pile.where = [Card("a"), Card("b")]
    memo: dict[object, object] = {}
    from engine.core.clone import compile_copier

    assert "C[" not in copier_source(Hand)[0]  # no look-up of the copier by class
    copy = compile_copier(Hand)(pile, memo)
    assert [c.name for c in copy.where] == ["a", "b"]
    assert all(c is not o for c, o in zip(copy.where, pile.where, strict=True))
    assert list(memo) == [pile]  # the cards were not recorded
