"""/deck import through a text box, the /challenge cooldown, and interaction
callbacks that are never sent after their 3-second window, 429 or not."""

import asyncio
import time
from datetime import timedelta
from types import SimpleNamespace

import discord
import pytest
from discord.http import Route

from bot.discord.cogs.challenge_menu import MENU_NAME
from bot.discord.traffic import CallbackTooLate, guard_callbacks
from cards.deckcode import encode
from engine.core.ruleset import get_ruleset
from tests.bot.conftest import World
from tests.bot.test_deck_commands import cards_of
from tests.bot.test_ladder_admin import _manager, _text
from tests.bot.test_match_flow import accept

# -- /deck import with a text box --------------------------------------------------------


async def test_deck_import_without_a_code_opens_a_text_box(world: World, bot) -> None:
    cards = get_ruleset("clash").preconstructed_decks()["ember_rush"]
    code = encode("clash", cards)
    opened = await world.fake.slash(world.bob, world.channel, "deck import", game="clash",
                                    name="Pasted")  # fmt: skip
    await opened.wait_acknowledged()
    modal = opened.modal
    assert modal is not None and "Import a Clash deck" in modal["title"]
    (box,) = [c for row in modal["components"] for c in row.get("components", [row])]
    assert box["type"] == 4 and box["max_length"] == 4000
    sent = await world.fake.submit_modal(opened, {box["custom_id"]: f"\n  {code}  \n"})
    answer = await sent.wait_response()
    assert answer.ephemeral and "Imported **Pasted**" in answer.text
    assert await cards_of(bot, world.bob, "Pasted") == list(cards)


async def test_a_bad_code_in_the_text_box_changes_nothing(world: World, bot) -> None:
    opened = await world.fake.slash(world.bob, world.channel, "deck import", game="clash",
                                    name="Broken")  # fmt: skip
    await opened.wait_acknowledged()
    (box,) = [c for row in opened.modal["components"] for c in row.get("components", [row])]
    sent = await world.fake.submit_modal(opened, {box["custom_id"]: "hello"})
    answer = await sent.wait_response()
    assert answer.ephemeral and "not a deck code" in answer.text
    assert await cards_of(bot, world.bob, "Broken") is None


# -- the /challenge cooldown -------------------------------------------------------------


async def test_a_server_cooldown_on_challenge_is_kept_shown_and_enforced(world: World, bot) -> None:
    dana = _manager(world)
    text, _ = await _text(world, dana, "config")
    assert "Challenge cooldown: **0 s**" in text  # off unless a server turns it on
    text, _ = await _text(world, dana, "config", challenge_cooldown=600)
    assert text.startswith("Saved.") and "Challenge cooldown: **600 s**" in text
    saved = await bot.storage.settings.get_guild_settings(world.guild.id)
    assert saved.challenge_cooldown_seconds == 600

    first = await world.fake.slash(world.alice, world.channel, "challenge", opponent=world.bob,
                                   game="clash")  # fmt: skip
    offer = await first.wait_response()
    decline = await world.fake.click(world.bob, offer, label="Decline")
    await decline.wait_acknowledged()
    again = await world.fake.slash(world.alice, world.channel, "challenge", opponent=world.bob,
                                   game="clash")  # fmt: skip
    refused = await again.wait_response()
    assert refused.ephemeral and "cooldown" in refused.text and "try again in" in refused.text
    assert bot.challenges.in_channel(world.channel.id) is None  # nothing was opened
    other = await world.fake.slash(world.bob, world.channel, "challenge", opponent=world.alice,
                                   game="clash")  # fmt: skip
    assert not (await other.wait_response()).ephemeral  # the cooldown is per member

    text, _ = await _text(world, dana, "config", challenge_cooldown=99999)
    assert text.startswith("Nothing changed") and "challenge cooldown" in text


# -- callbacks within their window ------------------------------------------------------------


def _callback_route(created_ago: float) -> Route:
    snowflake = discord.utils.time_snowflake(
        discord.utils.utcnow() - timedelta(seconds=created_ago)
    )
    return Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=snowflake,
        webhook_token="t",
    )


async def test_a_callback_held_up_by_a_429_is_given_up_at_the_end_of_its_window() -> None:
    async def rate_limited(route, session, **kwargs):
        await asyncio.sleep(30)  # as the adapter does: sleep `retry_after`, then retry

    adapter = SimpleNamespace(request=rate_limited)
    guard_callbacks(adapter)
    started = time.monotonic()
    with pytest.raises(CallbackTooLate):
        await adapter.request(_callback_route(created_ago=2.5), None)
    assert time.monotonic() - started < 2.5  # the window's rest (1 s at least), not 30 s


async def test_other_webhook_calls_keep_their_retries() -> None:
    calls = []

    async def slow(route, session, **kwargs):
        await asyncio.sleep(0.3)
        calls.append(route.path)
        return {"ok": True}

    adapter = SimpleNamespace(request=slow)
    guard_callbacks(adapter)
    route = Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                  webhook_id=1, webhook_token="t")  # fmt: skip
    assert await adapter.request(route, None) == {"ok": True}
    # Past its window (the bot was slow to get to it): the first try is still made...
    assert await adapter.request(_callback_route(created_ago=10.0), None) == {"ok": True}


async def test_a_late_callback_gets_one_try_but_no_wait_for_a_bucket() -> None:
    async def rate_limited(route, session, **kwargs):
        await asyncio.sleep(30)

    adapter = SimpleNamespace(request=rate_limited)
    guard_callbacks(adapter)
    started = time.monotonic()
    with pytest.raises(CallbackTooLate):  # ...but no waiting for a bucket
        await adapter.request(_callback_route(created_ago=10.0), None)
    assert time.monotonic() - started < 2.5


# -- the user context menu ------------------------------------------------------------------


async def test_challenge_to_a_game_from_the_user_context_menu(world: World, bot) -> None:
    menu = await world.fake.user_command(world.alice, world.channel, MENU_NAME, world.bob)
    picker = await menu.wait_response()
    assert picker.ephemeral and "to which game" in picker.text
    (select,) = picker.selects
    assert {o["value"] for o in select.options} >= {"clash", "enchantoria"}
    picked = await world.fake.click(world.alice, picker, custom_id=select.custom_id,
                                    values=["clash"])  # fmt: skip
    offer = await picked.wait_response()
    assert not offer.ephemeral and "challenges you to **Clash**" in offer.text
    assert f"<@{world.bob.id}>" in offer.text
    session = await accept(world, bot, offer, world.bob)
    assert session.match.ruleset.id == "clash"
    assert [s.user_id for s in session.seats] == [world.alice.id, world.bob.id]


async def test_the_context_menu_refuses_yourself(world: World, bot) -> None:
    menu = await world.fake.user_command(world.alice, world.channel, MENU_NAME, world.alice)
    answer = await menu.wait_response()
    assert answer.ephemeral and "cannot challenge yourself" in answer.text
