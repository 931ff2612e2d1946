"""Running an interaction another process received and deferred: `dispatch`, and its
`interaction.response` (`ForwardedResponse`).

The process serving a match runs a forwarded command or click through its own handler,
unchanged (`dispatch`; which ones, and why: bot/cluster/routing.py). The handler answers
as it always does, with `interaction.response.send_message / edit_message / defer`; but
the receiver has already made the interaction's one callback (the deferral its
`MatchRoute` declares), so each answer becomes the call through the interaction's token
that shows the same thing:

- a deferred message ("thinking…", already private or public): `send_message` fills it
  (`edit_original_response`). A private answer to a public deferral (a refusal of
  /resign, say) must not be shown to the channel: the public placeholder is deleted and
  the answer goes out as a private follow-up.
- a deferred update (a panel's choice): `edit_message` edits the clicked message, and
  `send_message` (a refusal) is a follow-up, private or not as the handler asks.
- `defer` does nothing more (it was done), and a modal cannot come after a deferral.

Once answered, `is_done()` is true as usual, so later `followup.send` and
`edit_original_response` calls work as they do for a local interaction.
"""

import logging
from typing import Any

import discord
from discord import InteractionResponseType
from discord.utils import MISSING

from bot.cluster.routing import MatchRoute
from bot.discord.internals import dispatch_interaction, new_interaction, set_response

log = logging.getLogger(__name__)

_EDIT_FIELDS = ("embed", "embeds", "attachments", "view", "allowed_mentions")
_SEND_FIELDS = ("embed", "embeds", "view", "allowed_mentions", "tts", "suppress_embeds", "silent")


def _given(fields: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    return {name: fields[name] for name in names if fields.get(name, MISSING) is not MISSING}


class ForwardedResponse(discord.InteractionResponse):
    __slots__ = ("route",)

    def __init__(self, parent: discord.Interaction, route: MatchRoute):
        super().__init__(parent)
        self.route = route

    def _mark(self, kind: InteractionResponseType) -> None:
        if self._response_type is not None:
            raise discord.InteractionResponded(self._parent)
        self._response_type = kind

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        """Done by the receiver already, as the route says."""
        self._mark(
            InteractionResponseType.deferred_message_update
            if self.route.update
            else InteractionResponseType.deferred_channel_message
        )

    async def send_message(  # type: ignore[override]
        self,
        content: Any | None = None,
        *,
        ephemeral: bool = False,
        file: discord.File = MISSING,
        files: list[discord.File] = MISSING,
        **fields: Any,
    ) -> None:
        self._mark(InteractionResponseType.channel_message)
        parent = self._parent
        if file is not MISSING:
            files = [file]
        if self.route.update or (ephemeral and not self.route.ephemeral):
            if not self.route.update:  # never show the channel what was meant for one user
                await parent.delete_original_response()
            await parent.followup.send(
                MISSING if content is None else str(content),
                ephemeral=ephemeral,
                files=files,
                **_given(fields, _SEND_FIELDS),
            )
            return
        if not ephemeral and self.route.ephemeral:
            log.warning("interaction %s: a public answer to a private route", parent.id)
        if files is not MISSING:
            fields["attachments"] = files
        await parent.edit_original_response(content=content, **_given(fields, _EDIT_FIELDS))

    async def edit_message(self, **fields: Any) -> None:
        self._mark(InteractionResponseType.message_update)
        if not self.route.update:
            log.warning("interaction %s: an edit answering a message route", self._parent.id)
        content = fields.get("content", MISSING)
        await self._parent.edit_original_response(
            **({} if content is MISSING else {"content": content}),
            **_given(fields, _EDIT_FIELDS),
        )

    async def send_modal(self, modal: discord.ui.Modal, /) -> None:  # type: ignore[override]
        """A modal can only be an interaction's first answer, and the receiver deferred."""
        raise discord.InteractionResponded(self._parent)


def dispatch(
    client: discord.Client,
    data: dict[str, Any],
    extras: dict[str, Any],
    route: MatchRoute | None = None,
) -> None:
    """Hand an INTERACTION_CREATE payload to discord.py's command tree or view store, as
    `ConnectionState.parse_interaction_create` does, with `extras` on the Interaction and,
    for one another process received (`route`), the answers made through its token."""
    interaction = new_interaction(client, data)
    interaction.extras.update(extras)
    if route is not None:
        set_response(interaction, ForwardedResponse(interaction, route))
    dispatch_interaction(client, interaction, data)
