"""Enchantoria: the state the core drives, and its hooks.

Both players act in every turn; there is no active player. A turn is four phases
(ruling R1): Draw, Preparation (recycling, enchantoria.md:1-2), Combat (spells and
attacks, enchantoria.md:3-6) and Discard (deaths, hand limit, durations, enchantoria.md:25).
Each window (Preparation, Combat, the hand-limit discard) is chosen by both players in
secret and revealed only when both have committed (ruling R3). Rule references
(`enchantoria.md:NN`) point at shared/rules/enchantoria.md; rulings `R#` are written in
docs/rules/enchantoria.md.

The table as data, its lookups and legal actions are state.py's; the turn and its windows
steps.py's, combat resolve.py's, what a player sees view.py's. They take state.py's
`TableState` and never import this module, which sits on top of them.

Actions (every one of them private until the window is revealed):
    ("recycle", uid) / ("keep",)           Preparation: one card for mana, or none   R5
    ("cast", uid)                           Combat: pick a spell from the hand        R3
    ("x", n)                                ... then its X                            md:2
    ("target", ref)                         ... then its target ("p0"/"p1" or a uid)  md:22
    ("order", uid, ref)                     Combat: a creature attacks ref            md:20
    ("undo",)                               take back the spell being chosen or the last step
    ("done",)                               commit the whole window
    ("reveal",)                             all have committed: taken by the match itself
    ("card", uid) / (("card", uid), ...)   Discard: the card(s) over the hand limit  R13
"""

from engine.core.decision import Action, Decision, Label
from engine.core.events import Event
from engine.core.view import DecisionView, SeatView
from engine.rulesets.enchantoria.entities import OPENING_HAND
from engine.rulesets.enchantoria.state import TableState
from engine.rulesets.enchantoria.steps import begin_turn
from engine.rulesets.enchantoria.view import (
    PHASE_NAMES,
    decision_view,
    describe_action,
    recent_events,
    seat_view,
)


class EnchantoriaState(TableState):
    """A match of Enchantoria: the core's hooks over state.py's table."""

    __slots__ = ()
    ruleset_id = "enchantoria"
    empty_board = "No beings"

    # -- the engine contract: the core's hooks ---------------------------------------

    def concede(self, player: int, reason: str) -> None:
        self._decisions = None
        self.end_game(1 - player, f"{self.names[player]} {reason}")

    def _header(self) -> tuple[int, str, int | None, dict[str, str]]:
        # the turn is `turn`: renderers say "Turn 9" once; no active player
        return self.turn, PHASE_NAMES.get(self.phase, self.phase), None, {}

    def _seat_view(self, seat: int, viewer: int | None) -> SeatView:
        return seat_view(self, self.players[seat], viewer)

    def _event_views(self, viewer: int | None) -> tuple[Event, ...]:
        return recent_events(self, viewer)

    def _decision_view(self, decision: Decision, viewer: int | None) -> DecisionView:
        return decision_view(self, decision, viewer)

    def describe(self, action: Action) -> Label:
        return describe_action(self, action)

    # -- the game begins ---------------------------------------------------------

    def start(self) -> None:
        """R2: shuffle, five cards each, then turn 1."""
        for p in self.players:
            self.rng.shuffle(p.deck)
        for p in self.players:
            for _ in range(OPENING_HAND):
                self.draw(p)
        begin_turn(self)
