"""`cardhost crashtest`: the bot's promises, checked through SIGKILLs at the worst moments.

The Discord stand-in and the players run in this process; the bot runs in a process of its
own on a fresh database (`python -m cardhost_devtools.crashtest_child`: the benchmark's
bot process with the crash points armed), as it runs against Discord. N tables play at
once; the bot is killed K times, each time at one of:

- ``committed``: an action is in the database and nobody has been told (a crash point in
  the bot, armed by `cardhost_devtools.crashpoints`: the bot SIGKILLs itself there);
- ``accepted``: a new challenge was accepted and its match stored, before any board;
- ``board``: a new match's board is posted and its message id not yet saved;
- ``burst``: every table clicks at once and the bot is killed among the answers;
- ``random``: killed from outside at a random moment of ordinary play.

After each kill the bot is started again on the same database, and the test checks:

- **lost**: every click the bot acknowledged as done is in the action log, as that option
  of that decision; **twice**: no decision was taken twice, and a click on a button from
  before the crash is never applied a second time;
- **resumed**: every match that was running is running again, with a board (the stored
  one, in its channel) within 10 s;
- **stale_panels**: 10 s after the restart every seat's panel shows its open decision
  (the buttons carry that decision's number), and after a click on a button from before
  the crash the clicker's panel does too;
- **orphans**: no process started by the killed bot is still alive (every process of a run
  carries a marker in its environment, read from /proc).

It ends with one line, `kills=K acked=A lost=L twice=T resumed=R/M stale_panels=S
orphans=O`, and fails (exit status 1) unless lost, twice, stale_panels and orphans are 0 and
R equals M.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.storage import Storage
from bot.storage.scratch import configured_postgresql, scratch_database
from cardhost_devtools.crashpoints import ENV as CRASH_ENV
from cardhost_devtools.standin import CallbackType, FakeDiscord
from cardhost_devtools.standin.entities import FakeChannel, FakeUser
from cardhost_devtools.standin.messages import FakeMessage
from engine import Match, MatchRecord, new_match

PLAN = ("committed", "accepted", "board", "burst", "random")
RUN_ENV = "CARDHOST_CRASHTEST_RUN"
READY_TIMEOUT = 60.0
RESUME_TIMEOUT = 10.0
CLICK_TIMEOUT = 10.0
STALE = "no longer open"


@dataclass
class Table:
    channel: FakeChannel
    players: tuple[FakeUser, FakeUser]


@dataclass
class Click:
    """A click the bot acknowledged as done: the option `option` of decision `seq`."""

    match_id: int
    user_id: int
    seq: int
    option: str  # the custom_id's last part (an option index) or the select's values


@dataclass
class Tally:
    kills: int = 0
    acked: list[Click] = field(default_factory=list)
    lost: int = 0
    twice: int = 0
    resumed: int = 0
    running: int = 0
    stale_panels: int = 0
    orphans: int = 0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"kills={self.kills} acked={len(self.acked)} lost={self.lost} twice={self.twice} "
            f"resumed={self.resumed}/{self.running} stale_panels={self.stale_panels} "
            f"orphans={self.orphans}"
        )

    @property
    def passed(self) -> bool:
        return (
            self.lost == self.twice == self.stale_panels == self.orphans == 0
            and self.resumed == self.running
        )


# -- the bot's process ----------------------------------------------------------------------


class BotProcess:
    """The bot in a process of its own; `crash_at` arms one of its crash points."""

    def __init__(self, fake: FakeDiscord, database: Path | str, seed: int, run_id: str) -> None:
        self.fake = fake
        self.database = database
        self.seed = seed
        self.run_id = run_id
        self.child: asyncio.subprocess.Process | None = None

    async def start(self, crash_at: str | None) -> None:
        env = {**os.environ, "CARDHOST_LOG_LEVEL": "ERROR", RUN_ENV: self.run_id}
        env.pop(CRASH_ENV, None)
        if crash_at is not None:
            env[CRASH_ENV] = crash_at
        before = self.fake.gateway.active
        self.child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "cardhost_devtools.crashtest_child",
            self.fake.rest_base, self.fake.gateway_url, str(self.database), str(self.seed),
            env=env, stdout=asyncio.subprocess.DEVNULL,
        )  # fmt: skip
        await self.fake.wait_until(
            lambda: ((s := self.fake.gateway.active) is not None and s is not before) or None,
            timeout=READY_TIMEOUT,
            description="the bot connected",
        )
        await asyncio.sleep(0.5)  # it takes in the guild before the first command

    @property
    def alive(self) -> bool:
        return self.child is not None and self.child.returncode is None

    def kill(self) -> None:
        if self.child is not None:
            with contextlib.suppress(ProcessLookupError):
                self.child.send_signal(signal.SIGKILL)

    async def wait_dead(self, timeout: float) -> bool:
        if self.child is None:
            return True
        try:
            await asyncio.wait_for(self.child.wait(), timeout)
        except TimeoutError:
            return False
        # the stand-in notices the closed gateway connection
        with contextlib.suppress(AssertionError):
            await self.fake.wait_until(
                lambda: self.fake.gateway.active is None or None, timeout=5.0
            )
        return True

    async def stop(self) -> None:
        if self.alive and self.child is not None:
            with contextlib.suppress(ProcessLookupError):
                self.child.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.child.wait(), 30)
            except TimeoutError:
                self.kill()
                await self.child.wait()


ORPHAN_GRACE = 5.0  # seconds a killed bot's processes get to notice and end


def surviving_processes(run_id: str) -> list[int]:
    """Processes (other than this one) whose environment carries this run's marker."""
    marker = f"{RUN_ENV}={run_id}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            status = (entry / "stat").read_text()
        except OSError:
            continue
        if marker in environ.split(b"\0") and status.split(") ")[-1][:1] != "Z":
            found.append(int(entry.name))
    return found


async def outliving_processes(run_id: str) -> list[int]:
    """This run's processes still alive `ORPHAN_GRACE` seconds after the kill.

    A picture worker killed while it was still starting (a spawned interpreter importing
    the bot's modules, a second or more on a loaded machine) only learns of its parent's
    death when its initializer runs; it then leaves at once (bot/play/workers.py). What counts
    as an orphan is a process that outlives the bot by more than that start-up time.
    """
    deadline = asyncio.get_running_loop().time() + ORPHAN_GRACE
    while (survivors := surviving_processes(run_id)) and (
        asyncio.get_running_loop().time() < deadline
    ):
        await asyncio.sleep(0.1)
    return survivors


def describe_process(pid: int) -> str:
    """A surviving process's pid, command line and parent, for the report."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        parent = Path(f"/proc/{pid}/stat").read_text().split(") ")[-1].split()[1]
    except OSError:
        return f"{pid} (gone)"
    return f"{pid} {cmdline[:160]} (parent {parent})"


# -- what a player sees ----------------------------------------------------------------------


def panel(fake: FakeDiscord, user: FakeUser) -> FakeMessage | None:
    panels = [m for m in fake.dm_messages(user) if m.embeds]
    return panels[-1] if panels else None


def decision_items(message: FakeMessage | None) -> list[Any]:
    if message is None:
        return []
    buttons = [b for b in message.buttons if (b.custom_id or "").startswith("m:")]
    return buttons or [s for s in message.selects if (s.custom_id or "").startswith("ms:")]


def shown_seq(message: FakeMessage | None) -> int | None:
    """The decision number the panel's buttons carry (None: no decision buttons)."""
    items = decision_items(message)
    if not items:
        return None
    return int(str(items[0].custom_id).split(":")[2])


async def click_one(
    fake: FakeDiscord, user: FakeUser, message: FakeMessage, rng: random.Random
) -> tuple[Any, Click] | None:
    """Click a random decision item of `message`: (handle, what was clicked) or None."""
    items = decision_items(message)
    if not items:
        return None
    item = rng.choice(items)
    _, match_id, seq = str(item.custom_id).split(":")[:3]
    if item.type == 2:
        handle = await fake.click(user, message, custom_id=item.custom_id)
        option = str(item.custom_id).split(":")[3]
    else:
        values = [o["value"] for o in item.options]
        low = int(item.raw.get("min_values", 1))
        picked = rng.sample(values, max(low, 1) if values else 0)
        handle = await fake.click(user, message, custom_id=item.custom_id, values=picked)
        option = ",".join(picked)
    return handle, Click(int(match_id), user.id, int(seq), option)


def applied(handle: Any) -> bool:
    """Whether the bot answered a click as done (the new panel), not as refused."""
    if handle.callback_type is not CallbackType.UPDATE_MESSAGE:
        return False
    # A stale click is answered with the current panel too, saying it is stale: read the
    # answer itself, not the message (a later answer may have edited it since).
    return STALE not in str((handle.callback_data or {}).get("content") or "")


# -- the database, read back -----------------------------------------------------------------


def decisions_taken(record: MatchRecord) -> tuple[Match, list[tuple[int, int, Any]]]:
    """Replay a record, noting for each logged action the player's decision number."""
    match = new_match(
        record.ruleset, list(record.players), record.decks, record.seed, record.options
    )
    taken = []
    for player, action in record.moves():
        if isinstance(action, tuple) and action and action[0] == "resign":
            match.resign(player, *action[1:])
            continue
        decision = match.decision_for(player)
        taken.append((player, decision.seq if decision is not None else -1, action))
        match.apply(player, action)
    return match, taken


# -- the run ---------------------------------------------------------------------------------


class CrashTest:
    def __init__(self, fake: FakeDiscord, bot: BotProcess, seed: int) -> None:
        self.fake = fake
        self.bot = bot
        self.rng = random.Random(seed)
        self.tally = Tally()
        self.tables: list[Table] = []
        self.guild = fake.add_guild("Crash Club")

    def new_table(self) -> Table:
        n = len(self.tables)
        channel = self.fake.add_text_channel(self.guild, f"table-{n}")
        players = (self.fake.add_user(f"a{n}"), self.fake.add_user(f"b{n}"))
        for user in players:
            self.fake.add_member(self.guild, user)
        table = Table(channel, players)
        self.tables.append(table)
        return table

    async def deal(self, table: Table, *, wait: bool = True) -> None:
        """Challenge and accept at a table (and wait for both panels unless told not to)."""
        alice, bob = table.players
        handle = await self.fake.slash(
            alice, table.channel, "challenge", opponent=bob, game="clash"
        )
        offer = await handle.wait_response(timeout=CLICK_TIMEOUT)
        assert offer is not None, "the challenge was answered without a message"
        accept = await self.fake.click(bob, offer, label="Accept")
        if not wait:
            return
        await accept.wait_acknowledged(timeout=CLICK_TIMEOUT)
        await self.fake.wait_until(
            lambda: all(panel(self.fake, u) is not None for u in table.players) or None,
            timeout=30.0,
            description=f"panels at {table.channel.name}",
        )

    async def click_at(self, table: Table) -> None:
        """Whoever has buttons at the table clicks one; a done click is noted as acked."""
        for user in table.players:
            message = panel(self.fake, user)
            if message is None or not decision_items(message):
                continue
            clicked = await click_one(self.fake, user, message, self.rng)
            if clicked is None:
                return
            handle, click = clicked
            with contextlib.suppress(AssertionError):
                await handle.wait_acknowledged(timeout=CLICK_TIMEOUT)
            if handle.acknowledged and applied(handle):
                self.tally.acked.append(click)
            return

    async def play(self, seconds: float) -> None:
        """Every table clicks at a human-ish pace until time is up or the bot is gone."""
        until = time.monotonic() + seconds

        async def table_loop(table: Table) -> None:
            while time.monotonic() < until and self.bot.alive:
                with contextlib.suppress(Exception):
                    await self.click_at(table)
                await asyncio.sleep(self.rng.uniform(0.05, 0.3))

        await asyncio.gather(*(table_loop(t) for t in self.tables))

    async def one_kill(self, plan: str) -> None:
        if plan in ("accepted", "board"):
            table = self.new_table()
            with contextlib.suppress(Exception):
                await self.deal(table, wait=False)
        elif plan == "committed":
            deadline = time.monotonic() + 60
            while self.bot.alive and time.monotonic() < deadline:
                await self.play(1.0)
        elif plan == "burst":
            burst = [asyncio.ensure_future(self.click_at(t)) for t in self.tables]
            await asyncio.sleep(self.rng.uniform(0.0, 0.05))
            self.bot.kill()
            await asyncio.gather(*burst, return_exceptions=True)
        else:  # random
            player = asyncio.ensure_future(self.play(5.0))
            await asyncio.sleep(self.rng.uniform(0.3, 3.0))
            self.bot.kill()
            await asyncio.gather(player, return_exceptions=True)
        if not await self.bot.wait_dead(30.0):
            self.tally.problems.append(f"{plan}: the crash point was never reached; killed")
            self.bot.kill()
            await self.bot.wait_dead(10.0)
        self.tally.kills += 1

    async def check_after_restart(self, storage: Storage, before: dict[int, FakeMessage]) -> None:
        fake = self.fake
        running = await storage.matches.running_matches()
        self.tally.running += len(running)
        by_channel = {t.channel.id: t for t in self.tables}
        # resumed, with a board and panels showing what is committed, within 10 s
        for row in running:
            table = by_channel.get(row.channel_id)
            record = await storage.matches.load_record(row.id)
            match, _ = decisions_taken(record)
            if table is None:
                continue

            if not await self._board_comes_up(storage, row.id, table.channel):
                self.tally.problems.append(
                    f"match {row.id}: no board {RESUME_TIMEOUT}s after start"
                )
                continue
            self.tally.resumed += 1
            for seat, user in enumerate(table.players):
                await self._panel_catches_up(user, match, seat, f"match {row.id} seat {seat}")
        # a button from before the crash: it works, or says it is stale and refreshes
        for table in self.tables:
            for seat, user in enumerate(table.players):
                old = before.get(user.id)
                if old is None or not decision_items(old) or old.deleted:
                    continue
                running_row = await storage.matches.running_match_in_channel(table.channel.id)
                if running_row is None:
                    continue
                try:
                    clicked = await click_one(fake, user, old, self.rng)
                except ValueError:
                    continue  # the message no longer offers a clickable item
                if clicked is None:
                    continue
                handle, click = clicked
                was_acked = any(
                    (c.match_id, c.user_id, c.seq) == (click.match_id, user.id, click.seq)
                    for c in self.tally.acked
                )
                with contextlib.suppress(AssertionError):
                    await handle.wait_acknowledged(timeout=CLICK_TIMEOUT)
                if handle.acknowledged and applied(handle):
                    if was_acked:
                        self.tally.twice += 1
                        self.tally.problems.append(f"{user.name}: an acked choice applied again")
                    else:
                        self.tally.acked.append(click)
                match, _ = decisions_taken(await storage.matches.load_record(running_row.id))
                await self._panel_catches_up(user, match, seat, f"{user.name}, after an old button")
                break  # one old button per table

    async def _panel_catches_up(self, user: FakeUser, match: Match, seat: int, who: str) -> None:
        """Within 10 s the seat's panel carries its open decision's number, else it is stale."""
        decision = match.decision_for(seat)
        want = decision.seq if decision is not None else None
        try:
            await self.fake.wait_until(
                lambda: shown_seq(panel(self.fake, user)) == want or None,
                timeout=RESUME_TIMEOUT,
            )
        except AssertionError:
            self.tally.stale_panels += 1
            shown = shown_seq(panel(self.fake, user))
            self.tally.problems.append(f"{who}: panel shows {shown}, decision {want}")

    async def _board_comes_up(self, storage: Storage, match_id: int, channel: FakeChannel) -> bool:
        """Within 10 s the match's stored board id names a live message in its channel."""
        deadline = time.monotonic() + RESUME_TIMEOUT
        while time.monotonic() < deadline:
            row = await storage.matches.get_match(match_id)
            board_id = row.board_message_id if row is not None else None
            message = self.fake.state.messages.get(board_id or 0)
            if message is not None and not message.deleted and message.channel is channel:
                return True
            await asyncio.sleep(0.2)
        return False

    async def check_log(self, storage: Storage) -> None:
        """lost and twice, from the database: every acked click is in the log as clicked."""
        by_match: dict[int, list[Click]] = {}
        for click in self.tally.acked:
            by_match.setdefault(click.match_id, []).append(click)
        for match_id, clicks in by_match.items():
            record = await storage.matches.load_record(match_id)
            _, decided = decisions_taken(record)
            keys = [(seat, seq) for seat, seq, _ in decided]
            self.tally.twice += len(keys) - len(set(keys))
            seats = {
                user_id: seat
                for seat, user_id in await storage.db.fetchall(
                    "SELECT seat, user_id FROM match_players WHERE match_id = ?", (match_id,)
                )
            }
            done = set(keys)
            for click in clicks:
                if (seats.get(click.user_id), click.seq) not in done:
                    self.tally.lost += 1
                    self.tally.problems.append(f"lost: {click}")


async def crashtest(matches: int, kills: int, seed: int) -> Tally:
    run_id = uuid.uuid4().hex
    with (
        tempfile.TemporaryDirectory() as folder,
        scratch_database(Path(folder), postgresql=configured_postgresql()) as database,
    ):
        async with FakeDiscord(bot_name="cardhost", default_timeout=30.0) as fake:
            bot = BotProcess(fake, database, seed, run_id)
            test = CrashTest(fake, bot, seed)
            plans = [
                PLAN[k % len(PLAN)] if k < len(PLAN) else test.rng.choice(PLAN)
                for k in range(kills)
            ]
            await bot.start(crash_at=_arm(plans[0], test.rng) if plans else None)
            for _ in range(matches):
                await test.deal(test.new_table())
            storage = await Storage.open(database)
            try:
                for k, plan in enumerate(plans):
                    await test.play(test.rng.uniform(0.5, 2.0))
                    await test.one_kill(plan)
                    survivors = await outliving_processes(run_id)
                    test.tally.orphans += len(survivors)
                    test.tally.problems += [
                        f"survivor: {describe_process(pid)}" for pid in survivors
                    ]
                    for pid in survivors:
                        with contextlib.suppress(ProcessLookupError):
                            os.kill(pid, signal.SIGKILL)
                    before = {
                        u.id: m
                        for t in test.tables
                        for u in t.players
                        if (m := panel(fake, u)) is not None
                    }
                    next_plan = plans[k + 1] if k + 1 < len(plans) else None
                    await bot.start(crash_at=_arm(next_plan, test.rng) if next_plan else None)
                    await test.check_after_restart(storage, before)
                await test.play(2.0)
                await bot.stop()
                await test.check_log(storage)
            finally:
                bot.kill()
                await storage.close()
            return test.tally


def _arm(plan: str, rng: random.Random) -> str | None:
    """The crash point (and on which arrival) for a kill the bot makes itself."""
    if plan == "committed":
        return f"committed:{rng.randint(3, 30)}"
    if plan in ("accepted", "board"):
        return f"{plan}:1"
    return None  # burst and random kills come from outside


def run_crashtest(matches: int, kills: int, seed: int = 0) -> int:
    tally = asyncio.run(crashtest(matches, kills, seed))
    for problem in tally.problems[:20]:
        print(f"  {problem}")
    print(tally.line())
    return 0 if tally.passed else 1
