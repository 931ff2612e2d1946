"""The match's only source of randomness.

Built on `random.Random.random()`, the one method whose sequence Python promises to keep
for a given integer seed across versions, so a record replays the same on every machine.
"""

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class MatchRng:
    __slots__ = ("_random", "_seed")

    def __init__(self, seed: int):
        self._seed = seed
        self._random = random.Random(seed)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return int(self._random.random() * n)

    def coin(self) -> int:
        return self.below(2)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates on `below`, not `random.shuffle`, whose algorithm is not promised."""
        random = self._random.random
        for i in range(len(items) - 1, 0, -1):
            j = int(random() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def clone(self) -> "MatchRng":
        twin = MatchRng.__new__(MatchRng)
        twin._seed = self._seed
        twin._random = random.Random()
        twin._random.setstate(self._random.getstate())
        return twin
