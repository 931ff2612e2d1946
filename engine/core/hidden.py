"""Re-dealing what a player cannot see, for agents that search (engine/agents/search.py).

A search agent must not read the real hidden state. Before each of its imagined games it
takes a copy of the state and gives every card the player cannot see a new identity,
drawn from the cards that could be there: each group of hidden slots (an opponent's hand
and deck together, the player's own deck, a face-down pile) keeps its cards' slots and
sizes, which the player sees, and has its printed cards shuffled among them.

The new identities come from the group's printed cards sorted by id and shuffled with
the agent's own generator, so the result depends only on which cards the group holds
between its slots, never on which slot holds which: swapping two hidden cards of an
opponent leaves every imagined game as it was (tests/agents/test_search.py).

Known cards a group holds (an opponent's card that went back to their hand in plain
sight) are re-dealt like the rest: a simplification that costs the agent knowledge it
had, never gives it knowledge it lacked.
"""

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any


def proto_key(proto: Any) -> str:
    """How printed cards sort before a shuffle: by id, so the order is the same however
    the real cards lie."""
    return str(proto.id)


def redeal(
    groups: Iterable[Sequence[Any]],
    rng: random.Random,
    *,
    refresh: Callable[[Any], None] | None = None,
) -> None:
    """Shuffle the printed cards (`.proto`) of each group among its card objects, in place;
    `refresh(card)` then resets what a card derives from its proto (printed stats)."""
    for group in groups:
        if not group:
            continue
        protos = sorted((card.proto for card in group), key=proto_key)
        rng.shuffle(protos)
        for card, proto in zip(group, protos, strict=True):
            card.proto = proto
            if refresh is not None:
                refresh(card)


def group_by(cards: Iterable[Any], key: Callable[[Any], Any]) -> list[list[Any]]:
    """Cards in groups by `key` (a Mage Wars deck name), groups in order of first sight."""
    groups: dict[Any, list[Any]] = {}
    for card in cards:
        groups.setdefault(key(card), []).append(card)
    return list(groups.values())
