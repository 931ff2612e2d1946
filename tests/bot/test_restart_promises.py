"""A player is shown only what is committed; after a restart every
board and panel is brought up to date; a stale click refreshes the clicker's panel; a
click whose answer Discord refused still leaves the clicker's panel current.

The crash test (`cardhost crashtest`, tests/bot/test_crashtest.py) reaches the same
windows with real SIGKILLs; these tests pin each promise down in one process, on the
database the killed process would have left behind.
"""

import asyncio
import random

from bot.storage import StorageError
from cardhost_devtools.standin import FakeDiscord, FakeUser
from engine.core.match import replay
from tests.bot.conftest import World, start_bot
from tests.bot.test_match_flow import (
    accept,
    answer_text,
    challenge,
    click_option,
    eventually,
    panel_of,
)


def decision_ids(message) -> list[str]:
    return [
        str(item.custom_id)
        for item in [*message.buttons, *message.selects]
        if str(item.custom_id or "").startswith(("m:", "ms:"))
    ]


def shown_seq(message) -> int | None:
    """The decision number a panel's buttons carry; None when it offers no decision."""
    ids = decision_ids(message)
    return int(ids[0].split(":")[2]) if ids else None


def users_of(world: World) -> dict[int, FakeUser]:
    return {world.alice.id: world.alice, world.bob.id: world.bob}


async def play_until_end_turn(world: World, bot, session, rng: random.Random):
    """Play until the player to move is offered 'End turn' alone among buttons to hand the
    move over; returns (seat, panel, the End turn button's custom_id)."""
    fake = world.fake
    for _ in range(200):
        seat = session.match.pending[0].player
        panel = panel_of(fake, session, seat)
        end = [b for b in panel.buttons if "End turn" in (b.label or "")]
        if len(session.match.pending) == 1 and end:
            return seat, panel, end[0].custom_id
        user = users_of(world)[session.seats[seat].user_id]
        await click_option(fake, bot, user, panel, rng)
    raise AssertionError("no 'End turn' came up")


def hold_commits(bot, monkeypatch, *, fail: bool) -> asyncio.Event:
    """Appends wait for the returned event; then they go through, or (fail) are refused
    as a dying disk would refuse them."""
    gate = asyncio.Event()
    matches = bot.storage.matches
    original = matches.append_actions

    async def held(*args, **kwargs):
        await gate.wait()
        if fail:
            raise StorageError("the disk went away")
        return await original(*args, **kwargs)

    monkeypatch.setattr(matches, "append_actions", held)
    return gate


async def test_a_players_hand_is_not_shown_before_the_move_is_committed(
    world: World, bot, monkeypatch
) -> None:
    """Item 2: while End turn is being saved, the other player's "My hand & moves" must
    not show them their turn; the save then fails, and their turn never happened."""
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    seat, panel, end_turn = await play_until_end_turn(world, bot, session, random.Random(4))
    other = 1 - seat
    other_user = users_of(world)[session.seats[other].user_id]
    mover = users_of(world)[session.seats[seat].user_id]
    gate = hold_commits(bot, monkeypatch, fail=True)

    click = await fake.click(mover, panel, custom_id=end_turn)
    # Applied in memory (it is their turn there) and being saved:
    await eventually(lambda: session.match.decision_for(other) is not None)
    board = fake.message(session.board_message_id)
    try:
        peek = await fake.click(other_user, board, label="My hand & moves")
        await asyncio.sleep(0.3)
        if peek.acknowledged:  # (before the fix: at once, with their turn's buttons)
            assert not decision_ids(peek.response), "shown a turn that was not committed"
    finally:
        gate.set()
    await click.wait_acknowledged()
    await peek.wait_acknowledged()
    assert "Not done" in answer_text(click)
    assert session.match.decision_for(other) is None  # the End turn was undone
    assert not decision_ids(peek.response)  # and what they were shown agrees


async def test_a_stale_click_refreshes_the_clickers_panel(world: World, bot) -> None:
    """Item 3: a click on an old button says it is stale and shows the current panel."""
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    seat, panel, end_turn = await play_until_end_turn(world, bot, session, random.Random(6))
    user = users_of(world)[session.seats[seat].user_id]
    copy = await fake.click(user, fake.message(session.board_message_id), label="My hand & moves")
    await copy.wait_acknowledged()
    done = await fake.click(user, panel, custom_id=end_turn)
    await done.wait_acknowledged()
    await bot.controller.idle()
    # The copy's buttons are stale now: the answer says so and the copy shows the present.
    stale = await fake.click(user, copy.response, custom_id=end_turn)
    await stale.wait_acknowledged()
    assert "no longer open" in answer_text(stale)
    assert stale.callback_type.name == "UPDATE_MESSAGE"
    decision = session.match.decision_for(seat)
    assert shown_seq(copy.response) == (decision.seq if decision else None)


async def test_a_click_whose_answer_came_too_late_still_updates_the_panel(
    world: World, bot, monkeypatch
) -> None:
    """Item 4: Discord refuses the answer (10062: past the 3-second window); the action is
    committed and the clicker's panel is brought up to date another way."""
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    seat, panel, end_turn = await play_until_end_turn(world, bot, session, random.Random(8))
    user = users_of(world)[session.seats[seat].user_id]
    before = len(session.match.actions)
    fake.rest.ack_deadline = 0.2  # a slow disk makes the answer miss Discord's window
    gate = hold_commits(bot, monkeypatch, fail=False)
    click = await fake.click(user, panel, custom_id=end_turn)
    await asyncio.sleep(0.5)
    gate.set()
    await eventually(lambda: len(session.match.actions) == before + 1)
    await bot.controller.idle()
    assert click.callback_type is None or click.rejections  # the answer never landed
    record = await bot.storage.matches.load_record(session.match_id)
    assert len(record.actions) == before + 1  # committed all the same
    want = session.match.decision_for(seat)
    await fake.wait_until(
        lambda: shown_seq(panel_of(fake, session, seat)) == (want.seq if want else None) or None
    )


async def test_a_restart_brings_every_board_and_panel_up_to_date(world: World, tmp_path) -> None:
    """Item 3: the process died after committing a move and before telling anyone, with
    one player's panel deleted and the board's id never saved. The new process edits or
    re-posts each of them to the committed state."""
    fake: FakeDiscord = world.fake
    database = str(tmp_path / "resume.sqlite3")
    first = await start_bot(fake, None, database=database)
    session = await accept(world, first, await challenge(world, world.alice, world.bob), world.bob)
    rng = random.Random(3)
    for _ in range(6):
        decision = session.match.pending[0]
        user = users_of(world)[session.seats[decision.player].user_id]
        await click_option(fake, first, user, panel_of(fake, session, decision.player), rng)
    await first.controller.idle()
    match_id = session.match_id
    old_board = session.board_message_id
    panels = [s.panel_message_id for s in session.seats]
    storage = first.storage
    # What the dead process left: one more move committed, nobody told ...
    record = await storage.matches.load_record(match_id)
    match = replay(record)
    decision = match.pending[0]
    action = decision.actions[0]
    match.apply(decision.player, action)
    await storage.matches.append_actions(match_id, [(len(match.actions), *match.actions[-1])])
    # ... a board whose id it never saved, and a panel the player deleted meanwhile.
    await storage.matches.set_board_message(match_id, None)
    fake.state.delete_message(fake.message(panels[1]))
    await fake.stop_bot(first)

    second = await start_bot(fake, None, database=database)
    try:
        resumed = second.sessions.by_id[match_id]
        assert len(resumed.match.actions) == len(match.actions)
        await eventually(lambda: resumed.board_message_id not in (None, old_board))
        board = fake.message(resumed.board_message_id)
        assert board.channel is world.channel and not board.deleted
        for seat in range(2):
            want = resumed.match.decision_for(seat)
            await fake.wait_until(
                lambda seat=seat, want=want: (
                    shown_seq(panel_of(fake, resumed, seat)) == (want.seq if want else None) or None
                )
            )
        assert resumed.seats[0].panel_message_id == panels[0]  # edited in place
        assert resumed.seats[1].panel_message_id != panels[1]  # sent anew
        row = await second.storage.matches.get_match(match_id)
        assert row.board_message_id == resumed.board_message_id  # and its id saved
    finally:
        await second.controller.idle()
        await fake.stop_bot(second)


async def test_a_click_for_a_match_not_replayed_yet_replays_it_and_goes_through(
    world: World, tmp_path
) -> None:
    """A start answers before it replays. A click on an old button of a match
    not replayed yet waits for that match's replay, then is applied as always; the match's
    board and panels are then brought up to date like any restored match's."""
    fake: FakeDiscord = world.fake
    database = str(tmp_path / "lazy.sqlite3")
    first = await start_bot(fake, None, database=database)
    session = await accept(world, first, await challenge(world, world.alice, world.bob), world.bob)
    rng = random.Random(5)
    for _ in range(4):
        decision = session.match.pending[0]
        user = users_of(world)[session.seats[decision.player].user_id]
        await click_option(fake, first, user, panel_of(fake, session, decision.player), rng)
    await first.controller.idle()
    match_id, before = session.match_id, len(session.match.actions)
    seat = session.match.pending[0].player
    panel = panel_of(fake, session, seat)
    user = users_of(world)[session.seats[seat].user_id]
    await fake.stop_bot(first)

    second = await start_bot(fake, None, database=database, replay=False)
    try:
        assert match_id not in second.sessions.by_id and match_id in second.sessions.unreplayed
        assert second.sessions.busy(world.channel.id)  # its channel stays taken meanwhile
        await click_option(fake, second, user, panel, rng)  # the old panel's button
        resumed = second.sessions.by_id[match_id]
        assert len(resumed.match.actions) == before + 1
        record = await second.storage.matches.load_record(match_id)
        assert len(record.actions) == before + 1  # committed, once
        assert match_id not in second.sessions.unreplayed
        for other in range(2):
            want = resumed.match.decision_for(other)
            await fake.wait_until(
                lambda other=other, want=want: (
                    shown_seq(panel_of(fake, resumed, other)) == (want.seq if want else None)
                    or None
                )
            )
    finally:
        await second.controller.idle()
        await fake.stop_bot(second)


async def test_the_background_replays_the_waiting_matches_first(world: World, tmp_path) -> None:
    """The background replay goes soonest turn clock first: a match whose player has a
    decision open (a stored clock) comes before an older one with none."""
    from bot.play.sessions import SessionManager
    from bot.storage import Storage

    database = str(tmp_path / "order.sqlite3")
    fake: FakeDiscord = world.fake
    first = await start_bot(fake, None, database=database)
    session = await accept(world, first, await challenge(world, world.alice, world.bob), world.bob)
    match_id = session.match_id
    await first.controller.idle()
    await fake.stop_bot(first)
    store = await Storage.open(database)
    try:
        record = await store.matches.load_record(match_id)
        players = [p for p in (await store.matches.get_match(match_id)).players]
        later = await store.matches.create_match(1, 999, record, players)
        # the older match has no clock, the newer one a player waiting
        await store.matches.set_clocks(match_id, [])
        await store.matches.set_clocks(
            later, [{"seat": 0, "seq": 1, "deadline": 1e12, "opened": 0.0, "warned": False}]
        )
        order: list[int] = []

        async def timer(guild_id: int | None) -> float:
            return 300.0

        sessions = SessionManager(
            store, timer, on_restored=lambda done: order.extend(s.match_id for s in done)
        )
        assert await sessions.load_running() == 2
        await sessions.replay_rest(batch=1)
        sessions.close()
        assert order == [later, match_id]
    finally:
        await store.close()
