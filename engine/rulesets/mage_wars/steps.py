"""The two rule steps every rule module pushes: one effect of a card, and a used card
going to its discard pile. The kinds of step they are (`Rule`, `Prompt`) are the table's
own, in state.py.

A step names cards by uid and players by seat, never by object: a clone of the state
shares the steps (every field here is set once, at creation; one step object may even
stand several times on the stack, as the fate cards of a turn do).
"""

from typing import Any

from engine.rulesets.mage_wars.state import Rule, TableState


class Eff(Rule):
    """One effect of a card, for a seat, on the target chosen when it was played (if
    any); `source` names the card in the log."""

    __slots__ = ("effect", "seat", "source", "target")

    def __init__(self, effect: Any, seat: int, target: Any, source: str) -> None:
        self.effect, self.seat, self.target, self.source = effect, seat, target, source

    def act(self, state: TableState) -> None:
        state.resolve(self.effect, self.seat, self.target, self.source)


class Settle(Rule):
    """R19 — a used card goes to its discard pile after its effects, not before."""

    __slots__ = ("uid",)

    def __init__(self, uid: int) -> None:
        self.uid = uid

    def act(self, state: TableState) -> None:
        card = state.cards[self.uid]
        if card in state.limbo:
            state.limbo.remove(card)
            state.discard(card)
