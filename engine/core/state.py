"""The base of every ruleset's state: the machinery a ruleset does not write.

The core owns, once for every game:
- the decision cache: `decisions()` asks the hook `_open_decisions()` once per position
  and keeps the list until `apply` or `concede` (the match asks several times a move);
- pausing until a player decides: pending work is a stack of `Step`s
  (engine/core/steps.py) that `run()` drives; the open decisions are the top step's, an
  action goes to the top step, and when the stack is empty the hook `_next_steps()`
  pushes what comes next in the turn;
- cloning, by the class's declared `clone_plan` (engine/core/clone.py);
- the frame of a view: header, seats, the recent events redacted for the viewer, the open
  decisions as the viewer may know them.

A ruleset supplies its rules through the hooks (`_open_decisions`, `_apply_action`,
`_next_steps`, `_header`, `_seat_view`, `_table_view`) and its steps. It does not
override `decisions`, `apply`, `clone` or `view` (tests/contract checks it; rulesets not
yet ported are listed there).
"""

from abc import ABC
from typing import ClassVar, Self

from engine.core.clone import _COPIERS, COPY, LIST, SHARE, Plan, const
from engine.core.decision import Action, Decision, Label, Option, action_id
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Event, GameOver, Note
from engine.core.steps import DONE, WAIT, Steps
from engine.core.view import DecisionView, MatchView, SeatView, ZoneView


class GameState(ABC):
    """A ruleset's mutable state. The match validates actions before calling `apply`.

    Nothing in a state may point back at the state (a bound method of it kept in one of
    its own attributes, a decision holding a callback to it, a step holding the state):
    a finished match must be freed the moment it is dropped, not wait for the garbage
    collector (docs/performance.md; tests/contract/test_contract.py checks it)."""

    events: list[Event]
    names: list[str]
    winner: int | None
    over: bool
    #: Seats that left under the default `concede` while the game went on without them;
    #: the match takes their decisions (`Match`, "autopilot"). Rulesets that override
    #: `concede` never set it.
    dropped: tuple[int, ...] = ()
    #: The pending steps; a ported ruleset sets its own in `__init__` (`Steps()`).
    steps: Steps
    #: The open decisions, kept until `apply` or `concede` (None: not asked yet).
    _decisions: list[Decision] | None = None

    #: How `clone()` copies each attribute (engine/core/clone.py); a subclass's plan adds
    #: its own attributes to this one. The seat names never change: shared.
    clone_plan: ClassVar[Plan] = {
        "_decisions": const(None),
        "steps": COPY,
        "names": SHARE,
        "events": LIST,
    }

    # -- the view's frame: a ruleset names itself and its words ------------------
    #: The ruleset id a view carries.
    ruleset_id: ClassVar[str] = ""
    #: How the game says a seat has nothing in play.
    empty_board: ClassVar[str] = "Nothing in play"
    #: How many of the latest events a view carries.
    events_shown: ClassVar[int] = 12

    # -- decisions -------------------------------------------------------------

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # Whether `decisions` may ask the top step itself, one call fewer per position
        # (the agent-vs-agent hot path): only while `_open_decisions` is the core's.
        cls._own_open_decisions = cls._open_decisions is not GameState._open_decisions
        # Whether `Match.apply` may run the core's `apply` and `decisions` written out
        # (engine/core/match.py): only for a class that keeps both (every ported one).
        cls._core_driver = (
            cls.apply is GameState.apply
            and cls.decisions is GameState.decisions
            and not cls._own_open_decisions
        )

    _own_open_decisions: ClassVar[bool] = False
    _core_driver: ClassVar[bool] = False

    def decisions(self) -> list[Decision]:
        """The open decisions (several only for simultaneous choices); [] when over.
        Final: cached by the core; a ruleset's hook is `_open_decisions`."""
        decisions = self._decisions
        if decisions is None:
            if self._own_open_decisions or self.over:
                decisions = self._open_decisions()
            else:  # `_open_decisions` written out
                items = self.steps.items
                decisions = items[-1].decisions(self) if items else []
            self._decisions = decisions
        return decisions

    def _open_decisions(self) -> list[Decision]:
        """The hook behind `decisions`, asked once per position: by default the top
        step's decisions ([] when the game is over or nothing waits)."""
        if self.over:
            return []
        items = self.steps.items
        return items[-1].decisions(self) if items else []

    # -- acting ----------------------------------------------------------------

    def apply(self, player: int, action: Action) -> None:
        """Carry out a legal action and advance to the next decision. Final: the action
        goes to the top step (or `_apply_action` with no step), then `run()`; a step
        whose `apply` says it still waits (WAIT) is not asked to `advance`."""
        self._decisions = None
        items = self.steps.items
        if items:
            step = items[-1]
            if step.apply(self, player, action) is WAIT and items and items[-1] is step:
                return
        else:
            self._apply_action(player, action)
        self.run()

    def _apply_action(self, player: int, action: Action) -> None:
        """The hook for an action while no step is pending (a ruleset whose main choice
        is not a step)."""
        raise EngineError(f"{type(self).__name__}: no step takes {action!r}")

    def run(self) -> None:
        """The driver: advance the top step until one waits for a decision or the game
        is over; with no step left, `_next_steps()` pushes the next (or says the game
        waits by returning False). Called by `apply`, and by a ruleset once at the
        start of a game (or a scenario) after pushing its first steps."""
        self._decisions = None
        steps = self.steps
        items = steps.items
        while not self.over:
            if not items:
                if not self._next_steps():
                    return
                continue
            step = items[-1]
            result = step.advance(self)
            if result is WAIT:
                return
            if result is DONE:
                if items and items[-1] is step:
                    items.pop()
                else:
                    steps.remove(step)

    def _next_steps(self) -> bool:
        """Push the next step(s) when the stack is empty; False when nothing comes next
        (the game is over, or waits as it is)."""
        return False

    # -- copying ---------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy, for agents that look ahead. Final and generic: copied as
        the class's `clone_plan` says, by a copier compiled once per class."""
        twin: Self = _COPIERS[self.__class__](self, {})
        return twin

    # -- the view ----------------------------------------------------------------

    def view(self, viewer: int | None) -> MatchView:
        """What `viewer` may see (None: the public). Final: the frame is the core's, the
        contents the hooks'."""
        turn, phase, active, notes = self._header()
        mine = self._viewer_notes(viewer)
        if mine:
            notes = {**notes, **mine}
        return MatchView(
            ruleset=self.ruleset_id,
            viewer=viewer,
            turn=turn,
            phase=phase,
            active=active,
            seats=tuple(self._seat_view(seat, viewer) for seat in range(len(self.names))),
            events=self._event_views(viewer),
            decisions=tuple(self._decision_view(d, viewer) for d in self.decisions()),
            winner=self.winner,
            over=self.over,
            notes=notes,
            table=self._table_view(viewer),
            empty_board=self.empty_board,
        )

    def _header(self) -> tuple[int, str, int | None, dict[str, str]]:
        """(turn, phase, active seat or None, notes) for the view's header."""
        items = self.steps.items
        return 0, "over" if self.over else items[-1].name if items else "", None, {}

    def _viewer_notes(self, viewer: int | None) -> dict[str, str]:
        """Header notes for this viewer only (their own settings), added to `_header`'s."""
        return {}

    def _seat_view(self, seat: int, viewer: int | None) -> SeatView:
        """What `viewer` may see of one seat."""
        raise NotImplementedError(f"{type(self).__name__} has no _seat_view")

    def _table_view(self, viewer: int | None) -> dict[str, ZoneView]:
        """Zones that belong to no seat (a stack, a shared deck); none by default."""
        return {}

    def _event_views(self, viewer: int | None) -> tuple[Event, ...]:
        """The latest `events_shown` events as `viewer` may see them (redacted)."""
        return tuple(e.seen_by(viewer) for e in self.events[-self.events_shown :])

    def _decision_view(self, decision: Decision, viewer: int | None) -> DecisionView:
        """An open decision as `viewer` may know it. Anyone may know who must choose what;
        only the chooser sees the options (their labels may name cards from a hand)."""
        mine = viewer == decision.player
        return DecisionView(
            decision.player,
            self.names[decision.player],
            decision.kind,
            decision.prompt,
            decision.seq,
            tuple(o.label for o in self.options(decision)) if mine else None,
        )

    # -- labels and leaving --------------------------------------------------------

    def describe(self, action: Action) -> Label:
        """How one of the open actions reads for the player who may take it: (label,
        group for colouring, card uid, target). Asked only when a front end shows the
        choice (`options`), never by agents; by default the action's id."""
        return action_id(action), "", None, None

    def options(self, decision: Decision) -> list[Option]:
        """An open decision's choices as a front end shows them, labelled by `describe`
        now; the same list when asked again while the decision is open."""
        return decision.labelled(self.describe)

    def concede(self, player: int, reason: str) -> None:
        """The player leaves the game, at any moment (`Match.resign`).

        The default: with two seats (or one other seat still playing) the other player
        wins; with more, the leaver drops out (`dropped`: the match takes their choices,
        the fewest picks or the first listed action) and the game goes on until one seat
        is left. A ruleset refines this (cards leave the table, a series counts the game,
        its own words) by overriding it (and clearing `_decisions`); one that logs its
        events elsewhere than `events` (Clash) must."""
        if player in self.dropped or self.over:
            raise IllegalAction(f"{self.names[player]} has already left")
        self._decisions = None
        self.events.append(Note(f"{self.names[player]} leaves the game ({reason})."))
        self.dropped = (*self.dropped, player)
        playing = [seat for seat in range(len(self.names)) if seat not in self.dropped]
        if len(playing) == 1:
            self.winner, self.over = playing[0], True
            why = f"{self.names[player]} {reason}"
            self.events.append(GameOver(1, playing[0], self.names[playing[0]], why))
