"""A ping when a player's decision opens because someone else acted, at most
once per turn, never about a decision the public view does not show, and /notify off."""

import asyncio
import random
from dataclasses import replace

from engine.core.match import Match
from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, challenge, click_option, eventually, panel_of


def pings(fake, user) -> list:
    return [m for m in fake.dm_messages(user) if "Your move" in m.text and not m.embeds]


async def play(world: World, bot, session, moves: int, rng: random.Random) -> list[tuple]:
    """Play `moves` moves; note (turn, players to move) before the first and after each.

    Pings go out at once here (`delay` 0): a test player never looks away."""
    bot.notifier.delay = 0
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    view = session.match.view(None)
    seen = [(view.turn, tuple(d.player for d in view.decisions))]
    for _ in range(moves):
        if session.match.over:
            break
        seat = session.match.pending[0].player
        user = users[session.seats[seat].user_id]
        await click_option(world.fake, bot, user, panel_of(world.fake, session, seat), rng)
        view = session.match.view(None)
        seen.append((view.turn, tuple(d.player for d in view.decisions)))
    await bot.controller.idle()
    return seen


async def test_a_player_is_pinged_when_the_other_hands_them_the_move(world: World, bot) -> None:
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    assert pings(world.fake, world.alice) == pings(world.fake, world.bob) == []  # the deal
    seen = await play(world, bot, session, 40, random.Random(5))
    for seat, user in ((0, world.alice), (1, world.bob)):
        got = pings(world.fake, user)
        # The turns in which this player's decision opened after the other one's move.
        handed = {
            turn
            for (turn, deciders), (_, before) in zip(seen[1:], seen, strict=False)
            if seat in deciders and seat not in before
        }
        assert handed, "the sample match never handed the move over"
        assert 0 < len(got) <= len(handed)  # once per turn at most
        panel = session.seats[seat]
        link = f"https://discord.com/channels/@me/{panel.dm_channel_id}/{panel.panel_message_id}"
        assert link in got[-1].text


async def test_notify_off_is_stored_and_silences_the_pings(world: World, bot) -> None:
    off = await world.fake.slash(world.bob, world.channel, "notify", setting="off")
    await off.wait_acknowledged()
    assert "off" in off.response.text and off.response.ephemeral
    assert await bot.storage.preferences.notify(world.bob.id) is False
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    await play(world, bot, session, 30, random.Random(5))
    assert pings(world.fake, world.bob) == []
    assert pings(world.fake, world.alice)  # alice did not turn hers off
    on = await world.fake.slash(world.bob, world.channel, "notify", setting="on")
    await on.wait_acknowledged()
    assert await bot.storage.preferences.notify(world.bob.id) is True


async def test_no_ping_for_a_decision_the_public_view_does_not_show(
    world: World, bot, monkeypatch
) -> None:
    """A private window (one whose existence depends on hidden cards) is not in
    `view(None).decisions`; the notifier reads only that view, so it cannot tell."""
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    real_view = Match.view

    def public_hides_decisions(match, viewer):
        view = real_view(match, viewer)
        return replace(view, decisions=()) if viewer is None else view

    monkeypatch.setattr(Match, "view", public_hides_decisions)
    await play(world, bot, session, 20, random.Random(5))
    assert pings(world.fake, world.alice) == pings(world.fake, world.bob) == []


async def test_closed_dms_get_a_mention_linking_to_the_board(world: World, bot) -> None:
    session = await accept(
        world, bot, await challenge(world, world.alice, world.carol), world.carol
    )
    users = {world.alice.id: world.alice, world.carol.id: world.carol}
    rng = random.Random(2)
    bot.notifier.delay = 0
    for _ in range(30):
        if session.match.over:
            break
        seat = session.match.pending[0].player
        user = users[session.seats[seat].user_id]
        if seat == 1:  # carol plays from the board's "My hand & moves"
            board = world.fake.message(session.board_message_id)
            hand = await world.fake.click(user, board, label="My hand & moves")
            await hand.wait_acknowledged()
            await click_option(world.fake, bot, user, hand.response, rng)
        else:
            await click_option(world.fake, bot, user, panel_of(world.fake, session, 0), rng)
    await bot.controller.idle()
    mention = await eventually(
        lambda: [
            m
            for m in world.fake.channel_messages(world.channel)
            if m.text.startswith(f"<@{world.carol.id}>, your move")
        ]
    )
    assert str(session.board_message_id) in mention[-1].text


async def test_no_ping_when_the_player_moves_within_the_delay(world: World, bot) -> None:
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    bot.notifier.delay = 2.0
    rng = random.Random(5)
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    last = None
    for step in range(60):  # both players answer at once: nobody needs reminding
        if session.match.over:
            break
        seat = session.match.pending[0].player
        if step >= 20 and last is not None and seat != last:
            break  # stop right after a click that handed the move to the other player
        user = users[session.seats[seat].user_id]
        await click_option(world.fake, bot, user, panel_of(world.fake, session, seat), rng)
        last = seat
    waiting = session.match.pending[0].player
    assert waiting != last, "the test needs the move handed over by the last click"
    await asyncio.sleep(2.5)  # the one now to move does not: pinged once, after the delay
    await bot.controller.idle()
    waiting_user = users[session.seats[waiting].user_id]
    other_user = users[session.seats[1 - waiting].user_id]
    assert len(pings(world.fake, waiting_user)) == 1
    assert pings(world.fake, other_user) == []


async def test_a_ping_timer_keeps_no_match_alive_after_it_fired() -> None:
    """A fired (or closed) ping timer leaves no reference cycle: a finished match then dies
    by reference counting, not in a full garbage collection (tens of ms per 100 matches)."""
    import gc
    import weakref
    from types import SimpleNamespace
    from typing import Any

    from bot.discord.notify import TurnNotifier
    from tests.bot.bare import Unused

    class Session:  # a stand-in for a whole match: only its lifetime matters here
        match_id = 7

    later: Any = SimpleNamespace(later=lambda coro: coro.close())
    notifier = TurnNotifier(storage=Unused(), traffic=Unused(), http=Unused(), background=later)
    notifier.delay = 0
    session = Session()
    alive = weakref.ref(session)
    gc.disable()
    try:
        notifier._after_delay(session, 1, 3)  # type: ignore[arg-type]
        await asyncio.sleep(0.01)  # it fires
        notifier._after_delay(session, 0, 4)  # type: ignore[arg-type]
        notifier.close()  # it never fires
        del session
        await asyncio.sleep(0)
        assert alive() is None
    finally:
        gc.enable()
