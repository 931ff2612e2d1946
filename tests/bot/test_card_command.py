"""/card end to end through the Discord stand-in: the embed, the picture, search, typos."""

import sys

import pytest

from bot.discord.app import CardhostBot
from cardhost_devtools.standin.messages import FakeMessage
from tests.bot.conftest import World

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

try:
    from bot.render.image import render_card  # noqa: F401

    HAVE_RENDERER = True
except ImportError:  # the renderer is optional: /card then answers with text only
    HAVE_RENDERER = False


async def card(world: World, **options) -> FakeMessage:
    handle = await world.fake.slash(world.alice, world.channel, "card", **options)
    msg = await handle.wait_response()
    assert isinstance(msg, FakeMessage)
    return msg


async def test_card_shows_details_and_picture(world: World, bot: CardhostBot) -> None:
    msg = await card(world, name="sootling_scamp")
    assert msg.ephemeral
    embed = msg.embed
    assert embed is not None and embed["title"] == "Sootling Scamp"
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields == {
        "Cost": "1 mana",
        "Kind": "Monster",
        "Stats": "Power 1 · Toughness 0 · Health 2",  # cards/clash/monsters.toml
    }
    assert "Haste" in embed["description"]  # rules text
    assert "running ever since" in embed["description"]  # flavor
    assert "Clash" in embed["footer"]["text"]
    if HAVE_RENDERER:
        [picture] = msg.attachments
        assert picture.filename == "sootling_scamp.png"
        assert picture.data.startswith(PNG_MAGIC)
        assert embed["image"]["url"] == "attachment://sootling_scamp.png"
    else:
        assert msg.attachments == []
    assert world.fake.unknown_calls == []


async def test_typed_names_spells_and_sharing(world: World, bot: CardhostBot) -> None:
    msg = await card(world, name="  kindling DART ", share=True, game="clash")
    assert not msg.ephemeral  # shared in the channel on request
    assert msg.embed is not None and msg.embed["title"] == "Kindling Dart"
    names = [f["name"] for f in msg.embed["fields"]]
    assert names == ["Cost", "Kind"]  # a spell has no stats
    equipment = await card(world, name="Charred Knuckles")
    assert "Power 2 · Toughness 0" in equipment.text
    assert world.fake.unknown_calls == []


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Fireball", "There is no Clash card called 'Fireball'."),
        ("Sootling Scmap", "Did you mean: **Sootling Scamp**?"),
        ("tortoise", "Did you mean: **Lichenshell Tortoise**?"),
    ],
)
async def test_unknown_card_is_a_clear_private_answer(
    world: World, bot: CardhostBot, typed: str, expected: str
) -> None:
    msg = await card(world, name=typed)
    assert msg.ephemeral and not msg.embeds and not msg.attachments
    assert expected in msg.text
    assert world.fake.unknown_calls == []


async def test_autocomplete_searches_names(world: World, bot: CardhostBot) -> None:
    handle = await world.fake.autocomplete(world.alice, world.channel, "card", "name", name="bar")
    await handle.wait_acknowledged()
    found = handle.choices
    assert found is not None and found
    assert all("bar" in c["name"].split(" · ")[0].lower() for c in found)
    assert {"barrow_scribe", "marrow_bargain", "whispers_from_the_barrow"} <= {
        c["value"] for c in found
    }
    assert found[0]["value"] == "barrow_scribe"  # a name starting with it comes first

    handle = await world.fake.autocomplete(world.alice, world.channel, "card", "name")
    await handle.wait_acknowledged()
    assert handle.choices is not None and len(handle.choices) == 25  # Discord's limit
    handle = await world.fake.autocomplete(
        world.alice, world.channel, "card", "name", name="zzz", game="clash"
    )
    await handle.wait_acknowledged()
    assert handle.choices == []
    assert world.fake.unknown_calls == []


async def test_without_a_picture_the_text_still_comes(
    world: World, bot: CardhostBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "bot.render.image", None)  # renderer not installed
    msg = await card(world, name="dusk_toll")
    assert msg.embed is not None and msg.embed["title"] == "Dusk Toll"
    assert msg.attachments == [] and "image" not in msg.embed
    monkeypatch.undo()

    if HAVE_RENDERER:

        def broken(view: object) -> bytes:
            raise RuntimeError("no fonts")

        monkeypatch.setattr("bot.render.image.render_card", broken)
        msg = await card(world, name="dusk_toll")
        assert msg.embed is not None and msg.attachments == []

    msg = await card(world, name="dusk_toll", game="poker")
    assert "There is no game 'poker'" in msg.text
    assert world.fake.unknown_calls == []
