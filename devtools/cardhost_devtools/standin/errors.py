"""Errors of the Discord stand-in.

`ApiError` is what a REST handler raises to answer the way Discord does (status + JSON error
code), so discord.py raises the same exception types it would in production.
`StandinTimeoutError` is raised to *tests* when an awaited bot reaction never happens; it is an
AssertionError so pytest reports it as a failed expectation, not as an internal crash.
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A Discord-shaped REST error: HTTP status plus ``{"code": ..., "message": ...}``."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def to_json(self) -> dict[str, Any]:
        """Body Discord would send for this error."""
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            body["errors"] = self.errors
        return body


def unknown(kind: str, code: int) -> ApiError:
    """404 for a missing entity, e.g. ``unknown("Message", 10008)``."""
    return ApiError(404, code, f"Unknown {kind}")


def invalid_form(message: str, **errors: Any) -> ApiError:
    """400 'Invalid Form Body' (code 50035), the catch-all validation error."""
    return ApiError(400, 50035, f"Invalid Form Body: {message}", errors or None)


class StandinTimeoutError(AssertionError):
    """The bot did not do what a test waited for within the timeout."""
