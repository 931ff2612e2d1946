"""Test-only crash points: the bot kills itself at a named moment (`cardhost crashtest`).

`CARDHOST_CRASH_AT=name:n` makes the process SIGKILL itself the n-th time it reaches
`crash_point(name)`; without the variable (always, outside the crash test) a crash point
costs one comparison. SIGKILL, not an exception: nothing runs after it, no `finally`, no
flush, exactly as when the machine or the operator kills the bot. The points:

- ``committed``: an action is committed (its log row is in the database) and nobody has
  been told yet: not the clicker, not the board, not the other players;
- ``accepted``: a challenge was accepted and the match is stored, before its board and
  panels are posted;
- ``board``: a new match's board is posted and its message id not yet saved.
"""

import os
import signal

ENV = "CARDHOST_CRASH_AT"


def _plan() -> tuple[str, int] | None:
    raw = os.environ.get(ENV, "")
    name, _, count = raw.partition(":")
    if not name:
        return None
    return name, int(count or 1)


_PLAN = _plan()
_reached: dict[str, int] = {}


def crash_point(name: str) -> None:
    """Die here, now, if the crash test asked for this point (see the module doc)."""
    if _PLAN is None or _PLAN[0] != name:
        return
    _reached[name] = _reached.get(name, 0) + 1
    if _reached[name] >= _PLAN[1]:
        os.kill(os.getpid(), signal.SIGKILL)
