"""Telling identical cards apart in option labels ("tell options apart").

Two options may read the same only when taking either leads to the same game. Two copies
of one card in play can differ (one hurt, one equipped, one that has attacked), so a label
that names a card in play adds its position when another card of that name is in the same
place: "Kilnborn Hound #2". The position is the one the board shows (the text board numbers
each seat's cards from 1, the picture too), so a player finds the card by it.
"""

from collections.abc import Callable, Sequence
from typing import Any


def numbered(name: str, cards: Sequence[Any], card: Any, name_of: Callable[[Any], str]) -> str:
    """`name`, followed by ` #n` (n: the card's 1-based position in `cards`) when another
    card of `cards` has the same name; `name` alone when the card is not among them."""
    position = 0
    twins = 0
    for index, other in enumerate(cards, start=1):
        if other is card:
            position = index
        elif name_of(other) == name:
            twins += 1
    return f"{name} #{position}" if twins and position else name
