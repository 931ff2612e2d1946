"""`cardhost bench-bot`: many concurrent matches through the Discord stand-in, measured.

The stand-in and the simulated players run in this process; the bot runs in a process of
its own, pointed at the stand-in, as it would run against Discord. Two players per match
challenge, accept and click their way through the match from their DM panels, each on
a schedule of random pauses such that all matches together offer about `rate` actions a
second (350), however fast the answers come. Latency is the stand-in's figure per click:
from sending the interaction to the bot's acknowledgement, which the bot sends only after
the action is committed.
At the end the bot is stopped and its database is read back: every acknowledged action
must be in the action log. The database is a fresh SQLite file, or, with CARDHOST_DATABASE
naming PostgreSQL, a fresh schema there (`bot.storage.scratch`); the line says which.

Traffic, as the stand-in counts it over the steady state: globally limited calls per
action (interaction-token routes are exempt) and 429s on globally limited routes over the
whole run. Board lag: from a click's sending (before its action is committed) to the
first board whose "as of" time (the embed timestamp: its state was read then) is after
the click's acknowledgement, so both ends are conservative. Panel open: from the moment
a player's decision opened (their panel's timestamp, taken from the decision's timer) to
the stand-in showing that panel with the decision's buttons.
"""

import asyncio
import contextlib
import gc
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter, deque
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from bot.discord.app import GC_THRESHOLDS
from bot.storage.scratch import configured_postgresql, count_rows, scratch_database
from cardhost_devtools.standin import (
    CallbackType,
    ComponentRef,
    FakeChannel,
    FakeDiscord,
    FakeMessage,
    FakeUser,
    InteractionHandle,
    StandinTimeoutError,
)
from cardhost_devtools.standin.rest import (
    GLOBAL_EXEMPT as EXEMPT_ROUTES,  # interaction routes: no global limit
)

READY_TIMEOUT = 60.0
# 200 tables are dealt at once: on a machine busy with other work that took up to 30 s.
DEAL_TIMEOUT = 90.0


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class Tally:
    def __init__(self) -> None:
        self.applied = 0
        self.refused = 0
        self.unanswered = 0  # clicks Discord never saw answered (the answer came too late)
        self.finished = 0
        self.playing_from: list[float] = []  # when each table was ready to play
        self.times: list[float] = []  # when each action was acknowledged
        self.clicks: list = []  # (when, handle) of every click, for the latencies
        self.on_all_dealt = lambda: None  # called once, when the last table was dealt
        self.matches = 0
        self.computer_clicks = 0  # clicks of the humans playing the computer (`--computer`)
        self.watch: Watch


def _global_calls(counts: Mapping[tuple[str | None, int], int]) -> tuple[int, int]:
    """(globally limited calls, of which 429) among the stand-in's answers so far."""
    calls = limited = 0
    for (route, status), n in counts.items():
        if route is None or route.startswith(EXEMPT_ROUTES):
            continue
        calls += n
        if status == 429:
            limited += n
    return calls, limited


def _stamp(message: FakeMessage) -> float | None:
    raw = message.embeds[0].get("timestamp") if message.embeds else None
    return datetime.fromisoformat(raw).timestamp() if raw else None


class Watch:
    """What the players saw and when, timed as the stand-in changes each message."""

    def __init__(
        self, fake: FakeDiscord, tables: list[tuple[FakeChannel, FakeUser, FakeUser]]
    ) -> None:
        self.table_of = {channel.id: n for n, (channel, _, _) in enumerate(tables)}
        self.unseen: dict[int, deque[tuple[float, float]]] = {}  # table -> (ack, sent) clicks
        self.board_lags: list[float] = []
        self.panel_opens: list[float] = []
        self.shown: dict[int, str] = {}  # DM channel -> decision (custom id prefix) on show
        self.steady_from = float("inf")  # wall clock
        # Messages created or changed over the steady state: in DMs (panels, click answers
        # included, and pings) and in the tables' channels (boards).
        self.dm_changes = 0
        self.channel_changes = 0
        fake.state.message_listeners.append(self.on_message)

    def clicked(self, channel: FakeChannel, sent: float, acknowledged: float) -> None:
        if sent >= self.steady_from:
            self.unseen.setdefault(self.table_of[channel.id], deque()).append((acknowledged, sent))

    def on_message(self, message: FakeMessage) -> None:
        now = time.time()
        channel = message.channel
        if now >= self.steady_from:
            if channel.is_dm:
                self.dm_changes += 1
            else:
                self.channel_changes += 1
        if message.deleted or not message.embeds:
            return
        stamp = _stamp(message)
        if channel.is_dm:
            choices = _choices(message)
            if not choices or stamp is None:
                return
            decision = (choices[0].custom_id or "").rsplit(":", 1)[0]  # m:match:seq
            if self.shown.get(channel.id) != decision:
                self.shown[channel.id] = decision
                if stamp >= self.steady_from:
                    self.panel_opens.append(now - stamp)
            return
        table = self.table_of.get(channel.id)
        if table is None or stamp is None:
            return
        waiting = self.unseen.get(table)
        while waiting and waiting[0][0] <= stamp:
            self.board_lags.append(now - waiting.popleft()[1])

    def close(self) -> None:
        """Clicks no board showed by the end count with their wait so far."""
        now = time.time()
        for waiting in self.unseen.values():
            self.board_lags.extend(now - sent for _, sent in waiting)
            waiting.clear()


def _panel(fake: FakeDiscord, user: FakeUser) -> FakeMessage | None:
    panels = [m for m in fake.dm_messages(user) if m.embeds]
    return panels[-1] if panels else None


def _choices(message: FakeMessage | None) -> list[ComponentRef]:
    if message is None:  # no panel yet
        return []
    buttons = [b for b in message.buttons if (b.custom_id or "").startswith("m:")]
    return buttons or [s for s in message.selects if (s.custom_id or "").startswith("ms:")]


async def _deal(
    fake: FakeDiscord, channel: FakeChannel, alice: FakeUser, bob: FakeUser, tally: Tally
) -> None:
    """Challenge and accept at one table, and wait until both players have their panel."""
    before = {p.id for p in (_panel(fake, alice), _panel(fake, bob)) if p is not None}
    handle = await fake.slash(alice, channel, "challenge", opponent=bob, game="clash")
    offer = await handle.wait_response()
    assert offer is not None, "the challenge was answered without a message"
    sent = time.time()
    accept = await fake.click(bob, offer, label="Accept")
    await accept.wait_acknowledged()
    tally.watch.clicked(channel, sent, time.time())
    tally.clicks.append((time.monotonic(), accept))
    try:
        await fake.wait_until(
            lambda: all(
                (panel := _panel(fake, user)) is not None and panel.id not in before
                for user in (alice, bob)
            ),
            timeout=DEAL_TIMEOUT,
            on=(alice, bob),
        )
    except AssertionError:  # say what the table shows, then fail the run
        seen = [m.text[:120] for m in fake.channel_messages(channel)[-3:]]
        answer = accept.response.text[:120] if accept.response is not None else None
        print(f"{channel.name}: no new panels; accept answered {answer!r}; channel: {seen}")
        raise


async def _drive(
    fake: FakeDiscord,
    channel: FakeChannel,
    alice: FakeUser,
    bob: FakeUser,
    rng: random.Random,
    pause: float,
    until: float,
    tally: Tally,
) -> None:
    """One table: match after match until time is up; whoever has buttons clicks one."""
    await _deal(fake, channel, alice, bob, tally)
    tally.playing_from.append(time.monotonic())
    if len(tally.playing_from) == tally.matches:
        tally.on_all_dealt()
    # Moves on a schedule of their own, not "a pause after each answer": a slow answer
    # must not lower the load it is measured under (coordinated omission).
    due = time.monotonic()
    while time.monotonic() < until:
        now = time.monotonic()
        due = max(due + rng.uniform(0.5, 1.5) * pause, now - pause)  # no bursts to catch up
        await asyncio.sleep(max(0.0, due - now))
        mover = None
        for user in (alice, bob):
            panel = _panel(fake, user)
            if panel is None:  # not dealt yet
                continue
            if "Match over" in panel.text:
                tally.finished += 1
                await _deal(fake, channel, alice, bob, tally)  # keep the table busy
                break
            if _choices(panel):
                mover = user, panel
        if mover is None:  # the panels are being redrawn: wait for them, not another pause
            with contextlib.suppress(AssertionError):
                await fake.wait_until(
                    lambda: any(_choices(_panel(fake, u)) for u in (alice, bob)),
                    timeout=10,
                    on=(alice, bob),
                )
            continue
        user, panel = mover
        choice = rng.choice(_choices(panel))
        sent = time.time()
        if choice.type == 2:
            click = await fake.click(user, panel, custom_id=choice.custom_id)
        else:
            values = [o["value"] for o in choice.options]
            count = max(choice.raw.get("min_values", 1), 1)
            click = await fake.click(
                user, panel, custom_id=choice.custom_id, values=rng.sample(values, count)
            )
        try:
            await click.wait_acknowledged(timeout=30)
        except StandinTimeoutError:  # answered after its 3 s (10062) or never: past 3 s
            tally.unanswered += 1
            continue
        now = time.monotonic()
        tally.clicks.append((now, click))
        # A taken click's answer is the new panel; a stale one's is the current panel with
        # a line saying why above it (the same callback type, so the line tells them apart).
        if click.callback_type is CallbackType.UPDATE_MESSAGE and not _notice(click):
            tally.applied += 1
            tally.times.append(now)
            tally.watch.clicked(channel, sent, time.time())
        else:  # "no longer open": the panel was one redraw behind, as can happen for real
            tally.refused += 1


async def _drive_computer(
    fake: FakeDiscord,
    channel: FakeChannel,
    human: FakeUser,
    rng: random.Random,
    pause: float,
    until: float,
    tally: Tally,
) -> None:
    """One table against the hard computer (`--computer`): the human clicks on the same
    schedule as everyone else, the computer thinks in the bot's worker process. Its clicks
    are counted apart (`tally.computer_clicks`): the bench's figures stay the other tables'.
    """

    async def deal() -> None:
        before = getattr(_panel(fake, human), "id", None)
        handle = await fake.slash(
            human, channel, "challenge", opponent=fake.bot_user, game="clash", difficulty="hard"
        )
        await handle.wait_acknowledged()
        with contextlib.suppress(AssertionError, StandinTimeoutError):  # refused: next round
            await fake.wait_until(
                lambda: (panel := _panel(fake, human)) is not None and panel.id != before,
                timeout=DEAL_TIMEOUT,
                on=(human,),
            )

    await deal()
    due = time.monotonic()
    while time.monotonic() < until:
        now = time.monotonic()
        due = max(due + rng.uniform(0.5, 1.5) * pause, now - pause)
        await asyncio.sleep(max(0.0, due - now))
        panel = _panel(fake, human)
        if panel is None or "Match over" in panel.text:
            await deal()
            continue
        choices = _choices(panel)
        if not choices:  # the computer is thinking: the human waits for their turn
            with contextlib.suppress(AssertionError):
                await fake.wait_until(
                    lambda: bool(_choices(_panel(fake, human))), timeout=30, on=(human,)
                )
            continue
        choice = rng.choice(choices)
        if choice.type == 2:
            click = await fake.click(human, panel, custom_id=choice.custom_id)
        else:
            values = [o["value"] for o in choice.options]
            count = max(choice.raw.get("min_values", 1), 1)
            click = await fake.click(
                human, panel, custom_id=choice.custom_id, values=rng.sample(values, count)
            )
        with contextlib.suppress(StandinTimeoutError):
            await click.wait_acknowledged(timeout=30)
            tally.computer_clicks += 1


class _GcLog:
    """CARDHOST_BENCH_GC=1: the stand-in's own older-generation collections, to stderr
    with the seconds since the first; a pause of the stand-in delays the clicks it sends
    and times, as the bot's own pauses do."""

    def __init__(self, who: str) -> None:
        self.who = who
        self.began = 0.0
        self.first = time.perf_counter()
        gc.callbacks.append(self.on_gc)

    def on_gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self.began = time.perf_counter()
        elif info["generation"] >= 1:
            now = time.perf_counter()
            print(
                f"{self.who} gc generation={info['generation']} "
                f"ms={(now - self.began) * 1000:.1f} at_s={now - self.first:.1f}",
                file=sys.stderr,
                flush=True,
            )

    def close(self) -> None:
        gc.callbacks.remove(self.on_gc)


def _notice(click: InteractionHandle) -> str | None:
    """The line above a panel answer: set when the click changed nothing (stale)."""
    return (click.callback_data or {}).get("content")


async def bench(matches: int, seed: int, rate: float, seconds: float, *, computers: int = 0) -> str:
    """Run the bench and return its last line. `computers`: that many more tables where a
    player plays the hard computer (its thinking must not slow the others)."""
    postgresql = configured_postgresql()
    with (
        tempfile.TemporaryDirectory() as folder,
        scratch_database(Path(folder), postgresql=postgresql) as database,
    ):
        # Lean: keep no call log or edit history, which only tests read.
        async with FakeDiscord(
            bot_name="cardhost", default_timeout=DEAL_TIMEOUT, backlog=4096, record_calls=False,
            keep_history=False,
        ) as fake:  # fmt: skip
            guild = fake.add_guild("Bench")
            tables = []
            for number in range(matches):
                channel = fake.add_text_channel(guild, f"table-{number}")
                alice, bob = fake.add_user(f"a{number}"), fake.add_user(f"b{number}")
                fake.add_member(guild, alice)
                fake.add_member(guild, bob)
                tables.append((channel, alice, bob))
            computer_tables = []
            for number in range(computers):
                channel = fake.add_text_channel(guild, f"computer-{number}")
                human = fake.add_user(f"c{number}")
                fake.add_member(guild, human)
                computer_tables.append((channel, human))
            # The stand-in plays Discord, which is not a Python process: its own setup
            # (400 users, 200 channels) is frozen out of its garbage collections, which
            # are tuned as the bot's are: their pauses would count as the bot's latency.
            gc.collect()
            gc.freeze()
            thresholds = gc.get_threshold()
            gc.set_threshold(*GC_THRESHOLDS)
            standin_gc = _GcLog("standin") if os.environ.get("CARDHOST_BENCH_GC") else None
            child = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "cardhost_devtools.bench.bot", "child",
                fake.rest_base, fake.gateway_url, str(database), str(seed),
                env={**os.environ, "CARDHOST_LOG_LEVEL": "WARNING"},
                stdout=asyncio.subprocess.PIPE,
            )  # fmt: skip
            try:
                await fake.wait_until(lambda: fake.gateway.active, timeout=READY_TIMEOUT)
                await asyncio.sleep(1.0)  # let it take in the guild before the first command
                tally = Tally()
                tally.matches = matches
                tally.watch = watch = Watch(fake, tables)
                cpu = CpuMeter(child)
                counted_from: list = []

                def steady() -> None:
                    cpu.start()
                    watch.steady_from = time.time()
                    counted_from.append(_global_calls(fake.rest.route_counts)[0])

                tally.on_all_dealt = steady
                rng = random.Random(seed)
                started = time.monotonic()
                until = started + seconds
                await asyncio.gather(
                    *(
                        _drive(fake, c, a, b, random.Random(rng.random()), matches / rate, until,
                               tally)
                        for c, a, b in tables
                    ),
                    *(
                        _drive_computer(fake, c, h, random.Random(rng.random()), matches / rate,
                                        until, tally)
                        for c, h in computer_tables
                    ),
                )  # fmt: skip
                await cpu.stop()
                watch.close()
                global_calls, route_429 = _global_calls(fake.rest.route_counts)
                # The stand-in's global 429s, or (where its global limit is turned off) the
                # calls beyond 50 in a second, which Discord would have refused.
                refused = fake.rest.limiter.stats.refused
                global_429 = max(refused["global"], fake.rest.over_global_limit)
                steady_calls = global_calls - (counted_from[0] if counted_from else 0)
                routes = ",".join(
                    f"{method_free}:{status}={n}"
                    for (method_free, status), n in sorted(fake.rest.route_counts.items(), key=str)
                    if method_free and n >= matches
                )
            finally:
                child.terminate()
                await child.wait()
                gc.unfreeze()
                gc.set_threshold(*thresholds)
                if standin_gc is not None:
                    standin_gc.close()
            all_dealt = max(tally.playing_from, default=started)
            latencies = [  # the clicks of the steady state, once every table was dealt
                h.latency * 1000 for t, h in tally.clicks if t >= all_dealt and h.latency
            ]
        logged = count_rows(database, "match_actions")
        if os.environ.get("CARDHOST_BENCH_LATENCIES"):  # "seconds-into-steady-state ms" lines
            with open(os.environ["CARDHOST_BENCH_LATENCIES"], "w") as out:
                out.writelines(
                    f"{t - all_dealt:.3f} {h.latency * 1000:.2f}\n"
                    for t, h in tally.clicks
                    if t >= all_dealt and h.latency
                )
    p50 = statistics.median(latencies or [0])
    # The rate counts the play itself: from the moment every table was dealt to the end.
    finish = max(tally.times, default=all_dealt)
    window = [t for t in tally.times if t >= all_dealt]
    rate = len(window) / (finish - all_dealt) if finish > all_dealt else 0.0
    print(
        f"setup_s={all_dealt - started:.1f} play_s={finish - all_dealt:.1f} "
        f"refused_stale={tally.refused} finished={tally.finished} "
        f"{cpu.report(len(window))}"
    )
    late = sum(1 for ms in latencies if ms > 3000) + tally.unanswered
    print(
        f"global_calls_steady={steady_calls} acks_past_3s={late} "
        f"route_429={route_429} webhook_429={refused['user'] - route_429} "
        f"dm_messages_per_action={watch.dm_changes / max(len(window), 1):.2f} "
        f"channel_messages_per_action={watch.channel_changes / max(len(window), 1):.2f} "
        f"routes={routes}"
    )
    line = (
        f"database={'postgresql' if postgresql else 'sqlite'} "
        f"matches={matches} actions={tally.applied} p50_ms={p50:.1f} "
        f"p99_ms={percentile(latencies, 0.99):.1f} actions_per_sec={rate:.1f} "
        f"rest_global_per_action={steady_calls / max(len(window), 1):.3f} "
        f"global_429={global_429} "
        f"board_lag_p99_s={percentile(watch.board_lags, 0.99):.3f} "
        f"panel_open_p99_s={percentile(watch.panel_opens, 0.99):.3f}"
    )
    if computers:  # an extra field, only when asked for: the line above stays as it was
        line += f" computer_matches={computers} computer_opponent_clicks={tally.computer_clicks}"
    if logged < tally.applied:  # the run fails, and says what it measured all the same
        raise RuntimeError(
            f"{tally.applied} actions acknowledged but only {logged} committed ({line})"
        )
    return line


class CpuMeter:
    """CPU seconds each process spends over the steady state, per action: the figure to
    compare code changes by, as wall-clock latency depends on whatever else the machine
    runs. The bot process reports its own `process_time` on SIGUSR1 (start) / SIGUSR2."""

    def __init__(self, child: asyncio.subprocess.Process) -> None:
        self.child = child
        self.began: float | None = None
        self.standin = 0.0
        self.bot: float | None = None
        self.gc_max_ms: float | None = None

    def start(self) -> None:
        self.began = time.process_time()
        with contextlib.suppress(ProcessLookupError):
            self.child.send_signal(signal.SIGUSR1)

    async def stop(self) -> None:
        if self.began is None:
            return
        self.standin = time.process_time() - self.began
        with contextlib.suppress(ProcessLookupError):
            self.child.send_signal(signal.SIGUSR2)
            with contextlib.suppress(TimeoutError):
                assert self.child.stdout is not None  # started with stdout=PIPE
                line = await asyncio.wait_for(self.child.stdout.readline(), 10)
                fields = dict(f.split("=", 1) for f in line.decode().split())
                self.bot = float(fields["cpu_s"])
                self.gc_max_ms = float(fields["gc_max_ms"])

    def report(self, actions: int) -> str:
        per = 1000 / max(actions, 1)
        bot = "?" if self.bot is None else f"{self.bot * per:.2f}"
        return (
            f"bot_cpu_ms_per_action={bot} standin_cpu_ms_per_action={self.standin * per:.2f}"
            f" bot_gc_max_ms={self.gc_max_ms}"
        )


def run_bench(
    matches: int,
    seed: int = 0,
    rate: float = 350.0,
    seconds: float = 60.0,
    *,
    computers: int = 0,
) -> int:
    print(asyncio.run(bench(matches, seed, rate, seconds, computers=computers)))
    return 0


def _garbage_census() -> None:
    """Print (stderr) what a full collection finds now, by type, most common first."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        kinds = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage)
        print(f"garbage={len(gc.garbage)}", kinds.most_common(25), file=sys.stderr, flush=True)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def run_child(rest_base: str, gateway_url: str, database: str, seed: str) -> None:
    """The bot's own process: an ordinary CardhostBot, pointed at the stand-in.

    SIGUSR1 marks the start of the steady state, SIGUSR2 prints `cpu_s=` (process CPU
    since the mark, all its threads) and `gc_max_ms=` (the longest older-generation
    garbage collection since the mark). CARDHOST_BENCH_PROFILE=path
    writes a cProfile of the steady state there (on SIGUSR2). CARDHOST_BENCH_GC=1 prints
    every older-generation collection to stderr and, on SIGUSR2, what a full collection
    would find as garbage, by type: objects that die only through the collector (a
    reference cycle) make its full collections long (see docs/performance.md).
    """
    from bot.discord.app import CardhostBot
    from bot.settings import Settings
    from cardhost_devtools.standin.patching import discord_pointed_at

    # Channel mode: each table is a channel with its match in it (the crash test checks the
    # board there); thread mode adds one globally limited call per match start.
    settings = Settings(
        discord_token="bench",
        database=database,
        turn_timer=3600,
        challenge_expiry=3600,
        match_mode="channel",
    )

    async def main() -> None:
        bot = CardhostBot(settings, seed=int(seed))
        from bot.discord.internals import set_guild_ready_timeout

        set_guild_ready_timeout(bot, 0.05)
        bot.tune_gc = True  # as `cardhost bot` does
        loop = asyncio.get_running_loop()

        closing: list[asyncio.Task] = []

        def stop() -> None:
            bot.presenter.draw_images = False  # no owed pictures at the end: they hold up close
            closing.append(asyncio.ensure_future(bot.close()))

        loop.add_signal_handler(signal.SIGTERM, stop)
        mark = [time.process_time()]
        pauses: list[float] = []  # the longest garbage collections of the steady state
        gc_began = [0.0]

        def on_gc(phase: str, info: dict) -> None:
            if phase == "start":
                gc_began[0] = time.perf_counter()
            elif info["generation"] >= 1:
                pauses.append(time.perf_counter() - gc_began[0])
                if gc_log:
                    print(
                        f"gc generation={info['generation']} ms={pauses[-1] * 1000:.1f} "
                        f"collected={info['collected']}",
                        file=sys.stderr, flush=True,
                    )  # fmt: skip

        gc_log = bool(os.environ.get("CARDHOST_BENCH_GC"))
        profile = None
        if os.environ.get("CARDHOST_BENCH_PROFILE"):
            import cProfile

            profile = cProfile.Profile()

        def steady() -> None:
            mark[0] = time.process_time()
            pauses.clear()
            gc.callbacks.append(on_gc)
            if profile is not None:
                profile.enable()

        def report() -> None:
            longest = max(pauses, default=0.0) * 1000
            print(f"cpu_s={time.process_time() - mark[0]:.3f} gc_max_ms={longest:.1f}", flush=True)
            if gc_log:
                _garbage_census()
            if os.environ.get("CARDHOST_BENCH_CENSUS"):  # what a full collection walks
                kinds = Counter(
                    f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects()
                )
                print(f"tracked={sum(kinds.values())}", kinds.most_common(30), file=sys.stderr)
            if profile is not None:
                profile.disable()
                profile.dump_stats(os.environ["CARDHOST_BENCH_PROFILE"])

        loop.add_signal_handler(signal.SIGUSR1, steady)
        loop.add_signal_handler(signal.SIGUSR2, report)
        async with bot:
            await bot.start("bench-token")

    with discord_pointed_at(rest_base, gateway_url):
        asyncio.run(main())


if __name__ == "__main__" and len(sys.argv) == 6 and sys.argv[1] == "child":
    run_child(*sys.argv[2:])
