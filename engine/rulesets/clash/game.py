"""Clash: the state the core drives, and its hooks.

The table as data, its lookups and legal plays are state.py's; what an action does
actions.py's, card effects and deaths effects.py's, who starts, the mulligan, the turns
and the games of a series steps.py's, what a player sees view.py's. They take state.py's
`TableState` and never import this module, which sits on top of them.

Rule references (`clash.md:NN`) point at lines of shared/rules/clash.md; rulings where the
text is silent are written down in docs/rules/clash.md and named here as `ruling R#`.

Actions:
    ("first",) / ("second",)       the coin-flip winner picks who starts      clash.md:80
    (("card", uid), ...)            mulligan: up to 3 cards back              clash.md:70
    ("play", uid, target)           target: None, a monster uid, "p0"/"p1"    clash.md:61,64,67
    ("attack", uid, target)         target: an enemy monster uid or "p0"/"p1" clash.md:18
    ("end",)                        end the main phase                        clash.md:93
"""

from engine.core import events as ev
from engine.core.decision import Action, Label
from engine.core.view import SeatView
from engine.rulesets.clash import steps
from engine.rulesets.clash.state import TableState
from engine.rulesets.clash.view import describe_action, header, seat_view


class ClashState(TableState):
    """A match of Clash: the core's hooks over state.py's table."""

    __slots__ = ()
    ruleset_id = "clash"
    empty_board = "No monsters"

    def flip_coin(self) -> None:
        """The match begins: clash.md:80, a coin flip."""
        steps.flip_coin(self)

    # -- the engine contract: the core's hooks ---------------------------------------

    def _next_steps(self) -> bool:
        """With no step left a game has been decided: clash.md:80, the match ends or (best
        of N) the next game starts, the loser of the last one going first."""
        if not self.game_ended or self.over:
            return False
        steps.finish_game(self)
        return not self.over

    def concede(self, player: int, reason: str) -> None:
        self._decisions = None
        winner = 1 - player
        self.series.won_game(winner)  # the game in progress is the other player's (R21)
        self.log.append((ev.GameOver, self.game_no, winner, self.names[winner], reason))
        self.end_match(winner)

    def _header(self) -> tuple[int, str, int | None, dict[str, str]]:
        return header(self)

    def _seat_view(self, seat: int, viewer: int | None) -> SeatView:
        return seat_view(self, self.sides[seat], viewer)

    def describe(self, action: Action) -> Label:
        return describe_action(self, action)
