"""Matches: the record header, the append-only action log, and front-end columns.

A match is stored as what `engine.core.match.replay` needs (ruleset, rules version, seed,
players, decks, options, scenario) plus one row per action. On start-up the bot rebuilds
every running match with `replay(await load_record(id))`. Actions are JSON: tuples come
back as lists, which the engine normalizes (`MatchRecord.moves`).

Appends are group-committed (`ActionLog`): the appends that arrive while one commit is
under way are written together, in one transaction, in one trip to the database thread.
Each caller still returns only once its own rows are committed, and each is checked on
its own (a refused append does not hold back the others in its group).

An append may carry the match's turn clocks as they stand after its actions (`clocks`, a
JSON column of `matches`): they are written by the UPDATE that every append makes anyway,
so storing them costs no statement and no trip of its own.
"""

import asyncio
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from bot.storage.db import Database, Row, SyncTx, Tx
from bot.storage.errors import (
    ChannelBusy,
    CommitFailed,
    ConstraintViolation,
    MatchClosed,
    MatchNotFound,
    SequenceConflict,
    StorageError,
)
from bot.storage.models import MatchRow, MatchStatus, PlayerInfo
from engine import MatchRecord

_MATCH_COLUMNS = (
    "m.id, m.guild_id, m.channel_id, m.ruleset, m.rules_version, m.seed, m.players,"
    " m.decks, m.options, m.scenario, m.status, m.winner, m.board_message_id,"
    " m.created_at, m.updated_at, m.finished_at, m.last_action_at,"
    " (SELECT COALESCE(MAX(a.seq), 0) FROM match_actions a WHERE a.match_id = m.id)"
    " AS last_seq"
)


def _dumps(value: Any) -> str:
    """Strict JSON: a value that would not come back the same (NaN, a set...) fails here."""
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"cannot store {value!r} as JSON: {exc}") from exc


def _match(row: Row | dict[str, Any]) -> MatchRow:
    data = dict(row)
    data["seed"] = int(data["seed"])
    for key in ("players", "decks", "options", "scenario"):
        if data[key] is not None:
            data[key] = json.loads(data[key])
    return MatchRow(**data)


_LAST_SEQ = (
    "SELECT status, (SELECT COALESCE(MAX(seq), 0) FROM match_actions"
    " WHERE match_id = ?) AS last_seq FROM matches WHERE id = ?"
)
_INSERT_ACTION = (
    "INSERT INTO match_actions (match_id, seq, player, action, created_at) VALUES (?, ?, ?, ?, ?)"
)
_TOUCH = "UPDATE matches SET last_action_at = ?, updated_at = ? WHERE id = ?"
_TOUCH_CLOCKS = "UPDATE matches SET last_action_at = ?, updated_at = ?, clocks = ? WHERE id = ?"

# One append: match id, its rows (seq, player, action JSON), the time, the clocks (JSON, or
# None: unchanged) and its caller.
_Append = tuple[int, list[tuple[int, int, str]], str, str | None, asyncio.Future]


def _check_running(row: Row | None, match_id: int) -> int:
    if row is None:
        raise MatchNotFound(f"no match {match_id}")
    if row["status"] != "running":
        raise MatchClosed(f"match {match_id} is {row['status']}")
    return int(row["last_seq"])


def _write_appends(tx: SyncTx, *, group: list[_Append]) -> list[Exception | None]:
    """One transaction for a group of appends (runs on the database thread); for each
    append, None or why it was refused (a refused one keeps nothing, the rest commit).

    The group is written in one batch (`_write_batch`): on PostgreSQL two round trips to
    the server whatever its size. Should the batch be refused by a constraint after all (a
    writer that skipped the write lock), the group is written again one append at a time
    (`_write_one_by_one`), where each refusal is caught on its own.
    """
    try:
        return _write_batch(tx, group)
    except ConstraintViolation:
        return _write_one_by_one(tx, group)


def _last_seqs_sql(count: int) -> str:
    marks = ", ".join("?" * count)
    return (
        "SELECT m.id, m.status, (SELECT COALESCE(MAX(a.seq), 0) FROM match_actions a"
        f" WHERE a.match_id = m.id) AS last_seq FROM matches m WHERE m.id IN ({marks})"
    )


def _write_batch(tx: SyncTx, group: list[_Append]) -> list[Exception | None]:
    """The group in one transaction, checked in Python against one read of the last seqs.

    Why: on PostgreSQL each statement that waits for its answer is a round trip to the
    server (a wake-up of its backend and of this thread, on the bot's machine or across
    the network), and writing a group append by append in savepoints took five per
    append, all while every click of the group waited. Here the write lock and one read
    of every match's status and last seq go in a first trip (`SyncTx.pipeline`), then all
    the rows, touches and the commit in a second, whatever the group's size. The checks
    are those of one append at a time, in the group's order (a second append to one match
    counts the first's rows): the write lock is held from before the read to the commit,
    so nothing else writes in between. The primary key (match_id, seq) stays the last
    word: a row it refuses raises `ConstraintViolation` and nothing of the group is kept.
    """
    if not group:
        return []
    ids = sorted({append[0] for append in group})
    outcomes: list[Exception | None] = []
    try:
        with tx.pipeline():
            tx.begin(immediate=True)
            found = {row["id"]: row for row in tx.fetchall(_last_seqs_sql(len(ids)), ids)}
            lasts: dict[int, int] = {}
            inserts: list[tuple[int, int, int, str, str]] = []
            touches: list[tuple[str, str, int]] = []
            touches_clocks: list[tuple[str, str, str, int]] = []
            for match_id, rows, now, clocks, _ in group:
                try:
                    last = lasts.get(match_id)
                    if last is None:
                        last = _check_running(found.get(match_id), match_id)
                    for position, (seq, _player, _text) in enumerate(rows, start=1):
                        if seq != last + position:
                            raise SequenceConflict(match_id, last + position, seq)
                except StorageError as exc:
                    outcomes.append(exc)
                    continue
                outcomes.append(None)
                if rows:
                    lasts[match_id] = rows[-1][0]
                inserts.extend((match_id, seq, player, text, now) for seq, player, text in rows)
                if clocks is None:
                    touches.append((now, now, match_id))
                else:
                    touches_clocks.append((now, now, clocks, match_id))
            tx.executemany(_INSERT_ACTION, inserts)
            tx.executemany(_TOUCH, touches)
            tx.executemany(_TOUCH_CLOCKS, touches_clocks)
            tx.commit()
    except BaseException:
        if tx.in_transaction():
            tx.rollback()
        raise
    return outcomes


def _write_one_by_one(tx: SyncTx, group: list[_Append]) -> list[Exception | None]:
    """The group in one transaction, each append in a savepoint: one refused (wrong seq,
    match over, or a seq the primary key already holds) is rolled back alone and its
    error returned in its place; the rest commit together.

    The sequence check is the read of the last seq and, should two writers read the same
    one (two processes on PostgreSQL, where this runs under the write lock too), the
    primary key (match_id, seq): the second insert of a seq is refused, never stored.
    """
    outcomes: list[Exception | None] = []
    tx.begin(immediate=True)
    try:
        for match_id, rows, now, clocks, _ in group:
            tx.execute("SAVEPOINT append")
            try:
                last = _check_running(tx.fetchone(_LAST_SEQ, (match_id, match_id)), match_id)
                for seq, player, text in rows:
                    if seq != last + 1:
                        raise SequenceConflict(match_id, last + 1, seq)
                    try:
                        tx.execute(_INSERT_ACTION, (match_id, seq, player, text, now))
                    except ConstraintViolation as exc:  # the primary key, should a check miss
                        raise SequenceConflict(match_id, last + 1, seq) from exc
                    last = seq
                if clocks is None:
                    tx.execute(_TOUCH, (now, now, match_id))
                else:
                    tx.execute(_TOUCH_CLOCKS, (now, now, clocks, match_id))
            except StorageError as exc:
                tx.execute("ROLLBACK TO SAVEPOINT append")
                outcomes.append(exc)
            else:
                outcomes.append(None)
            tx.execute("RELEASE SAVEPOINT append")
        tx.commit()
    except BaseException:
        if tx.in_transaction():
            tx.rollback()
        raise
    return outcomes


class ActionLog:
    """Group commit for action appends.

    A click's commit is one trip to the database thread and one SQLite commit; under load
    hundreds arrive a second, and the trips (not SQLite) become the cost. So appends made
    while a commit is running wait for the next one, which takes them all: one trip and
    one commit for the group. An append made while nothing is being written is written
    at once, by its own caller.
    """

    def __init__(self, db: Database):
        self._db = db
        self._waiting: list[_Append] = []
        self._busy = False
        self._next: asyncio.Task | None = None  # the group that gathered during a write
        self.writes = 0  # groups written so far (`cardhost bench-log`: appends per write)

    async def append(
        self,
        match_id: int,
        rows: list[tuple[int, int, str]],
        now: str,
        clocks: str | None = None,
    ) -> None:
        done = asyncio.get_running_loop().create_future()
        self._waiting.append((match_id, rows, now, clocks, done))
        if not self._busy:  # nothing being written: write this one now, no task to wait for
            await self._write_group()
        await done

    async def _write_group(self) -> None:
        """Write everything waiting as one group; hand what arrives meanwhile to a task."""
        self._busy = True
        group, self._waiting = self._waiting, []
        self.writes += 1
        try:
            try:
                outcomes = await self._db.run(partial(_write_appends, group=group))
            except Exception as exc:  # the commit failed: nothing of the group is saved
                failed = CommitFailed(f"the action log could not be saved: {exc}")
                failed.__cause__ = exc
                outcomes = [failed] * len(group)
            except BaseException:  # cancelled (shutdown): its callers learn no outcome
                for *_, done in group:
                    done.cancel()
                raise
            for (*_, done), outcome in zip(group, outcomes, strict=True):
                if done.done():  # its caller gave up waiting (the rows still count)
                    continue
                if outcome is None:
                    done.set_result(None)
                else:
                    done.set_exception(outcome)
        finally:
            # The appends made meanwhile go to one task, and the log stays busy until it
            # runs: a caller whose append was just answered and appends again (a match's
            # next action) joins that group instead of starting a write of its own. Were
            # the log idle in between, such appends would each start a write while others
            # are under way, and the groups would break up into writes of one or two
            # queued behind each other on the connection: on PostgreSQL two round trips
            # each, and a click waiting for every one of them.
            if self._waiting:
                self._next = asyncio.create_task(self._write_group())
            else:
                self._busy = False


@lru_cache(maxsize=256)
def _pins(text: str) -> dict[str, Any]:
    """A match's pinned cards, parsed once per distinct text: the definitions of a whole
    card pool, the same for every match started on one content version, and most of the
    JSON a restart reads. Read only (replay looks cards up, never changes them)."""
    pins: dict[str, Any] = json.loads(text)
    return pins


def _record(header: Row, actions: list[tuple[int, str]]) -> MatchRecord:
    """A stored header (ruleset .. cards columns) and its log (player, action JSON) in
    seq order, as the record `replay` takes."""
    # The cards the match started with; none for matches stored before pinning.
    pinned = {} if header["cards"] is None else _pins(header["cards"])
    return MatchRecord(
        ruleset=header["ruleset"],
        rules_version=header["rules_version"],
        seed=int(header["seed"]),
        players=[player["name"] for player in json.loads(header["players"])],
        decks=json.loads(header["decks"]),
        options=json.loads(header["options"]),
        scenario=None if header["scenario"] is None else json.loads(header["scenario"]),
        cards=pinned.get("cards"),
        card_digest=pinned.get("digest"),
        actions=[(player, json.loads(text)) for player, text in actions],
    )


@dataclass(frozen=True, slots=True)
class RunningHeader:
    """A running match before its replay (`MatchRepo.running_headers`)."""

    match_id: int
    guild_id: int | None
    channel_id: int
    parent_channel_id: int | None  # in thread mode: the channel its thread is in
    user_ids: tuple[int | None, ...]  # by seat; None for the computer
    first_deadline: float  # the earliest stored turn clock (epoch seconds), inf if none


_HEADER_COLUMNS = "id, guild_id, channel_id, players, state_json, clocks"


def _header(row: Any) -> RunningHeader:
    front = json.loads(row["state_json"])
    deadlines = [float(c["deadline"]) for c in json.loads(row["clocks"] or "[]")]
    return RunningHeader(
        match_id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        parent_channel_id=front.get("parent_channel_id"),
        user_ids=tuple(p["user_id"] for p in json.loads(row["players"])),
        first_deadline=min(deadlines, default=float("inf")),
    )


@dataclass(frozen=True, slots=True)
class RunningMatch:
    """A running match as start-up recovery reads it (`MatchRepo.running_with_logs`)."""

    row: MatchRow
    record: MatchRecord
    front_state: dict[str, Any]
    clocks: list[dict[str, Any]]


class MatchRepo:
    def __init__(self, db: Database):
        self._db = db
        self.log = ActionLog(db)

    # -- writing ---------------------------------------------------------------------

    async def create_match(
        self,
        guild_id: int | None,
        channel_id: int,
        record: MatchRecord,
        players: Sequence[PlayerInfo],
        options: Mapping[str, Any] | None = None,
        *,
        front_state: Mapping[str, Any] | None = None,
        clocks: Sequence[Mapping[str, Any]] | None = None,
    ) -> int:
        """Store a new running match and any actions its record already holds; its id.

        `players` gives the Discord side of each seat and must name the record's players
        in seat order. The stored options are the record's, because they are what replay
        needs; `options`, if passed, must equal them (a guard against storing a header
        that would not replay). `clocks`: the turn clocks it starts with (`set_clocks`).
        ChannelBusy if the channel already has a running match.
        """
        if len(players) != len(record.players):
            raise ValueError(
                f"{len(record.players)} seats in the record but {len(players)} players given"
            )
        for seat, (player, name) in enumerate(zip(players, record.players, strict=True)):
            if player.name != name:
                raise ValueError(f"seat {seat} is '{name}' in the record, not '{player.name}'")
        if options is not None and dict(options) != record.options:
            raise ValueError("options differ from the record's options, which replay uses")
        header = (
            guild_id,
            channel_id,
            record.ruleset,
            record.rules_version,
            str(record.seed),
            _dumps([player.model_dump() for player in players]),
            _dumps(record.decks),
            _dumps(record.options),
            None if record.scenario is None else _dumps(record.scenario),
            _dumps(dict(front_state or {})),
            None if clocks is None else _dumps([dict(c) for c in clocks]),
            None
            if record.cards is None
            else _dumps({"digest": record.card_digest, "cards": record.cards}),
        )
        actions = [(player, _dumps(action)) for player, action in record.actions]
        now = self._db.now()
        try:

            def work(tx: SyncTx) -> int:
                inserted = tx.fetchone(
                    "INSERT INTO matches (guild_id, channel_id, ruleset, rules_version, seed,"
                    " players, decks, options, scenario, state_json, clocks, cards,"
                    " created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (*header, now, now),
                )
                assert inserted is not None
                match_id = int(inserted[0])
                tx.executemany(
                    "INSERT INTO match_players (match_id, seat, user_id) VALUES (?, ?, ?)",
                    [(match_id, seat, p.user_id) for seat, p in enumerate(players)],
                )
                if actions:
                    tx.executemany(
                        "INSERT INTO match_actions (match_id, seq, player, action, created_at)"
                        " VALUES (?, ?, ?, ?, ?)",
                        [
                            (match_id, seq, player, text, now)
                            for seq, (player, text) in enumerate(actions, start=1)
                        ],
                    )
                    tx.execute(
                        "UPDATE matches SET last_action_at = ? WHERE id = ?", (now, match_id)
                    )
                return match_id

            match_id = await self._db.atomic(work)
        except ConstraintViolation as exc:
            if "channel_id" in str(exc):
                raise ChannelBusy(f"channel {channel_id} already has a running match") from exc
            raise
        return match_id

    async def append_action(self, match_id: int, seq: int, player: int, action: Any) -> None:
        """Log action number `seq` (1-based) of a running match, committed on return.

        Refuses with SequenceConflict unless `seq` is exactly the last seq + 1, so of two
        writers holding the same picture of the match only the first succeeds; with
        MatchClosed if the match is no longer running; with MatchNotFound if absent.
        """
        await self.append_actions(match_id, [(seq, player, action)])

    async def append_actions(
        self,
        match_id: int,
        actions: Sequence[tuple[int, int, Any]],
        *,
        clocks: Sequence[Mapping[str, Any]] | None = None,
    ) -> None:
        """Log several consecutive actions `(seq, player, action)` of one match at once:
        all of them are committed on return, or none (same refusals as `append_action`).

        `clocks`, if given, replaces the stored turn clocks in the same transaction (and
        the same statement as the rest of the match's row): see `set_clocks`."""
        rows = [(seq, player, _dumps(action)) for seq, player, action in actions]
        if rows:
            text = None if clocks is None else _dumps([dict(c) for c in clocks])
            await self.log.append(match_id, rows, self._db.now(), text)

    async def finish_match(
        self, match_id: int, winner: int | None, status: MatchStatus = "finished"
    ) -> None:
        """End a running match ('finished' with a winner seat or None for a draw, or
        'abandoned'); MatchClosed if it already ended, so it is rated at most once."""
        if status not in ("finished", "abandoned"):
            raise ValueError(f"a match ends as 'finished' or 'abandoned', not {status!r}")
        now = self._db.now()

        def work(tx: SyncTx) -> None:
            _check_running(tx.fetchone(_LAST_SEQ, (match_id, match_id)), match_id)
            if winner is not None:
                row = tx.fetchone("SELECT players FROM matches WHERE id = ?", (match_id,))
                seats = len(json.loads(row["players"])) if row else 0
                if not 0 <= winner < seats:
                    raise ValueError(f"match {match_id} has no seat {winner}")
            tx.execute(
                "UPDATE matches SET status = ?, winner = ?, finished_at = ?, updated_at = ?"
                " WHERE id = ?",
                (status, winner, now, now, match_id),
            )

        await self._db.atomic(work)

    async def set_channel(self, match_id: int, channel_id: int) -> None:
        """The match moved (its thread was deleted or locked): its new channel or thread."""
        await self._update(match_id, "channel_id = ?", channel_id)

    async def set_front_state(self, match_id: int, state: Mapping[str, Any]) -> None:
        """Replace the front end's data for the match (message ids per player...)."""
        await self._update(match_id, "state_json = ?", _dumps(dict(state)))

    async def set_board_message(self, match_id: int, message_id: int | None) -> None:
        await self._update(match_id, "board_message_id = ?", message_id)

    async def set_clocks(self, match_id: int, clocks: Sequence[Mapping[str, Any]]) -> None:
        """Replace the turn clocks of a running match (one trip; nothing for an ended one).

        The bot's clocks are JSON objects (`bot.play.sessions`: seat, decision seq, deadline and
        opening time in epoch seconds, whether the half-time warning went out); storage
        keeps them as given. Appends write them with the actions that change them; this is
        for changes that come with no action (a warning sent)."""
        await self._db.execute(
            "UPDATE matches SET clocks = ? WHERE id = ? AND status = 'running'",
            (_dumps([dict(c) for c in clocks]), match_id),
        )

    # -- reading ---------------------------------------------------------------------

    async def get_match(self, match_id: int) -> MatchRow | None:
        row = await self._db.fetchone(
            f"SELECT {_MATCH_COLUMNS} FROM matches m WHERE m.id = ?", (match_id,)
        )
        return None if row is None else _match(row)

    async def get_front_state(self, match_id: int) -> dict[str, Any]:
        row = await self._db.fetchone("SELECT state_json FROM matches WHERE id = ?", (match_id,))
        if row is None:
            raise MatchNotFound(f"no match {match_id}")
        state: dict[str, Any] = json.loads(row["state_json"])
        return state

    async def get_clocks(self, match_id: int) -> list[dict[str, Any]]:
        """The stored turn clocks of a match ([] if none were stored)."""
        row = await self._db.fetchone("SELECT clocks FROM matches WHERE id = ?", (match_id,))
        if row is None:
            raise MatchNotFound(f"no match {match_id}")
        clocks: list[dict[str, Any]] = json.loads(row["clocks"] or "[]")
        return clocks

    async def running_match_in_channel(self, channel_id: int) -> MatchRow | None:
        row = await self._db.fetchone(
            f"SELECT {_MATCH_COLUMNS} FROM matches m"
            " WHERE m.channel_id = ? AND m.status = 'running'",
            (channel_id,),
        )
        return None if row is None else _match(row)

    async def running_matches(self) -> list[MatchRow]:
        """Every running match, oldest first: what start-up recovery replays."""
        rows = await self._db.fetchall(
            f"SELECT {_MATCH_COLUMNS} FROM matches m WHERE m.status = 'running' ORDER BY m.id"
        )
        return [_match(row) for row in rows]

    async def recent_matches(self, user_id: int, limit: int = 10) -> list[MatchRow]:
        """The user's latest matches (any status), newest first."""
        rows = await self._db.fetchall(
            f"SELECT {_MATCH_COLUMNS} FROM matches m WHERE m.id IN"
            " (SELECT match_id FROM match_players WHERE user_id = ?)"
            " ORDER BY m.id DESC LIMIT ?",
            (user_id, limit),
        )
        return [_match(row) for row in rows]

    async def load_record(self, match_id: int) -> MatchRecord:
        """Header plus the ordered action log, as a record `replay` accepts.

        Read in one transaction so a concurrent append cannot land between the two reads.
        """
        async with self._db.transaction(immediate=False) as tx:
            header = await tx.fetchone(
                "SELECT ruleset, rules_version, seed, players, decks, options, scenario,"
                " cards FROM matches WHERE id = ?",
                (match_id,),
            )
            if header is None:
                raise MatchNotFound(f"no match {match_id}")
            actions = await tx.fetchall(
                "SELECT player, action FROM match_actions WHERE match_id = ? ORDER BY seq",
                (match_id,),
            )
        return _record(header, [(row["player"], row["action"]) for row in actions])

    async def running_headers(self) -> list["RunningHeader"]:
        """Every running match, light: what a start needs before it answers anything
        (which channels are taken, who plays where, the order to replay in). One query,
        no log and no record: the records are read and replayed after the start
        (`SessionManager.replay_rest`), or on a match's first click."""
        rows = await self._db.fetchall(
            f"SELECT {_HEADER_COLUMNS} FROM matches WHERE status = 'running' ORDER BY id"
        )
        return [_header(row) for row in rows]

    async def running_near(self, channel_id: int, user_id: int) -> list["RunningHeader"]:
        """The running matches a command used in `channel_id` by `user_id` may mean, for
        every process (the one that receives a command may not serve its match):
        the channel's own match and every running match the user plays. One indexed
        query; `bot/cluster/routing.py` picks among them."""
        rows = await self._db.fetchall(
            f"SELECT {_HEADER_COLUMNS} FROM matches WHERE status = 'running' AND"
            " (channel_id = ? OR id IN (SELECT match_id FROM match_players WHERE user_id = ?))"
            " ORDER BY id",
            (channel_id, user_id),
        )
        return [_header(row) for row in rows]

    async def running_with_logs(
        self, match_ids: Sequence[int] | None = None
    ) -> list["RunningMatch"]:
        """Running matches with their record, front-end state and clocks, oldest first:
        every one, or those of `match_ids` that are still running. Read in one snapshot
        by two queries, one per table, whatever the number of matches (not a few trips per
        match: see `cardhost bench-restart`)."""
        where = "m.status = 'running'"
        params: tuple[int, ...] = ()
        if match_ids is not None:
            if not match_ids:
                return []
            params = tuple(match_ids)
            where += f" AND m.id IN ({', '.join('?' * len(params))})"
        async with self._db.transaction(immediate=False) as tx:
            headers = await tx.fetchall(
                f"SELECT {_MATCH_COLUMNS}, m.state_json, m.clocks, m.cards"
                f" FROM matches m WHERE {where} ORDER BY m.id",
                params,
            )
            logged = await tx.fetchall(
                "SELECT a.match_id, a.player, a.action FROM match_actions a"
                f" JOIN matches m ON m.id = a.match_id WHERE {where}"
                " ORDER BY a.match_id, a.seq",
                params,
            )
        by_match: dict[int, list[tuple[int, str]]] = {}
        for entry in logged:
            by_match.setdefault(entry["match_id"], []).append((entry["player"], entry["action"]))
        out = []
        for header in headers:
            data = dict(header)
            front = json.loads(data.pop("state_json"))
            clocks = json.loads(data.pop("clocks") or "[]")
            data.pop("cards")
            match_row = _match(data)
            record = _record(header, by_match.get(match_row.id, []))
            out.append(RunningMatch(match_row, record, front, clocks))
        return out

    # -- helpers ---------------------------------------------------------------------

    async def _running_last_seq(self, tx: Tx, match_id: int) -> int:
        return _check_running(await tx.fetchone(_LAST_SEQ, (match_id, match_id)), match_id)

    async def _update(self, match_id: int, assignment: str, value: Any) -> None:
        result = await self._db.execute(
            f"UPDATE matches SET {assignment}, updated_at = ? WHERE id = ?",
            (value, self._db.now(), match_id),
        )
        if result.rowcount == 0:
            raise MatchNotFound(f"no match {match_id}")
