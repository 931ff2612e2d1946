"""Running matches: one per channel, each behind its own lock, every action saved first.

The session manager owns the engine matches of the bot. It knows nothing of Discord
messages: after each change it calls the `on_change` hook (the presenter redraws) and,
when a match ends, `on_finish` (ratings). Order for every action: validate and apply in
the engine, append it to the SQLite action log (committed), and only then tell anyone.

Turn clocks (each waiting human's deadline, the decision it times, when it started, and
whether the half-time warning went out) are stored with the action that changes them, in
the same statement, and restored after a restart: the stored deadline stands, except that
one already past, or within `restart_grace` of the restart, is moved to restart +
`restart_grace` and warned again (docs/architecture.md, "Turn clocks across a restart").
"""

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.crashpoints import crash_point
from bot.play.thinking import DEFAULT_DIFFICULTY, DIFFICULTIES, Thinker
from bot.storage import PlayerInfo, Storage, StorageError
from bot.storage.matches import RunningHeader, RunningMatch
from engine import Action, EngineError, IllegalAction, Match, new_match, replay

log = logging.getLogger(__name__)

#: A computer that has not answered within this many seconds shows "thinking…".
THINKING_NOTICE = 0.4

# A restart never costs a player the match: a clock with less than this left (or already
# run out while the bot was down) gets this much from the restart on. Seconds, or this
# share of the turn timer if that is less, so a restart never gives more than half a turn
# and a moved clock is always within its warning window (the warning goes out again).
RESTART_GRACE = 60.0
RESTART_GRACE_SHARE = 0.5

#: Matches replayed per read of their logs after a start (two queries each batch).
REPLAY_BATCH = 64

#: How long a process's lease on a match lasts unrenewed (it renews every third of it):
#: after a process dies, its matches wait at most this long for another to take them.
LEASE_SECONDS = 15.0


class StaleChoice(IllegalAction):
    """The button belongs to a decision that is no longer open."""


class ChannelBusy(EngineError):
    """A channel holds at most one running match."""


class SaveFailed(EngineError):
    """The action could not be committed; it was undone and nobody saw it."""


@dataclass
class Seat:
    user_id: int | None  # None for the computer
    name: str
    is_bot: bool = False
    dms_open: bool = True
    panel_message_id: int | None = None  # the DM holding this player's hand and buttons
    dm_channel_id: int | None = None


def restart_grace(turn_timer: float) -> float:
    return min(RESTART_GRACE, turn_timer * RESTART_GRACE_SHARE)


@dataclass(frozen=True, slots=True)
class Clock:
    """One waiting human's clock, in event-loop time (stored as epoch seconds)."""

    seq: int  # the decision it times
    deadline: float
    opened: float  # when that decision's clock started
    warned: bool  # the half-time warning went out


@dataclass
class MatchSession:
    match_id: int
    guild_id: int | None
    channel_id: int
    match: Match
    seats: list[Seat]
    turn_timer: float
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    board_message_id: int | None = None
    parent_channel_id: int | None = None  # in thread mode: the channel the thread is in
    deadlines: dict[int, float] = field(default_factory=dict)  # seat -> loop time
    deadline_seq: dict[int, int] = field(default_factory=dict)  # seat -> decision seq timed
    opened: dict[int, float] = field(default_factory=dict)  # seat -> loop time its clock began
    warned: set[int] = field(default_factory=set)
    timer: asyncio.Task | None = None
    #: The computer's strength in this match (bot.play.thinking.DIFFICULTIES), kept with the
    #: match's front state so a restart plays on at the same one.
    difficulty: str = DEFAULT_DIFFICULTY
    #: Set while the computer thinks about a decision (the board says so).
    thinking: bool = False
    # Loop time at which the sleeping timer next looks at the clocks (-inf: not asleep).
    timer_wakes: float = float("-inf")
    # Set while the match in memory is exactly what is committed. An action is applied in
    # memory first (the engine validates by applying) and saved after; in that window the
    # match shows a result nobody may see yet, so every read for a player waits it out.
    settled: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.settled.set()

    @property
    def ruleset(self) -> str:
        return self.match.ruleset.id

    async def committed(self) -> Match:
        """The match as committed: waits while a save is under way.

        Whatever reaches a player (a panel, the board, /hand, /match) is read through this,
        and read at once: between this and the reads there must be no `await`, or another
        click could change the match in memory again before it is saved.
        """
        await self.settled.wait()
        return self.match

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    def clocks(self) -> dict[int, Clock]:
        return {
            seat: Clock(
                self.deadline_seq[seat],
                deadline,
                self.opened.get(seat, deadline - self.turn_timer),
                seat in self.warned,
            )
            for seat, deadline in self.deadlines.items()
        }

    def set_clocks(self, clocks: dict[int, Clock]) -> None:
        self.deadlines = {seat: c.deadline for seat, c in clocks.items()}
        self.deadline_seq = {seat: c.seq for seat, c in clocks.items()}
        self.opened = {seat: c.opened for seat, c in clocks.items()}
        self.warned = {seat for seat, c in clocks.items() if c.warned}

    def front_state(self) -> dict[str, Any]:
        """What the bot keeps beside the record to find its messages again after a restart."""
        return {
            "parent_channel_id": self.parent_channel_id,
            "difficulty": self.difficulty,
            "seats": [
                {
                    "dms_open": s.dms_open,
                    "panel_message_id": s.panel_message_id,
                    "dm_channel_id": s.dm_channel_id,
                }
                for s in self.seats
            ],
        }


Hook = Callable[[MatchSession], Awaitable[None]]


async def _nothing(session: MatchSession) -> None:
    return None


def _ignore(*_: object) -> None:
    return None


class SessionManager:
    def __init__(
        self,
        storage: Storage,
        turn_timer: Callable[[int | None], Awaitable[float]],
        on_change: Hook = _nothing,
        on_finish: Hook = _nothing,
        on_warning: Callable[[MatchSession, int, float], Awaitable[None]] | None = None,
        on_thinking: Hook = _nothing,
        on_restored: Callable[[list[MatchSession]], None] = _ignore,
        on_held: Callable[[int, str], None] = _ignore,
        lease_owner: str | None = None,
        lease_seconds: float = LEASE_SECONDS,
    ):
        self.storage = storage
        self.turn_timer = turn_timer
        self.on_change = on_change
        self.on_finish = on_finish
        self.on_warning = on_warning
        self.on_thinking = on_thinking
        #: The computer's worker process (bot/play/thinking.py), started on its first decision.
        self.thinker = Thinker()
        #: Computer turns under way (`_computer_later`), for `idle` and `close`.
        self.turns: set[asyncio.Task] = set()
        self.by_channel: dict[int, MatchSession] = {}
        self.by_id: dict[int, MatchSession] = {}
        #: Running matches this process cannot replay (engine/core/pins.py refused their
        #: cards, or their rules version): kept running in storage, never ended, and their
        #: channel stays taken. Channel id -> why, in words for the players.
        self.held: dict[int, str] = {}
        #: Running matches not replayed yet (a start replays after it answers): match id
        #: -> what is known without the log; and channel id -> match id.
        self.unreplayed: dict[int, RunningHeader] = {}
        self._unreplayed_channels: dict[int, int] = {}
        #: Replays under way, so that a click arriving meanwhile waits for that one.
        self._replays: dict[int, asyncio.Future[None]] = {}
        #: Each server's turn timer, read once per start for the replays.
        self._timers: dict[int | None, float] = {}
        #: Told of every batch of restored matches (the presenter brings them up to date)
        #: and of every match this version cannot replay.
        self.on_restored = on_restored
        self.on_held = on_held
        #: Set once `replay_rest` has replayed every match noted at the start.
        self.all_replayed = asyncio.Event()
        #: Several processes on one database: this process's name in
        #: `match_leases`, and how long a lease lasts unrenewed. None: the only process,
        #: every running match is its own.
        self.lease_owner = lease_owner
        self.lease_seconds = lease_seconds

    # -- starting and restoring --------------------------------------------------

    async def start(
        self,
        ruleset: str,
        guild_id: int | None,
        channel_id: int,
        seats: list[Seat],
        decks: list[list[str]],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        parent_channel_id: int | None = None,
        difficulty: str = DEFAULT_DIFFICULTY,
    ) -> MatchSession:
        if difficulty not in DIFFICULTIES:
            raise EngineError(
                f"unknown difficulty '{difficulty}' (known: {', '.join(DIFFICULTIES)})"
            )
        if self.busy(channel_id):
            raise ChannelBusy("this channel already has a running match")
        seed = random.SystemRandom().randrange(2**63) if seed is None else seed
        match = new_match(ruleset, [s.name for s in seats], decks, seed, options or {})
        players = [PlayerInfo(user_id=s.user_id, name=s.name, is_bot=s.is_bot) for s in seats]
        timer = await self.turn_timer(guild_id)
        session = MatchSession(
            0,
            guild_id,
            channel_id,
            match,
            seats,
            timer,
            parent_channel_id=parent_channel_id,
            difficulty=difficulty,
        )
        clocks = _plan_clocks(session, asyncio.get_running_loop().time())
        try:
            session.match_id = await self.storage.matches.create_match(
                guild_id, channel_id, match.record, players, match.record.options,
                front_state=session.front_state(), clocks=_stored(clocks),
            )  # fmt: skip
        except StorageError as exc:
            raise ChannelBusy(str(exc)) from exc
        session.set_clocks(clocks)
        if self.lease_owner is not None:
            await self.storage.leases.claim(
                self.lease_owner, [session.match_id], self.lease_seconds
            )
        self._register(session)
        if any(seat.is_bot for seat in seats):
            self.thinker.warm()
        await self._computer_moves(session)
        self._reset_timer(session)
        return session

    # A start answers before it replays: `load_running` reads which matches run
    # where (one light query), and each match is replayed later, by `replay_rest` in the
    # background (soonest turn clock first) or by the first click or command that needs
    # it (`get`, `in_channel`, `played_in`), which waits for that match's replay alone.

    async def load_running(self) -> int:
        """Note every running match, unreplayed (a start): how many. With leases, only
        those this process holds or could take (free, or expired: their owner died)."""
        owned: set[int] | None = None
        if self.lease_owner is not None:
            leases = self.storage.leases
            owned = set(await leases.claim_running(self.lease_owner, self.lease_seconds))
        for header in await self.storage.matches.running_headers():
            if header.match_id in self.by_id or header.match_id in self.unreplayed:
                continue
            if owned is not None and header.match_id not in owned:
                continue  # another live process serves it
            self.unreplayed[header.match_id] = header
            self._unreplayed_channels[header.channel_id] = header.match_id
        return len(self.unreplayed)

    async def replay_rest(self, batch: int = REPLAY_BATCH) -> list[MatchSession]:
        """Replay every match still unreplayed, the soonest turn clock first (a player
        is waiting there), `batch` matches per read: one query per table each, not a few
        per match. Yields to the event loop between matches, so clicks are served
        meanwhile (a click for a match not replayed yet replays it at once)."""
        order = sorted(self.unreplayed.values(), key=lambda h: (h.first_deadline, h.match_id))
        restored: list[MatchSession] = []
        for start in range(0, len(order), batch):
            ids = [h.match_id for h in order[start : start + batch]]
            restored.extend(await self._replay(ids, pause=True))
        self.all_replayed.set()
        return restored

    async def keep_leases(self) -> None:
        """Several processes: renew this process's leases every third of their length,
        let go of a match another process took over (this one was frozen past its lease),
        and take over, replaying them, the matches of a process that died. Runs until
        cancelled."""
        assert self.lease_owner is not None
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self.renew_and_take_over()
            except StorageError:
                log.exception("could not renew the leases; trying again")

    async def renew_and_take_over(self) -> list[MatchSession]:
        """One round of `keep_leases`: the sessions taken over from a dead process."""
        assert self.lease_owner is not None
        owned = set(await self.storage.leases.claim_running(self.lease_owner, self.lease_seconds))
        for session in [s for s in self.by_id.values() if s.match_id not in owned]:
            log.warning("match %s: its lease went to another process", session.match_id)
            self._unregister(session)
            self.thinker.forget(session.match_id)
        for match_id in [m for m in self.unreplayed if m not in owned]:
            self._replayed(match_id)
        new = [m for m in owned if m not in self.by_id and m not in self.unreplayed]
        if not new:
            return []
        for header in await self.storage.matches.running_headers():
            if header.match_id in new:
                self.unreplayed[header.match_id] = header
                self._unreplayed_channels[header.channel_id] = header.match_id
        log.info("taking over %d match(es) whose process stopped renewing", len(new))
        return await self._replay(sorted(new))

    def busy(self, channel_id: int) -> bool:
        """Whether a running match (replayed or not) takes this channel."""
        return channel_id in self.by_channel or channel_id in self._unreplayed_channels

    async def get(self, match_id: int) -> MatchSession | None:
        """The running match `match_id` (replayed now if it was not yet), or None."""
        session = self.by_id.get(match_id)
        if session is None and match_id not in self.unreplayed and self.lease_owner:
            # Not ours: take it only if its lease is free or expired (its process died).
            claimed = await self.storage.leases.claim(
                self.lease_owner, [match_id], self.lease_seconds
            )
            if claimed and match_id not in self.by_id and match_id not in self.unreplayed:
                for header in await self.storage.matches.running_headers():
                    if header.match_id == match_id:
                        self.unreplayed[match_id] = header
                        self._unreplayed_channels[header.channel_id] = match_id
            session = self.by_id.get(match_id)
        if session is None and match_id in self.unreplayed:
            await self._replay([match_id])
            session = self.by_id.get(match_id)
        return session

    async def in_channel(self, channel_id: int) -> MatchSession | None:
        """The running match of this channel (replayed now if it was not yet), or None."""
        session = self.by_channel.get(channel_id)
        if session is None and channel_id in self._unreplayed_channels:
            session = await self.get(self._unreplayed_channels[channel_id])
        return session

    async def played_in(self, parent_channel_id: int | None, user_id: int) -> list[MatchSession]:
        """The running matches whose thread is in this channel and that `user_id` plays;
        None: every running match of theirs (a command in a DM)."""
        waiting = [
            h.match_id
            for h in self.unreplayed.values()
            if parent_channel_id in (None, h.parent_channel_id) and user_id in h.user_ids
        ]
        if waiting:
            await self._replay(waiting)
        return [
            s
            for s in self.by_id.values()
            if parent_channel_id in (None, s.parent_channel_id) and s.seat_of(user_id) is not None
        ]

    async def _replay(self, match_ids: list[int], *, pause: bool = False) -> list[MatchSession]:
        """Replay these unreplayed matches (those another caller is replaying already are
        waited for, not replayed twice): the sessions this call restored. Tells
        `on_restored` and `on_held` of what it found."""
        loop = asyncio.get_running_loop()
        mine = [m for m in match_ids if m in self.unreplayed and m not in self._replays]
        theirs = [self._replays[m] for m in match_ids if m in self._replays]
        for match_id in mine:
            self._replays[match_id] = loop.create_future()
        restored: list[MatchSession] = []
        read = False
        try:
            if mine:
                for running in await self.storage.matches.running_with_logs(mine):
                    session = await self._restore_one(running)
                    self._replayed(running.row.id)  # a click waiting on it goes on now
                    if session is not None:
                        restored.append(session)
                    if pause:
                        await asyncio.sleep(0)
            read = True
        finally:
            for match_id in mine:
                if read:  # not among the running any more: it ended meanwhile
                    self._replayed(match_id)
                elif (future := self._replays.pop(match_id, None)) is not None:
                    future.set_result(None)  # the read failed: still unreplayed
        if restored:
            self.on_restored(restored)
        for future in theirs:
            await future
        return restored

    def _replayed(self, match_id: int) -> None:
        """This match is no longer unreplayed; whoever waits on its replay goes on."""
        header = self.unreplayed.pop(match_id, None)
        if header is not None:
            self._unreplayed_channels.pop(header.channel_id, None)
        future = self._replays.pop(match_id, None)
        if future is not None:
            future.set_result(None)

    async def _restore_one(self, running: RunningMatch) -> MatchSession | None:
        """Rebuild one running match from its log: its session (registered, clocks and
        timer running, the computer thinking again if it was to move), or None if this
        version cannot replay it (it is then held)."""
        row = running.row
        try:
            match = replay(running.record)
        except EngineError as exc:
            # Never ended for this: a content or rules update must not lose a match.
            # It stays stored as it is and resumes under a bot that can replay it.
            log.error("match %s cannot be replayed (%s): kept, on hold", row.id, exc)
            reason = f"match {row.id} cannot be resumed: {exc}"
            self.held[row.channel_id] = reason
            self.on_held(row.channel_id, reason)
            return None
        front = running.front_state
        stored = front.get("seats", [])
        seats = []
        for index, player in enumerate(row.players):
            extra = stored[index] if index < len(stored) else {}
            seats.append(
                Seat(
                    player.user_id,
                    player.name,
                    player.is_bot,
                    extra.get("dms_open", True),
                    extra.get("panel_message_id"),
                    extra.get("dm_channel_id"),
                )
            )
        if row.guild_id not in self._timers:
            self._timers[row.guild_id] = await self.turn_timer(row.guild_id)
        session = MatchSession(
            row.id,
            row.guild_id,
            row.channel_id,
            match,
            seats,
            self._timers[row.guild_id],
            board_message_id=row.board_message_id,
            parent_channel_id=front.get("parent_channel_id"),
            difficulty=front.get("difficulty", DEFAULT_DIFFICULTY),
        )
        self._register(session)
        if any(seat.is_bot for seat in seats):
            self.thinker.warm()
        _restore_clocks(session, running.clocks)
        self._reset_timer(session)
        # the bot may have stopped while the computer was thinking: it thinks again
        self._computer_later(session)
        return session

    def close(self) -> None:
        """Stop every turn timer (the bot is shutting down; a restart restores them)."""
        for session in self.by_id.values():
            if session.timer is not None and session.timer is not asyncio.current_task():
                session.timer.cancel()
            session.timer = None
        for task in self.turns:
            task.cancel()
        self.thinker.close()

    async def idle(self) -> None:
        """Wait until every computer turn started so far has finished (tests, shutdown)."""
        while self.turns:
            await asyncio.gather(*list(self.turns), return_exceptions=True)

    def _register(self, session: MatchSession) -> None:
        self.by_channel[session.channel_id] = session
        self.by_id[session.match_id] = session

    def move(self, session: MatchSession, channel_id: int) -> None:
        """The match now lives in `channel_id` (its thread was closed)."""
        if self.by_channel.get(session.channel_id) is session:
            del self.by_channel[session.channel_id]
        session.channel_id = channel_id
        session.board_message_id = None
        self.by_channel[channel_id] = session

    def _unregister(self, session: MatchSession) -> None:
        self.by_channel.pop(session.channel_id, None)
        self.by_id.pop(session.match_id, None)
        if session.timer is not None and session.timer is not asyncio.current_task():
            session.timer.cancel()
        session.timer = None

    # -- acting --------------------------------------------------------------------

    async def act(
        self, session: MatchSession, seat: int, seq: int, action: Action, notify: bool = True
    ) -> None:
        """Apply a player's choice for decision number `seq` and save it.

        Raises StaleChoice (old button), IllegalAction (bad action) or SaveFailed; in every
        case nothing changed. With `notify` False the caller shows the result itself (it
        answers the click first) and then calls `changed`.
        """
        async with session.lock:
            decision = session.match.decision_for(seat)
            if decision is None or decision.seq != seq:
                raise StaleChoice("that choice is no longer open")
            await self._apply(session, seat, lambda: session.match.apply(seat, action))
        await self._after_change(session, notify)
        self._computer_later(session)

    async def resign(
        self, session: MatchSession, seat: int, reason: str = "resigned", notify: bool = True
    ) -> None:
        async with session.lock:
            if session.match.over:
                raise IllegalAction("the match is already over")
            await self._apply(session, seat, lambda: session.match.resign(seat, reason))
        await self._after_change(session, notify)

    async def changed(self, session: MatchSession) -> None:
        """Tell the front end (after a caller that passed notify=False has answered)."""
        await self.on_change(session)

    async def _apply(self, session: MatchSession, seat: int, change: Callable[[], None]) -> None:
        match = session.match
        before = len(match.actions)
        session.settled.clear()
        try:
            change()  # raises IllegalAction before touching anything
            await self._commit(session, match, before)
        finally:
            session.settled.set()

    async def _commit(self, session: MatchSession, match: Match, before: int) -> None:
        """Save the actions applied since `before`; on failure rebuild the match from the log."""
        # The clocks as they stand after this change go with it, in the same statement
        # (nothing extra when they did not change).
        current = session.clocks()
        clocks = _plan_clocks(session, asyncio.get_running_loop().time(), current)
        changed = clocks != current
        try:
            await self.storage.matches.append_actions(
                session.match_id,
                [
                    (seq, *match.actions[seq - 1])
                    for seq in range(before + 1, len(match.actions) + 1)
                ],
                clocks=_stored(clocks) if changed and not match.over else None,
            )
            session.set_clocks(clocks)
            if match.over:
                await self.storage.matches.finish_match(session.match_id, match.winner)
            crash_point("committed")  # committed, nobody told: the narrowest window
        except StorageError as exc:
            log.exception("match %s: could not save action %s", session.match_id, before + 1)
            session.match = replay(await self.storage.matches.load_record(session.match_id))
            raise SaveFailed("that move could not be saved; nothing changed, try again") from exc

    async def _computer_moves(self, session: MatchSession) -> None:
        """The computer answers its own open decisions (caller holds the lock)."""
        while not session.match.over:
            mine = [d for d in session.match.pending if session.seats[d.player].is_bot]
            if not mine:
                return
            decision = mine[0]
            action = await self._think(session, decision)
            seat = decision.player
            await self._apply(session, seat, partial(session.match.apply, seat, action))

    def _computer_later(self, session: MatchSession) -> None:
        """Let the computer answer its open decisions in a task of its own: the player
        whose click led here gets their answer first (a click must be answered within
        three seconds, and the hard computer thinks up to a second per decision)."""
        match = session.match
        if match.over or not any(session.seats[d.player].is_bot for d in match.pending):
            return
        task = asyncio.create_task(self._computer_turn(session))
        self.turns.add(task)
        task.add_done_callback(self.turns.discard)

    async def _computer_turn(self, session: MatchSession) -> None:
        async with session.lock:
            before = len(session.match.actions)
            try:
                await self._computer_moves(session)
            except SaveFailed:
                log.warning("match %s: a computer move could not be saved", session.match_id)
            moved = len(session.match.actions) > before
        if moved:
            await self._after_change(session)

    async def _think(self, session: MatchSession, decision: Any) -> Action:
        """The computer's answer, from its worker process (bot/play/thinking.py); one that takes
        longer than `THINKING_NOTICE` shows "thinking…" on the board meanwhile."""
        thought = asyncio.ensure_future(
            self.thinker.choose(
                session.match_id,
                session.match,
                decision,
                session.difficulty,
                session.turn_timer,
            )
        )
        done, _ = await asyncio.wait({thought}, timeout=THINKING_NOTICE)
        if done:
            return thought.result()
        session.thinking = True
        try:
            await self.on_thinking(session)
            return await thought
        finally:
            session.thinking = False

    async def _after_change(self, session: MatchSession, notify: bool = True) -> None:
        if session.match.over:
            self._unregister(session)
            self.thinker.forget(session.match_id)
            if self.lease_owner is not None:
                try:
                    await self.storage.leases.release(self.lease_owner, [session.match_id])
                except StorageError:  # harmless: a finished match is never claimed
                    log.warning("match %s: could not release its lease", session.match_id)
            await self.on_finish(session)
        else:
            self._reset_timer(session)
        if notify:
            await self.on_change(session)

    # -- turn timers -----------------------------------------------------------------

    def _reset_timer(self, session: MatchSession) -> None:
        """A fresh clock for each new decision of a human; decisions still open keep theirs.

        A timer asleep until no later than the next moment due is kept: it looks at the
        clocks again when it wakes. Almost every click opens a decision whose clock runs
        out later than the one before, and a new task per click (with the old one's
        cancellation) was a few per cent of the bot's work under load."""
        session.set_clocks(_plan_clocks(session, asyncio.get_running_loop().time()))
        timer = session.timer
        if (
            timer is not None
            and session.deadlines
            and not timer.done()
            and timer is not asyncio.current_task()
            and float("-inf") < session.timer_wakes <= _next_moment(session)[0]
        ):
            return
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        session.timer = asyncio.create_task(self._run_timer(session)) if session.deadlines else None

    async def _run_timer(self, session: MatchSession) -> None:
        """Warn each waiting human at half time, resign them at their deadline.

        The clocks may change while this sleeps (an action, a restart's grace), so after
        each sleep it looks at them again rather than acting on what it slept for."""
        loop = asyncio.get_running_loop()
        while session.deadlines and not session.match.over:
            when, what, seat = _next_moment(session)
            now = loop.time()
            if when > now + 0.001:
                session.timer_wakes = when
                try:
                    await asyncio.sleep(when - now)
                finally:
                    session.timer_wakes = float("-inf")
                continue
            seq = session.deadline_seq[seat]
            if what == _WARN:
                session.warned.add(seat)
                if self.on_warning is not None:
                    try:
                        await self.on_warning(session, seat, session.deadlines[seat] - now)
                    except Exception:
                        log.exception("match %s: turn warning failed", session.match_id)
                await self._save_warning(session, seat, seq)
            else:
                outcome = await self._time_out(session, seat, seq)
                if outcome is _TIMED_OUT:
                    return  # the change started the next timer, if the match goes on
                if outcome is _NOT_SAVED:
                    await asyncio.sleep(0.5)  # try again (the clock may change first)

    async def _save_warning(self, session: MatchSession, seat: int, seq: int) -> None:
        """Note that the warning went out (after it did: a crash in between repeats the
        warning, which is better than losing it). One trip, with no action to go with."""
        async with session.lock:
            if session.match.over or session.deadline_seq.get(seat) != seq:
                return  # the player moved meanwhile: that append stored the clocks
            try:
                await self.storage.matches.set_clocks(session.match_id, _stored(session.clocks()))
            except StorageError:
                log.warning("match %s: could not note the turn warning", session.match_id)

    async def _time_out(self, session: MatchSession, seat: int, seq: int) -> object:
        """Resign `seat` by timeout if decision `seq` is still open past its deadline:
        _TIMED_OUT, _NOT_DUE (the player moved in time, or the clock changed) or
        _NOT_SAVED."""
        async with session.lock:
            deadline = session.deadlines.get(seat, float("inf"))
            if (
                session.match.over
                or session.deadline_seq.get(seat) != seq
                or deadline > asyncio.get_running_loop().time() + 0.001
            ):
                return _NOT_DUE
            try:
                await self._apply(session, seat, lambda: session.match.resign(seat, "timeout"))
            except SaveFailed:
                return _NOT_SAVED
            except IllegalAction as exc:  # the engine refuses: this timer can do no more
                log.warning("match %s: seat %s cannot time out: %s", session.match_id, seat, exc)
                return _TIMED_OUT
        await self._after_change(session)
        return _TIMED_OUT


_WARN, _LOSE = 0, 1


def _next_moment(session: MatchSession) -> tuple[float, int, int]:
    """(loop time, _WARN or _LOSE, seat): the next thing a turn clock does."""
    half = session.turn_timer / 2
    moments = []
    for seat, deadline in session.deadlines.items():
        if seat not in session.warned:
            moments.append((deadline - half, _WARN, seat))
        moments.append((deadline, _LOSE, seat))
    return min(moments)


_TIMED_OUT, _NOT_DUE, _NOT_SAVED = object(), object(), object()


def _plan_clocks(
    session: MatchSession, now: float, current: dict[int, Clock] | None = None
) -> dict[int, Clock]:
    """The clocks for the match as it stands: a decision still open keeps its clock, a
    new decision of a human gets a fresh one from `now`; computers have none."""
    if current is None:
        current = session.clocks()
    clocks = {}
    for decision in session.match.pending:
        seat = decision.player
        if session.seats[seat].is_bot:
            continue
        clock = current.get(seat)
        if clock is None or clock.seq != decision.seq:
            clock = Clock(decision.seq, now + session.turn_timer, now, False)
        clocks[seat] = clock
    return clocks


def _stored(clocks: dict[int, Clock]) -> list[dict[str, Any]]:
    """The clocks as storage keeps them: wall-clock (epoch) seconds, which outlive the
    process, where the session counts in event-loop time, which does not."""
    offset = time.time() - asyncio.get_running_loop().time()
    return [
        {
            "seat": seat,
            "seq": c.seq,
            "deadline": round(c.deadline + offset, 3),
            "opened": round(c.opened + offset, 3),
            "warned": c.warned,
        }
        for seat, c in sorted(clocks.items())
    ]


def _restore_clocks(session: MatchSession, stored: list[dict[str, Any]]) -> None:
    """Put back the stored clocks of the decisions still open (after a restart).

    The stored deadline stands: a restart is no fresh clock. But a player never loses to
    the bot's downtime: a deadline already past, or less than the grace away, is moved
    to now + grace, and its half-time warning goes out again (with the grace at most
    half the timer, the moved deadline is always within the warning window). A decision
    with no stored clock (a match stored before clocks were) gets a fresh one."""
    now = asyncio.get_running_loop().time()
    offset = time.time() - now
    grace = restart_grace(session.turn_timer)
    clocks = {}
    for entry in stored:
        seat, seq = int(entry["seat"]), int(entry["seq"])
        decision = session.match.decision_for(seat)
        if decision is None or decision.seq != seq or session.seats[seat].is_bot:
            continue
        deadline = float(entry["deadline"]) - offset
        warned = bool(entry["warned"])
        if deadline < now + grace:
            deadline, warned = now + grace, False
        opened = float(entry.get("opened", entry["deadline"] - session.turn_timer)) - offset
        clocks[seat] = Clock(seq, deadline, opened, warned)
    session.set_clocks(clocks)
