"""Enchantoria end to end through the Discord stand-in: both players choose in secret in
their DMs at the same time, and the reveal reaches the channel only when both are done.

After every click that reveals nothing (a spell picked, its X, its target, an order, a
take-back, a commit while the other still chooses) the channel's board and the other
player's DM must read exactly as before, apart from the list of who is still choosing.
"""

import random

from engine.core.match import replay
from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, click_option, message_channel_of, panel_of

WAITING_FIELDS = {"Waiting for", "Waiting"}


def readable(message) -> list:
    """What a user reads in a message, without the 'who is still choosing' fields."""
    shown = []
    for embed in message.embeds:
        fields = [f for f in embed.get("fields", []) if f.get("name") not in WAITING_FIELDS]
        shown.append((embed.get("title"), embed.get("description"), fields))
    return [message.content, shown]


def secret_names(session, seat: int) -> set[str]:
    """Names of the cards in this player's uncommitted plan."""
    state = session.match.state
    me = state.players[seat]
    uids = {entry[1] for entry in me.plan}
    if me.step is not None:
        uids.add(me.step[1])
    return {state.cards[uid].name for uid in uids}


async def test_secret_choices_in_dms_and_a_public_reveal(world: World, bot) -> None:
    fake = world.fake
    offer = await (
        await fake.slash(
            world.alice, world.channel, "challenge", opponent=world.bob, game="enchantoria"
        )
    ).wait_response()
    session = await accept(world, bot, offer, world.bob)
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(11)
    secret_clicks = reveals = 0
    assert {d.player for d in session.match.pending} == {0, 1}  # both choose at once
    for _ in range(260):
        match = session.match
        if match.over or match.state.turn >= 6:
            break
        pending = match.pending
        decision = pending[rng.randrange(len(pending))]
        seat = decision.player
        assert decision.private
        board = fake.message(session.board_message_id)
        other = panel_of(fake, session, 1 - seat)
        board_before, other_before = readable(board), readable(other)
        board_text, other_text = board.text, other.text
        events = len(match.events)
        user = users[session.seats[seat].user_id]
        await click_option(fake, bot, user, panel_of(fake, session, seat), rng)
        board = fake.message(session.board_message_id)
        other = panel_of(fake, session, 1 - seat)
        if len(session.match.events) == events:
            secret_clicks += 1
            assert readable(board) == board_before, "a secret step changed the board"
            assert readable(other) == other_before, "a secret step changed the other's DM"
            for name in secret_names(session, seat):  # a chosen card shows nowhere new
                assert name in board_text or name not in board.text, f"{name} reached the channel"
                assert name in other_text or name not in other.text, f"{name} reached a DM"
        else:
            reveals += 1
    assert secret_clicks > 20 and reveals > 6
    board_text = fake.message(session.board_message_id).text
    assert "Phase" in board_text  # the public reveal: phases and what was cast
    # Nothing sent to the channel was ever a player's own panel of secret choices, and the
    # reveals (what each player recycled and cast) were posted there.
    revealed = set()
    for call in fake.calls:
        if message_channel_of(fake, call) == world.channel.id:
            body = str(call.json)
            assert "your secret choices" not in body
            assert "Take back" not in body and "Done (commit)" not in body
            revealed |= {word for word in ("recycles", "casts") if word in body}
    assert revealed == {"recycles", "casts"}
    await bot.controller.idle()
    record = await bot.storage.matches.load_record(session.match_id)
    assert replay(record).state.turn == session.match.state.turn  # every action was saved
    assert fake.unknown_calls == []
