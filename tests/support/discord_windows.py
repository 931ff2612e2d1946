"""Discord's per-route rate-limit windows, shortened for the bot's end-to-end tests.

Discord lets a bot make 5 requests per bucket in a window (5 s for a channel's messages,
2 s for an interaction token's webhook), and discord.py, reading the stand-in's
`X-RateLimit-*` headers, waits out each window it fills. A whole match played with
buttons fills a token's bucket every few clicks, so most of such a test was spent
waiting. The tests keep every rule and every count (5 per bucket, the global 50 a
second, the 429s and their headers) and only make the windows `SPEEDUP` times shorter:
the bot still has to live within the buckets, and discord.py still reads and obeys them.

A test about the windows themselves carries the `discord_windows` marker and gets
Discord's own figures (`limiter_for`).
"""

import dataclasses
import time

import pytest

from cardhost_devtools.standin.ratelimits import ROUTE_LIMITS, RateLimiter

SPEEDUP = 10.0


def shortened_limiter(speedup: float = SPEEDUP) -> RateLimiter:
    """The stand-in's limiter with every per-route window `speedup` times shorter."""
    limits = {
        route: dataclasses.replace(limit, per=limit.per / speedup)
        for route, limit in ROUTE_LIMITS.items()
    }
    return RateLimiter(clock=time.perf_counter, route_limits=limits)


def limiter_for(request: pytest.FixtureRequest) -> RateLimiter | None:
    """Discord's windows (None: the stand-in's default) for a test marked
    `discord_windows`, shortened ones for every other."""
    if request.node.get_closest_marker("discord_windows") is not None:
        return None
    return shortened_limiter()
