"""Record of every REST call the bot made, so tests can assert on traffic, not just results."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class UploadedFile:
    """One ``files[n]`` part of a multipart request."""

    field: str
    filename: str | None
    content_type: str | None
    data: bytes

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def index(self) -> int | None:
        """The ``n`` of ``files[n]``; discord.py refers to uploads by it in ``attachments``."""
        if self.field.startswith("files[") and self.field.endswith("]"):
            inner = self.field[6:-1]
            if inner.isdigit():
                return int(inner)
        return None


@dataclass
class RecordedCall:
    """One HTTP request as the stand-in saw it.

    ``route`` is the matched template without the API prefix (e.g.
    ``/channels/{channel_id}/messages``) or ``None`` for routes the stand-in does not know.
    ``status`` is filled in once the handler answered.
    """

    method: str
    path: str
    query: dict[str, str]
    route: str | None
    json: Any
    files: list[UploadedFile]
    arrived_at: float
    status: int | None = None
    response: Any = None

    @property
    def unknown(self) -> bool:
        return self.route is None

    @property
    def endpoint(self) -> str:
        """``"POST /channels/{channel_id}/messages"``, handy for asserting call sequences."""
        return f"{self.method} {self.route if self.route is not None else self.path}"

    def __repr__(self) -> str:
        files = f" files={[f.filename for f in self.files]}" if self.files else ""
        return f"<RecordedCall {self.method} {self.path} -> {self.status}{files}>"


@dataclass
class CallRecorder:
    """Append-only list of calls with a change hook (used to wake waiters)."""

    on_record: Callable[[], None] | None = None
    calls: list[RecordedCall] = field(default_factory=list)

    def add(self, call: RecordedCall) -> None:
        self.calls.append(call)
        if self.on_record is not None:
            self.on_record()

    def __iter__(self) -> Iterator[RecordedCall]:
        return iter(self.calls)

    def __len__(self) -> int:
        return len(self.calls)

    def unknown(self) -> list[RecordedCall]:
        """Calls that matched no route the stand-in implements."""
        return [c for c in self.calls if c.unknown]

    def to(self, method: str, route: str) -> list[RecordedCall]:
        """Calls that matched ``route`` (a template such as ``/channels/{channel_id}/messages``)."""
        return [c for c in self.calls if c.method == method and c.route == route]

    def clear(self) -> None:
        self.calls.clear()
