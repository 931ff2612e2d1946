"""Point an unmodified discord.py at the stand-in.

discord.py builds every REST URL from ``Route.BASE`` (webhooks and interaction callbacks
included) and a plain `Client` connects straight to ``DiscordWebSocket.DEFAULT_GATEWAY``
without asking ``/gateway/bot``, so these two class attributes are all there is to patch.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

import bot.discord.internals  # noqa: F401  (the version check: this module patches internals too)


@contextmanager
def discord_pointed_at(rest_base: str, gateway_url: str) -> Iterator[None]:
    """Temporarily send discord.py's REST and gateway traffic to the given URLs."""
    old_base = Route.BASE
    old_gateway = DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = rest_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE = old_base
        DiscordWebSocket.DEFAULT_GATEWAY = old_gateway
