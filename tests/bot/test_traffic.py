"""The bot reaches players through their own interaction tokens and shares
the global budget by priority (players whose decision opened first, then boards)."""

import asyncio
import random

import pytest

from bot.discord.traffic import BOARD, NOTICE, PANEL, GlobalBudget, InteractionTokens
from cardhost_devtools.standin import ApiError
from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, challenge, click_option, eventually, panel_of

EXEMPT = ("/interactions/", "/webhooks/")


async def test_the_budget_lets_players_pass_before_boards() -> None:
    budget = GlobalBudget(rate=50.0, burst=1.0)
    order: list[str] = []

    async def wants(name: str, priority: int) -> None:
        await budget.spend(priority)
        order.append(name)

    # The first board takes the one token there is; the rest queue behind the bucket.
    tasks = [asyncio.create_task(wants(f"board{n}", BOARD)) for n in range(3)]
    await asyncio.sleep(0)
    tasks.append(asyncio.create_task(wants("notice", NOTICE)))
    tasks.append(asyncio.create_task(wants("panel", PANEL)))
    await asyncio.gather(*tasks)
    assert order == ["board0", "panel", "notice", "board1", "board2"]
    assert budget.granted == 5


async def test_the_budget_keeps_its_rate() -> None:
    budget = GlobalBudget(rate=40.0, burst=2.0)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await asyncio.gather(*(budget.spend(BOARD) for _ in range(22)))
    # 2 at once, then 20 at 40 a second: at least half a second, however fast the loop.
    assert loop.time() - started >= 0.5 - 0.01


def test_a_token_is_used_only_while_it_is_valid_and_for_its_own_messages() -> None:
    now = [0.0]
    tokens = InteractionTokens(clock=lambda: now[0])
    tokens.note(1, "tok", channel_id=10, message_id=100)
    assert tokens.editing(1, 100).token == "tok"
    assert tokens.editing(1, 101) is None and tokens.editing(2, 100) is None
    assert tokens.in_channel(1, 10).token == "tok" and tokens.in_channel(1, 11) is None
    now[0] = 14 * 60 + 1  # within a minute of its 15: no longer trusted
    assert tokens.editing(1, 100) is None and tokens.in_channel(1, 10) is None
    tokens.note(1, "new", channel_id=10, message_id=100)
    tokens.drop(1, "new")
    assert tokens.editing(1, 100) is None


async def test_the_other_players_panel_goes_through_their_token(world: World, bot) -> None:
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    fake, rng = world.fake, random.Random(3)
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    clicked: set[int] = set()
    mark = None
    moves_after = 0
    while not session.match.over and moves_after < 12:
        seat = session.match.pending[0].player
        user = users[session.seats[seat].user_id]
        await click_option(fake, bot, user, panel_of(fake, session, seat), rng)
        clicked.add(seat)
        if mark is None and clicked == {0, 1}:
            mark = len(fake.calls)  # from now on each player has a fresh token
        elif mark is not None:
            moves_after += 1
    assert mark is not None and moves_after > 0
    await bot.controller.idle()
    panels = {str(s.panel_message_id) for s in session.seats}
    later = fake.calls[mark:]
    by_token = [c for c in later if c.route and c.route.startswith("/webhooks/")]
    assert by_token and all(c.status == 200 for c in by_token)
    limited = [c for c in later if c.route and not c.route.startswith(EXEMPT)]
    assert not [c for c in limited if c.path.rsplit("/", 1)[-1] in panels], (
        "a panel was edited through the global route although its player had a token"
    )


@pytest.mark.slow  # seconds of waiting on processes or Discord's windows
async def test_the_next_matchs_panels_come_through_the_players_tokens(world: World, bot) -> None:
    rng = random.Random(4)
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    while not session.match.over:
        seat = session.match.pending[0].player
        user = users[session.seats[seat].user_id]
        await click_option(world.fake, bot, user, panel_of(world.fake, session, seat), rng)
    await bot.controller.idle()
    mark = len(world.fake.calls)
    again = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    assert again.match_id != session.match_id
    await bot.controller.idle()
    later = [c for c in world.fake.calls[mark:] if c.route]
    dm_ids = {str(s.dm_channel_id) for s in again.seats}
    limited = [c.path for c in later if not c.route.startswith(EXEMPT)]
    # Only the new board is posted with the bot's token: no DM lookups, no DM posts.
    assert not [p for p in limited if p.startswith("/users/")], limited
    assert not [p for p in limited if p.split("/")[2:3] and p.split("/")[2] in dm_ids], limited


async def test_a_board_discord_no_longer_lets_us_edit_is_posted_anew(world: World, bot) -> None:
    """30046 (edits to a message older than an hour): a new board, the match goes on."""
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    old_id = session.board_message_id
    state = world.fake.state
    edit = state.edit_message

    def old_messages_refuse(msg, payload, attachments, **kwargs):
        if msg.id == old_id:
            raise ApiError(400, 30046, "Maximum number of edits to messages older than 1 hour")
        return edit(msg, payload, attachments, **kwargs)

    state.edit_message = old_messages_refuse
    rng = random.Random(8)
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    for _ in range(3):
        seat = session.match.pending[0].player
        user = users[session.seats[seat].user_id]
        await click_option(world.fake, bot, user, panel_of(world.fake, session, seat), rng)
    await eventually(lambda: session.board_message_id != old_id)
    new = world.fake.message(session.board_message_id)
    assert new.channel is world.channel and new.embeds and not new.deleted
    assert any(b.label == "My hand & moves" for b in new.buttons)
    stored = await bot.storage.matches.get_match(session.match_id)
    assert stored.board_message_id == new.id  # found again after a restart
    before = len(session.match.actions)
    while len(session.match.actions) < before + 3 and not session.match.over:
        seat = session.match.pending[0].player
        user = users[session.seats[seat].user_id]
        await click_option(world.fake, bot, user, panel_of(world.fake, session, seat), rng)
    await bot.controller.idle()
    await eventually(lambda: new.edited)  # the new board takes the edits
    assert session.board_message_id == new.id


async def test_the_board_is_the_challenge_message_edited_through_the_accept_token(
    world: World, bot
) -> None:
    offer = await challenge(world, world.alice, world.bob)
    session = await accept(world, bot, offer, world.bob)
    assert session.board_message_id == offer.id  # no new message: the challenge became it
    board = world.fake.message(offer.id)
    assert board.embeds and "Your hands come by DM" in board.text
    assert any(b.label == "My hand & moves" for b in board.buttons)
    rng = random.Random(6)
    users = {world.alice.id: world.alice, world.bob.id: world.bob}

    async def moves(count: int) -> list:
        mark = len(world.fake.calls)
        for _ in range(count):
            seat = session.match.pending[0].player
            user = users[session.seats[seat].user_id]
            await click_option(world.fake, bot, user, panel_of(world.fake, session, seat), rng)
        await bot.controller.idle()
        await asyncio.sleep(0.05)
        await bot.controller.idle()
        return [c for c in world.fake.calls[mark:] if c.route and edits_board(c)]

    def edits_board(call) -> bool:
        if call.route.startswith("/webhooks/"):
            handle = world.fake.state.interactions_by_token[call.path.split("/")[3]]
            return call.path.endswith("@original") and handle.original_message is board
        return call.method == "PATCH" and call.path.endswith(f"/{offer.id}")

    early = await moves(4)
    assert early and all(c.route.startswith("/webhooks/") for c in early)
    # 15 minutes on, the token is dead: the board is edited on the channel route.
    clock = bot.traffic.tokens.clock
    bot.traffic.tokens.clock = lambda: clock() + 15 * 60
    late = await moves(4)
    assert late and all(c.route.startswith("/channels/") for c in late)


async def test_a_closed_dm_players_hand_is_kept_up_to_date_through_its_token(
    world: World, bot
) -> None:
    session = await accept(
        world, bot, await challenge(world, world.alice, world.carol), world.carol
    )
    board = world.fake.message(session.board_message_id)
    opened = await world.fake.click(world.carol, board, label="My hand & moves")
    hand = await opened.wait_response()
    assert hand.ephemeral
    rng = random.Random(9)
    saw_buttons_appear = False
    for _ in range(30):
        if session.match.over:
            break
        seat = session.match.pending[0].player
        if seat == 0:
            had = bool([b for b in hand.buttons if (b.custom_id or "").startswith("m:")])
            await click_option(world.fake, bot, world.alice, panel_of(world.fake, session, 0), rng)
            await bot.controller.idle()
            if session.match.pending and session.match.pending[0].player == 1 and not had:
                # Carol's own copy shows her new decision without her asking again.
                decision = session.match.decision_for(1)
                ids = [b.custom_id or "" for b in hand.buttons] + [
                    s.custom_id or "" for s in hand.selects
                ]
                assert any(i.split(":")[2:3] == [str(decision.seq)] for i in ids), ids
                saw_buttons_appear = True
        else:
            await click_option(world.fake, bot, world.carol, hand, rng)
    assert saw_buttons_appear


async def test_a_board_past_discords_old_message_limit_is_posted_anew(world: World, bot) -> None:
    """The strict stand-in answers edits of old messages with 429 / 30046 (scope shared),
    which discord.py sleeps through: the presenter gives up waiting and re-posts."""
    world.fake.rest.old_message_age = 1.0  # "older than an hour", quickly
    world.fake.rest.old_message_edits = 1
    bot.presenter.old_board_age = 1.0
    bot.presenter.board_edit_timeout = 0.2
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    old_id = session.board_message_id
    bot.traffic.forget_match(session.match_id, 2)  # no token: the channel route, as after 15 min
    await asyncio.sleep(1.1)
    rng = random.Random(8)
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    for _ in range(6):
        if session.board_message_id != old_id or session.match.over:
            break
        seat = session.match.pending[0].player
        user = users[session.seats[seat].user_id]
        await click_option(world.fake, bot, user, panel_of(world.fake, session, seat), rng)
        await asyncio.sleep(0.3)
    await eventually(lambda: session.board_message_id != old_id)
    world.fake.rest.old_message_age = bot.presenter.old_board_age = 3600.0  # back to normal
    new = world.fake.message(session.board_message_id)
    assert new.embeds and not new.deleted and new.channel is world.channel
    assert (await bot.storage.matches.get_match(session.match_id)).board_message_id == new.id
