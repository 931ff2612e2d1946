"""Discord's rate limits, as the stand-in enforces them.

Every figure here is cited in docs/discord.md with the page of Discord's developer
documentation that states it ("Topics > Rate Limits" for all but the last two):

- the **global limit**: 50 requests per second per bot token, across every route but the
  interaction endpoints (the interaction callback, and the follow-up / original-response
  webhooks addressed with an interaction's token), which "are not bound to the bot's
  Global Rate Limit";
- **per-route buckets**, keyed by the route and its top-level resource (a channel, a guild,
  a webhook and its token). Discord documents the mechanism and the headers, not the
  figures: it announces them in `X-RateLimit-*` headers and asks apps to read them. The
  figures in `ROUTE_LIMITS` are the ones Discord is observed to announce (marked so in
  the docs); discord.py reads them from our headers exactly as it would from Discord's;
- a **429** carries a JSON body (`message`, `retry_after` in seconds, `global`), the
  headers `Retry-After` and `X-RateLimit-Scope` (`user`, `global` or `shared`), and for
  the global limit `X-RateLimit-Global: true`;
- the **invalid request limit**: 10,000 responses with status 401, 403 or 429 (but not a
  429 of scope `shared`) in 10 minutes, after which the address is banned for a while
  (Discord's Cloudflare answers 429 without its `Via` header, so clients do not retry);
- **30046** (Topics > Opcodes and Status Codes, JSON error codes): edits of messages
  older than an hour are limited; Discord does not publish the count, so it is a setting;
- **30034** (same page; Interactions > Application Commands): 200 application command
  creates per day per guild (the global scope counts as one).

The clock is injectable so that tests can step through windows without sleeping.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

#: Discord: "All bots can make up to 50 requests per second to our API."
GLOBAL_PER_SECOND = 50
#: Discord: "10,000 per 10 minutes" invalid (401, 403, 429) requests, then a temporary ban.
INVALID_LIMIT = 10_000
INVALID_WINDOW = 600.0
INVALID_BAN = 3600.0
#: Routes "not bound to the bot's Global Rate Limit" (the interaction endpoints).
GLOBAL_EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")


@dataclass(frozen=True, slots=True)
class RouteLimit:
    """A per-route bucket: at most ``limit`` requests per ``per`` seconds per resource."""

    bucket: str  # what X-RateLimit-Bucket says (the same for routes sharing a bucket)
    limit: int
    per: float
    resource: str  # the top-level resource in the path that keys the bucket


#: Observed figures (Discord announces them only in headers; see docs/discord.md).
ROUTE_LIMITS: dict[tuple[str, str], RouteLimit] = {
    ("POST", "/channels/{channel_id}/messages"): RouteLimit("80c17d2f", 5, 5.0, "channel_id"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): RouteLimit(
        "a06de9a3", 5, 5.0, "channel_id"
    ),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): RouteLimit(
        "b05c1e8e", 5, 1.0, "channel_id"
    ),
    # Interaction webhooks: exempt from the global limit, but bucketed per token.
    ("POST", "/webhooks/{application_id}/{token}"): RouteLimit("9e1b7a40", 5, 2.0, "token"),
    ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}"): RouteLimit(
        "9e1b7a41", 5, 2.0, "token"
    ),
}


@dataclass(slots=True)
class _Window:
    count: int = 0
    resets_at: float = 0.0


@dataclass(frozen=True, slots=True)
class Refusal:
    """A 429 as Discord sends it."""

    retry_after: float
    scope: str  # "user", "global" or "shared"
    body: dict[str, object]
    headers: dict[str, str]


@dataclass(slots=True)
class RateLimitStats:
    """What tests and the bench read: how the bot's traffic met the limits."""

    global_limited: int = 0  # requests that counted against the global limit
    refused: dict[str, int] = field(default_factory=lambda: {"user": 0, "global": 0, "shared": 0})
    invalid: int = 0  # 401/403/429 (not shared) within the current 10-minute window
    banned: int = 0  # requests refused because the address was banned


class RateLimiter:
    """Decides, per request, whether Discord would serve it, and what headers it sends."""

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        global_per_second: int | None = GLOBAL_PER_SECOND,
        route_limits: Mapping[tuple[str, str], RouteLimit] = ROUTE_LIMITS,
        invalid_limit: int = INVALID_LIMIT,
    ) -> None:
        """``global_per_second`` None or ``route_limits`` {} turn a rule off (a test that is
        about something else may do so; every default is Discord's)."""
        self.clock = clock
        self.global_per_second = global_per_second
        self.route_limits = dict(route_limits)
        self.invalid_limit = invalid_limit
        self.stats = RateLimitStats()
        self._global: deque[float] = deque()
        self._windows: dict[tuple[str, str], _Window] = {}
        self._invalid: deque[float] = deque()
        self._banned_until = 0.0

    # -- before a request is served ---------------------------------------------------------

    def admit(
        self, method: str, template: str | None, params: Mapping[str, str]
    ) -> tuple[Refusal | None, dict[str, str]]:
        """(a refusal, or None to serve it; the X-RateLimit headers to send either way)."""
        now = self.clock()
        if now < self._banned_until:
            self.stats.banned += 1
            return _banned(self._banned_until - now), {}
        rule = self.route_limits.get((method, template)) if template is not None else None
        window = None
        if rule is not None:
            key = (rule.bucket, params.get(rule.resource, "") if rule.resource else "")
            window = self._windows.get(key)
            if window is None or now >= window.resets_at:
                window = self._windows[key] = _Window(0, now + rule.per)
            if window.count >= rule.limit:
                refusal = _refused(rule, window, now)
                self.stats.refused["user"] += 1
                self._note_invalid(now)
                return refusal, refusal.headers
        if self.global_per_second is not None and _global_bound(template):
            recent = self._global
            while recent and now - recent[0] >= 1.0:
                recent.popleft()
            if len(recent) >= self.global_per_second:
                self.stats.refused["global"] += 1
                self._note_invalid(now)
                return _global_refusal(1.0 - (now - recent[0])), {}
            recent.append(now)
            self.stats.global_limited += 1
        if rule is None or window is None:
            return None, {}
        window.count += 1
        return None, _bucket_headers(rule, window, now)

    # -- after a request was answered ----------------------------------------------------------

    def answered(self, status: int) -> None:
        """Count an invalid answer (401, 403) toward the ban; 429s are counted in `admit`."""
        if status in (401, 403):
            self._note_invalid(self.clock())

    def _note_invalid(self, now: float) -> None:
        recent = self._invalid
        while recent and now - recent[0] >= INVALID_WINDOW:
            recent.popleft()
        recent.append(now)
        self.stats.invalid = len(recent)
        if len(recent) > self.invalid_limit:
            self._banned_until = now + INVALID_BAN


def _global_bound(template: str | None) -> bool:
    return template is None or not template.startswith(GLOBAL_EXEMPT_PREFIXES)


def _bucket_headers(rule: RouteLimit, window: _Window, now: float) -> dict[str, str]:
    reset_after = max(0.0, window.resets_at - now)
    return {
        "X-RateLimit-Limit": str(rule.limit),
        "X-RateLimit-Remaining": str(max(0, rule.limit - window.count)),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": rule.bucket,
    }


def _refused(rule: RouteLimit, window: _Window, now: float) -> Refusal:
    retry = max(0.001, window.resets_at - now)
    headers = _bucket_headers(rule, window, now)
    headers.update(_retry_headers(retry, scope="user"))
    body = {"message": "You are being rate limited.", "retry_after": round(retry, 3)}
    return Refusal(retry, "user", {**body, "global": False}, headers)


def _global_refusal(retry: float) -> Refusal:
    retry = max(0.001, retry)
    headers = {**_retry_headers(retry, scope="global"), "X-RateLimit-Global": "true"}
    body = {"message": "You are being rate limited.", "retry_after": round(retry, 3)}
    return Refusal(retry, "global", {**body, "global": True}, headers)


def _banned(retry: float) -> Refusal:
    # Cloudflare's ban page: no Via header, so discord.py raises instead of retrying.
    body = {"message": "You are being blocked from accessing our API temporarily.", "code": 0}
    return Refusal(retry, "global", {**body, "retry_after": round(retry, 3), "global": True}, {})


def _retry_headers(retry: float, *, scope: str) -> dict[str, str]:
    # Discord's API answers pass through Google's front end: discord.py treats a 429
    # without a Via header as a Cloudflare ban and does not retry it.
    return {"Retry-After": str(math.ceil(retry)), "X-RateLimit-Scope": scope, "Via": "1.1 google"}


def shared_refusal(retry: float, *, code: int, message: str) -> Refusal:
    """A per-resource 429 (scope ``shared``: not counted toward the invalid-request ban)."""
    headers = _retry_headers(retry, scope="shared")
    body: dict[str, object] = {
        "message": message,
        "retry_after": round(retry, 3),
        "global": False,
        "code": code,
    }
    return Refusal(retry, "shared", body, headers)
