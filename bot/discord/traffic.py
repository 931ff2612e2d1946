"""Living within Discord's request budget: who may spend a globally limited call, and when.

Discord lets a bot make 50 requests a second across most routes (the global limit); calls
made with an interaction's token (the callback, edit-original, follow-ups) do not count.
So the bot reaches players through their interactions wherever it can:

- the clicker is answered by the click's own callback (UPDATE_MESSAGE: the new panel);
- another player's panel is edited through that player's latest interaction token while
  it is valid (`InteractionTokens`): a click on the panel made the panel its @original;
- what is left (board edits, first panels, DMs to players who have not clicked lately)
  waits for `GlobalBudget`, a token bucket below Discord's limit that hands calls out by
  priority: a player whose decision just opened first, then boards, oldest first.

When the budget is full, answers stay fast (they never wait for it) and boards catch up.
"""

import asyncio
import heapq
import itertools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.internals import Route, message_parameters, webhook_adapter, webhook_request

if TYPE_CHECKING:
    from bot.discord.internals import HTTPClient

log = logging.getLogger(__name__)

# Priorities, most urgent first.
PANEL = 0  # a player's decision opened: their panel (or its first message)
NOTICE = 1  # "it's your turn" and timer warnings
BOARD = 2  # public boards catch up behind the players

DISCORD_GLOBAL_RATE = 50.0  # requests per second per bot (Topics: Rate Limits)
# A fifth of the limit is left: for calls made outside the budget (command answers that
# post channel messages, start-up), and for the jitter between a grant and the request's
# arrival at Discord (a busy event loop sends several granted calls at once).
BUDGET_RATE = DISCORD_GLOBAL_RATE * 0.8
TOKEN_LIFETIME = 15 * 60.0  # seconds an interaction token works (Interactions: Receiving)
TOKEN_MARGIN = 60.0  # stop using a token this long before it expires: no edit at the edge


class TokenBucket:
    """`rate` grants a second on average, at most `burst` at once."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.stamp = clock()

    def wait_time(self) -> float:
        """Seconds until one token is there (0: now)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def take(self) -> None:
        self.tokens -= 1


class GlobalBudget:
    """Hands out globally limited calls one at a time, by priority, at most `rate` a second.

    `await budget.spend(priority)` returns when the caller may make one such call. The
    default rate (`BUDGET_RATE`) stays well under Discord's, so that the bot as a whole
    never meets a global 429.
    """

    def __init__(self, rate: float = BUDGET_RATE, burst: float = 1.0):
        self.bucket = TokenBucket(rate, burst)
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._granter: asyncio.Task | None = None
        self.granted = 0  # calls let through so far (the bench and tests read it)

    @property
    def queued(self) -> int:
        return sum(1 for *_, f in self._waiting if not f.done())

    async def spend(self, priority: int) -> None:
        if not self._waiting and self.bucket.wait_time() == 0:
            # Nobody queued and a token at hand: no detour through the granter task (on a
            # busy loop each such hop waits behind every other ready callback).
            self.bucket.take()
            self.granted += 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), future))
        if self._granter is None:
            self._granter = asyncio.create_task(self._grant())
        await future

    async def _grant(self) -> None:
        try:
            while self._waiting:
                delay = self.bucket.wait_time()
                if delay > 0:
                    await asyncio.sleep(delay)
                    continue
                _, _, future = heapq.heappop(self._waiting)
                if future.done():  # its caller gave up (cancelled)
                    continue
                self.bucket.take()
                self.granted += 1
                future.set_result(None)
        finally:
            self._granter = None


@dataclass(slots=True)
class _Token:
    token: str
    channel_id: int | None
    messages: set[int] = field(default_factory=set)  # what it may edit: @original, follow-ups
    original: int | None = None
    born: float = 0.0


class InteractionTokens:
    """Each user's latest interaction tokens, to reach them without the global budget.

    A click's token can edit the message clicked (its @original, as the answer was
    UPDATE_MESSAGE) and post follow-ups in its channel, for 15 minutes. One token per
    user and channel is kept, the newest: a new click makes the older one useless.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._by_user: dict[int, dict[int | None, _Token]] = {}

    def note(
        self, user_id: int, token: str, *, channel_id: int | None, message_id: int | None
    ) -> None:
        """A fresh interaction of `user_id` (answered: Discord refuses webhooks before)."""
        entry = _Token(token, channel_id, born=self.clock(), original=message_id)
        if message_id is not None:
            entry.messages.add(message_id)
        self._by_user.setdefault(user_id, {})[channel_id] = entry

    def _fresh(self, entry: _Token | None) -> _Token | None:
        if entry is None or self.clock() - entry.born > TOKEN_LIFETIME - TOKEN_MARGIN:
            return None
        return entry

    def editing(self, user_id: int, message_id: int) -> _Token | None:
        """A valid token that can edit `message_id`, if the user has one."""
        for entry in self._by_user.get(user_id, {}).values():
            if message_id in entry.messages and self._fresh(entry) is not None:
                return entry
        return None

    def in_channel(self, user_id: int, channel_id: int) -> _Token | None:
        """A valid token of the user's whose follow-ups land in `channel_id`."""
        return self._fresh(self._by_user.get(user_id, {}).get(channel_id))

    def drop(self, user_id: int, token: str) -> None:
        """Discord refused the token (expired, unknown): stop trying it."""
        entries = self._by_user.get(user_id, {})
        for channel_id, entry in list(entries.items()):
            if entry.token == token:
                del entries[channel_id]


class Traffic:
    """The bot's way to Discord after an answer: interaction tokens first, else the budget."""

    def __init__(
        self,
        *,
        http: "HTTPClient",
        application_id: Callable[[], int | None],
        rate: float = BUDGET_RATE,
    ):
        self.http = http
        #: The bot's application id, known once it has logged in.
        self.application_id = application_id
        self.budget = GlobalBudget(rate)
        self.tokens = InteractionTokens()
        self.dm_channels: dict[int, int] = {}  # user id -> their DM channel with the bot
        # match id -> the token of the interaction whose answer is the match's board
        self.boards: dict[int, _Token] = {}
        # (match id, seat) -> the token whose answer is that player's private panel, for
        # players whose DMs are closed (an ephemeral "My hand & moves" reply)
        self.hands: dict[tuple[int, int], _Token] = {}
        self.exempt_calls = 0  # calls made through interaction tokens

    async def _webhook(
        self, method: str, path: str, token: str, payload: dict[str, Any] | None, **params: Any
    ) -> Any:
        """A call with an interaction token: the webhook adapter, not the global limit."""
        route = Route(
            method,
            path,
            webhook_id=self.application_id(),
            webhook_token=token,
            **params,
        )
        self.exempt_calls += 1
        return await webhook_request(
            self.http,
            route,
            payload=payload,
            params={"wait": "true"} if method == "POST" else None,
        )

    # -- an interaction's own answers ----------------------------------------------------

    async def callback(self, interaction: tuple[int, str], body: dict[str, Any]) -> bool:
        """The interaction callback (id, token), as discord.py sends it, minus
        `with_response`: Discord then answers 204 and there is no copy of the message to
        parse. False when Discord refused it or it came too late."""
        interaction_id, token = interaction
        route = Route(
            "POST",
            "/interactions/{webhook_id}/{webhook_token}/callback",
            webhook_id=interaction_id,
            webhook_token=token,
        )
        try:
            await webhook_request(self.http, route, payload=body)
        except (discord.HTTPException, TimeoutError) as exc:
            log.warning("interaction %s: answer refused or late: %s", interaction_id, exc)
            return False
        return True

    async def token_call(
        self, method: str, token: str, body: dict[str, Any] | None, *, original: bool = True
    ) -> bool:
        """Edit (or delete) a deferred interaction's message (`original`), or send a
        private follow-up, with its token: interaction webhooks are outside the global
        budget. False when Discord refused it."""
        path = "/webhooks/{webhook_id}/{webhook_token}"
        if original:
            path += "/messages/@original"
        route = Route(method, path, webhook_id=self.application_id(), webhook_token=token)
        try:
            await webhook_request(self.http, route, payload=body)
        except (discord.HTTPException, TimeoutError) as exc:
            log.warning("forwarded interaction: %s with its token refused: %s", method, exc)
            return False
        return True

    # -- other messages, through the tokens players left --------------------------------

    async def edit_original(self, token: str, payload: dict) -> None:
        """Edit the answer of the interaction whose token this is (e.g. an ephemeral copy)."""
        await self._webhook(
            "PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", token, payload
        )

    async def edit_with_token(self, user_id: int, message_id: int, payload: dict) -> bool:
        """Edit a message through the user's interaction token; False if none can."""
        entry = self.tokens.editing(user_id, message_id)
        if entry is None:
            return False
        which = "@original" if entry.original == message_id else str(message_id)
        try:
            await self._webhook(
                "PATCH",
                "/webhooks/{webhook_id}/{webhook_token}/messages/" + which,
                entry.token,
                payload,
            )
        except discord.HTTPException as exc:
            log.info("token edit of message %s refused (%s): global route", message_id, exc)
            if exc.status in (401, 404):
                self.tokens.drop(user_id, entry.token)
            return False
        return True

    async def post_with_token(self, user_id: int, channel_id: int, payload: dict) -> int | None:
        """A follow-up in `channel_id` through the user's token: the new message's id, or
        None if the user has no valid token there (or Discord refused it)."""
        entry = self.tokens.in_channel(user_id, channel_id)
        if entry is None:
            return None
        try:
            sent = await self._webhook(
                "POST", "/webhooks/{webhook_id}/{webhook_token}", entry.token, payload
            )
        except discord.HTTPException as exc:
            log.info("token follow-up in %s refused (%s): global route", channel_id, exc)
            if exc.status in (401, 404):
                self.tokens.drop(user_id, entry.token)
            return None
        message_id = int(sent["id"])
        entry.messages.add(message_id)
        return message_id

    # -- private panels of players whose DMs are closed ---------------------------------

    def note_hand(self, match_id: int, seat: int, token: str) -> None:
        """`token`'s answer (@original) is the seat's ephemeral panel."""
        self.hands[(match_id, seat)] = _Token(token, None, born=self.tokens.clock())

    async def edit_hand(self, match_id: int, seat: int, payload: dict) -> bool:
        """Redraw the seat's ephemeral panel through its token; False if there is none:
        an ephemeral message can only be reached that way, for 15 minutes."""
        entry = self.tokens._fresh(self.hands.get((match_id, seat)))
        if entry is None:
            return False
        try:
            await self._webhook(
                "PATCH",
                "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                entry.token,
                payload,
            )
        except discord.HTTPException as exc:
            log.info("match %s: hand of seat %s unreachable: %s", match_id, seat, exc)
            self.hands.pop((match_id, seat), None)
            return False
        return True

    def forget_match(self, match_id: int, seats: int) -> None:
        self.boards.pop(match_id, None)
        for seat in range(seats):
            self.hands.pop((match_id, seat), None)

    # -- boards ------------------------------------------------------------------------

    async def post_board(
        self, match_id: int, interaction: discord.Interaction, **fields: Any
    ) -> int | None:
        """Make the board the answer of the interaction that started the match (the
        challenge message, edited, or the deferred answer of /challenge against the
        computer): no global call now, nor for its edits while the token lives.
        The board's message id, or None if Discord refused (the caller posts it)."""
        try:
            if interaction.type == discord.InteractionType.component and interaction.message:
                message_id = (await interaction.edit_original_response(**fields)).id
                original: int | None = message_id
            else:
                message_id = (await interaction.followup.send(wait=True, **fields)).id
                original = None
        except discord.HTTPException as exc:
            log.info("match %s: board through the interaction refused: %s", match_id, exc)
            return None
        self.note_board(match_id, interaction.token, message_id, original=original)
        return message_id

    def note_board(
        self, match_id: int, token: str, message_id: int, *, original: int | None
    ) -> None:
        """The board `message_id` can be edited with `token` (e.g. /board's follow-up)."""
        self.boards[match_id] = _Token(
            token, None, {message_id}, original=original, born=self.tokens.clock()
        )

    def board_token(self, match_id: int, message_id: int | None) -> _Token | None:
        entry = self.tokens._fresh(self.boards.get(match_id))
        return entry if entry is not None and message_id in entry.messages else None

    async def edit_board(self, match_id: int, message_id: int, **fields: Any) -> bool:
        """Edit the board through its interaction's token; False if none can (then the
        caller spends the global budget on the channel route)."""
        entry = self.board_token(match_id, message_id)
        if entry is None:
            return False
        which = "@original" if entry.original == message_id else str(message_id)
        route = Route(
            "PATCH",
            "/webhooks/{webhook_id}/{webhook_token}/messages/" + which,
            webhook_id=self.application_id(),
            webhook_token=entry.token,
        )
        self.exempt_calls += 1
        with message_parameters(**fields) as params:
            try:
                await webhook_request(
                    self.http,
                    route,
                    payload=params.payload,
                    multipart=params.multipart,
                    files=params.files,
                )
            except discord.HTTPException as exc:
                log.info("match %s: board edit by token refused (%s)", match_id, exc)
                self.boards.pop(match_id, None)
                return False
        return True


CALLBACK_WINDOW = 3.0  # seconds Discord waits for an interaction's first answer
# A callback always gets this long for its first try, even when the bot itself was slow
# to get to it (or the clocks disagree): only waiting for a bucket is cut short.
FIRST_TRY = 1.0


class CallbackTooLate(TimeoutError):
    """An interaction callback could not reach Discord within its 3-second window."""


def guard_callbacks(adapter: Any | None = None) -> None:
    """Bound every interaction callback by its 3-second window, whichever path sends it.

    discord.py sends callbacks through its webhook adapter (discord.py's `Interaction`
    and our fast click path alike), which is not behind the bot's global lock but which,
    on a 429, sleeps `retry_after` and tries again: a callback could so be answered after
    its window, when Discord only answers 10062. Here a callback is given up at the end
    of its window (the interaction id tells when Discord created it) and raises
    `CallbackTooLate` instead. Other webhook calls (follow-ups, edits) keep their retries.
    """
    adapter = adapter if adapter is not None else webhook_adapter()
    if getattr(adapter, "cardhost_guarded", False):
        return
    unguarded = adapter.request

    async def request(route: Route, session: Any, **kwargs: Any) -> Any:
        if route.method != "POST" or not route.path.endswith("/callback"):
            return await unguarded(route, session, **kwargs)
        created = discord.utils.snowflake_time(int(route.webhook_id or 0)).timestamp()
        left = max(FIRST_TRY, created + CALLBACK_WINDOW - time.time())
        try:
            async with asyncio.timeout(left):
                return await unguarded(route, session, **kwargs)
        except TimeoutError:
            raise CallbackTooLate(f"interaction {route.webhook_id}: window over") from None

    adapter.request = request  # type: ignore[method-assign]  # this one shared instance
    adapter.cardhost_guarded = True  # type: ignore[union-attr]
