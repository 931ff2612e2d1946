"""The core's pending-step stack and its driver (engine/core/steps.py, engine/core/state.py).

A tiny game played through the core only: a simultaneous pick by both seats, then turns
of "count up" that end the game at a target. Each test asserts what the driver did."""

from engine.core.decision import Action, Decision
from engine.core.errors import EngineError
from engine.core.state import GameState
from engine.core.steps import AGAIN, DONE, WAIT, Step, StepResult, Steps
from engine.core.view import SeatView


class Pick(Step):
    """Both seats pick a number at once (a simultaneous step)."""

    __slots__ = ("picked",)
    name = "pick"

    def __init__(self) -> None:
        self.picked: list[int | None] = [None, None]

    def decisions(self, state: "Counting") -> list[Decision]:
        return [
            Decision(seat, "pick", "Pick", [("n", 1), ("n", 2)])
            for seat in (0, 1)
            if self.picked[seat] is None
        ]

    def apply(self, state: "Counting", player: int, action: Action) -> None:
        self.picked[player] = action[1]

    def advance(self, state: "Counting") -> StepResult:
        if None in self.picked:
            return WAIT
        state.total += sum(p for p in self.picked if p is not None)
        return DONE


class Count(Step):
    """The active seat adds one; the game ends at the target."""

    __slots__ = ("counted",)
    name = "count"

    def __init__(self) -> None:
        self.counted = False

    def decisions(self, state: "Counting") -> list[Decision]:
        return [Decision(state.active, "count", "Count", [("up",), ("twice",)])]

    def apply(self, state: "Counting", player: int, action: Action) -> None:
        state.total += 1
        self.counted = True
        if action == ("twice",):
            state.steps.push(Bonus())

    def advance(self, state: "Counting") -> StepResult:
        return DONE if self.counted else WAIT


class Bonus(Step):
    """Adds one more without asking anyone, then is done."""

    __slots__ = ()

    def advance(self, state: "Counting") -> StepResult:
        state.total += 1
        return DONE


class Counting(GameState):
    ruleset_id = "counting"

    def __init__(self) -> None:
        self.names = ["Ann", "Bob"]
        self.events = []
        self.winner = None
        self.over = False
        self.total = 0
        self.active = 0
        self.turns = 0
        self.asked = 0
        self.steps = Steps()
        self.steps.push(Pick())
        self.run()

    def _open_decisions(self) -> list[Decision]:
        self.asked += 1
        return super()._open_decisions()

    def _next_steps(self) -> bool:
        if self.total >= 10:
            self.over, self.winner = True, self.active
            return False
        self.turns += 1
        if self.turns > 1:
            self.active = 1 - self.active
        self.steps.push(Count())
        return True

    def _seat_view(self, seat: int, viewer: int | None) -> SeatView:
        return SeatView(seat, self.names[seat], {"total": self.total}, {})


def test_a_simultaneous_step_asks_both_seats_until_each_has_answered() -> None:
    state = Counting()
    assert [d.player for d in state.decisions()] == [0, 1]
    state.apply(1, ("n", 2))
    assert [d.player for d in state.decisions()] == [0]
    state.apply(0, ("n", 1))
    assert state.total == 3
    assert [(d.player, d.kind) for d in state.decisions()] == [(0, "count")]


def test_decisions_are_cached_until_an_action_and_asked_again_after() -> None:
    state = Counting()
    first = state.decisions()
    assert state.decisions() is first
    assert state.asked == 1
    state.apply(0, ("n", 1))
    assert state.decisions() is not first
    assert state.asked == 2


def test_a_step_pushed_by_an_action_runs_before_the_next_turn() -> None:
    state = Counting()
    state.apply(0, ("n", 1))
    state.apply(1, ("n", 1))
    state.apply(0, ("twice",))  # +1, and the Bonus step adds +1 without asking
    assert state.total == 4
    assert state.decisions()[0].player == 1


def test_the_driver_stops_when_the_game_is_over_and_nothing_is_open() -> None:
    state = Counting()
    state.apply(0, ("n", 2))
    state.apply(1, ("n", 2))
    while not state.over:
        decision = state.decisions()[0]
        state.apply(decision.player, ("twice",))
    assert state.total >= 10
    assert state.decisions() == []
    assert state.view(None).over


def test_steps_copy_is_independent_and_copies_lists_in_slots() -> None:
    steps = Steps()
    pick = Pick()
    steps.push(pick, Count())
    twin = steps.copy()
    assert len(twin) == 2 and isinstance(twin.top(), Count)
    copied = twin.items[0]
    assert isinstance(copied, Pick) and copied is not pick
    copied.picked[0] = 2
    assert pick.picked == [None, None]
    twin.pop()
    assert len(steps) == 2


def test_a_step_without_slots_is_shared_by_copy() -> None:
    bonus = Bonus()
    assert bonus.copy() is bonus


def test_done_removes_the_step_itself_even_under_steps_it_pushed() -> None:
    steps = Steps()
    low, high = Bonus(), Count()
    steps.push(low, high)
    steps.remove(low)
    assert steps.items == [high]


def test_an_action_with_no_step_pending_goes_to_the_hook() -> None:
    state = Counting()
    state.steps.clear()
    try:
        state.apply(0, ("up",))
    except EngineError as exc:
        assert "no step takes" in str(exc)
    else:
        raise AssertionError("an action without a step was taken")


def test_the_view_frame_is_built_by_the_core_with_the_top_step_as_phase() -> None:
    state = Counting()
    view = state.view(0)
    assert view.ruleset == "counting"
    assert view.phase == "pick"
    assert [d.player for d in view.decisions] == [0, 1]
    assert view.decisions[0].options is not None and view.decisions[1].options is None
    assert view.seats[1].stats == {"total": 0}


def test_again_makes_the_driver_look_at_the_top_once_more() -> None:
    class Twice(Step):
        __slots__ = ("left",)

        def __init__(self) -> None:
            self.left = 2

        def advance(self, state: Counting) -> StepResult:
            self.left -= 1
            state.total += 1
            return AGAIN if self.left else DONE

    state = Counting()
    state.steps.push(Twice())
    state.run()
    assert state.total == 2
    assert isinstance(state.steps.top(), Pick)


def test_viewer_notes_reach_only_their_viewer() -> None:
    class Noted(Counting):
        def _viewer_notes(self, viewer: int | None) -> dict[str, str]:
            return {"stops": "all"} if viewer == 0 else {}

    state = Noted()
    assert state.view(0).notes == {"stops": "all"}
    assert state.view(1).notes == {} and state.view(None).notes == {}
