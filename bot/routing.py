"""Every interaction about a match reaches the process that serves it (issue 18).

Discord delivers an interaction to the process holding its shard (every DM interaction to
shard 0's), not to the process whose lease serves the match. Decision clicks have their
own compact forwarding on the hot path (`Controller.fast_click`); this is the one path for
everything else that concerns a match: the match commands (/hand, /board, /match,
/resign, /spectate), the board's buttons, "Look at a card" and its menus, and decision
clicks when they go through discord.py (`bot.fast_clicks` False).

Which interactions: those whose handler declares a `MatchRoute` (bot/match_route.py).
The receiver finds the match (a component names it in its custom_id; a command means the
match of its channel, or the user's one match in a DM: `bot/match_here.py`, asked of the
database since the match may be another process's) and whose lease it is. When another
live process holds it, the receiver:

1. defers the interaction at once, as the route says (a deferred update, or a deferred
   message that is private or public from the start), so Discord's 3 s are met;
2. sends the owner, over its LISTEN/NOTIFY channel (bot/forwarding.py), the interaction's
   own gateway payload (the user, the channel or DM, the command and its options or the
   clicked component and its values, the token), slimmed of what no handler reads (the
   clicked message's text and other components), with the route and the match it found.

The owner rebuilds a discord.py `Interaction` from that payload and runs the very handler
it would run had Discord sent it there (`dispatch`), so every check is the same one: the
user is who Discord said, only their own seat's view is drawn (a hidden card never leaves
the owner), a user not playing is told so. Its answer goes through the token
(`ForwardedResponse`), not back through the receiver.

When nobody else holds the match (its owner died: the lease expired), the receiver runs
the handler itself, with the match it found; the handler's `SessionManager.get` takes the
match over by replaying its log, as a click does. A process never forwards an interaction
it was forwarded, so nothing can go round in circles.
"""

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_private import dispatch_interaction, new_interaction, set_response
from bot.forwarded_response import ForwardedResponse
from bot.forwarding import TooLarge, pack
from bot.match_here import MATCHES_HERE, ids_here, user_id_of
from bot.match_route import ROUTE, MatchRoute

if TYPE_CHECKING:
    from bot.app import CardhostBot

log = logging.getLogger(__name__)

APPLICATION_COMMAND, COMPONENT = 2, 3  # interaction types
CHAT_INPUT = 1  # application command type (a slash command)
DEFERRED_MESSAGE, DEFERRED_UPDATE = 5, 6  # callback types
EPHEMERAL = 64
UNREACHABLE = (
    "The bot process serving this match could not be reached; nothing changed. "
    "Try again in a few seconds."
)
#: The clicked message's fields no handler reads: left out of what is forwarded.
_UNREAD = ("content", "embeds", "components", "attachments", "referenced_message")


def dispatch(
    bot: "CardhostBot",
    data: dict[str, Any],
    *,
    extras: dict[str, Any] | None = None,
    route: MatchRoute | None = None,
) -> None:
    """Hand an INTERACTION_CREATE payload to discord.py's command tree or view store, as
    `ConnectionState.parse_interaction_create` does, with `extras` on the Interaction and,
    for one another process received (`route`), the answers made through its token."""
    interaction = new_interaction(bot, data)
    interaction.extras.update(extras or {})
    if route is not None:
        set_response(interaction, ForwardedResponse(interaction, route))
    dispatch_interaction(bot, interaction, data)


def slim(data: dict[str, Any]) -> dict[str, Any]:
    """The payload with its clicked message reduced to what discord.py needs to find the
    clicked component again: the message's ids and flags and that one component (a
    menu's options cut to the ones picked). A panel's embed and twenty buttons would not
    fit in a NOTIFY (8000 bytes), and nothing reads them."""
    message = data.get("message")
    if not message:
        return data
    inner = data.get("data") or {}
    custom_id = inner.get("custom_id")
    clicked = next(
        (
            item
            for row in message.get("components") or ()
            for item in row.get("components") or ()
            if item.get("custom_id") == custom_id
        ),
        None,
    )
    if clicked is not None and clicked.get("options"):
        picked = set(inner.get("values") or ())
        options = [o for o in clicked["options"] if o.get("value") in picked]
        clicked = {**clicked, "options": options or clicked["options"][:1]}
    kept = {k: v for k, v in message.items() if k not in _UNREAD}
    kept.update(
        content="",
        embeds=[],
        attachments=[],
        components=[] if clicked is None else [{"type": 1, "components": [clicked]}],
    )
    return {**data, "message": kept}


class Router:
    def __init__(self, bot: "CardhostBot", items: tuple[type, ...]):
        self.bot = bot
        #: (the compiled custom_id template, its route) of each DynamicItem that has one
        self._items = [
            (item.__discord_ui_compiled_template__, item.match_route)  # type: ignore[attr-defined]
            for item in items
            if getattr(item, "match_route", None) is not None
        ]

    def route_of(self, data: dict[str, Any]) -> tuple[MatchRoute, int | None] | None:
        """The route an interaction's handler declares, and the match its component names
        (None for a command: found from where it was used); None: not about a match."""
        inner = data.get("data") or {}
        if data.get("type") == APPLICATION_COMMAND and inner.get("type", CHAT_INPUT) == CHAT_INPUT:
            tree = self.bot.tree
            name = str(inner.get("name") or "")
            guild = data.get("guild_id")
            command = (
                tree.get_command(name, guild=discord.Object(int(guild))) if guild else None
            ) or tree.get_command(name)
            route = getattr(command, "extras", {}).get(ROUTE)
            return None if route is None else (route, None)
        if data.get("type") == COMPONENT:
            custom_id = str(inner.get("custom_id") or "")
            for template, route in self._items:
                found = template.fullmatch(custom_id)
                if found is not None:
                    return route, int(found["match"])
        return None

    def take(self, data: dict[str, Any]) -> bool:
        """Route an INTERACTION_CREATE (True), or leave it to discord.py as it stands
        (False: one process, not about a match, or about a match served here)."""
        bot = self.bot
        sessions = getattr(bot, "sessions", None)
        if bot.lease_owner is None or sessions is None:
            return False
        routed = self.route_of(data)
        if routed is None:
            return False
        route, match_id = routed
        if match_id is not None and self._here(match_id):
            return False
        if match_id is None and _int(data.get("channel_id")) in sessions.by_channel:
            return False  # the channel's match is served here
        bot.controller.later(self._route(data, route, match_id))
        return True

    def _here(self, match_id: int) -> bool:
        sessions = self.bot.sessions
        return match_id in sessions.by_id or match_id in sessions.unreplayed

    async def _route(self, data: dict[str, Any], route: MatchRoute, match_id: int | None) -> None:
        extras: dict[str, Any] = {}
        try:
            if match_id is None:
                user_id = user_id_of(data)
                ids = await ids_here(
                    self.bot,
                    _int(data.get("channel_id")),
                    user_id or 0,
                    in_dm=data.get("guild_id") is None,
                )
                extras[MATCHES_HERE] = ids
                match_id = ids[0] if len(ids) == 1 else None
            if match_id is not None and await self._forward(data, route, match_id, extras):
                return
        except Exception:
            log.exception("routing interaction %s failed; answering it here", data.get("id"))
        dispatch(self.bot, data, extras=extras)

    async def _forward(
        self, data: dict[str, Any], route: MatchRoute, match_id: int, extras: dict[str, Any]
    ) -> bool:
        """Defer and send to the match's owner when another live process holds it: True
        when the interaction was so dealt with (or had expired already)."""
        bot = self.bot
        forwarder = bot.forwarder
        if forwarder is None or self._here(match_id):
            return False
        owner = await bot.storage.leases.owner_of(match_id)
        if owner is None or owner == bot.sessions.lease_owner:
            return False  # free or expired (taken over here by the handler), or ours
        try:
            note = pack(
                {
                    "kind": "interaction",
                    "match_id": match_id,
                    "route": [route.update, route.ephemeral],
                    "extras": extras,
                    "data": slim(data),
                }
            )
        except TooLarge:
            log.warning("interaction %s is too large to forward", data.get("id"))
            return False
        interaction = (int(data["id"]), str(data["token"]))
        if route.update:
            deferral: dict[str, Any] = {"type": DEFERRED_UPDATE}
        else:
            flags = EPHEMERAL if route.ephemeral else 0
            deferral = {"type": DEFERRED_MESSAGE, "data": {"flags": flags}}
        controller = bot.controller
        if not await controller._answer(interaction, deferral):
            return True  # too late already: nothing was done
        try:
            await forwarder.send(owner, note)
            log.debug("interaction %s forwarded to %s: %d bytes", interaction[0], owner, len(note))
        except Exception:
            log.exception("interaction %s: could not reach process %s", interaction[0], owner)
            body = {"content": UNREACHABLE, "flags": EPHEMERAL}
            if route.update or route.ephemeral:
                await controller._webhook("POST", interaction[1], body, original=False)
            else:  # the public "thinking…" would show the channel a private answer
                await controller._webhook("DELETE", interaction[1], None)
                await controller._webhook("POST", interaction[1], body, original=False)
        return True

    async def received(self, payload: dict[str, Any]) -> None:
        """A NOTIFY for this process: a forwarded interaction, run through its handler
        here and answered through its token, or a forwarded decision click."""
        if payload.get("kind") != "interaction":
            await self.bot.controller.forwarded(payload)
            return
        update, ephemeral = payload["route"]
        dispatch(
            self.bot,
            payload["data"],
            extras=dict(payload.get("extras") or {}),
            route=MatchRoute(update=bool(update), ephemeral=bool(ephemeral)),
        )


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
