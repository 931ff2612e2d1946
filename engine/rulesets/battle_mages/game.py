"""Battle Mages: the state the core drives, and its hooks.

Rule references (`battle-mages.md:NN`) point at lines of shared/rules/battle-mages.md;
rulings where the text is silent are in docs/rules/battle-mages.md as `B#`.

The machine: the core's `steps` (engine/core/steps.py) hold multi-decision procedures in
progress (choosing who starts, looking at crystals, attempting a spell and choosing its
modes and targets, putting triggers on the stack, resolving with choices made on
resolution, declaring attackers and blockers). With no step, pending triggers go on the
stack; then the priority holder reacts or passes; with nobody holding priority the step of
the turn ends, which happens only with an empty stack. The core's `run()` drives it after
every action (`_next_steps` below), passing for a Mage with no legal reaction unless they
asked to be stopped.

The rules live beside it, one job a module: turn.py (the turn's steps, the start of the
game), priority.py, casting.py (attempting), triggers.py, resolving.py, combat.py,
targets.py; state.py holds the match as data and the moves every procedure shares,
table.py the turn's shape and a Mage's side, stack.py the stack's records. They take
state.py's `TableState` and never import this module, which sits on top of them.

Actions:
    ("first",) / ("second",)            who starts                     battle-mages.md:88
    (("crystal", uid), ...)             crystals to the bottom         battle-mages.md:89
    ("top", uid)                        the next crystal from the top  battle-mages.md:90
    ("cast", uid) / ("ability", uid, i) attempt a card / an ability
    ("pass",)                           pass priority
    ("pass", "stop"|"nostop")           pass, and stop me even with no reaction or not (B10)
    ("stop", 1|0)                       the same setting in a blocking choice (ruling B10)
    (("mode", i), ...)                  "Choose N:" modes             battle-mages.md:209
    ("target", ref) / (("target", ref), ...)   direct targets; ref: card uid, or -1/-2 a Mage
    ("choose", ref) / (("choose", ref), ...)   choices made on resolution
    ("pay",) / ("decline",)             a trigger's optional cost
    ("next", i)                         trigger i resolves next        battle-mages.md:130
    (("attacker", uid), ...)            declare attackers              battle-mages.md:125
    ("block", blocker, attacker) / ("done",)                           battle-mages.md:144
    ("order", attacker, blocker)        that blocker takes damage next battle-mages.md:146
"""

from typing import ClassVar

from engine.core import events as ev
from engine.core.decision import Action, Decision, Label
from engine.core.view import SeatView, ZoneView
from engine.rulesets.battle_mages.casting import attempt_ability, attempt_card
from engine.rulesets.battle_mages.priority import (
    could_react_publicly,
    pass_priority,
    priority_decision,
)
from engine.rulesets.battle_mages.state import TableState
from engine.rulesets.battle_mages.triggers import start_triggers
from engine.rulesets.battle_mages.turn import Starter, begin_turn, next_step
from engine.rulesets.battle_mages.view import (
    describe_action,
    header,
    seat_view,
    stack_view,
)


class BattleMagesState(TableState):
    """A match of Battle Mages. The core (engine/core/state.py) caches the decisions,
    drives the steps, clones by `clone_plan` and frames the view; the hooks below say
    what comes next with no step pending, and what a seat and the table show."""

    __slots__ = ()
    ruleset_id: ClassVar[str] = "battle-mages"
    empty_board: ClassVar[str] = "No creatures or relics"

    def flip_coin(self) -> None:
        """battle-mages.md:88 — ruling B5: a coin flip; its winner chooses who starts."""
        self.coin_winner = self.rng.coin()
        self.events.append(ev.CoinFlipped(self.coin_winner, self.names[self.coin_winner]))
        self.steps.push(Starter())

    # -- the core's hooks ---------------------------------------------------------------

    def _open_decisions(self) -> list[Decision]:
        """A pending step's decisions; with none, the priority holder's."""
        if self.over:
            return []
        items = self.steps.items
        if items:
            return items[-1].decisions(self)
        if self.priority is not None:
            return [priority_decision(self, self.priority)]
        return []

    def _apply_action(self, player: int, action: Action) -> None:
        """An action of the priority holder (no step is pending)."""
        head = action[0] if action else None
        if head == "pass":
            if len(action) > 1:  # ruling B10: pass, and change the stop setting
                self.sides[player].stop = action[1] == "stop"
            pass_priority(self, player)
        elif head == "cast":
            attempt_card(self, player, self.cards[action[1]])
        elif head == "ability":
            attempt_ability(self, player, self.cards[action[1]], action[2])
        else:  # the match validated the action, so this is a bug, not a bad move
            raise AssertionError(f"unhandled action {action!r}")

    def _next_steps(self) -> bool:
        """No step pending: the game begins, pending triggers go on the stack, the
        priority holder is asked (or passed for, with visibly nothing to do: item 5), or
        the step ends. False while the priority holder decides."""
        if self.phase != "play":
            if self.phase == "starter":
                return False
            self.phase = "play"
            begin_turn(self, self.starter)
            return True
        if self.pending:
            start_triggers(self)
            return True
        seat = self.priority
        if seat is not None:
            if self.sides[seat].stop or could_react_publicly(self, seat):
                return False
            pass_priority(self, seat)
            return True
        next_step(self)
        return True

    def concede(self, player: int, reason: str) -> None:
        self._decisions = None
        if not self.over:
            self.game_won_by(1 - player, f"{self.names[player]} {reason}")

    def describe(self, action: Action) -> Label:
        return describe_action(self, action)

    def _header(self) -> tuple[int, str, int | None, dict[str, str]]:
        return header(self)

    def _seat_view(self, seat: int, viewer: int | None) -> SeatView:
        return seat_view(self, seat, viewer)

    def _table_view(self, viewer: int | None) -> dict[str, ZoneView]:
        return {"stack": stack_view(self)}
