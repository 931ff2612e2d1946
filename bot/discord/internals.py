"""Every use of discord.py's undocumented internals, in one module, checked against the
versions it was read for.

The bot keeps to discord.py's public API except where the public API cannot do the job:

- `InterceptingClient` and `intercepting_state`: the bot's `ConnectionState`, whose
  `parse_interaction_create` first offers the raw payload to the bot (decision clicks
  answered straight from the payload, the hot path; interactions for a match another
  process serves, sent there);
- `dispatch_interaction`: the reverse, a payload another process forwarded, handed to the
  command tree or the view store as `parse_interaction_create` would, with answers that
  go through the interaction's token (`set_response`);
- `Route`, `message_parameters`, `webhook_adapter` and `webhook_request`: REST calls
  made with an interaction's token or on the global budget's schedule
  (bot/discord/traffic.py), which need the request itself rather than a model method that
  would also parse and cache the answer; `webhook_request` sends them on the bot's own
  HTTP session (discord.py's private `HTTPClient.__session`), as `Interaction` does;
  `HTTPClient` is re-exported for the annotations of those who are handed `client.http`;
- `dynamic_items`: the DynamicItem classes a client answers (the routing test reads them).
- `set_guild_ready_timeout`: how long a fresh connection waits for its guilds (the
  stand-in and the bench have few, and need not wait discord.py's two seconds).

The stand-in's own patching (devtools/cardhost_devtools/standin/patching.py, test and
bench tooling only) points discord.py's gateway and REST base at the stand-in; it is the
one other place that knows discord.py's insides, and it runs under the same check.

Each was read in discord.py 2.7's source. A discord.py outside `CHECKED` refuses to
start, with this module named, rather than misbehave quietly: read these hooks against the
new source, then widen the range (and pyproject's pin).
"""

from typing import TYPE_CHECKING, Any

import discord
from discord.http import HTTPClient, Route, handle_message_parameters
from discord.state import AutoShardedConnectionState, ConnectionState
from discord.webhook.async_ import async_context

if TYPE_CHECKING:
    from discord.webhook.async_ import AsyncWebhookAdapter

__all__ = [
    "CHECKED",
    "ConnectionState",
    "HTTPClient",
    "InterceptingClient",
    "Route",
    "dispatch_interaction",
    "dynamic_items",
    "intercepting_state",
    "message_parameters",
    "new_interaction",
    "set_guild_ready_timeout",
    "set_response",
    "webhook_adapter",
    "webhook_request",
]

#: The discord.py versions whose internals this module was read against: [low, high).
CHECKED = ((2, 7), (2, 8))


def check_version(version: tuple[int, int] | None = None) -> None:
    """Refuse a discord.py whose internals were not read for these hooks."""
    found = version or (discord.version_info.major, discord.version_info.minor)
    low, high = CHECKED
    if not low <= found < high:
        raise RuntimeError(
            f"cardhost uses discord.py internals checked for {low[0]}.{low[1]} up to "
            f"{high[0]}.{high[1]} (bot/discord/internals.py); this is discord.py "
            f"{found[0]}.{found[1]}: check that module against it, then widen CHECKED"
        )


check_version()

message_parameters = handle_message_parameters


def webhook_adapter() -> "AsyncWebhookAdapter":
    """discord.py's adapter for webhook and interaction-token requests."""
    return async_context.get()


async def webhook_request(http: HTTPClient, route: Route, **fields: Any) -> Any:
    """A request with an interaction's token (`route` names it): discord.py's webhook
    adapter on the bot's own HTTP session, as `Interaction` sends its calls, so it is
    outside the bot's global rate limit. `fields`: the adapter's (payload, files, …)."""
    return await webhook_adapter().request(
        route,
        http._HTTPClient__session,  # type: ignore[attr-defined]  # as Interaction does
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        **fields,
    )


class _Intercepting:
    """`parse_interaction_create` offers the payload to the client first."""

    def parse_interaction_create(self, data: Any) -> None:
        client = self._get_client()  # type: ignore[attr-defined]
        if not client.intercept_interaction(data):
            super().parse_interaction_create(data)  # type: ignore[misc]


class _State(_Intercepting, ConnectionState):
    pass


class _ShardedState(_Intercepting, AutoShardedConnectionState):
    pass


class InterceptingClient:
    """A base of the bot's client class: its connection state (`Client._get_state`, which
    discord.py calls while building the client) offers each raw INTERACTION_CREATE to the
    client's `intercept_interaction` first. `sharded_state`: the auto-sharded kind."""

    sharded_state = False

    def _get_state(self, **options: Any) -> Any:
        return intercepting_state(self, sharded=self.sharded_state, **options)


def intercepting_state(client: Any, *, sharded: bool, **options: Any) -> Any:
    """The connection state for `Client._get_state`: discord.py's own, with the hook.
    Typed `Any`: discord.py types the state by the client class that made it
    (`ConnectionState[CardhostBot]`), which a state built here for either bot cannot
    name."""
    kind = _ShardedState if sharded else _State
    return kind(
        dispatch=client.dispatch,
        handlers=client._handlers,
        hooks=client._hooks,
        http=client.http,
        **options,
    )


def set_response(interaction: discord.Interaction, response: Any) -> None:
    """Make `interaction.response` answer through `response` (a stand-in for
    `InteractionResponse` that uses the token: the interaction arrived in another process)."""
    interaction._cs_response = response  # type: ignore[attr-defined]


def dispatch_interaction(
    client: Any, interaction: discord.Interaction, data: dict[str, Any]
) -> None:
    """Run the handler Discord's payload `data` asks for, as `parse_interaction_create`
    does: the command tree for a command (and autocomplete), the view store for a component."""
    state = client._connection
    kind = data.get("type")
    inner = data.get("data") or {}
    if kind in (2, 4) and state._command_tree is not None:  # APPLICATION_COMMAND, AUTOCOMPLETE
        state._command_tree._from_interaction(interaction)
    elif kind == 3:  # MESSAGE_COMPONENT
        state._view_store.dispatch_view(inner["component_type"], inner["custom_id"], interaction)
    state.dispatch("interaction", interaction)


def new_interaction(client: Any, data: dict[str, Any]) -> discord.Interaction:
    """An `Interaction` built from a raw payload, as discord.py builds one."""
    return discord.Interaction(data=data, state=client._connection)  # type: ignore[arg-type]


def dynamic_items(client: Any) -> list[type]:
    """The DynamicItem classes registered with the client (`add_dynamic_items`, or met in
    a view it sent), from its view store: discord.py has no public way to list them."""
    return list(client._connection._view_store._dynamic_items.values())


def set_guild_ready_timeout(client: Any, seconds: float) -> None:
    """How long the connection waits for GUILD_CREATE events before READY counts."""
    client._connection.guild_ready_timeout = seconds
