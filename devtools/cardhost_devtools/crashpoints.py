"""The crash test's kill switch: SIGKILL the bot at a named crash point.

`CARDHOST_CRASH_AT=name:n` makes the process SIGKILL itself the n-th time it reaches
`crash_point(name)` in the bot (the names are listed in bot/crashpoints.py). SIGKILL, not
an exception: nothing runs after it, no `finally`, no flush, exactly as when the machine or
the operator kills the bot. The product only calls a hook; `install()` sets it, and only
the crash test's bot process (cardhost_devtools.crashtest_child) calls `install()`.
"""

from __future__ import annotations

import os
import signal

import bot.crashpoints

ENV = "CARDHOST_CRASH_AT"


def plan_from(raw: str) -> tuple[str, int] | None:
    """`name:n` (or `name`, meaning the first time) as (name, n); empty means no plan."""
    name, _, count = raw.partition(":")
    if not name:
        return None
    return name, int(count or 1)


class KillAt:
    """A hook that SIGKILLs this process the `count`-th time it reaches the point `name`."""

    def __init__(self, name: str, count: int) -> None:
        self.name = name
        self.count = count
        self.reached = 0

    def __call__(self, name: str) -> None:
        if name != self.name:
            return
        self.reached += 1
        if self.reached >= self.count:
            os.kill(os.getpid(), signal.SIGKILL)


def install() -> None:
    """Arm the crash point that `CARDHOST_CRASH_AT` names, if any."""
    plan = plan_from(os.environ.get(ENV, ""))
    bot.crashpoints.hook = None if plan is None else KillAt(*plan)
