"""/challenge against the computer takes a difficulty, kept with the match across a restart;
the computer thinks in its worker process and the board says when it is thinking."""

import asyncio
import random

import pytest

import bot.play.sessions as sessions_module
from bot.discord.embeds import board_embed
from cardhost_devtools.standin import FakeDiscord
from tests.bot.conftest import World, start_bot
from tests.bot.test_match_flow import click_option, eventually, panel_of, wait_until_open


async def _play_computer(world: World, bot, difficulty: str | None):
    fake: FakeDiscord = world.fake
    options = {} if difficulty is None else {"difficulty": difficulty}
    handle = await fake.slash(
        world.alice, world.channel, "challenge", opponent=fake.bot_user, game="clash", **options
    )
    await handle.wait_acknowledged()
    session = await eventually(lambda: bot.sessions.by_channel.get(world.channel.id))
    await wait_until_open(fake, bot, session)
    return session


@pytest.mark.slow
async def test_hard_is_kept_through_a_restart_and_the_computer_plays_on(
    world: World, tmp_path
) -> None:
    fake = world.fake
    database = str(tmp_path / "difficulty.sqlite3")
    first = await start_bot(fake, None, database=database)
    session = await _play_computer(world, first, "hard")
    assert session.difficulty == "hard"
    stored = await first.storage.matches.get_front_state(session.match_id)
    assert stored["difficulty"] == "hard"
    rng = random.Random(3)
    for _ in range(4):
        await click_option(fake, first, world.alice, panel_of(fake, session, 0), rng)
    actions = list(session.match.actions)
    computer_moves = [a for a in actions if a[0] == 1]
    assert computer_moves, "the computer answered its own decisions"
    await fake.stop_bot(first)

    second = await start_bot(fake, None, database=database)
    try:
        resumed = second.sessions.by_channel[world.channel.id]
        assert resumed.difficulty == "hard"
        assert resumed.match.actions == actions
        for _ in range(3):
            if resumed.match.over:
                break
            await click_option(fake, second, world.alice, panel_of(fake, resumed, 0), rng)
        assert len(resumed.match.actions) > len(actions)
    finally:
        await second.controller.idle()
        await fake.stop_bot(second)


async def test_the_default_is_normal_and_easy_is_taken(world: World, bot) -> None:
    session = await _play_computer(world, bot, None)
    assert session.difficulty == "normal"
    assert (await bot.storage.matches.get_front_state(session.match_id))["difficulty"] == "normal"


async def test_a_difficulty_against_a_person_is_refused_and_nothing_starts(
    world: World, bot
) -> None:
    handle = await world.fake.slash(
        world.alice, world.channel, "challenge", opponent=world.bob, game="clash", difficulty="hard"
    )
    message = await handle.wait_response()
    assert "against the computer" in message.content
    assert bot.challenges.in_channel(world.channel.id) is None
    assert world.channel.id not in bot.sessions.by_channel


async def test_a_slow_computer_shows_thinking(world: World, bot, monkeypatch) -> None:
    """Past THINKING_NOTICE the session is marked thinking and the board hook is called;
    the mark is gone once the computer has moved."""
    monkeypatch.setattr(sessions_module, "THINKING_NOTICE", 0.0)
    seen = []

    async def spy(session) -> None:
        seen.append((session.thinking, len(session.match.actions)))

    bot.sessions.on_thinking = spy
    session = await _play_computer(world, bot, "hard")
    rng = random.Random(5)
    for _ in range(3):
        await click_option(world.fake, bot, world.alice, panel_of(world.fake, session, 0), rng)
    assert seen and all(thinking for thinking, _ in seen)
    assert not session.thinking


def test_the_board_says_the_computer_is_thinking() -> None:
    from engine.core.match import new_match
    from engine.core.ruleset import get_ruleset

    pool = get_ruleset("clash").preconstructed_decks()
    deck = pool[sorted(pool)[0]]
    view = new_match("clash", ["alice", "Computer"], [deck, deck], 1).view(None)
    waiting = {f.name: f.value for f in board_embed(view, "Clash", thinking=True).fields}
    assert "thinking" in waiting["Waiting for"]
    quiet = {f.name: f.value for f in board_embed(view, "Clash").fields}
    assert "thinking" not in quiet["Waiting for"]


async def test_a_broken_worker_costs_one_plain_move_not_the_match() -> None:
    """The worker died: the computer plays the first legal action, and the next decision
    starts a new worker (which is sent the whole record)."""
    from concurrent.futures import Executor
    from concurrent.futures.process import BrokenProcessPool

    from bot.play.thinking import Thinker
    from tests.agents.test_search import _midgame, _seat_decision

    class Broken(Executor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
            raise BrokenProcessPool("gone")

    match = _midgame("clash", 2)
    decision = _seat_decision(match, 0)
    assert decision is not None
    thinker = Thinker()
    thinker._pool = Broken()  # type: ignore[assignment]
    thinker._sent[7] = 3
    action = await thinker.choose(7, match, decision, "hard", 300.0)
    assert action == decision.actions[0]
    assert thinker._pool is None and 7 not in thinker._sent


async def test_computer_matches_queued_for_the_worker_share_its_time() -> None:
    """Ten hard matches at once used to wait for the one worker inside their time limit,
    time out, and restart it. Now a job's limit runs from its start, and a job with
    others queued behind it thinks a share of the budget."""
    import time
    from concurrent.futures import Executor, Future, ThreadPoolExecutor

    from bot.play.thinking import Thinker
    from tests.agents.test_search import _midgame, _seat_decision

    match = _midgame("clash", 2)
    decision = _seat_decision(match, 0)
    assert decision is not None and len(decision.actions) > 1
    chosen = decision.actions[-1]  # not the fallback (the first action)
    threads = ThreadPoolExecutor(1)

    class Slow(Executor):
        budgets: list[float] = []

        def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
            job = args[0]
            self.budgets.append(job.seconds)

            def work():
                time.sleep(job.seconds * 0.6)
                return chosen

            future: Future = threads.submit(work)
            return future

    thinker = Thinker()
    slow = Slow()
    thinker._pool = slow  # type: ignore[assignment]
    # A 2 s turn timer: 0.5 s to think, 0.5 s of grace; five at once queue up for longer.
    answers = await asyncio.gather(
        *(thinker.choose(n, match, decision, "hard", 2.0) for n in range(5))
    )
    threads.shutdown()
    assert answers == [chosen] * 5, "no job timed out waiting in the queue"
    assert slow.budgets[0] == 0.5 and min(slow.budgets) < 0.5, slow.budgets
    assert thinker._pool is slow, "the worker was never restarted"
