"""Worker processes that end when the bot ends, however it ends.

Why: the board picture is drawn in a worker process (`Presenter.picture`), and the
computer opponent thinks in another (`bot.play.thinking`). A worker of a
`ProcessPoolExecutor` waits on its call queue, a pipe whose write end it holds itself, so
it never sees end-of-file when the bot goes away; and a bot killed with SIGKILL (the crash
test, the kernel's OOM killer, `kill -9`, a container stop that times out) runs no Python
cleanup at all. Every such death left a worker behind (and the worker kept the
multiprocessing resource tracker alive too), one more per crash restart.

So every worker, as it starts (the pool's initializer, `_die_with_parent`):

1. On Linux, asks the kernel to SIGKILL it when its parent dies: `prctl(PR_SET_PDEATHSIG)`.
   The kernel's "parent" is the *thread* that spawned the worker (prctl(2)): the signal
   fires when that thread ends, even while the process lives on. A spawn-context pool
   starts its worker from whichever thread first submits work, so `picture_pool` starts
   the worker at once, from the thread that makes the pool, and asks for the signal only
   if that is the main thread, which lives as long as the process (the bot's event loop
   runs there). From any other thread the worker relies on 2 alone.
   The parent may die before the worker gets to prctl: the worker then checks that its
   parent is still the process that made the pool, and leaves if not.
2. Everywhere, runs a daemon thread that looks every `POLL` seconds whether its parent is
   still the process that made the pool (`os.getppid()`: an orphan is adopted by init or a
   subreaper) and ends the process at once when it is not. This is the portable fallback,
   and the only guard for a pool made off the main thread.

Every worker also runs at a lower CPU priority (`WORKER_NICENESS`, added to the bot's own
with `os.nice`). Why: the event loop answers clicks and must never wait for a core that a
picture or a computer's search holds. Both are background work with slack (a board
catches up within seconds; the computer thinks against a clock, not for a fixed amount of
work), so on a machine with fewer cores than busy processes the kernel gives the loop the
core first. On a machine with a core to spare nothing changes.

`tests/bot/test_pictures.py` SIGKILLs a process that drew a picture and checks that none
of its processes is left (found through /proc, by
`cardhost_devtools.crashtest.surviving_processes`).
"""

import contextlib
import ctypes
import multiprocessing
import os
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
SIGKILL = 9
POLL = 0.5  # seconds between two looks at the parent, in the fallback thread
#: How much lower a worker's CPU priority is than the bot's (a nice increment, 0-19).
WORKER_NICENESS = 10


def picture_pool() -> ProcessPoolExecutor:
    """One worker process (spawn, not fork: the bot has threads, aiosqlite's, whose locks a
    fork would copy), started now, that ends when this process ends."""
    return worker_pool()


def worker_pool() -> ProcessPoolExecutor:
    """A one-process pool as `picture_pool` describes: the board pictures use one, the
    computer opponent's thinking another (bot/play/thinking.py)."""
    pool = ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_die_with_parent,
        initargs=(
            os.getpid(),
            threading.current_thread() is threading.main_thread(),
            WORKER_NICENESS,
        ),
    )
    # The first submit spawns the worker, from this thread: the one `initargs` describes.
    pool.submit(os.getpid)
    return pool


def _die_with_parent(parent: int, death_signal: bool, niceness: int = 0) -> None:
    """The worker's initializer: end with `parent`, and yield the CPU to it (see the
    module's docstring)."""
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: it runs at the bot's priority
            os.nice(niceness)
    if death_signal and sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # no prctl here: the watching thread still does the job
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL)
    os._exit(1)  # no cleanup to do: the worker holds nothing but a picture in progress
