"""'It's your turn': a ping when a player's decision opens because someone else acted.

An edited panel notifies nobody, so a player waiting in another window would never learn
that their turn came. The notifier sends a short new message that pings: a DM linking to
the panel, or (DMs closed) a mention in the match's channel linking to the board.

- Once per turn at most, per player, and never to the player who just acted.
- After `delay` seconds, and only if that decision is still open: a player at the panel
  moves before that and needs no ping (nor does the bot need the call).
- Only decisions of the public view (`match.view(None).decisions`), the ones the board
  shows anyway: a ping must not tell anyone more than the others may know, e.g. that a
  reaction window opened because of a card in a hand.
- Within the budget: through the player's own interaction token when it is valid (a
  follow-up in their DM, exempt from the global limit), else one globally limited call
  with NOTICE priority.
- `/notify off` turns it off for that user (stored); the half-time timer warning stays.
"""

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord.internals import Route
from bot.discord.traffic import NOTICE, Traffic
from bot.play.background import BackgroundTasks
from bot.play.sessions import MatchSession
from bot.storage import Storage

if TYPE_CHECKING:
    from bot.discord.internals import HTTPClient

log = logging.getLogger(__name__)


def jump_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """A link that opens a message (in a DM: `@me`)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


class TurnNotifier:
    def __init__(
        self,
        *,
        storage: Storage,
        traffic: Traffic,
        http: "HTTPClient",
        background: BackgroundTasks,
    ):
        self.storage = storage
        self.traffic = traffic
        self.http = http
        self.background = background
        self._seen: dict[tuple[int, int], int] = {}  # (match, seat) -> decision seq seen open
        self._pinged: dict[tuple[int, int], int] = {}  # (match, seat) -> turn last pinged
        self.sent = 0  # pings sent (tests and the bench read it)
        self.delay = 5.0  # seconds a decision stays open before its player is pinged
        self._timers: dict[tuple[int, int, int], asyncio.TimerHandle] = {}

    def seed(self, session: MatchSession) -> None:
        """The decisions open when the match is shown: the new panels are news enough."""
        for decision in session.match.view(None).decisions:
            self._seen[(session.match_id, decision.player)] = decision.seq

    def check(self, session: MatchSession, actor: int | None) -> None:
        """After a change by `actor` (None: the bot itself, e.g. a timeout): ping each
        other human whose public decision just opened, once per turn."""
        if session.match.over:
            for seat in range(len(session.seats)):
                self._seen.pop((session.match_id, seat), None)
                self._pinged.pop((session.match_id, seat), None)
            return
        match_id = session.match_id
        # The hot path: skip building the public view unless someone other than the actor
        # has a decision not seen yet. The actor's own next decision (a new number after
        # almost every click) is never pinged: it is marked seen here, public or not (the
        # actor has it on the panel their click was answered with).
        fresh = False
        for pending in session.match.pending:
            key = (match_id, pending.player)
            if self._seen.get(key) == pending.seq:
                continue
            if pending.player == actor:
                self._seen[key] = pending.seq
            else:
                fresh = True
        if not fresh:
            return
        view = session.match.view(None)
        for decision in view.decisions:
            key = (session.match_id, decision.player)
            if self._seen.get(key) == decision.seq:
                continue
            self._seen[key] = decision.seq
            player = session.seats[decision.player]
            if decision.player == actor or player.is_bot or player.user_id is None:
                continue
            if self._pinged.get(key) == view.turn:
                continue
            self._pinged[key] = view.turn
            self._after_delay(session, decision.player, decision.seq)

    def _after_delay(self, session: MatchSession, seat: int, seq: int) -> None:
        """A timer, not a sleeping task: waiting for pings must not hold up `idle()`.

        Kept in a dict by (match, seat, seq), not found through a closure over its own
        handle: handle -> closure -> handle is a reference cycle, which kept each pinged
        match (its whole state) alive until a full garbage collection (see performance.md).
        """
        key = (session.match_id, seat, seq)
        old = self._timers.pop(key, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        self._timers[key] = loop.call_later(self.delay, self._fire, session, seat, seq)

    def _fire(self, session: MatchSession, seat: int, seq: int) -> None:
        self._timers.pop((session.match_id, seat, seq), None)
        self.background.later(self._ping(session, seat, seq))

    def close(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()

    async def _ping(self, session: MatchSession, seat_index: int, seq: int) -> None:
        match = await session.committed()
        decision = match.decision_for(seat_index)
        if match.over or decision is None or decision.seq != seq:
            return  # the player moved meanwhile (or the match ended)
        seat = session.seats[seat_index]
        assert seat.user_id is not None
        try:
            if not await self.storage.preferences.notify(seat.user_id):
                return
        except Exception:  # a ping is a courtesy: never let it break a redraw
            log.exception("notify setting of %s unreadable", seat.user_id)
            return
        game = session.match.ruleset.name
        traffic = self.traffic
        try:
            if seat.dms_open and seat.dm_channel_id and seat.panel_message_id:
                link = jump_link(None, seat.dm_channel_id, seat.panel_message_id)
                payload = {"content": f"Your move in **{game}**: {link}"}
                if await traffic.post_with_token(seat.user_id, seat.dm_channel_id, payload):
                    self.sent += 1
                    return
                await traffic.budget.spend(NOTICE)
                await self.http.request(
                    Route("POST", "/channels/{channel_id}/messages", channel_id=seat.dm_channel_id),
                    json=payload,
                )
            elif session.board_message_id is not None:
                link = jump_link(session.guild_id, session.channel_id, session.board_message_id)
                await traffic.budget.spend(NOTICE)
                await self.http.request(
                    Route("POST", "/channels/{channel_id}/messages", channel_id=session.channel_id),
                    json={
                        "content": f"<@{seat.user_id}>, your move in **{game}**: press "
                        f"**My hand & moves** on the board {link}",
                        "allowed_mentions": {"users": [str(seat.user_id)]},
                    },
                )
            else:
                return
            self.sent += 1
        except discord.HTTPException as exc:
            log.info("match %s: turn ping to seat %s failed: %s", session.match_id, seat_index, exc)
