"""Work that runs after an answer: redraws, pings, computer turns' follow-ups.

Several objects start such work (the controller after a click, the presenter's board
worker, the turn notifier, the router), and shutdown and tests must be able to wait for
all of it. So they share one `BackgroundTasks`, given to each when it is built, instead
of each keeping its own set or reaching for another object's.
"""

import asyncio
from collections.abc import Coroutine
from typing import Any


class BackgroundTasks:
    def __init__(self) -> None:
        self.tasks: set[asyncio.Task] = set()

    def later(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run `coro` after the caller is done; kept referenced so it is not collected."""
        self.track(asyncio.create_task(coro))

    def track(self, task: asyncio.Task) -> None:
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def gather(self) -> None:
        """Wait for the tasks started so far (their exceptions are theirs to log)."""
        await asyncio.gather(*list(self.tasks), return_exceptions=True)
