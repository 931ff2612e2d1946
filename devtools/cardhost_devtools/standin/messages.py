"""Messages as users see them: content, embeds, components, attachments, edit history.

A `FakeMessage` is mutated in place on edits (like Discord), and keeps every previous version
in `history` so tests can assert on what changed and in which order. An edit replaces the
``embeds`` / ``components`` / ``attachments`` lists instead of changing them, so a revision
holds references to the old lists, not copies; treat them as read-only.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .entities import now_iso
from .errors import ApiError, invalid_form

if TYPE_CHECKING:
    from .entities import FakeChannel, FakeUser

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
COMPONENTS_V2 = 1 << 15
#: Flags a bot may set when sending; everything else is Discord-controlled.
SETTABLE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2

BUTTON = 2
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
INTERACTIVE_TYPES = SELECT_TYPES | {BUTTON}
LINK_STYLE = 5
PREMIUM_STYLE = 6
TEXT_DISPLAY = 10


@dataclass(frozen=True)
class FakeAttachment:
    """A file a bot uploaded; the stand-in keeps the bytes so tests can inspect them."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def to_payload(self, channel_id: int) -> dict[str, Any]:
        url = f"https://cdn.standin.invalid/attachments/{channel_id}/{self.id}/{self.filename}"
        payload: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            payload["description"] = self.description
        return payload


@dataclass(frozen=True, eq=False)
class ComponentRef:
    """A read-only view of one component of a message, for finding and clicking it."""

    type: int
    custom_id: str | None
    label: str | None
    style: int | None
    disabled: bool
    url: str | None
    placeholder: str | None
    options: tuple[Mapping[str, Any], ...]
    raw: Mapping[str, Any]

    @classmethod
    def of(cls, raw: Mapping[str, Any]) -> ComponentRef:
        # Filled in directly: a frozen dataclass's __init__ pays for object.__setattr__ on
        # every field, and panels are re-read after every edit.
        ref = object.__new__(cls)
        ref.__dict__.update(
            type=int(raw.get("type", 0)),
            custom_id=raw.get("custom_id"),
            label=raw.get("label"),
            style=raw.get("style"),
            disabled=bool(raw.get("disabled", False)),
            url=raw.get("url"),
            placeholder=raw.get("placeholder"),
            options=tuple(raw.get("options", ())),
            raw=raw,
        )
        return ref

    @property
    def clickable(self) -> bool:
        """Whether a user click reaches the bot (link/premium buttons never do)."""
        if self.type not in INTERACTIVE_TYPES or self.custom_id is None or self.disabled:
            return False
        return not (self.type == BUTTON and self.style in (LINK_STYLE, PREMIUM_STYLE))


def walk_components(components: Sequence[Mapping[str, Any]]) -> Iterator[Mapping[str, Any]]:
    """Depth-first walk over action rows, components-v2 containers, sections and labels."""
    return iter(flatten_components(components))


def flatten_components(components: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """`walk_components` as a list (one pass, no generator per level)."""
    out: list[Mapping[str, Any]] = []
    _flatten(components, out)
    return out


def _flatten(components: Sequence[Mapping[str, Any]], out: list[Mapping[str, Any]]) -> None:
    for component in components:
        out.append(component)
        children = component.get("components")
        if children:
            _flatten(children, out)
        for key in ("accessory", "component"):
            child = component.get(key)
            if child is not None and (type(child) is dict or isinstance(child, Mapping)):
                _flatten((child,), out)


@dataclass(frozen=True)
class MessageRevision:
    """A message as it looked before one edit."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[FakeAttachment]
    flags: int
    at: str


@dataclass(eq=False)
class FakeMessage:
    """A message in a guild channel or DM, as the stand-in stores it."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    tts: bool = False
    created_at: str = field(default_factory=now_iso)
    #: `time.perf_counter()` at creation: how old the message is (Discord limits edits of
    #: messages older than an hour, code 30046).
    born: float = field(default_factory=time.perf_counter)
    edited_at: str | None = None
    #: For ephemeral messages: the only user who can see it.
    visible_to: FakeUser | None = None
    #: Interaction that created this message (response or follow-up), if any.
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_user: FakeUser | None = None
    webhook_id: int | None = None
    reference: dict[str, Any] | None = None
    poll: dict[str, Any] | None = None
    deleted: bool = False
    history: list[MessageRevision] = field(default_factory=list)
    #: Parsed components and text, valid while ``components`` / content+embeds are the same
    #: objects (edits assign new lists, so no invalidation is needed).
    _refs_cache: tuple[list[dict[str, Any]], list[ComponentRef]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    _text_cache: tuple[str, list[dict[str, Any]], list[dict[str, Any]], str] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    # -- convenience for assertions ------------------------------------------------------------

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "Bot is thinking..." placeholder."""
        return bool(self.flags & LOADING)

    @property
    def edited(self) -> bool:
        return self.edited_at is not None

    @property
    def embed(self) -> dict[str, Any] | None:
        """The first embed, or None."""
        return self.embeds[0] if self.embeds else None

    @property
    def text(self) -> str:
        """Everything a user can read: content, embed texts and components-v2 text displays."""
        cached = self._text_cache
        if (
            cached is not None
            and cached[0] is self.content
            and cached[1] is self.embeds
            and cached[2] is self.components
        ):
            return cached[3]
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            parts.extend(_embed_texts(embed))
        for comp in walk_components(self.components):
            if comp.get("type") == TEXT_DISPLAY and comp.get("content"):
                parts.append(str(comp["content"]))
        text = "\n".join(parts)
        self._text_cache = (self.content, self.embeds, self.components, text)
        return text

    def _component_refs(self) -> list[ComponentRef]:
        cached = self._refs_cache
        if cached is not None and cached[0] is self.components:
            return cached[1]
        refs = [ComponentRef.of(raw) for raw in flatten_components(self.components)]
        self._refs_cache = (self.components, refs)
        return refs

    def iter_components(self) -> Iterator[ComponentRef]:
        return iter(self._component_refs())

    @property
    def buttons(self) -> list[ComponentRef]:
        return [c for c in self._component_refs() if c.type == BUTTON]

    @property
    def selects(self) -> list[ComponentRef]:
        return [c for c in self._component_refs() if c.type in SELECT_TYPES]

    def find_component(
        self, *, custom_id: str | None = None, label: str | None = None
    ) -> ComponentRef:
        """The interactive component with this custom_id and/or label (LookupError if none)."""
        if custom_id is None and label is None:
            raise ValueError("give custom_id or label")
        for comp in self.iter_components():
            if comp.type not in INTERACTIVE_TYPES:
                continue
            if custom_id is not None and comp.custom_id != custom_id:
                continue
            if label is not None and comp.label != label and comp.placeholder != label:
                continue
            return comp
        have = [(c.custom_id, c.label or c.placeholder) for c in self.iter_components()]
        raise LookupError(
            f"message {self.id} has no component custom_id={custom_id!r} label={label!r}; "
            f"it has {have}"
        )

    def find_button(
        self, *, custom_id: str | None = None, label: str | None = None
    ) -> ComponentRef:
        comp = self.find_component(custom_id=custom_id, label=label)
        if comp.type != BUTTON:
            raise LookupError(f"component {comp.custom_id!r} is not a button (type {comp.type})")
        return comp

    def find_select(
        self, *, custom_id: str | None = None, placeholder: str | None = None
    ) -> ComponentRef:
        comp = self.find_component(custom_id=custom_id, label=placeholder)
        if comp.type not in SELECT_TYPES:
            raise LookupError(f"component {comp.custom_id!r} is not a select (type {comp.type})")
        return comp

    def attachment(self, filename: str) -> FakeAttachment:
        for att in self.attachments:
            if att.filename == filename:
                return att
        raise LookupError(f"message {self.id} has no attachment {filename!r}")

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        flags += " loading" if self.loading else ""
        return f"<FakeMessage id={self.id} channel={self.channel.name!r}{flags} text={self.text!r}>"

    # -- wire format ---------------------------------------------------------------------------

    def to_payload(self, application_id: int) -> dict[str, Any]:
        """The message object Discord would return / embed in an interaction."""
        payload: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "content": self.content,
            "author": self.author.to_payload(),
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [a.to_payload(self.channel.id) for a in self.attachments],
            "flags": self.flags,
            "timestamp": self.created_at,
            "edited_timestamp": self.edited_at,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
        }
        if self.channel.guild is not None:
            payload["guild_id"] = str(self.channel.guild.id)
        if self.webhook_id is not None:
            payload["webhook_id"] = str(self.webhook_id)
            payload["application_id"] = str(application_id)
        if self.interaction_id is not None and self.interaction_user is not None:
            payload["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type or 2,
                "user": self.interaction_user.to_payload(),
                "authorizing_integration_owners": {},
            }
        if self.reference is not None:
            payload["message_reference"] = self.reference
        if self.poll is not None:
            payload["poll"] = self.poll
        return payload

    # -- mutation (used by the REST layer) -----------------------------------------------------

    def snapshot(self) -> MessageRevision:
        return MessageRevision(
            content=self.content,
            embeds=self.embeds,
            components=self.components,
            attachments=self.attachments,
            flags=self.flags,
            at=self.edited_at or self.created_at,
        )

    def apply(self, payload: Mapping[str, Any], attachments: list[FakeAttachment] | None) -> None:
        """Overwrite the fields present in a create/edit payload (absent fields are kept)."""
        if "content" in payload:
            self.content = "" if payload["content"] is None else str(payload["content"])
        if "embeds" in payload:
            self.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            self.components = list(payload["components"] or [])
        if "flags" in payload and payload["flags"] is not None:
            keep = self.flags & (EPHEMERAL | LOADING)
            self.flags = (int(payload["flags"]) & SETTABLE_FLAGS & ~EPHEMERAL) | keep
        if "poll" in payload:
            self.poll = payload["poll"]
        if attachments is not None:
            self.attachments = attachments


def _embed_texts(embed: Mapping[str, Any]) -> Iterator[str]:
    for key in ("title", "description"):
        if embed.get(key):
            yield str(embed[key])
    for fld in embed.get("fields", ()):
        yield f"{fld.get('name', '')}: {fld.get('value', '')}"
    for key in ("author", "footer"):
        sub = embed.get(key) or {}
        text = sub.get("name") or sub.get("text")
        if text:
            yield str(text)


# -- validation (a subset of Discord's limits, enough to catch bot bugs early) -----------------

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_ROWS = 5
MAX_ROW_ITEMS = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80


def validate_message(
    payload: Mapping[str, Any], *, attachment_count: int, creating: bool, loading: bool = False
) -> None:
    """Raise `ApiError` like Discord for oversized or empty messages and broken components."""
    content = payload.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        raise invalid_form("content must be 2000 or fewer in length", content=len(str(content)))
    embeds = payload.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        raise invalid_form("too many embeds", embeds=len(embeds))
    for embed in embeds:
        if len(str(embed.get("title") or "")) > 256:
            raise invalid_form("embed title must be 256 or fewer in length")
        if len(str(embed.get("description") or "")) > 4096:
            raise invalid_form("embed description must be 4096 or fewer in length")
        if len(embed.get("fields") or []) > 25:
            raise invalid_form("embeds have at most 25 fields")
    components = payload.get("components") or []
    flags = int(payload.get("flags") or 0)
    if not flags & COMPONENTS_V2:
        if len(components) > MAX_ROWS:
            raise invalid_form("a message has at most 5 action rows")
        for row in components:
            if len(row.get("components") or []) > MAX_ROW_ITEMS:
                raise invalid_form("an action row has at most 5 components")
    seen: set[str] = set()
    for comp in flatten_components(components):
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            if len(custom_id) > MAX_CUSTOM_ID:
                raise invalid_form(f"custom_id {custom_id[:20]!r}... is longer than 100")
            if custom_id in seen:
                raise invalid_form(f"Component custom id cannot be duplicated: {custom_id!r}")
            seen.add(custom_id)
        if comp.get("type") == BUTTON and len(str(comp.get("label") or "")) > MAX_LABEL:
            raise invalid_form("button label must be 80 or fewer in length")
    if creating and not loading:
        empty = (
            not content
            and not embeds
            and not components
            and not attachment_count
            and not payload.get("poll")
            and not payload.get("sticker_ids")
        )
        if empty:
            raise ApiError(400, 50006, "Cannot send an empty message")
