"""Every interaction about a match reaches the process that serves it.

Discord delivers an interaction to the process holding its shard (every DM interaction to
shard 0's), not to the process whose lease serves the match. Decision clicks have their
own compact forwarding on the hot path (`Controller.fast_click`); this is the one path for
everything else that concerns a match: the match commands (/hand, /board, /match,
/resign, /spectate), the board's buttons, "Look at a card" and its menus, and decision
clicks when they go through discord.py (`bot.fast_clicks` False).

Which interactions: those whose handler declares a `MatchRoute` (below).
The receiver finds the match (a component names it in its custom_id; a command means the
match of its channel, or the user's one match in a DM: `MatchesHere`, asked of the
database since the match may be another process's) and whose lease it is. When another
live process holds it, the receiver:

1. defers the interaction at once, as the route says (a deferred update, or a deferred
   message that is private or public from the start), so Discord's 3 s are met;
2. sends the owner, over its LISTEN/NOTIFY channel (bot/cluster/forwarding.py), the interaction's
   own gateway payload (the user, the channel or DM, the command and its options or the
   clicked component and its values, the token), slimmed of what no handler reads (the
   clicked message's text and other components), with the route and the match it found.

The owner rebuilds a discord.py `Interaction` from that payload and runs the very handler
it would run had Discord sent it there (`dispatch`, bot/discord/forwarded.py), so every
check is the same one: the user is who Discord said, only their own seat's view is drawn
(a hidden card never leaves the owner), a user not playing is told so. Its answer goes
through the token (`ForwardedResponse`), not back through the receiver.

When nobody else holds the match (its owner died: the lease expired), the receiver runs
the handler itself, with the match it found; the handler's `SessionManager.get` takes the
match over by replaying its log, as a click does. A process never forwards an interaction
it was forwarded, so nothing can go round in circles.
"""

import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.cluster.forwarding import Forwarder, TooLarge, pack
from bot.play.sessions import MatchSession, SessionManager
from bot.storage import Storage
from bot.storage.matches import RunningHeader

log = logging.getLogger(__name__)

# -- how each handler is answered, declared where it is handled ----------------------
#
# With several processes the process that receives an interaction may not be the one
# that serves its match. It must then answer Discord within 3 seconds without running
# the handler, by deferring, and the deferral fixes the answer's shape: a deferred update
# (the answer will edit the clicked message) or a deferred message, private or public
# (what the player sees at once, "thinking…", is already private or not). So each command
# and component says how it is routed, next to its handler: `extras={ROUTE: PRIVATE}` on
# an app command (or `match_route` on its cog), `match_route = PRIVATE` on a DynamicItem.
# `NOT_MATCH_BOUND` says the handler is not about a running match and is answered by the
# process that receives it. tests/bot/test_routing_declared.py fails on a handler that
# says neither.

#: The key of an app command's `extras` that holds its route.
ROUTE = "cardhost_match_route"


@dataclass(frozen=True, slots=True)
class MatchRoute:
    """Forwarded to the match's lease owner. `update`: the answer edits the clicked
    message (a panel's choice); otherwise the answer is a new message, `ephemeral` (only
    the user sees it) or public."""

    update: bool = False
    ephemeral: bool = True


@dataclass(frozen=True, slots=True)
class NotMatchBound:
    """Not about a running match: answered where it arrives, never forwarded."""


PRIVATE = MatchRoute()  # /hand, /match, "Look at a card": seen by the user alone
PUBLIC = MatchRoute(ephemeral=False)  # /board, /resign: the channel sees the answer
UPDATE = MatchRoute(update=True)  # a decision button or menu: the panel becomes the answer
NOT_MATCH_BOUND = NotMatchBound()  # /deck, /challenge, a challenge's buttons, history…

Route = MatchRoute | NotMatchBound


def declared_route(handler: object, owner: object = None) -> Route | None:
    """The route a command (its `extras`, else its cog's `match_route`) or a DynamicItem
    class (its `match_route`) declares; None: it declares none."""
    extras = getattr(handler, "extras", None)
    if isinstance(extras, dict) and isinstance(extras.get(ROUTE), MatchRoute | NotMatchBound):
        return extras[ROUTE]
    for source in (handler, owner):
        route = getattr(source, "match_route", None)
        if isinstance(route, MatchRoute | NotMatchBound):
            return route
    return None


# -- which running match a match command means ----------------------------------------
#
# In a match's channel or thread: that match. In a channel whose matches run in threads:
# the one match there the user plays. In a DM (no server): the one running match the user
# plays, wherever it is, so a player whose hand comes by DM can ask for it there. With
# several processes the receiving process may not serve the match at all, so it asks the
# database, which knows every process's matches (`MatchRepo.running_near`), and the answer
# travels with the interaction (`interaction.extras[MATCHES_HERE]`): the process that
# serves the match then uses exactly the match the receiver found, even when the user
# plays other matches there too. One process asks its own sessions.

#: `interaction.extras` key: the match ids the receiving process found for a command.
MATCHES_HERE = "cardhost_matches_here"

NO_MATCH_HERE = (
    "There is no running match here (in a channel whose matches run in threads, use the "
    "command in your match's thread)."
)
SEVERAL_HERE = (
    "You play in {count} running matches: use the command in the channel or thread of "
    "the one you mean."
)


def user_id_of(data: dict) -> int | None:
    """The user of a raw INTERACTION_CREATE payload (a member in a server, a user in DMs)."""
    user = (data.get("member") or {}).get("user") or data.get("user") or {}
    try:
        return int(user["id"])
    except (KeyError, TypeError, ValueError):
        return None


def pick(headers: list[RunningHeader], channel_id: int, user_id: int, *, in_dm: bool) -> list[int]:
    """The candidates for a command in `channel_id` by `user_id` (see above)."""
    own = [h.match_id for h in headers if h.channel_id == channel_id]
    if own:
        return own[:1]  # a channel holds one running match at most
    return [
        h.match_id
        for h in headers
        if user_id in h.user_ids and (in_dm or h.parent_channel_id == channel_id)
    ]


class MatchesHere:
    """Finds the running match a command used somewhere means."""

    def __init__(self, *, sessions: SessionManager, storage: Storage):
        self.sessions = sessions
        self.storage = storage

    async def ids(self, channel_id: int, user_id: int, *, in_dm: bool) -> list[int]:
        """The running matches a command used here may mean (none, one, or several: then
        the user must say which by using it in that match's channel)."""
        sessions = self.sessions
        if sessions.lease_owner is None:  # the only process: its sessions are every match
            session = await sessions.in_channel(channel_id)
            if session is not None:
                return [session.match_id]
            mine = await sessions.played_in(None if in_dm else channel_id, user_id)
            return sorted(s.match_id for s in mine)
        local = sessions.by_channel.get(channel_id)
        if local is not None:
            return [local.match_id]
        headers = await self.storage.matches.running_near(channel_id, user_id)
        return pick(headers, channel_id, user_id, in_dm=in_dm)

    async def session(
        self, found: list[int] | None, channel_id: int, user_id: int, *, in_dm: bool
    ) -> MatchSession | str:
        """The match a command used here means (`found`: the ids the receiving process
        found, if another did), or the player's words for why there is none.

        The match is served here from now on: one whose process died is taken over
        (`SessionManager.get` claims an expired lease and replays the match)."""
        ids = found if found is not None else await self.ids(channel_id, user_id, in_dm=in_dm)
        if not ids:
            return NO_MATCH_HERE
        if len(ids) > 1:
            return SEVERAL_HERE.format(count=len(ids))
        return await self.sessions.get(int(ids[0])) or NO_MATCH_HERE


# -- routing an interaction to the process that serves its match ----------------------

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


class TokenCalls(Protocol):
    """Calls with an interaction's token (bot/discord/traffic.py makes them)."""

    async def callback(self, interaction: tuple[int, str], body: dict[str, Any]) -> bool: ...

    async def token_call(
        self, method: str, token: str, body: dict[str, Any] | None, *, original: bool = True
    ) -> bool: ...


#: Runs an INTERACTION_CREATE payload through this process's own handler: the payload,
#: its `extras`, and (forwarded from another process) the route it was deferred with.
Dispatch = Callable[[dict[str, Any], dict[str, Any], MatchRoute | None], None]
#: The route the app command a payload names declares (None: none, or not a command).
CommandRoute = Callable[[dict[str, Any]], Route | None]


class Router:
    def __init__(
        self,
        *,
        items: Iterable[type],
        command_route: CommandRoute,
        sessions: SessionManager,
        storage: Storage,
        here: MatchesHere,
        tokens: TokenCalls,
        dispatch: Dispatch,
        clicks: Callable[[dict[str, Any]], Awaitable[None]],
        later: Callable[[Coroutine[Any, Any, Any]], None],
        forwarder: Forwarder | None = None,
    ):
        #: (the compiled custom_id template, its route) of each DynamicItem forwarded
        self._items = [
            (item.__discord_ui_compiled_template__, route)  # type: ignore[attr-defined]
            for item in items
            if isinstance(route := declared_route(item), MatchRoute)
        ]
        self.command_route = command_route
        self.sessions = sessions
        self.storage = storage
        self.here = here
        self.tokens = tokens
        self.dispatch = dispatch
        #: Decision clicks another process forwarded (`Controller.forwarded`).
        self.clicks = clicks
        self.later = later
        #: Set on PostgreSQL with several processes (bot/cluster/forwarding.py).
        self.forwarder = forwarder

    def route_of(self, data: dict[str, Any]) -> tuple[MatchRoute, int | None] | None:
        """The route an interaction's handler declares, and the match its component names
        (None for a command: found from where it was used); None: not forwarded."""
        inner = data.get("data") or {}
        if data.get("type") == APPLICATION_COMMAND and inner.get("type", CHAT_INPUT) == CHAT_INPUT:
            route = self.command_route(data)
            return (route, None) if isinstance(route, MatchRoute) else None
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
        if self.sessions.lease_owner is None:
            return False
        routed = self.route_of(data)
        if routed is None:
            return False
        route, match_id = routed
        if match_id is not None and self._here(match_id):
            return False
        if match_id is None and _int(data.get("channel_id")) in self.sessions.by_channel:
            return False  # the channel's match is served here
        self.later(self._route(data, route, match_id))
        return True

    def _here(self, match_id: int) -> bool:
        sessions = self.sessions
        return match_id in sessions.by_id or match_id in sessions.unreplayed

    async def _route(self, data: dict[str, Any], route: MatchRoute, match_id: int | None) -> None:
        extras: dict[str, Any] = {}
        try:
            if match_id is None:
                user_id = user_id_of(data)
                ids = await self.here.ids(
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
        self.dispatch(data, extras, None)

    async def _forward(
        self, data: dict[str, Any], route: MatchRoute, match_id: int, extras: dict[str, Any]
    ) -> bool:
        """Defer and send to the match's owner when another live process holds it: True
        when the interaction was so dealt with (or had expired already)."""
        forwarder = self.forwarder
        if forwarder is None or self._here(match_id):
            return False
        owner = await self.storage.leases.owner_of(match_id)
        if owner is None or owner == self.sessions.lease_owner:
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
        tokens = self.tokens
        if not await tokens.callback(interaction, deferral):
            return True  # too late already: nothing was done
        try:
            await forwarder.send(owner, note)
            log.debug("interaction %s forwarded to %s: %d bytes", interaction[0], owner, len(note))
        except Exception:
            log.exception("interaction %s: could not reach process %s", interaction[0], owner)
            body = {"content": UNREACHABLE, "flags": EPHEMERAL}
            if route.update or route.ephemeral:
                await tokens.token_call("POST", interaction[1], body, original=False)
            else:  # the public "thinking…" would show the channel a private answer
                await tokens.token_call("DELETE", interaction[1], None)
                await tokens.token_call("POST", interaction[1], body, original=False)
        return True

    async def received(self, payload: dict[str, Any]) -> None:
        """A NOTIFY for this process: a forwarded interaction, run through its handler
        here and answered through its token, or a forwarded decision click."""
        if payload.get("kind") != "interaction":
            await self.clicks(payload)
            return
        update, ephemeral = payload["route"]
        self.dispatch(
            payload["data"],
            dict(payload.get("extras") or {}),
            MatchRoute(update=bool(update), ephemeral=bool(ephemeral)),
        )


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
