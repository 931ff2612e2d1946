"""A waiting player's panel catches up later; a decision that opens or closes never waits.

The presenter draws a panel at once only when its open decision is not the one it shows;
a panel whose decision is unchanged (its player waits while the other plays a turn) is
owed and caught up `waiting_panel_interval` later (docs/performance.md). And a click keeps
the sleeping turn timer, which must still act on the clocks as they are when it wakes.
"""

import asyncio
import random
import time

from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, challenge, click_option, panel_of

CHOICE_PREFIXES = ("m:", "ms:", "mn:")


def shown_seqs(panel) -> set[str]:
    """The decision numbers the panel's buttons and menus belong to (m:match:seq:...)."""
    ids = [c.custom_id or "" for c in (*panel.buttons, *panel.selects)]
    return {i.split(":")[2] for i in ids if i.startswith(CHOICE_PREFIXES)}


async def up_to_date(bot, session, seat: int, panel) -> bool:
    """The panel shows what the presenter would draw for the seat now (hand, numbers,
    prompt): its embed's text, the time stamp aside."""
    now = (await bot.presenter.panel_payload(session, seat))["embeds"][0]
    shown = panel.embeds[0]
    return (shown.get("description"), shown.get("fields")) == (
        now.get("description"),
        now.get("fields"),
    )


async def test_a_waiting_panel_lags_its_numbers_but_never_its_decision(world: World, bot) -> None:
    bot.presenter.waiting_panel_interval = 3600.0  # no catch-up comes by itself in this test
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(5)
    behind = 0
    while not session.match.over:
        seat = session.match.pending[0].player
        user = users[session.seats[seat].user_id]
        await click_option(world.fake, bot, user, panel_of(world.fake, session, seat), rng)
        if session.match.over:
            break
        for other in (0, 1):
            panel = panel_of(world.fake, session, other)
            decision = session.match.decision_for(other)
            # The buttons are always those of the decision open now, or none.
            assert shown_seqs(panel) == ({str(decision.seq)} if decision else set())
            if not await up_to_date(bot, session, other, panel):
                behind += 1
    # The other player's numbers did lag (without the interval they never would), and
    # the end of the match was drawn at once for both.
    assert behind > 0
    await bot.controller.idle()
    for seat in (0, 1):
        assert "Match over" in panel_of(world.fake, session, seat).text


async def test_an_owed_panel_catches_up_after_the_interval(world: World, bot) -> None:
    bot.presenter.waiting_panel_interval = 0.3
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(5)
    lagging = None
    for _ in range(400):
        if session.match.over:
            break
        seat = session.match.pending[0].player
        user = users[session.seats[seat].user_id]
        await click_option(world.fake, bot, user, panel_of(world.fake, session, seat), rng)
        other = 1 - seat
        if not session.match.over and not await up_to_date(
            bot, session, other, panel_of(world.fake, session, other)
        ):
            lagging = other
            break
    assert lagging is not None, "no panel was ever behind: nothing to catch up"
    async with asyncio.timeout(10):  # 0.3 s, with room for a loaded machine
        while not await up_to_date(bot, session, lagging, panel_of(world.fake, session, lagging)):
            await asyncio.sleep(0.02)


async def test_a_kept_turn_timer_acts_on_the_clock_of_the_new_decision(
    world: World, bot, monkeypatch
) -> None:
    half = 1.5

    async def timer(guild_id):
        return 2 * half

    monkeypatch.setattr(bot.sessions, "turn_timer", timer)
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    # The coin winner's choice is the only decision open; after it, every open decision
    # (both mulligans) is new, with a clock that starts after this click was sent.
    assert len(session.match.pending) == 1
    seat = session.match.pending[0].player
    user = (world.alice, world.bob)[seat]
    await asyncio.sleep(0.3)
    sent = time.monotonic()
    await click_option(world.fake, bot, user, panel_of(world.fake, session, seat), random.Random(1))
    warning = await world.fake.wait_for_message(
        world.channel, lambda m: "half your time" in m.text, existing=True, timeout=4 * half
    )
    arrived = time.monotonic()
    assert warning is not None
    # Not at the first clock's half time (the timer slept until then and looked again).
    assert arrived >= sent + half - 0.05
