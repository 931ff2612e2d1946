"""End to end through the Discord stand-in: challenges, whole matches, bad clicks, restarts.

Each test drives an unmodified discord.py client (the real CardhostBot) as Discord users
would, and asserts on what the stand-in recorded: what each user was shown.
"""

import asyncio
import importlib
import random

import pytest

from cardhost_devtools.standin import FakeDiscord, FakeUser
from engine.core.match import replay
from tests.bot.conftest import World, start_bot


async def challenge(
    world: World, challenger: FakeUser, opponent: FakeUser, game: str = "clash", **options
):
    handle = await world.fake.slash(
        challenger, world.channel, "challenge", opponent=opponent, game=game, **options
    )
    return await handle.wait_response()


async def accept(world: World, bot, message, user: FakeUser):
    click = await world.fake.click(user, message, label="Accept")
    await click.wait_acknowledged()
    session = await eventually(lambda: bot.sessions.by_channel.get(world.channel.id))
    await wait_until_open(world.fake, bot, session)
    return session


async def eventually(predicate, timeout: float = 20.0):
    """Wait for a condition on the bot's side (the stand-in cannot see those change).

    The default is generous: it only matters when the machine is loaded, and a passing
    test returns as soon as the condition holds."""
    async with asyncio.timeout(timeout):
        while not (result := predicate()):
            await asyncio.sleep(0.005)
    return result


async def wait_until_open(fake: FakeDiscord, bot, session) -> None:
    """The board is posted and every reachable player has their DM panel."""
    humans = [s for s in session.seats if not s.is_bot]
    await eventually(
        lambda: (
            session.board_message_id and all(s.panel_message_id or not s.dms_open for s in humans)
        )
    )
    await bot.controller.idle()


async def assert_finished_and_kept(storage, fake: FakeDiscord, session) -> None:
    """The match ended with a winner, its row says so, its record replays to the same
    winner (every action was committed) and the board announces it."""
    row = await storage.matches.get_match(session.match_id)
    assert row.status == "finished" and row.winner == session.match.winner
    record = await storage.matches.load_record(session.match_id)
    assert replay(record).winner == session.match.winner
    assert "wins" in fake.message(session.board_message_id).text


def message_channel_of(fake: FakeDiscord, call) -> int | None:
    """The channel a call posts or edits a public message in: by the channel route, or
    through an interaction's token (then the interaction's channel); None for other calls
    and for ephemeral messages (only their one reader sees them)."""
    route = call.route or ""
    if call.method not in ("POST", "PATCH"):
        return None
    if route.startswith("/channels/{channel_id}/messages"):
        return int(call.path.split("/")[2])
    if not route.startswith("/webhooks/"):
        return None
    handle = fake.state.interactions_by_token[call.path.split("/")[3]]
    target = call.path.rsplit("/", 1)[-1]
    if call.method == "POST":
        ephemeral = int((call.json or {}).get("flags") or 0) & 64
    elif target == "@original":
        ephemeral = handle.original_message is not None and handle.original_message.ephemeral
    else:
        ephemeral = fake.message(int(target)).ephemeral
    return None if ephemeral else handle.channel.id


def answer_text(handle) -> str:
    """What the bot's answer to an interaction said itself (not the message as it is now,
    which later answers may have edited)."""
    data = handle.callback_data or {}
    return str(data.get("content") or "")


def panel_of(fake: FakeDiscord, session, seat: int):
    return fake.message(session.seats[seat].panel_message_id)


async def click_option(fake: FakeDiscord, bot, user: FakeUser, message, rng: random.Random):
    """Pick one of the message's choices at random, the way a player would."""
    buttons = [b for b in message.buttons if (b.custom_id or "").startswith("m:")]
    if buttons:
        button = rng.choice(buttons)
        click = await fake.click(user, message, custom_id=button.custom_id)
    else:
        select = rng.choice(message.selects)
        values = [o["value"] for o in select.options]
        low = select.raw.get("min_values", 1)
        count = max(low, min(1, select.raw.get("max_values", 1)))
        click = await fake.click(
            user, message, custom_id=select.custom_id, values=rng.sample(values, count)
        )
    await click.wait_acknowledged()
    await bot.controller.idle()
    return click


async def click_select(fake: FakeDiscord, user: FakeUser, message, rng, count=None, select=None):
    """Pick `count` values (default: the fewest allowed, at least one) in `select`, or in
    one of the message's select menus."""
    select = select or rng.choice(message.selects)
    values = [o["value"] for o in select.options]
    if count is None:
        count = max(select.raw.get("min_values", 1), min(1, select.raw.get("max_values", 1)))
    return await fake.click(
        user, message, custom_id=select.custom_id, values=rng.sample(values, count)
    )


async def play_watching_hands(world: World, bot, session, users, click, secret_names) -> set:
    """Play a two-player match to the end with `click(user, panel)`, checking before every
    move that neither the board nor the other player's panel shows a card from a hand
    (`secret_names(session, viewer, hand_seat)`: names in that hand the viewer may not
    know). Returns the kinds of decision met."""
    fake = world.fake
    kinds = set()
    for _ in range(1500):
        if session.match.over:
            return kinds
        decision = session.match.pending[0]
        kinds.add(decision.kind)
        seat = decision.player
        board = fake.message(session.board_message_id).text
        for name in secret_names(session, None, 0) | secret_names(session, None, 1):
            assert name not in board, f"the board shows {name} from a hand"
        other = panel_of(fake, session, 1 - seat).text
        for name in secret_names(session, 1 - seat, seat):
            assert name not in other, f"{name} from a hand reached the other player's panel"
        await click(users[session.seats[seat].user_id], panel_of(fake, session, seat))
    pytest.fail("the match did not end")


def hidden_names(session, viewer: int | None) -> set[str]:
    """Card names in hands `viewer` may not see that are not visible anywhere publicly."""
    state = session.match.state
    public = {c.proto.name for s in state.sides for c in s.board + s.graveyard}
    for side in state.sides:
        for monster in side.board:
            public |= {a.proto.name for a in monster.attached}
    public |= {e.text for e in session.match.events_seen_by(viewer)}  # play-by-play names
    secret = set()
    for side in state.sides:
        if side.seat != viewer:
            secret |= {c.proto.name for c in side.hand}
    return {name for name in secret if not any(name in text for text in public)}


async def play_to_the_end(world: World, bot, session, rng: random.Random, limit: int = 400):
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    fake = world.fake
    for _ in range(limit):
        if session.match.over:
            return
        decision = session.match.pending[0]
        seat = decision.player
        user = users[session.seats[seat].user_id]
        message = panel_of(fake, session, seat)
        # Nobody but the owner ever sees a hand: not the channel, not the other player.
        board_text = fake.message(session.board_message_id).text
        for name in hidden_names(session, None):
            assert name not in board_text, f"board shows hidden card {name}"
        other = panel_of(fake, session, 1 - seat).text
        for name in hidden_names(session, 1 - seat):
            assert name not in other, f"{name} from a hand reached the other player's panel"
        await click_option(fake, bot, user, message, rng)
    pytest.fail("the match did not end")


async def test_a_whole_match_is_played_with_buttons_and_rated(
    world: World, bot_on_both, monkeypatch
) -> None:
    bot = bot_on_both  # on SQLite and on PostgreSQL
    fake = world.fake
    presenter_module = importlib.import_module("bot.discord.presenter")
    drawn = []
    real_render = presenter_module.render_png

    def spy(view):
        drawn.append(view)
        return real_render(view)

    monkeypatch.setattr(presenter_module, "render_png", spy)
    offer = await challenge(world, world.alice, world.bob)
    session = await accept(world, bot, offer, world.bob)
    board = fake.message(session.board_message_id)
    assert board.embeds and board.attachment("board.png") is not None
    await play_to_the_end(world, bot, session, random.Random(5))
    await bot.controller.idle()
    await assert_finished_and_kept(bot.storage, fake, session)
    assert world.channel.id not in bot.sessions.by_channel
    # Over every recorded call: nothing sent to the game channel is anybody's hand panel,
    # and each DM panel went to its own player's DM channel only.
    panel_channels = {s.dm_channel_id for s in session.seats}
    checked = 0
    for call in fake.calls:
        channel_id = message_channel_of(fake, call)
        if channel_id is None:
            continue
        embeds = (call.json or {}).get("embeds") or []
        titles = " ".join(str(e.get("title", "")) for e in embeds)
        checked += 1
        if channel_id == world.channel.id:
            assert "your hand" not in titles
        elif "your hand" in titles:
            assert channel_id in panel_channels
    assert checked > 20
    # Every board image was drawn from the public view, which holds no hand and no deck.
    assert len(drawn) > 10
    for view in drawn:
        assert view.viewer is None
        assert all(
            z.cards is None for s in view.seats for n, z in s.zones.items() if n in ("hand", "deck")
        )
    if hasattr(bot.storage.ratings, "leaderboard"):
        board_rows = await bot.storage.ratings.leaderboard("clash", 0, 10)
        if board_rows:  # ratings are written by bot.play.ratings when present
            assert board_rows[0].user_id == session.seats[session.match.winner].user_id
    assert fake.unknown_calls == []


async def test_decline_closes_the_challenge(world: World, bot) -> None:
    offer = await challenge(world, world.alice, world.bob)
    click = await world.fake.click(world.bob, offer, label="Decline")
    await click.wait_acknowledged()
    answered = world.fake.message(offer.id)
    assert "declined" in answered.text and answered.buttons == []
    assert world.channel.id not in bot.sessions.by_channel


async def test_challenge_expires_unanswered(world: World, bot, monkeypatch) -> None:
    async def quick(guild_id):
        return 0.2

    monkeypatch.setattr(bot.times, "challenge_expiry", quick)
    offer = await challenge(world, world.alice, world.bob)
    await world.fake.wait_until(lambda: "expired" in world.fake.message(offer.id).text)
    assert world.fake.message(offer.id).buttons == []
    assert world.channel.id not in bot.sessions.by_channel


async def test_a_challenge_from_before_a_restart_can_still_be_accepted(
    world: World, database_url: str
) -> None:
    """Challenges are stored, so a restart keeps them open."""
    database = database_url  # on SQLite and on PostgreSQL
    first = await start_bot(world.fake, None, database=database)
    offer = await challenge(world, world.alice, world.bob)
    await world.fake.stop_bot(first)
    second = await start_bot(world.fake, None, database=database)
    try:
        session = await accept(world, second, offer, world.bob)
        assert [s.user_id for s in session.seats] == [world.alice.id, world.bob.id]
    finally:
        await second.controller.idle()
        await world.fake.stop_bot(second)


async def test_refusals_are_clear(world: World, bot) -> None:
    fake = world.fake
    handle = await fake.slash(
        world.alice, world.channel, "challenge", opponent=world.alice, game="clash"
    )
    assert "yourself" in (await handle.wait_response()).text
    offer = await challenge(world, world.alice, world.bob)
    wrong = await fake.click(world.carol, offer, label="Accept")
    await wrong.wait_acknowledged()
    assert "Only the challenged player" in wrong.response.text
    await accept(world, bot, offer, world.bob)
    handle = await fake.slash(
        world.carol, world.channel, "challenge", opponent=world.alice, game="clash"
    )
    assert "already has a running match" in (await handle.wait_response()).text


async def test_wrong_user_and_stale_clicks_change_nothing(world: World, bot) -> None:
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    seat = session.match.pending[0].player
    user = world.alice if seat == 0 else world.bob
    board = fake.message(session.board_message_id)
    # A spectator asks for "their" hand: refused, nothing shown.
    spectator = await fake.click(world.carol, board, label="My hand & moves")
    await spectator.wait_acknowledged()
    assert "not playing" in spectator.response.text
    # The player opens a private copy of the panel, then plays from the DM panel...
    copy = await fake.click(user, board, label="My hand & moves")
    await copy.wait_acknowledged()
    old = copy.response
    panel = panel_of(fake, session, seat)
    button = next(b for b in panel.buttons if (b.custom_id or "").startswith("m:"))
    before = len(session.match.actions)
    done = await fake.click(user, panel, custom_id=button.custom_id)
    await done.wait_acknowledged()
    await bot.controller.idle()
    assert len(session.match.actions) == before + 1
    # ...and the button on the older copy is now stale.
    stale = await fake.click(user, old, custom_id=button.custom_id)
    await stale.wait_acknowledged()
    assert "no longer open" in stale.response.text
    assert len(session.match.actions) == before + 1
    record = await bot.storage.matches.load_record(session.match_id)
    assert len(record.actions) == before + 1


async def test_two_simultaneous_clicks_apply_exactly_once(world: World, bot_on_both) -> None:
    bot = bot_on_both  # on SQLite and on PostgreSQL
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    seat = session.match.pending[0].player
    user = world.alice if seat == 0 else world.bob
    panel = panel_of(fake, session, seat)
    ids = [b.custom_id for b in panel.buttons if (b.custom_id or "").startswith("m:")]
    before = len(session.match.actions)
    clicks = await asyncio.gather(*(fake.click(user, panel, custom_id=i) for i in ids[:2] * 2))
    await asyncio.gather(*(c.wait_acknowledged() for c in clicks))
    await bot.controller.idle()
    assert len(session.match.actions) == before + 1
    stale = [c for c in clicks if "no longer open" in answer_text(c)]
    assert len(stale) == len(clicks) - 1
    # Each stale click was answered with the current panel.
    assert all(c.callback_type.name == "UPDATE_MESSAGE" for c in stale)
    assert all(f":{session.match.pending[0].seq}:" in str(c.callback_data) for c in stale)
    record = await bot.storage.matches.load_record(session.match_id)
    assert len(record.actions) == before + 1


async def test_closed_dms_fall_back_to_private_replies(world: World, bot) -> None:
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.carol, world.bob), world.bob)
    assert session.seats[0].dms_open is False
    await fake.wait_for_message(world.channel, lambda m: "DMs are closed" in m.text, existing=True)
    board = fake.message(session.board_message_id)
    click = await fake.click(world.carol, board, label="My hand & moves")
    await click.wait_acknowledged()
    panel = click.response
    assert panel.ephemeral and "your hand" in panel.text.lower()
    # Playing from the private reply works and edits it in place.
    rng = random.Random(2)
    for _ in range(6):
        if session.match.over:
            break
        decision = session.match.pending[0]
        if decision.player == 0:
            click = await fake.click(world.carol, board, label="My hand & moves")
            await click.wait_acknowledged()
            before = len(session.match.actions)
            await click_option(fake, bot, world.carol, click.response, rng)
            assert len(session.match.actions) == before + 1
        else:
            await click_option(fake, bot, world.bob, panel_of(fake, session, 1), rng)
    assert not any(
        m.ephemeral and m.visible_to == world.bob for m in fake.ephemeral_for(world.carol)
    )


async def test_restart_mid_match_resumes_and_old_buttons_work(
    world: World, database_url: str
) -> None:
    """A new Bot on the same database: the match is rebuilt from its action log (on SQLite
    and on PostgreSQL)."""
    fake = world.fake
    database = database_url
    first = await start_bot(fake, None, database=database)
    session = await accept(world, first, await challenge(world, world.alice, world.bob), world.bob)
    rng = random.Random(9)
    for _ in range(8):
        decision = session.match.pending[0]
        user = world.alice if decision.player == 0 else world.bob
        await click_option(fake, first, user, panel_of(fake, session, decision.player), rng)
    actions = list(session.match.actions)
    seats = [(s.user_id, s.panel_message_id) for s in session.seats]
    await fake.stop_bot(first)

    second = await start_bot(fake, None, database=database)
    try:
        resumed = second.sessions.by_channel[world.channel.id]
        assert resumed.match.actions == actions
        assert [(s.user_id, s.panel_message_id) for s in resumed.seats] == seats
        decision = resumed.match.pending[0]
        user = world.alice if decision.player == 0 else world.bob
        old_panel = fake.message(seats[decision.player][1])  # sent by the first bot
        await click_option(fake, second, user, old_panel, rng)
        assert len(resumed.match.actions) == len(actions) + 1
    finally:
        await second.controller.idle()
        await fake.stop_bot(second)


async def test_playing_the_computer(world: World, bot) -> None:
    fake = world.fake
    handle = await fake.slash(
        world.alice, world.channel, "challenge", opponent=fake.bot_user, game="clash"
    )
    await handle.wait_acknowledged()
    session = await eventually(lambda: bot.sessions.by_channel.get(world.channel.id))
    await wait_until_open(fake, bot, session)
    assert session.seats[1].is_bot
    rng = random.Random(4)
    for _ in range(300):
        if session.match.over:
            break
        await click_option(fake, bot, world.alice, panel_of(fake, session, 0), rng)
    assert session.match.over


async def test_a_dropped_gateway_connection_resumes_and_play_goes_on(world: World, bot) -> None:
    """A lost connection: discord.py reconnects by itself and the match carries on."""
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    dropped = fake.gateway.active
    await dropped.close(code=4000)  # a close code discord.py answers with a resume
    await eventually(
        lambda: fake.gateway.active is not None and fake.gateway.active is not dropped, timeout=15
    )
    rng = random.Random(3)
    before = len(session.match.actions)
    decision = session.match.pending[0]
    user = world.alice if decision.player == 0 else world.bob
    await click_option(fake, bot, user, panel_of(fake, session, decision.player), rng)
    assert len(session.match.actions) == before + 1
