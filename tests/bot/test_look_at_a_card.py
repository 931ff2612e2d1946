"""In Discord: "Look at a card" on the board offers public cards only, on a panel
the presser's own view (their hand, never another's); a pick answers privately with the
card's picture and text; a hidden card can never be looked at, even by a forged value."""

import random

from bot.discord.look_components import MENUS_MAX, PER_MENU, look_view
from bot.render.look import visible_cards
from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, challenge, click_option, panel_of


def uids(message) -> set[str]:
    return {o["value"] for s in message.selects for o in s.options}


async def test_the_board_offers_public_cards_and_a_panel_the_players_own(world: World, bot) -> None:
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    fake, match = world.fake, session.match
    rng = random.Random(5)
    for _ in range(3):  # who goes first, and both mulligans: then both hold their hands
        seat = match.pending[0].player
        user = world.alice if seat == 0 else world.bob
        await click_option(fake, bot, user, panel_of(fake, session, seat), rng)
    hands = {
        seat: {str(c.card.uid) for c in visible_cards(match.view(seat)) if c.where == "your hand"}
        for seat in (0, 1)
    }
    assert hands[0] and hands[1]

    board = fake.message(session.board_message_id)
    pressed = await fake.click(world.carol, board, label="Look at a card")  # a spectator
    answer = await pressed.wait_response()
    assert answer is not None and answer.ephemeral
    offered = uids(answer)
    public = {str(c.card.uid) for c in visible_cards(match.view(None), public_only=True)}
    assert offered == public
    assert not offered & (hands[0] | hands[1])  # no hand is offered on the board

    alice_panel = panel_of(fake, session, 0)
    pressed = await fake.click(world.alice, alice_panel, label="Look at a card")
    menu = await pressed.wait_response()
    assert menu is not None and menu.ephemeral
    assert hands[0] <= uids(menu)  # her own hand ...
    assert not uids(menu) & hands[1]  # ... and never Bob's

    card = next(c.card for c in visible_cards(match.view(0)) if c.where == "your hand")
    select = next(s for s in menu.selects if str(card.uid) in {o["value"] for o in s.options})
    picked = await fake.click(world.alice, menu, custom_id=select.custom_id, values=[str(card.uid)])
    shown = await picked.wait_response()
    await bot.controller.idle()
    shown = fake.message(shown.id)
    assert shown.ephemeral and card.name in shown.text and card.text[:40] in shown.text
    assert shown.attachments and shown.attachments[0].filename == "card.png"
    assert fake.unknown_calls == []


async def test_what_a_pick_is_checked_against_never_holds_a_hidden_card(world: World, bot) -> None:
    """A pick is looked up again in `MatchHandlers.seen` (the presser's view) by uid, so a
    forged value naming Bob's hand card finds nothing there for Alice."""
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    from bot.discord.handlers import SEAT, MatchHandlers

    bobs = [c.card for c in visible_cards(session.match.view(1)) if c.where == "your hand"]
    handlers = bot.get_cog("MatchHandlers")
    assert isinstance(handlers, MatchHandlers)
    seen = await handlers.seen(session.match_id, SEAT, world.alice.id)
    assert not {c.uid for c in bobs} & {s.card.uid for s in seen}


def test_menus_respect_discords_limits() -> None:
    from bot.render.look import SeenCard
    from engine import CardView

    many = [
        SeenCard(CardView(i, "x", f"Card {i}", "monster"), "your graveyard") for i in range(200)
    ]
    view = look_view(3, "p", many)
    menus = view.to_components()
    assert len(menus) == MENUS_MAX
    for row in menus:
        (select,) = row["components"]
        assert len(select["options"]) <= PER_MENU and len(select["placeholder"]) <= 150
    assert len(look_view(3, "p", many[:30]).to_components()) == 2
