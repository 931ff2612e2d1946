"""`cardhost bench-bot`: many concurrent matches through the Discord stand-in, measured.

Two simulated players per match challenge, accept and then click their way through the
match from their DM panels, each pausing between moves so that all matches together
offer about `--rate` actions per second, as a busy server would. Latency is the stand-in's
figure for each click: from the moment it sends the interaction to the moment the bot's
acknowledgement arrives, which the bot sends only after the action is committed.
"""

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.app import CardhostBot
from bot.settings import Settings
from bot.standin import FakeDiscord, InteractionKind


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


async def _play_one(fake: FakeDiscord, bot: CardhostBot, channel, alice, bob, rng, pause, until):
    handle = await fake.slash(alice, channel, "challenge", opponent=bob, game="clash")
    offer = await handle.wait_response()
    click = await fake.click(bob, offer, label="Accept")
    await click.wait_acknowledged()
    while (session := bot.sessions.by_channel.get(channel.id)) is None or not all(
        s.panel_message_id for s in session.seats
    ):
        await asyncio.sleep(0.01)
    users = {alice.id: alice, bob.id: bob}
    actions = 0
    while not session.match.over and time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * pause)
        decision = session.match.pending[0]
        seat = session.seats[decision.player]
        panel = fake.message(seat.panel_message_id)
        buttons = [b for b in panel.buttons if (b.custom_id or "").startswith("m:")]
        if buttons:
            click = await fake.click(users[seat.user_id], panel, custom_id=rng.choice(buttons).custom_id)
        elif panel.selects:
            select = rng.choice(panel.selects)
            values = [o["value"] for o in select.options]
            count = max(select.raw.get("min_values", 1), 1)
            click = await fake.click(
                users[seat.user_id], panel, custom_id=select.custom_id,
                values=rng.sample(values, count),
            )
        else:  # the panel is being redrawn; look again in a moment
            continue
        await click.wait_acknowledged(timeout=30)
        actions += 1
    return actions, session


async def bench(matches: int, seed: int, rate: float, seconds: float, images: bool = True) -> str:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            discord_token="bench",
            database=Path(folder) / "bench.sqlite3",
            turn_timer=3600,
            challenge_expiry=3600,
        )
        async with FakeDiscord(bot_name="cardhost", default_timeout=30) as fake:
            guild = fake.add_guild("Bench")
            tables = []
            for number in range(matches):
                channel = fake.add_text_channel(guild, f"table-{number}")
                alice = fake.add_user(f"a{number}")
                bob = fake.add_user(f"b{number}")
                fake.add_member(guild, alice)
                fake.add_member(guild, bob)
                tables.append((channel, alice, bob))
            bot = CardhostBot(settings, seed=seed)
            bot.presenter.draw_images = images
            await fake.start_bot(bot)
            try:
                rng = random.Random(seed)
                pause = matches / rate
                started = time.monotonic()
                until = started + seconds
                results = await asyncio.gather(
                    *(
                        _play_one(fake, bot, ch, a, b, random.Random(rng.random()), pause, until)
                        for ch, a, b in tables
                    )
                )
                elapsed = time.monotonic() - started
                await bot.controller.idle()
                for _, session in results:  # every acknowledged action is in the log
                    saved = await bot.storage.matches.load_record(session.match_id)
                    if len(saved.actions) != len(session.match.actions):
                        raise RuntimeError(f"match {session.match_id}: actions not all committed")
                latencies = [x * 1000 for x in fake.ack_latencies(InteractionKind.COMPONENT)]
            finally:
                await fake.stop_bot(bot)
    actions = sum(count for count, _ in results)
    return (
        f"matches={matches} actions={actions} p50_ms={statistics.median(latencies or [0]):.1f} "
        f"p99_ms={percentile(latencies, 0.99):.1f} actions_per_sec={actions / elapsed:.1f}"
    )


def run_bench(matches: int, seed: int = 0, rate: float = 350.0, seconds: float = 60.0) -> int:
    print(asyncio.run(bench(matches, seed, rate, seconds)))
    return 0
