"""The two kinds of pending work in a Mage Wars turn, on the core's stack of steps
(engine/core/steps.py): a `Rule` runs at once, a `Prompt` waits for one player's answer.

Mage Wars checks the table after every change (a level whose quest is met activates, a
challenge pays, a Mage meeting its condition wins: `TableState.check`): after every rule
step and every answer, unless a prompt is open or the game is over. Pushed steps run
before whatever was already waiting (`TableState.push`), so a card's effects happen
before the rest of the turn goes on.

A step names cards by uid and players by seat, never by object: a clone of the state
shares the steps (every field here is set once, at creation; one step object may even
stand several times on the stack, as the fate cards of a turn do), except a prompt,
whose choices may narrow when a player leaves (R16).
"""

from typing import TYPE_CHECKING, Any, ClassVar, Self

from engine.core.decision import Action, Decision
from engine.core.steps import AGAIN, WAIT, Step, StepResult

if TYPE_CHECKING:
    from engine.rulesets.mage_wars.state import TableState


class Rule(Step):
    """A step that needs no one: it leaves the stack, acts (perhaps pushing steps), then
    the table is checked."""

    __slots__ = ()

    def advance(self, state: "TableState") -> StepResult:
        items = state.steps.items
        items.pop()  # this step, on top: off before it acts, so what it pushes is the top
        self.act(state)
        if not state.over and not (items and isinstance(items[-1], Prompt)):
            state.check()  # TableState.after_change, inline: once per step
        return AGAIN

    def act(self, state: "TableState") -> None:
        raise NotImplementedError

    def copy(self) -> Self:
        """Rule steps never change once made: a clone shares them."""
        return self


class Prompt(Step):
    """One player's choice in the middle of the turn. Subclasses carry what answering
    needs and `answer` it; the prompt is off the stack before its answer runs, so an
    answer may push steps or another prompt."""

    __slots__ = ("actions", "kind", "max_picks", "min_picks", "player", "text")
    #: Asked whenever the table says the player might answer (a card in hand, a ward),
    #: even when their hand holds no answer: asking only then would show the others what
    #: the hand holds (no tells, docs/architecture.md; ruling R31).
    always_ask: ClassVar[bool] = False

    def __init__(
        self,
        kind: str,
        player: int,
        text: str,
        actions: list[Action],
        *,
        min_picks: int = 1,
        max_picks: int = 1,
    ) -> None:
        self.kind, self.player, self.text, self.actions = kind, player, text, actions
        self.min_picks, self.max_picks = min_picks, max_picks

    def advance(self, state: "TableState") -> StepResult:
        return WAIT

    def decisions(self, state: "TableState") -> list[Decision]:
        return [
            Decision(
                self.player,
                self.kind,
                self.text,
                self.actions,
                min_picks=self.min_picks,
                max_picks=self.max_picks,
                private=True,
                always_ask=self.always_ask,
            )
        ]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        state.steps.items.pop()  # this prompt: the core gives an action to the top step
        self.answer(state, action)
        state.after_change()

    def answer(self, state: "TableState", action: Action) -> None:
        raise NotImplementedError


class Eff(Rule):
    """One effect of a card, for a seat, on the target chosen when it was played (if
    any); `source` names the card in the log."""

    __slots__ = ("effect", "seat", "source", "target")

    def __init__(self, effect: Any, seat: int, target: Any, source: str) -> None:
        self.effect, self.seat, self.target, self.source = effect, seat, target, source

    def act(self, state: "TableState") -> None:
        state.resolve(self.effect, self.seat, self.target, self.source)


class Settle(Rule):
    """R19 — a used card goes to its discard pile after its effects, not before."""

    __slots__ = ("uid",)

    def __init__(self, uid: int) -> None:
        self.uid = uid

    def act(self, state: "TableState") -> None:
        card = state.cards[self.uid]
        if card in state.limbo:
            state.limbo.remove(card)
            state.discard(card)
