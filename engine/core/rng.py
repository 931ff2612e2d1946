"""The match's only source of randomness.

Built on `random.Random.random()`, the one method whose sequence Python promises to keep
for a given integer seed across versions, so a record replays the same on every machine.

A clone shares its generator with the original until either of them draws (copy on
first draw): look-ahead agents clone a state for every option they weigh, and most
options draw nothing, while copying a generator's 625-word state costs more than
copying a small board (docs/ai.md, "cheaper copies").
"""

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class MatchRng:
    __slots__ = ("_random", "_seed", "_shared")

    def __init__(self, seed: int):
        self._seed = seed
        self._random = random.Random(seed)
        #: True while another MatchRng holds the same generator: draw only after a copy.
        self._shared = False

    def _own(self) -> random.Random:
        """The generator, made this object's own first if a clone still shares it."""
        if self._shared:
            twin = random.Random.__new__(random.Random)
            twin.setstate(self._random.getstate())
            self._random, self._shared = twin, False
        return self._random

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return int(self._own().random() * n)

    def coin(self) -> int:
        return self.below(2)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates on `below`, not `random.shuffle`, whose algorithm is not promised."""
        random = self._own().random
        for i in range(len(items) - 1, 0, -1):
            j = int(random() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def clone(self) -> "MatchRng":
        """An independent copy: the same draws from here on, whatever either one draws."""
        twin = MatchRng.__new__(MatchRng)
        twin._seed = self._seed
        twin._random = self._random
        twin._shared = self._shared = True
        return twin

    def reseeded(self, seed: int) -> "MatchRng":
        """A generator with other draws from here on: a determinized copy of a state
        (engine/agents/search.py) must not know the real match's future shuffles."""
        twin = MatchRng(seed)
        twin._seed = self._seed
        return twin
