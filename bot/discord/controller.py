"""What a click does: find the match and the player, check the choice is still open, act.

Bad clicks (wrong user, old button, a match that ended) get a short private answer and
change nothing. A good click is answered with the player's fresh panel only after the
action is committed; the board and the other players' panels are redrawn right after.

Decision clicks are the bot's hot path (hundreds a second under load), so they are taken
straight from the gateway payload (`fast_click`): discord.py would first build a full
`Interaction` (the clicked message with its embed and every component, the member), then
rebuild the message's view to find the clicked item, and after the answer parse Discord's
copy of the edited message. The raw path reads the four fields it needs, answers with one
UPDATE_MESSAGE callback (the new panel is the acknowledgement) and parses nothing back.
Every check is the same on both paths (`_take`).
"""

import logging
import re
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

import discord

from bot.cluster.forwarding import Forwarder
from bot.discord.presenter import Presenter
from bot.discord.replies import reply
from bot.discord.traffic import Traffic
from bot.play.background import BackgroundTasks
from bot.play.sessions import MatchSession, SaveFailed, SessionManager, StaleChoice
from bot.storage import Storage
from engine import IllegalAction

log = logging.getLogger(__name__)

STALE = "That choice is no longer open."
NOT_PLAYING = "You are not playing in this match."
MATCH_GONE = "This match is over; its buttons no longer do anything."
NOT_OFFERED = "That choice is not on offer."

COMPONENT = 3  # interaction type
CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 6, 7  # callback types
EPHEMERAL = 64
_CHOICE = re.compile(r"(m|ms):(\d+):(\d+):(\d+)|(mn):(\d+):(\d+)")


@dataclass(frozen=True, slots=True)
class Refused:
    """Why a click changed nothing; with the clicker's session and seat when the click was
    theirs but stale, so that their panel can be brought up to date in the same answer."""

    text: str
    session: MatchSession | None = None
    seat: int | None = None


def pick_count(low: int, high: int) -> str:
    if low == high:
        return f"Pick exactly {low} option{'s' if low != 1 else ''}."
    return f"Pick between {low} and {high} options."


class Controller:
    def __init__(
        self,
        *,
        sessions: SessionManager,
        presenter: Presenter,
        traffic: Traffic,
        storage: Storage,
        background: BackgroundTasks,
        forwarder: Forwarder | None = None,
    ):
        self.sessions = sessions
        self.presenter = presenter
        self.traffic = traffic
        self.storage = storage
        self.background = background
        #: Clicks for matches another process owns (bot/cluster/forwarding.py), on
        #: PostgreSQL with several processes.
        self.forwarder = forwarder

    def later(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run after the click is answered; kept referenced so it is not collected."""
        self.background.later(coro)

    async def idle(self) -> None:
        """Wait until every redraw and computer turn started so far has finished (tests,
        shutdown)."""
        sessions = self.sessions
        while self.background.tasks or sessions.turns:
            await sessions.idle()
            await self.background.gather()

    # -- the common core ---------------------------------------------------------------

    async def _take(
        self, match_id: int, seq: int, picks: list[int], user_id: int
    ) -> tuple[MatchSession, int] | Refused:
        """Apply and commit a click's choice: (session, seat), or why nothing changed."""
        sessions = self.sessions
        session = sessions.by_id.get(match_id) or await sessions.get(match_id)
        if session is None:
            return Refused(MATCH_GONE)
        seat = session.seat_of(user_id)
        if seat is None:
            return Refused(NOT_PLAYING)
        decision = session.match.decision_for(seat)
        if decision is None or decision.seq != seq:
            return Refused(STALE, session, seat)
        options = session.match.options(decision)
        empty_allowed = decision.multi and decision.min_picks == 0
        if (not picks and not empty_allowed) or any(not 0 <= p < len(options) for p in picks):
            return Refused(NOT_OFFERED)
        if decision.multi:
            if len(set(picks)) != len(picks):
                return Refused("Each option can be picked once.")
            if not decision.min_picks <= len(picks) <= decision.max_picks:
                return Refused(pick_count(decision.min_picks, decision.max_picks))
            action = tuple(options[p].action for p in picks)
        elif len(picks) == 1:
            action = options[picks[0]].action
        else:
            return Refused("Choose exactly one option.")
        try:
            await sessions.act(session, seat, seq, action, notify=False)
        except StaleChoice:
            return Refused(STALE, session, seat)
        except (IllegalAction, SaveFailed) as exc:
            return Refused(f"Not done: {exc}")
        return session, seat

    def _redraw_others(
        self,
        session: MatchSession,
        seat: int,
        message_id: int | None,
        shown: tuple[dict, int | None] | None = None,
    ) -> None:
        """After the answer: the board and the panels the answer did not already show
        (`message_id` None: the answer did not reach the clicker, so theirs too).
        `shown`: the answer's panel and decision number, when no edit of the clicker's
        panel was under way as it went out (so the panel is known to show it)."""
        answered_panel = (
            message_id is not None and message_id == session.seats[seat].panel_message_id
        )
        if answered_panel and shown is not None:
            self.presenter.answered(session, seat, *shown)
        else:
            self.presenter.forget_panel(session, seat)
        self.later(
            self.presenter.refresh(session, skip_seat=seat if answered_panel else None, actor=seat)
        )

    def _after_stale(
        self, session: MatchSession, seat: int, message_id: int | None, *, answered: bool
    ) -> None:
        """A stale click was answered with the current panel on the clicked message; the
        player's own panel is brought up to date too unless that was the message."""
        if answered and message_id == session.seats[seat].panel_message_id:
            self.presenter.forget_panel(session, seat)
            return
        self.later(self.presenter.refresh_seat(session, seat))

    # -- through discord.py ------------------------------------------------------------

    async def choose(
        self, interaction: discord.Interaction, match_id: int, seq: int, picks: list[int]
    ) -> None:
        taken = await self._take(match_id, seq, picks, interaction.user.id)
        message = interaction.message
        message_id = message.id if message is not None else None
        if isinstance(taken, Refused):
            if taken.session is None or taken.seat is None:
                return await reply(interaction, taken.text)
            embed, view = await self.presenter.panel(taken.session, taken.seat)
            answered = await self._edit_original(
                interaction, content=taken.text, embed=embed, view=view
            )
            if answered and not taken.session.seats[taken.seat].dms_open:
                self.traffic.note_hand(match_id, taken.seat, interaction.token)
            self._after_stale(taken.session, taken.seat, message_id, answered=answered)
            return
        session, seat = taken
        embed, view = await self.presenter.panel(session, seat)
        if not await self._edit_original(interaction, content=None, embed=embed, view=view):
            self._redraw_others(session, seat, None)  # repair the clicker's panel another way
            return
        if not session.seats[seat].dms_open:  # the click was on their (ephemeral) hand
            self.traffic.note_hand(match_id, seat, interaction.token)
        elif message is not None:
            self.traffic.tokens.note(
                interaction.user.id,
                interaction.token,
                channel_id=interaction.channel_id,
                message_id=message.id,
            )
        self._redraw_others(session, seat, message_id)

    @staticmethod
    async def _edit_original(interaction: discord.Interaction, **fields: Any) -> bool:
        """Answer a click by editing its message; False when Discord refused the answer
        (e.g. 10062: the 3-second window passed)."""
        try:
            await interaction.response.edit_message(**fields)
        except (discord.HTTPException, TimeoutError) as exc:
            log.warning("interaction %s: answer refused or late: %s", interaction.id, exc)
            return False
        return True

    async def show_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        session = await self.sessions.get(match_id)
        if session is None:
            return await reply(interaction, MATCH_GONE)
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            return await reply(interaction, NOT_PLAYING)
        embed, view = await self.presenter.panel(session, seat)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        if not session.seats[seat].dms_open:  # this reply is the panel to keep up to date
            self.presenter.forget_panel(session, seat)
            self.traffic.note_hand(match_id, seat, interaction.token)

    # -- straight from the gateway -----------------------------------------------------

    def fast_click(self, data: dict[str, Any]) -> bool:
        """Take a decision click (an INTERACTION_CREATE payload) if it is one; False
        leaves the payload to discord.py (commands, other components, odd payloads)."""
        if data.get("type") != COMPONENT:
            return False
        inner = data.get("data") or {}
        found = _CHOICE.fullmatch(inner.get("custom_id") or "")
        if found is None:
            return False
        kind, match_id, seq, part, none, none_match, none_seq = found.groups()
        if none:
            kind, match_id, seq = none, none_match, none_seq
        if kind == "mn":
            picks = []
        elif kind == "m":
            picks = [int(part)]
        else:
            try:
                picks = [int(v) for v in inner.get("values") or ()]
            except (TypeError, ValueError):
                picks = [-1]
        user = (data.get("member") or {}).get("user") or data.get("user") or {}
        message = data.get("message") or {}
        try:
            user_id = int(user["id"])
            message_id = int(message["id"]) if "id" in message else None
            channel_id = int(data["channel_id"]) if data.get("channel_id") else None
            interaction = (int(data["id"]), str(data["token"]))
        except (KeyError, TypeError, ValueError):
            return False
        click = self._click(interaction, int(match_id), int(seq), picks, user_id, message_id)
        self.later(self._noting_token(click, interaction[1], user_id, channel_id, message_id))
        return True

    async def _noting_token(
        self,
        click: Coroutine[Any, Any, bool],
        token: str,
        user_id: int,
        channel_id: int | None,
        message_id: int | None,
    ) -> None:
        """After an answered click, its token reaches the player without the global budget."""
        if await click:
            self.traffic.tokens.note(user_id, token, channel_id=channel_id, message_id=message_id)

    async def _click(
        self,
        interaction: tuple[int, str],
        match_id: int,
        seq: int,
        picks: list[int],
        user_id: int,
        message_id: int | None,
    ) -> bool:
        """True when the click was answered with the new panel (UPDATE_MESSAGE)."""
        if await self._forward(interaction, match_id, seq, picks, user_id, message_id):
            return False
        try:
            taken = await self._take(match_id, seq, picks, user_id)
        except Exception:
            log.exception("click on match %s failed", match_id)
            taken = Refused("Something went wrong; nothing changed.")
        if isinstance(taken, Refused):
            if taken.session is None or taken.seat is None:
                answer = {
                    "type": CHANNEL_MESSAGE,
                    "data": {"content": taken.text, "flags": EPHEMERAL},
                }
                await self.traffic.callback(interaction, answer)
                return False
            # A stale click: the clicked panel becomes the current one, saying why.
            panel = await self.presenter.panel_payload(taken.session, taken.seat, notice=taken.text)
            answered = await self.traffic.callback(
                interaction, {"type": UPDATE_MESSAGE, "data": panel}
            )
            if answered and not taken.session.seats[taken.seat].dms_open:
                self.traffic.note_hand(match_id, taken.seat, interaction[1])
            self._after_stale(taken.session, taken.seat, message_id, answered=answered)
            return False
        session, seat = taken
        presenter = self.presenter
        panel, now_open = await presenter.panel_and_seq(session, seat)
        # An edit of this panel under way could land after the answer: then it is unknown.
        shown = None if presenter.editing(session, seat) else (panel, now_open)
        answered = await self.traffic.callback(interaction, {"type": UPDATE_MESSAGE, "data": panel})
        if answered and not session.seats[seat].dms_open:  # the click was on their hand
            self.traffic.note_hand(match_id, seat, interaction[1])
        # Not answered (10062, a lost connection): the action stands, committed; the
        # clicker's panel is repaired with the others' (an edit, or their hand's token).
        self._redraw_others(session, seat, message_id if answered else None, shown)
        return answered

    # -- a match another process owns (bot/cluster/forwarding.py) -----------------------------

    async def _forward(
        self,
        interaction: tuple[int, str],
        match_id: int,
        seq: int,
        picks: list[int],
        user_id: int,
        message_id: int | None,
    ) -> bool:
        """Several processes: a click for a match another live process owns is deferred
        here (Discord's 3 s are met) and sent to the owner, which answers it. False: not
        forwarded (no other process, or this one owns it or may take it over)."""
        forwarder = self.forwarder
        sessions = self.sessions
        if forwarder is None or match_id in sessions.by_id or match_id in sessions.unreplayed:
            return False
        owner = await self.storage.leases.owner_of(match_id)
        if owner is None or owner == sessions.lease_owner:
            return False
        if not await self.traffic.callback(interaction, {"type": DEFERRED_UPDATE}):
            return True  # too late already: nothing was done
        await forwarder.send(
            owner,
            {
                "match_id": match_id,
                "seq": seq,
                "picks": picks,
                "user_id": user_id,
                "message_id": message_id,
                "token": interaction[1],
            },
        )
        return True

    async def forwarded(self, click: dict[str, Any]) -> None:
        """A click another process received for a match of this one (already deferred
        there): applied as any click, then the clicked message edited through its token."""
        token = str(click["token"])
        match_id, message_id = int(click["match_id"]), click.get("message_id")
        try:
            taken = await self._take(
                match_id, int(click["seq"]), [int(p) for p in click["picks"]], int(click["user_id"])
            )
        except Exception:
            log.exception("forwarded click on match %s failed", match_id)
            taken = Refused("Something went wrong; nothing changed.")
        if isinstance(taken, Refused):
            if taken.session is None or taken.seat is None:
                await self.traffic.token_call(
                    "POST", token, {"content": taken.text, "flags": EPHEMERAL}, original=False
                )
                return
            panel = await self.presenter.panel_payload(taken.session, taken.seat, notice=taken.text)
            answered = await self.traffic.token_call("PATCH", token, panel)
            self._after_stale(taken.session, taken.seat, message_id, answered=answered)
            return
        session, seat = taken
        panel, now_open = await self.presenter.panel_and_seq(session, seat)
        shown = None if self.presenter.editing(session, seat) else (panel, now_open)
        answered = await self.traffic.token_call("PATCH", token, panel)
        if answered and not session.seats[seat].dms_open:
            self.traffic.note_hand(match_id, seat, token)
        self._redraw_others(session, seat, message_id if answered else None, shown)
