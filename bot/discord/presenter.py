"""Shows matches on Discord: the public board in the channel, each player's private panel.

Everything drawn here comes from `match.view(seat)` or `match.view(None)`; the raw state
is never read, so the board cannot show a hand and a panel cannot show another's hand.
"""

import asyncio
import io
import logging
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

from bot.crashpoints import crash_point
from bot.discord.components import (
    PanelSlots,
    board_view,
    decision_components,
    decision_view,
    with_look,
    with_look_row,
)
from bot.discord.embeds import board_embed, panel_embed
from bot.discord.internals import Route, message_parameters
from bot.discord.labels import fit_options
from bot.discord.notify import TurnNotifier, jump_link
from bot.discord.spectators import Spectators
from bot.discord.threads import MatchThreads
from bot.discord.traffic import BOARD, NOTICE, PANEL, Traffic
from bot.play.background import BackgroundTasks
from bot.play.sessions import MatchSession, Seat
from bot.play.workers import picture_pool
from bot.storage import Storage
from engine import Decision, MatchView, Option

if TYPE_CHECKING:
    # discord.py's payload types, for annotations only: imported at run time first,
    # they meet a circular import inside discord.types
    from discord.types.message import Message as MessagePayload

    from bot.discord.internals import HTTPClient

log = logging.getLogger(__name__)

BOARD_IMAGE = "board.png"
DMS_CLOSED = 50007
EPHEMERAL_PANEL = -1  # in `_last_panel`: the panel is an ephemeral reply, not a DM
OLD_MESSAGE_EDITS = 30046  # too many edits to a message older than an hour
UNKNOWN_MESSAGE = 10008  # the message was deleted
UNKNOWN_CHANNEL = 10003  # e.g. the match's thread was deleted
ARCHIVED_THREAD = 50083  # nothing can be edited in an archived thread


_CHANGED, _SAME = object(), object()  # `Presenter._showing`


def render_png(view: MatchView) -> bytes | None:
    try:
        from bot.render.image import render_board
    except ImportError:  # the image renderer is optional for the text-only board
        return None
    return render_board(view)


class _Redraw:
    """A redraw in progress, and what changed while it ran (`forced`: panels to draw even
    if only their information changed, as a catch-up asks)."""

    __slots__ = ("changed", "forced", "seats")

    def __init__(self, seats: set[int], forced: set[int]):
        self.seats = seats
        self.forced = forced
        self.changed = False


#: The channel a match lives in, by id (and its server's): cached, or a partial one.
ChannelOf = Callable[[int, int | None], discord.abc.Messageable]


class Presenter:
    def __init__(
        self,
        *,
        storage: Storage,
        traffic: Traffic,
        http: "HTTPClient",
        channel_of: ChannelOf,
        notifier: TurnNotifier,
        spectators: Spectators,
        threads: MatchThreads,
        background: BackgroundTasks,
        serving: Callable[[MatchSession], bool],
    ):
        self.storage = storage
        self.traffic = traffic
        self.http = http
        self.channel_of = channel_of
        self.notifier = notifier
        self.spectators = spectators
        self.threads = threads
        self.background = background
        #: Whether this process still serves the match (it may have ended, or another
        #: process may have taken it over).
        self.serving = serving
        self._work: dict[int, _Redraw] = {}  # match id -> the redraw running for it
        self.draw_images = True
        self.min_interval = 0.1  # seconds between two panel redraws of one match
        # Seconds a waiting player's panel may lag: one whose open decision (or none) is
        # what it shows already only changes in its information (health, counts), so it
        # catches up at most this often; a decision opening or closing is drawn at once.
        self.waiting_panel_interval = 5.0
        self._shown: dict[tuple[int, int], int | None] = {}  # decision seq each panel shows
        self._owed: dict[int, set[int]] = {}  # match id -> seats whose catch-up is due
        self._catch_ups: dict[int, asyncio.TimerHandle] = {}  # match id -> its catch-up
        self._editing: set[tuple[int, int]] = set()  # panels with an edit under way
        self.image_interval = 4.0  # seconds between two board pictures of one match
        self.image_processes = True  # draw in a worker process (tests draw in a thread)
        self._pool: ProcessPoolExecutor | None = None
        self.board_interval = 1.5  # seconds between two edits of one match's public board
        self.picture_share = 0.25  # at most this share of the time goes to drawing pictures
        self._last_image: dict[int, float] = {}
        self._board_views: dict[int, discord.ui.View] = {}  # running match -> its buttons
        self._last_board: dict[int, float] = {}
        self._stale_boards: dict[int, MatchSession] = {}  # insertion order: oldest first
        self._board_worker: asyncio.Task | None = None
        self._idle_from = 0.0  # no picture is drawn before this loop time (picture_share)
        self._last_panel: dict[tuple[int, int], tuple[int, dict]] = {}  # last panel edit sent
        self._drawing: set[int] = set()  # matches whose board edit is under way
        self.boards_at_once = 4  # board edits under way at one time (see _edit_boards)
        self._board_slot = asyncio.Event()  # set when a board edit ends
        self._picturing = False  # a board picture is being drawn
        self.board_edit_timeout = 10.0  # seconds a board edit may wait for a 429
        self.old_board_age = 3600.0  # seconds after which Discord limits a board's edits
        self._opened: dict[tuple[int, int], tuple[int, datetime]] = {}  # decision open times
        self.panel_slots = PanelSlots()  # where each panel's buttons sit this turn

    def game_name(self, session: MatchSession) -> str:
        return session.match.ruleset.name

    # -- what a player sees ---------------------------------------------------------

    async def panel(
        self, session: MatchSession, seat: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        embed, decision, options, slots = await self._panel_parts(session, seat)
        choices = decision_view(session.match_id, decision, options, slots)
        return embed, with_look(choices, session.match_id)

    async def _panel_parts(
        self, session: MatchSession, seat: int
    ) -> tuple[discord.Embed, Decision | None, list[Option], list[Option | None] | None]:
        """What both panel paths show: the embed, the open decision, its options fitted to
        Discord's label limits, and where each button sits this turn."""
        match = await session.committed()
        view = match.view(seat)
        decision = match.decision_for(seat)
        embed = panel_embed(view, self.game_name(session), decision.prompt if decision else None)
        embed.timestamp = self._opened_at(session, seat, decision)
        options = fit_options(decision, match.options(decision) if decision else ())
        slots = (
            self.panel_slots.place(session.match_id, view.turn, decision, options)
            if decision
            else None
        )
        return embed, decision, options, slots

    def _opened_at(
        self, session: MatchSession, seat: int, decision: Decision | None
    ) -> datetime | None:
        """When the player's open decision opened ("your move since ..."), from its timer."""
        if decision is None or session.deadline_seq.get(seat) != decision.seq:
            return None
        key = (session.match_id, seat)
        known = self._opened.get(key)
        if known is not None and known[0] == decision.seq:
            return known[1]  # the same value every time, so an unchanged panel stays equal
        started = session.opened.get(seat)  # kept across a restart with the clock
        if started is None:
            return None
        ago = asyncio.get_running_loop().time() - started
        opened = discord.utils.utcnow() - timedelta(seconds=max(0.0, ago))
        self._opened[key] = (decision.seq, opened)
        return opened

    async def panel_payload(
        self, session: MatchSession, seat: int, *, notice: str | None = None
    ) -> dict:
        """The panel as Discord message JSON (`content`, `embeds`, `components`), for the hot
        paths: the same content as `panel`, without discord.py objects to build and
        serialise. `notice` is a line above it (e.g. why a click did nothing); every other
        panel clears it."""
        return (await self.panel_and_seq(session, seat, notice=notice))[0]

    async def panel_and_seq(
        self, session: MatchSession, seat: int, *, notice: str | None = None
    ) -> tuple[dict, int | None]:
        """`panel_payload`, and the number of the decision it shows (None: none)."""
        embed, decision, options, slots = await self._panel_parts(session, seat)
        payload = {
            "content": notice,
            "embeds": [embed.to_dict()],
            "components": with_look_row(
                decision_components(session.match_id, decision, options, slots),
                session.match_id,
            ),
        }
        return payload, None if decision is None else decision.seq

    async def picture(self, view: MatchView) -> bytes | None:
        """The board picture, drawn off the event loop (a process of its own, by default,
        so that drawing never competes with answering clicks for the interpreter)."""
        if not self.draw_images:
            return None
        loop = asyncio.get_running_loop()
        if self.image_processes:
            if self._pool is None:  # a worker that ends with the bot, even a killed one
                self._pool = picture_pool()
            return await loop.run_in_executor(self._pool, render_png, view)
        return await asyncio.to_thread(render_png, view)

    async def board(self, session: MatchSession) -> tuple[discord.Embed, list[discord.File]]:
        view = (await session.committed()).view(None)
        png = await self.picture(view)
        files = [discord.File(io.BytesIO(png), filename=BOARD_IMAGE)] if png else []
        embed = board_embed(view, self.game_name(session), BOARD_IMAGE if png else None)
        return embed, files

    # -- sending -----------------------------------------------------------------------

    async def open(
        self,
        session: MatchSession,
        channel: discord.abc.Messageable,
        *,
        interaction: discord.Interaction | None = None,
        intro: str | None = None,
    ) -> None:
        """Post the board (as the answer of `interaction` if there is one: then it and
        its edits for the next 14 minutes cost no global call) with `intro` above it, and
        send each human player their private panel.

        The board goes out as text and its picture follows through the board worker: a
        picture takes tens of milliseconds to draw, and when many matches start at once
        (a queue of pictures) the players would otherwise wait for all of them.
        """
        embed = board_embed((await session.committed()).view(None), self.game_name(session))
        self.notifier.seed(session)
        view = self.board_buttons(session.match_id, over=session.match.over)
        posted = None
        if interaction is not None:
            posted = await self.traffic.post_board(
                session.match_id, interaction, content=intro, embed=embed, view=view
            )
        if posted is None:
            await self.traffic.budget.spend(PANEL)
            posted = (await channel.send(content=intro, embed=embed, view=view)).id
        session.board_message_id = posted
        crash_point("board")  # posted, its id not yet saved
        if self.draw_images:
            self._edit_board(session)
        await self.storage.matches.set_board_message(session.match_id, posted)
        for seat_index, seat in enumerate(session.seats):
            if seat.user_id is not None and not seat.is_bot and seat.dms_open:
                await self._send_panel(session, seat_index)
        await self._save_front(session)

    async def refresh(
        self,
        session: MatchSession,
        skip_seat: int | None = None,
        actor: int | None = None,
        *,
        catch_up: set[int] | None = None,
    ) -> None:
        """Redraw the board and the panels (but `skip_seat`'s, answered already) after a change
        by `actor` (None: not a player's click), and ping whose turn it now is.

        Changes that arrive while a redraw is running are folded into one more redraw of
        the latest state, so a burst of moves costs one board upload, not one per move;
        that redraw waits `min_interval`, as Discord rate-limits message edits anyway.

        A panel whose decision is the one it shows (a player waiting while the other plays
        out a turn) is not redrawn now but owed, and caught up `waiting_panel_interval`
        later with whatever else changed meanwhile (`catch_up`: those seats, no change).
        Building and sending those panels after every click was the largest share of the
        bot's work that no player waits for (docs/performance.md).
        """
        await session.committed()
        if catch_up is None:
            self.notifier.check(session, actor)
            seats = {s for s in range(len(session.seats)) if s != skip_seat}
            forced: set[int] = set()
        else:
            seats, forced = set(catch_up), set(catch_up)
        work = self._work.get(session.match_id)
        if work is not None:  # a redraw is running: leave it a note
            work.changed = True
            work.seats |= seats
            work.forced |= forced
            return
        work = self._work[session.match_id] = _Redraw(seats, forced)
        try:
            while True:
                seats, work.seats, work.changed = work.seats, set(), False
                forced, work.forced = work.forced, set()
                if catch_up is None or seats - forced:
                    self._edit_board(session)
                catch_up = None
                for seat_index in sorted(seats):
                    seat = session.seats[seat_index]
                    if seat.is_bot or seat.user_id is None:
                        continue
                    shows = self._showing(session, seat_index)
                    if shows is _SAME and seat_index not in forced:
                        self._owe(session, seat_index)
                        continue
                    owed = self._owed.get(session.match_id)
                    if owed is not None:
                        owed.discard(seat_index)
                    self._shown[(session.match_id, seat_index)] = self._open_seq(
                        session, seat_index
                    )
                    if seat.dms_open:
                        await self._edit_panel(session, seat_index)
                    else:
                        await self._edit_hand(session, seat_index)
                if not work.changed:
                    break
                if self.min_interval:
                    await asyncio.sleep(self.min_interval)
        finally:
            self._work.pop(session.match_id, None)
            if session.match.over:
                self._owed.pop(session.match_id, None)
                if (timer := self._catch_ups.pop(session.match_id, None)) is not None:
                    timer.cancel()
                for seat_index in range(len(session.seats)):
                    self._last_panel.pop((session.match_id, seat_index), None)
                    self._opened.pop((session.match_id, seat_index), None)
                    self._shown.pop((session.match_id, seat_index), None)

    @staticmethod
    def _open_seq(session: MatchSession, seat_index: int) -> int | None:
        decision = session.match.decision_for(seat_index)
        return None if decision is None else decision.seq

    def _showing(self, session: MatchSession, seat_index: int) -> object:
        """`_CHANGED` when the seat's panel must be drawn now: the match is over, its open
        decision is not the one the panel shows (one opened, closed or moved on), or
        what it shows is unknown; else `_SAME`: only its information may have changed.
        Read with the seq taken before drawing, so a panel drawn from a later state
        than noted is at worst drawn once more."""
        key = (session.match_id, seat_index)
        if session.match.over or key not in self._shown or self.waiting_panel_interval <= 0:
            return _CHANGED
        return _SAME if self._shown[key] == self._open_seq(session, seat_index) else _CHANGED

    def _owe(self, session: MatchSession, seat_index: int) -> None:
        """Note that the seat's panel is behind; one catch-up per match is scheduled.

        A timer, not a sleeping task, like the turn pings: `Controller.idle` (tests,
        shutdown) waits for redraws under way, not for ones due seconds from now; a
        shutdown drops what is owed (a restart redraws every panel anyway)."""
        owed = self._owed.get(session.match_id)
        if owed is None:
            owed = self._owed[session.match_id] = set()
            loop = asyncio.get_running_loop()
            self._catch_ups[session.match_id] = loop.call_later(
                self.waiting_panel_interval, self._catch_up, session
            )
        owed.add(seat_index)

    def _catch_up(self, session: MatchSession) -> None:
        self._catch_ups.pop(session.match_id, None)
        owed = self._owed.pop(session.match_id, None)
        if owed and self.serving(session):
            self.background.later(self.refresh(session, catch_up=owed))

    async def thinking(self, session: MatchSession) -> None:
        """The computer is thinking: the board says so at its next edit (`board_embed`'s
        `thinking`), queued now."""
        self._edit_board(session)

    async def refresh_seat(self, session: MatchSession, seat_index: int) -> None:
        """Bring one player's panel up to date (after a stale click, say)."""
        seat = session.seats[seat_index]
        if seat.is_bot or seat.user_id is None:
            return
        self.forget_panel(session, seat_index)
        if seat.dms_open:
            await self._edit_panel(session, seat_index)
        else:
            await self._edit_hand(session, seat_index)

    async def resume(self, sessions: list[MatchSession]) -> None:
        """After a restart, bring every resumed match up to date as the players see it.

        The process that died may have committed an action and told nobody, or stored a
        match and posted nothing, or posted a board and not saved its id. So nothing that
        was shown is trusted: first every panel whose player has a decision open (they are
        waiting on it), then every other panel, each edited to the committed state or sent
        anew where it is gone or was never sent; and every board is queued for an edit, or
        posted anew where its id is unknown (an edit that finds it gone posts it anew too).
        """
        for waiting in (True, False):
            for session in sessions:
                if session.match.over:
                    continue
                for seat_index in range(len(session.seats)):
                    if (session.match.decision_for(seat_index) is not None) == waiting:
                        await self.refresh_seat(session, seat_index)
        for session in sessions:
            if session.board_message_id is None:
                embed = board_embed((await session.committed()).view(None), self.game_name(session))
                await self._repost_board(session, embed)
            else:
                self._edit_board(session)

    def _edit_board(self, session: MatchSession) -> None:
        """Queue the public board for an edit; the board worker paces the edits."""
        if session.board_message_id is None:
            return
        self._stale_boards[session.match_id] = session
        if self._board_worker is None:
            self._board_worker = asyncio.create_task(self._edit_boards())
            self.background.track(self._board_worker)

    async def _edit_boards(self) -> None:
        """Edit stale boards, each at most every `board_interval` seconds, oldest first.

        The board is a public message everyone reads at a glance; editing it on every
        click would cost the bot most of its time under load (and Discord rate-limits
        edits per channel), so a burst of moves becomes one edit of the latest state.
        Its picture is drawn in a worker process and only while drawing has taken less
        than `picture_share` of the time, so pictures lag under load, clicks never do.

        At most `boards_at_once` edits are under way at a time. Without the cap, boards
        that fell due together were all built in one pass of the loop: matches dealt at
        the same moment stay in step (each is due again `board_interval` after its last
        edit), so every 1.5 s a hundred boards were built back to back and the clicks
        queued behind them (`cardhost bench-bot`: bursts of slow clicks every 1.5 s, the
        p99's tail). With the cap, board edits take turns with the clicks and drift apart.
        """
        loop = asyncio.get_running_loop()
        try:
            while self._stale_boards:
                if len(self._drawing) >= self.boards_at_once:
                    self._board_slot.clear()
                    await self._board_slot.wait()
                    continue
                now = loop.time()
                due = None
                for match_id, session in self._stale_boards.items():
                    if match_id in self._drawing:
                        continue
                    ready_at = self._last_board.get(match_id, -1e9) + self.board_interval
                    if session.match.over or ready_at <= now:
                        due = match_id
                        break
                if due is None:
                    waiting = [m for m in self._stale_boards if m not in self._drawing]
                    soonest = min(
                        (self._last_board.get(m, -1e9) + self.board_interval for m in waiting),
                        default=now + 0.05,  # only boards being drawn: look again shortly
                    )
                    await asyncio.sleep(max(0.001, soonest - now))
                    continue
                # Boards come after the players: wait for the global budget's turn (unless
                # the board's interaction token still edits it), then draw the board's
                # state as it is by then.
                traffic = self.traffic
                spent = traffic.board_token(due, self._stale_boards[due].board_message_id) is None
                if spent:
                    await traffic.budget.spend(BOARD)
                session = self._stale_boards.pop(due, session)
                self._last_board[due] = loop.time()
                self._drawing.add(due)
                drawing = self._draw_board_once(session, spent=spent)
                self.background.track(asyncio.create_task(drawing))
        finally:
            self._board_worker = None

    async def _draw_board_once(self, session: MatchSession, *, spent: bool) -> None:
        try:
            await self._draw_board(session, spent=spent)
        finally:
            self._drawing.discard(session.match_id)
            self._board_slot.set()
            if session.match.over:
                self.traffic.forget_match(session.match_id, len(session.seats))
                self._last_board.pop(session.match_id, None)
                self._last_image.pop(session.match_id, None)

    async def _draw_board(self, session: MatchSession, *, spent: bool = True) -> None:
        """Edit the board: through its interaction's token while that works, else on the
        channel route, after a turn of the global budget (`spent`: already taken)."""
        loop = asyncio.get_running_loop()
        match = await session.committed()
        view = match.view(None)
        over = match.over
        as_of = discord.utils.utcnow()  # the board shows every action committed before this
        fields: dict = {"view": self.board_buttons(session.match_id, over=over)}
        png = None
        now = loop.time()
        picture_due = self._last_image.get(session.match_id, -1e9) + self.image_interval <= now
        if (
            self.draw_images
            and not self._picturing  # one picture at a time, as `picture_share` assumes
            and (over or (picture_due and now >= self._idle_from))
        ):
            self._picturing = True
            try:
                started = loop.time()
                png = await self.picture(view)
                drawing = loop.time() - started
            finally:
                self._picturing = False
            self._last_image[session.match_id] = loop.time()
            self._idle_from = loop.time() + drawing * (1 / self.picture_share - 1)
        if png is not None:
            fields["attachments"] = [discord.File(io.BytesIO(png), filename=BOARD_IMAGE)]
        elif self.draw_images and not picture_due:
            pass  # the picture already attached is recent enough
        elif self.draw_images:
            self._edit_board(session)  # a picture is owed
        embed = board_embed(
            view,
            self.game_name(session),
            BOARD_IMAGE if self.draw_images else None,
            thinking=session.thinking,
        )
        embed.timestamp = as_of
        fields["embed"] = embed
        try:
            board_id = session.board_message_id
            assert board_id is not None
            if not await self.traffic.edit_board(session.match_id, board_id, **fields):
                if not spent:
                    await self.traffic.budget.spend(BOARD)
                if png is not None:  # a fresh upload: the first one's file was read
                    fields["attachments"] = [discord.File(io.BytesIO(png), filename=BOARD_IMAGE)]
                # discord.py sleeps through a 429 (`retry_after`, which for 30046 can be most
                # of an hour): a board must not hang on it.
                async with asyncio.timeout(self.board_edit_timeout):
                    await self._edit(session.channel_id, board_id, **fields)
        except TimeoutError:
            if self._board_age(session) > self.old_board_age:  # 30046 behind a 429 wait
                await self._repost_board(session, embed)
            else:  # a bucket is full: the board catches up with a later edit
                self._edit_board(session)
        except discord.HTTPException as exc:
            # Too old, deleted, or in a thread that was archived (posting unarchives it) or
            # deleted (the match moves to a new thread).
            if exc.code in (OLD_MESSAGE_EDITS, UNKNOWN_MESSAGE, ARCHIVED_THREAD, UNKNOWN_CHANNEL):
                await self._repost_board(session, embed)
            else:
                log.warning("match %s: board edit failed: %s", session.match_id, exc)
        # Spectators' copies follow the board, at its pace, through their own tokens.
        await self.spectators.update(session)

    def _board_age(self, session: MatchSession) -> float:
        if session.board_message_id is None:
            return 0.0
        created = discord.utils.snowflake_time(session.board_message_id)
        return (discord.utils.utcnow() - created).total_seconds()

    async def _repost_board(self, session: MatchSession, embed: discord.Embed) -> None:
        """Discord stopped taking edits of the board (older than an hour, 30046): post it
        anew, and point the old one at the new one if Discord still lets us."""
        old_id = session.board_message_id
        await self.traffic.budget.spend(BOARD)
        embed.set_image(url=None)  # the picture follows with the next edit
        view = self.board_buttons(session.match_id, over=session.match.over)
        try:
            sent = await self._post_board(session, embed, view)
        except discord.HTTPException as exc:
            if not (self.threads.gone(exc) and await self.threads.relocate(session)):
                log.warning("match %s: board could not be re-posted: %s", session.match_id, exc)
                return
            old_id = None  # it stays in the closed thread
            try:
                sent = await self._post_board(session, embed, view)
            except discord.HTTPException as again:
                log.warning("match %s: board lost its thread: %s", session.match_id, again)
                return
        session.board_message_id = int(sent["id"])
        await self.storage.matches.set_board_message(session.match_id, session.board_message_id)
        self._last_image.pop(session.match_id, None)
        if self.draw_images:
            self._edit_board(session)
        if old_id is not None:
            await self.retire_board(session, old_id)

    def board_link(self, session: MatchSession) -> str | None:
        """A link that opens the match's board (None before it is posted)."""
        if session.board_message_id is None:
            return None
        return jump_link(session.guild_id, session.channel_id, session.board_message_id)

    async def retire_board(self, session: MatchSession, old_id: int) -> None:
        """A board that is no longer the match's points at the one that is, without its
        buttons: left as it was, it would show a moment long gone as if it were the game."""
        link = self.board_link(session)
        await self.traffic.budget.spend(BOARD)
        try:
            async with asyncio.timeout(self.board_edit_timeout):
                await self._edit(
                    session.channel_id, old_id, content=f"This board moved: {link}",
                    embed=None, view=None, attachments=[],
                )  # fmt: skip
        except (TimeoutError, discord.HTTPException) as exc:  # 30046 again: left as it is
            log.info("match %s: old board %s left as it is: %s", session.match_id, old_id, exc)

    async def _post_board(
        self, session: MatchSession, embed: discord.Embed, view: discord.ui.View
    ) -> "MessagePayload":
        with message_parameters(embed=embed, view=view) as params:
            return await self.http.send_message(session.channel_id, params=params)

    async def _send_panel(self, session: MatchSession, seat_index: int) -> None:
        """A new DM panel, sent as raw JSON: discord.py's `user.send` would parse the
        message it gets back and keep the panel's view in its view store for good."""
        seat = session.seats[seat_index]
        payload = await self.panel_payload(session, seat_index)
        try:
            await self._dm_channel(seat)
            traffic = self.traffic
            assert seat.user_id is not None and seat.dm_channel_id is not None
            sent_id = await traffic.post_with_token(seat.user_id, seat.dm_channel_id, payload)
            if sent_id is None:
                await traffic.budget.spend(PANEL)
                route = Route(
                    "POST", "/channels/{channel_id}/messages", channel_id=seat.dm_channel_id
                )
                sent_id = int((await self.http.request(route, json=payload))["id"])
            seat.panel_message_id = sent_id
            self._last_panel[(session.match_id, seat_index)] = (seat.panel_message_id, payload)
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                log.warning(
                    "match %s: DM to seat %s refused: %s", session.match_id, seat_index, exc
                )
            seat.dms_open = False
            seat.panel_message_id = None
        except discord.HTTPException as exc:
            log.warning("match %s: DM to seat %s failed: %s", session.match_id, seat_index, exc)

    async def _patch_panel(self, session: MatchSession, seat_index: int) -> None:
        seat = session.seats[seat_index]
        if seat.panel_message_id is None:
            await self._send_panel(session, seat_index)
            await self._save_front(session)
            return
        payload = await self.panel_payload(session, seat_index)
        key = (session.match_id, seat_index)
        sent = (seat.panel_message_id, payload)
        if self._last_panel.get(key) == sent:
            return  # what the player sees already (e.g. the other player moved within a turn)
        # Noted before the edit goes out: a click answered meanwhile forgets it (its answer
        # changed the panel), and a note written after the edit would outlive that.
        self._last_panel[key] = sent
        self._editing.add(key)
        try:
            assert seat.user_id is not None
            if await self.traffic.edit_with_token(seat.user_id, seat.panel_message_id, payload):
                return
            await self._dm_channel(seat)
            await self.traffic.budget.spend(PANEL)
            route = Route(
                "PATCH",
                "/channels/{channel_id}/messages/{message_id}",
                channel_id=seat.dm_channel_id,
                message_id=seat.panel_message_id,
            )
            await self.http.request(route, json=payload)
        except BaseException:
            if self._last_panel.get(key) is sent:
                del self._last_panel[key]
            raise
        finally:
            self._editing.discard(key)

    async def _dm_channel(self, seat: Seat) -> None:
        """Find the seat's DM channel: known from an earlier match, or asked for once (a
        globally limited call; fetching the user first would be a second one)."""
        if seat.dm_channel_id is not None:
            return
        user_id = seat.user_id
        assert user_id is not None, "the computer's seat has no DM channel"
        known = self.traffic.dm_channels
        if user_id not in known:
            await self.traffic.budget.spend(PANEL)
            channel = await self.http.start_private_message(user_id)
            known[user_id] = int(channel["id"])
        seat.dm_channel_id = known[user_id]

    async def _edit_panel(self, session: MatchSession, seat_index: int) -> None:
        try:
            await self._patch_panel(session, seat_index)
        except discord.NotFound:  # the player deleted the DM: send a new panel
            session.seats[seat_index].panel_message_id = None
            await self._send_panel(session, seat_index)
            await self._save_front(session)
        except discord.HTTPException as exc:
            log.warning("match %s: panel edit failed: %s", session.match_id, exc)

    async def _edit_hand(self, session: MatchSession, seat_index: int) -> None:
        """DMs closed: the player's ephemeral panel, through the token that opened it."""
        payload = await self.panel_payload(session, seat_index)
        key = (session.match_id, seat_index)
        if self._last_panel.get(key) == (EPHEMERAL_PANEL, payload):
            return
        if await self.traffic.edit_hand(session.match_id, seat_index, payload):
            self._last_panel[key] = (EPHEMERAL_PANEL, payload)

    def forget_panel(self, session: MatchSession, seat_index: int) -> None:
        """The panel was changed by other means (a click's answer): no longer known."""
        self._last_panel.pop((session.match_id, seat_index), None)
        self._shown.pop((session.match_id, seat_index), None)

    def editing(self, session: MatchSession, seat_index: int) -> bool:
        """An edit of the seat's DM panel is under way (it may land after a click's answer)."""
        return (session.match_id, seat_index) in self._editing

    def answered(
        self, session: MatchSession, seat_index: int, payload: dict, seq: int | None
    ) -> None:
        """A click on the seat's DM panel was answered with `payload` (decision `seq`), and
        no edit of that panel was under way when the answer went out: the panel is known
        to show it. Without this, the next redraw would send the same panel again and
        count as a decision that changed (`_showing`)."""
        key = (session.match_id, seat_index)
        message_id = session.seats[seat_index].panel_message_id
        if key in self._editing or message_id is None:
            self.forget_panel(session, seat_index)
            return
        self._last_panel[key] = (message_id, payload)
        self._shown[key] = seq

    async def _edit(self, channel_id: int, message_id: int, **fields: Any) -> None:
        """Edit a message by id without building a Message from Discord's answer.

        `PartialMessage.edit` parses the returned message into objects we never read; at
        hundreds of edits a second that parsing is most of the bot's time. Our components
        are DynamicItems, registered once, so no view needs storing either.
        """
        with message_parameters(**fields) as params:
            await self.http.edit_message(channel_id, message_id, params=params)

    async def _save_front(self, session: MatchSession) -> None:
        await self.storage.matches.set_front_state(session.match_id, session.front_state())

    def board_buttons(self, match_id: int, *, over: bool) -> discord.ui.View:
        """The board's buttons, made once per running match and reused by every post and
        edit of its board.

        Why: a `discord.ui.View` and its items refer to each other, so every view built
        for one edit and dropped after it is garbage only the cycle collector frees. The
        board is edited every second or two in every running match, and those views were
        most of what the full collections freed in `cardhost bench-bot --matches 200`
        (1,231 of 1,303 views, 62k objects in one 160 ms collection). The buttons are
        dynamic items whose custom ids carry the match, so one view serves every message
        of the match, and discord.py keeps no state of its own for a fully dynamic view.
        A finished match's board has no buttons (an empty view, no cycle), and its
        running view is let go.
        """
        if over:
            self._board_views.pop(match_id, None)
            return board_view(match_id, over)
        view = self._board_views.get(match_id)
        if view is None:
            view = self._board_views[match_id] = board_view(match_id, over)
        return view

    def close(self) -> None:
        self._board_views.clear()
        for timer in self._catch_ups.values():
            timer.cancel()
        self._catch_ups.clear()
        self._owed.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def warn(self, session: MatchSession, seat: int, remaining: float) -> None:
        user_id = session.seats[seat].user_id
        if user_id is None:
            return
        # Not cached yet when a restored clock warns during start-up: post by id.
        channel = self.channel_of(session.channel_id, session.guild_id)
        assert isinstance(channel, discord.abc.Messageable), channel  # a match's text channel
        await self.traffic.budget.spend(NOTICE)
        await channel.send(
            f"<@{user_id}>, half your time is gone: {int(remaining)} s left to move.",
            allowed_mentions=discord.AllowedMentions(users=True),
        )

    async def say(self, session: MatchSession, text: str) -> None:
        """One plain line in the match's channel (the ratings after a rated match). A
        failure is logged, never raised: the match is over and saved by now."""
        channel = self.channel_of(session.channel_id, session.guild_id)
        try:
            await self.traffic.budget.spend(NOTICE)
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("match %s: could not post %r", session.match_id, text[:60])
