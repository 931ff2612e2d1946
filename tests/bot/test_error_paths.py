"""Odd input gets a clear private answer; unexpected failures are answered
and logged once, with the match they happened in."""

import logging

from bot.discord.controller import Controller
from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, challenge, panel_of


async def test_a_game_outside_the_choices_gets_a_clear_private_answer(
    world: World, bot, caplog
) -> None:
    handle = await world.fake.slash(
        world.alice, world.channel, "challenge", opponent=world.bob, game="chess"
    )
    answer = await handle.wait_response()
    assert answer is not None and answer.ephemeral
    assert "chess" in answer.text and "Clash" in answer.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert bot.challenges.in_channel(world.channel.id) is None


async def test_an_unexpected_failure_in_a_command_is_answered_and_logged_once_with_its_match(
    world: World, bot, monkeypatch, caplog
) -> None:
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)

    async def broken(self, interaction, match_id):
        raise RuntimeError("boom")

    monkeypatch.setattr(Controller, "show_hand", broken)
    caplog.clear()
    handle = await world.fake.slash(world.alice, world.channel, "hand")
    answer = await handle.wait_response()
    assert answer is not None and answer.ephemeral
    assert "went wrong" in answer.text
    failures = [r for r in caplog.records if r.exc_info and "boom" in str(r.exc_info[1])]
    assert len(failures) == 1
    assert f"match {session.match_id}" in failures[0].getMessage()


async def test_an_unexpected_failure_before_any_match_is_answered_too(
    world: World, bot, monkeypatch, caplog
) -> None:
    async def broken(self, *args, **kwargs):
        raise RuntimeError("boom")

    # load_extension imports the cog's module afresh: patch the class the bot uses
    monkeypatch.setattr(type(bot.get_cog("Matches")), "open_challenge", broken)
    handle = await world.fake.slash(
        world.alice, world.channel, "challenge", opponent=world.bob, game="clash"
    )
    answer = await handle.wait_response()
    assert answer is not None and answer.ephemeral and "went wrong" in answer.text
    assert len([r for r in caplog.records if r.exc_info]) == 1


async def test_a_malformed_multi_select_is_refused_without_internal_ids(world: World, bot) -> None:
    """A client that sends one card twice (Discord's own client cannot) is told plainly."""
    fake = world.fake
    session = await accept(world, bot, await challenge(world, world.alice, world.bob), world.bob)
    for _ in range(3):
        if any(d.kind == "mulligan" for d in session.match.pending):
            break
        seat = session.match.pending[0].player
        panel = panel_of(fake, session, seat)
        user = world.alice if seat == 0 else world.bob
        click = await fake.click(user, panel, custom_id=panel.buttons[0].custom_id)
        await click.wait_acknowledged()
        await bot.controller.idle()
    seat = next(d.player for d in session.match.pending if d.kind == "mulligan")
    user = world.alice if seat == 0 else world.bob
    panel = panel_of(fake, session, seat)
    select = panel.selects[0]
    before = len(session.match.actions)
    # the stand-in refuses what a real client cannot send, so the payload is sent raw
    select.raw["min_values"], select.raw["max_values"] = 2, 3
    first = select.options[0]["value"]
    click = await fake.click(user, panel, custom_id=select.custom_id, values=[first, first])
    await click.wait_acknowledged()
    text = click.response.text
    assert "card." not in text and "legal choice" not in text
    assert "once" in text
    assert len(session.match.actions) == before
