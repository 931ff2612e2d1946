"""The per-server cooldown on /challenge: how long a member waits between two challenges.

Kept in memory: a restart forgets who challenged when, which at worst lets a player
challenge a few seconds early. The length is a server setting (`/config`, stored).
"""

import time
from collections.abc import Callable


class ChallengeCooldowns:
    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._last: dict[tuple[int | None, int], float] = {}  # (guild, user) -> when

    def wait(self, guild_id: int | None, user_id: int, cooldown: float) -> float:
        """Seconds the user must still wait before challenging again here (0: none)."""
        last = self._last.get((guild_id, user_id))
        if last is None or cooldown <= 0:
            return 0.0
        return max(0.0, last + cooldown - self.clock())

    def challenged(self, guild_id: int | None, user_id: int) -> None:
        self._last[(guild_id, user_id)] = self.clock()
        if len(self._last) > 10_000:  # forget the oldest: they are long past any cooldown
            for key in sorted(self._last, key=self._last.__getitem__)[:5_000]:
                del self._last[key]
