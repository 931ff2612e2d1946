"""A decision whose minimum is 0 can be completed with zero picks."""

import pytest

from bot.discord.components import decision_components, decision_view
from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, challenge, panel_of


async def _mulligan_seat(world: World, bot, session) -> int:
    """Answer the coin flip's question (first button) until a mulligan is open."""
    for _ in range(3):
        for decision in session.match.pending:
            if decision.kind == "mulligan" and decision.min_picks == 0:
                return decision.player
        seat = session.match.pending[0].player
        user = world.alice if seat == 0 else world.bob
        panel = panel_of(world.fake, session, seat)
        click = await world.fake.click(user, panel, custom_id=panel.buttons[0].custom_id)
        await click.wait_acknowledged()
        await bot.controller.idle()
    pytest.fail("no mulligan opened")


async def test_an_empty_select_submission_keeps_the_whole_hand(world: World, bot) -> None:
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    seat = await _mulligan_seat(world, bot, session)
    user = world.alice if seat == 0 else world.bob
    panel = panel_of(fake, session, seat)
    before = len(session.match.actions)
    click = await fake.click(user, panel, custom_id=panel.selects[0].custom_id, values=[])
    await click.wait_acknowledged()
    await bot.controller.idle()
    assert session.match.actions[before:] == [(seat, ())]
    assert "not on offer" not in fake.message(panel.id).text


async def test_the_keep_all_button_completes_a_mulligan_with_no_cards(world: World, bot) -> None:
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    seat = await _mulligan_seat(world, bot, session)
    user = world.alice if seat == 0 else world.bob
    panel = panel_of(fake, session, seat)
    before = len(session.match.actions)
    click = await fake.click(user, panel, label="Keep all")
    await click.wait_acknowledged()
    await bot.controller.idle()
    assert session.match.actions[before:] == [(seat, ())]
    assert all(b.label != "Keep all" for b in fake.message(panel.id).buttons)


def test_the_none_button_is_offered_exactly_when_zero_picks_are_allowed() -> None:
    from engine.core.decision import Decision, action_id

    cards = [("card", 1), ("card", 2)]
    zero = Decision(0, "mulligan", "Put back?", cards, min_picks=0, max_picks=2)
    one = Decision(0, "discard", "Discard", cards, min_picks=1, max_picks=2)
    zero.seq = one.seq = 4
    for decision, offered in ((zero, True), (one, False)):
        options = decision.labelled(lambda action: (action_id(action), "", None, None))
        written = decision_components(9, decision, options)
        ids = [c["custom_id"] for row in written for c in row["components"]]
        assert ("mn:9:4" in ids) is offered
        assert written == decision_view(9, decision, options).to_components()
