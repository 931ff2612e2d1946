"""Board pictures are drawn in a worker process: the view must travel there and back."""

import asyncio
import contextlib
import os
import signal
import sys
import uuid
from pathlib import Path

import pytest

from cardhost_devtools.crashtest import RUN_ENV, surviving_processes
from engine.core.match import new_match
from engine.core.ruleset import get_ruleset
from tests.bot.bare import bare_presenter


@pytest.mark.slow  # seconds of waiting on processes or Discord's windows
async def test_a_board_picture_is_drawn_in_a_worker_process() -> None:
    decks = get_ruleset("clash").preconstructed_decks()
    match = new_match("clash", ["Ann", "Bo"], [decks["ember_rush"], decks["grave_tide"]], 3)
    presenter = bare_presenter()
    presenter.image_processes = True
    try:
        png = await presenter.picture(match.view(None))
    finally:
        presenter.close()
    assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n")


# -- picture workers die with the bot --------------------------------------

# The bot's side of it: a presenter draws one board picture in its worker process, the
# process says "drawn" and waits to be killed. With `{thread}` the pool is made, and its
# worker started, by a thread that then ends (prctl's death signal follows the creating
# thread, not the process): the worker must outlive that thread and draw again.
PICTURE_PROCESS = """
import asyncio, threading
from tests.bot.bare import bare_presenter
from engine.core.match import new_match
from engine.core.ruleset import get_ruleset

decks = get_ruleset("clash").preconstructed_decks()
match = new_match("clash", ["Ann", "Bo"], [decks["ember_rush"], decks["grave_tide"]], 3)
presenter = bare_presenter()
presenter.image_processes = True

async def draw():
    png = await presenter.picture(match.view(None))
    assert png and png.startswith(b"\\x89PNG")

if {thread}:
    helper = threading.Thread(target=lambda: asyncio.run(draw()))
    helper.start()
    helper.join()
asyncio.run(draw())
print("drawn", flush=True)
threading.Event().wait()
"""


async def kill_and_count_survivors(*, thread: bool) -> tuple[list[int], list[int]]:
    """Start the process, let it draw, SIGKILL it: (its processes before, those left 5 s on)."""
    run_id = uuid.uuid4().hex
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", PICTURE_PROCESS.format(thread=thread),
        env={**os.environ, RUN_ENV: run_id}, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        assert child.stdout is not None
        line = await asyncio.wait_for(child.stdout.readline(), 60)
        assert line.strip() == b"drawn"
        before = surviving_processes(run_id)
        child.kill()  # SIGKILL: nothing of the bot's own cleanup runs
        # Not `child.wait()` yet: asyncio waits for the stdout pipe too, which a surviving
        # worker holds open. A killed process is a zombie until reaped: not counted.
        left = before
        for _ in range(50):
            left = surviving_processes(run_id)
            if not left:
                break
            await asyncio.sleep(0.1)
        return before, left
    finally:
        with contextlib.suppress(ProcessLookupError):
            child.kill()
        for pid in surviving_processes(run_id):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        await asyncio.wait_for(child.wait(), 10)


@pytest.mark.slow  # seconds of waiting on processes or Discord's windows
@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds processes in /proc")
async def test_the_picture_worker_dies_when_the_bot_is_killed() -> None:
    before, left = await kill_and_count_survivors(thread=False)
    assert len(before) >= 2, before  # the bot and its picture worker
    assert left == [], f"still alive 5 s after the bot was killed: {left}"


@pytest.mark.slow  # seconds of waiting on processes or Discord's windows
@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds processes in /proc")
async def test_a_worker_started_by_an_ended_thread_still_draws_and_still_dies_with_the_bot() -> (
    None
):
    before, left = await kill_and_count_survivors(thread=True)
    assert len(before) >= 2, before
    assert left == [], f"still alive 5 s after the bot was killed: {left}"
