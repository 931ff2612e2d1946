"""Worker processes yield the CPU to the bot's event loop (bot/play/workers.py)."""

import os

from bot.play.workers import WORKER_NICENESS, worker_pool


def test_a_worker_runs_at_a_lower_priority_than_the_bot() -> None:
    pool = worker_pool()
    try:
        worker_niceness = pool.submit(os.nice, 0).result(timeout=60)
    finally:
        pool.shutdown()
    assert worker_niceness == min(os.nice(0) + WORKER_NICENESS, 19)
