"""The deck checks most games share: a size, cards the game knows, a copy limit per card.

Four rulesets wrote these three checks each, with their own wording; the wording stays
theirs (a player reads "a Spellbook" in Battle Mages), the counting is done here once.
What only one game has (magic-core's tokens, Enchantoria's counterspell limit, Mage Wars'
single Mage) stays in that ruleset, after these.
"""

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

P = TypeVar("P")  # a ruleset's card prototype


def deck_problems(
    cards: Sequence[str],
    known: Mapping[str, P],
    *,
    noun: str = "a deck",
    exactly: int | None = None,
    at_least: int | None = None,
    copy_limit: Callable[[P], int | None],
    too_many: Callable[[P, int, int], str],
) -> list[str]:
    """The size, unknown-card and copy problems of `cards`, worded for a player.

    `copy_limit(card)` is how many copies a deck may hold (None: any number);
    `too_many(card, limit, count)` words one card over its limit."""
    problems = []
    if exactly is not None and len(cards) != exactly:
        problems.append(f"{noun} has exactly {exactly} cards, this one has {len(cards)}")
    if at_least is not None and len(cards) < at_least:
        problems.append(f"{noun} has at least {at_least} cards, this one has {len(cards)}")
    unknown = sorted({card for card in cards if card not in known})
    if unknown:
        problems.append(f"unknown card(s): {', '.join(unknown)}")
    for card_id, count in sorted(Counter(cards).items()):
        card = known.get(card_id)
        if card is None:
            continue
        limit = copy_limit(card)
        if limit is not None and count > limit:
            problems.append(too_many(card, limit, count))
    return problems
