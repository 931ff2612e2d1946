"""/deck end to end through the Discord stand-in: build, check, share, pick, and refusals
that change nothing."""

import re
from collections import Counter

from bot.discord.app import CardhostBot
from cardhost_devtools.standin import FakeChannel, FakeUser
from cardhost_devtools.standin.messages import FakeMessage
from cards.deckcode import encode
from engine.core.ruleset import get_ruleset
from tests.bot.conftest import World

RULES = get_ruleset("clash")
STONE_WALL = RULES.preconstructed_decks()["stone_wall"]
CODE_RE = re.compile(r"CH\d\.[A-Za-z0-9_-]+")


async def deck(
    world: World, user: FakeUser, sub: str, channel: FakeChannel | None = None, **options
) -> str:
    """Run `/deck <sub>` and return the (private) answer's text."""
    options.setdefault("game", "clash")
    handle = await world.fake.slash(user, channel or world.channel, f"deck {sub}", **options)
    msg = await handle.wait_response()
    assert isinstance(msg, FakeMessage), f"/deck {sub} gave no answer"
    assert msg.ephemeral, f"/deck {sub} answered publicly"
    return msg.text


async def cards_of(bot: CardhostBot, user: FakeUser, name: str) -> list[str] | None:
    row = await bot.storage.decks.get_deck(user.id, "clash", name)
    return None if row is None else list(row.cards)


async def choices(world: World, user: FakeUser, command: str, focused: str, **options) -> list:
    options.setdefault("game", "clash")
    handle = await world.fake.autocomplete(user, world.channel, command, focused, **options)
    await handle.wait_acknowledged()
    assert handle.choices is not None
    return handle.choices


async def test_build_a_deck_card_by_card(world: World, bot: CardhostBot) -> None:
    alice = world.alice
    text = await deck(world, alice, "new", name="Burn")
    assert "Created **Burn**" in text and "exactly 30 cards" in text
    assert await cards_of(bot, alice, "Burn") == []

    text = await deck(world, alice, "add", name="burn", card="sootling_scamp", count=3)
    assert "Added 3x **Sootling Scamp**" in text and "(now 3)" in text
    text = await deck(world, alice, "add", name="Burn", card="KINDLING DART", count=2)
    assert "Kindling Dart" in text  # a typed name works, in any case
    await deck(world, alice, "add", name="Burn", card="sootling_scamp")
    assert Counter(await cards_of(bot, alice, "Burn")) == {"sootling_scamp": 4, "kindling_dart": 2}
    # copies stay together, so the deck reads (and encodes) grouped
    assert await cards_of(bot, alice, "Burn") == ["sootling_scamp"] * 4 + ["kindling_dart"] * 2

    before = await cards_of(bot, alice, "Burn")
    text = await deck(world, alice, "add", name="Burn", card="Fireball")
    assert "There is no Clash card called 'Fireball'" in text
    text = await deck(world, alice, "add", name="Burn", card="Sootling Scmap")
    assert "Did you mean" in text and "Sootling Scamp" in text
    text = await deck(world, alice, "add", name="Burn", card="sootling_scamp", count=0)
    assert "1 to 30" in text
    text = await deck(world, alice, "remove", name="Burn", card="kindling_dart", count=5)
    assert "has only 2x Kindling Dart; nothing removed" in text
    text = await deck(world, alice, "remove", name="Burn", card="ashfang_raider")
    assert "has no Ashfang Raider" in text
    text = await deck(world, alice, "add", name="Nope", card="sootling_scamp")
    assert "You have no Clash deck called 'Nope'" in text and "Burn" in text
    assert await cards_of(bot, alice, "Burn") == before  # refusals changed nothing

    text = await deck(world, alice, "validate", name="Burn")
    assert "not legal (2 problem(s))" in text
    assert "exactly 30 cards, this one has 6" in text
    assert "at most 3 copies of a card, Sootling Scamp has 4" in text

    text = await deck(world, alice, "remove", name="Burn", card="Sootling Scamp")
    assert "Removed 1x **Sootling Scamp**" in text and "(now 3)" in text
    assert "copies" not in text  # the copy problem is gone, the size one is not
    assert "exactly 30 cards" in text

    shown = await deck(world, alice, "show", name="Burn")
    assert "3x Sootling Scamp" in shown and "2x Kindling Dart" in shown
    assert "5 cards" in shown and "your deck" in shown
    assert world.fake.unknown_calls == []


async def test_copies_names_read_only_presets_and_delete(world: World, bot: CardhostBot) -> None:
    alice, bob = world.alice, world.bob
    text = await deck(world, alice, "new", name="Walls", from_deck="stone_wall")
    assert "a copy of **Stone Wall**" in text and "Legal: 30 cards" in text
    assert await cards_of(bot, alice, "Walls") == STONE_WALL

    assert "already have" in await deck(world, alice, "new", name="WALLS")
    assert "preconstructed deck" in await deck(world, alice, "new", name="Ember Rush")
    assert "preconstructed deck" in await deck(world, alice, "new", name="grave_tide")
    assert "at most 40" in await deck(world, alice, "new", name="x" * 41)
    assert "backticks" in await deck(world, alice, "new", name="a`b")
    assert "no Clash deck called 'Ghost'" in await deck(
        world, alice, "new", name="Other", from_deck="Ghost"
    )
    assert await cards_of(bot, alice, "Other") is None
    assert "Created" in await deck(world, bob, "new", name="Walls")  # names are per player

    text = await deck(world, alice, "add", name="stone_wall", card="sootling_scamp")
    assert "preconstructed deck and cannot be changed" in text
    assert "from_deck:stone_wall" in text
    assert "cannot be changed" in await deck(world, alice, "delete", name="Stone Wall")
    shown = await deck(world, alice, "show", name="ember rush")  # display name, any case
    assert "Ember Rush" in shown and "preconstructed" in shown and "Legal" in shown

    text = await deck(world, alice, "delete", name="walls")
    assert "Deleted **Walls**" in text
    restore = CODE_RE.search(text)
    assert restore is not None  # the answer holds the way back
    assert await cards_of(bot, alice, "Walls") is None
    assert await cards_of(bot, bob, "Walls") == []
    assert "no Clash deck called 'Walls'" in await deck(world, alice, "show", name="Walls")
    assert "Imported" in await deck(world, alice, "import", name="Walls", code=restore.group())
    assert await cards_of(bot, alice, "Walls") == STONE_WALL
    assert world.fake.unknown_calls == []


async def test_export_import_round_trip(world: World, bot: CardhostBot) -> None:
    alice, bob = world.alice, world.bob
    await deck(world, alice, "new", name="Mine", from_deck="grave_tide")
    await deck(world, alice, "remove", name="Mine", card="dusk_toll")
    await deck(world, alice, "add", name="Mine", card="gravelhide_pup")
    mine = await cards_of(bot, alice, "Mine")
    assert mine is not None

    text = await deck(world, alice, "export", name="Mine")
    assert "30 cards" in text and "```" in text
    code = CODE_RE.search(text)
    assert code is not None and len(code.group()) < 120
    text = await deck(world, bob, "import", name="Borrowed", code=f"  `{code.group()}`\n")
    assert "Imported **Borrowed**" in text and "Legal" in text
    assert await cards_of(bot, bob, "Borrowed") == mine

    preset = CODE_RE.search(await deck(world, bob, "export", name="ember_rush"))
    assert preset is not None and preset.group() == encode(
        "clash", RULES.preconstructed_decks()["ember_rush"]
    )

    # bad codes and names: clear answers, nothing created
    assert "already have" in await deck(world, bob, "import", name="borrowed", code=code.group())
    broken = code.group()[:-6]
    swapped = "B" if code.group()[4] == "A" else "A"  # a changed checksum character
    assert "cut off" in await deck(world, bob, "import", name="Broken", code=broken)
    assert "not a deck code" in await deck(world, bob, "import", name="Broken", code="hello")
    assert "checksum" in await deck(
        world, bob, "import", name="Broken", code=code.group()[:4] + swapped + code.group()[5:]
    )
    assert await cards_of(bot, bob, "Broken") is None

    # unknown cards travel in codes and are then reported by validation
    odd = encode("clash", ["sootling_scamp", "card_from_the_future"])
    text = await deck(world, bob, "import", name="Odd", code=odd)
    assert "unknown card(s): card_from_the_future" in text
    assert "card_from_the_future" in await deck(world, bob, "show", name="Odd")
    text = await deck(world, bob, "remove", name="Odd", card="card_from_the_future")
    assert "Removed 1x" in text
    assert await cards_of(bot, bob, "Odd") == ["sootling_scamp"]
    assert world.fake.unknown_calls == []


async def test_use_makes_the_active_deck_and_challenge_plays_it(
    world: World, bot: CardhostBot
) -> None:
    alice = world.alice
    await deck(world, alice, "new", name="Tuned", from_deck="stone_wall")
    await deck(world, alice, "remove", name="Tuned", card=STONE_WALL[0])
    await deck(world, alice, "new", name="Unfinished")
    tuned = await cards_of(bot, alice, "Tuned")
    assert tuned is not None and len(tuned) == 29

    text = await deck(world, alice, "use", name="Tuned")
    assert "not legal yet" in text and "exactly 30 cards" in text
    assert await bot.storage.decks.get_active_deck(alice.id, "clash") is None
    await deck(world, alice, "add", name="Tuned", card="sootling_scamp")
    tuned = await cards_of(bot, alice, "Tuned")
    assert tuned is not None and tuned != STONE_WALL

    assert "now your active Clash deck" in await deck(world, alice, "use", name="Tuned")
    listing = await deck(world, alice, "list")
    assert re.search(r"Tuned\*\*: 30 cards, legal · ★ active", listing)
    assert "Unfinished**: 0 cards, 1 problem(s)" in listing
    assert "Ember Rush" in listing and "`grave_tide`" in listing

    handle = await world.fake.slash(
        alice, world.channel, "challenge", opponent=world.fake.bot_user, game="clash"
    )
    await handle.wait_response()
    session = bot.sessions.by_channel[world.channel.id]
    assert session.match.meta.decks[0] == tuned

    # a preset can be the active deck too; deleting the active deck falls back to the default
    assert "now your active" in await deck(world, alice, "use", name="Grave Tide")
    active = await bot.storage.decks.get_active_deck(alice.id, "clash")
    assert active is not None and active.preset == "grave_tide"
    await deck(world, alice, "use", name="Tuned")
    text = await deck(world, alice, "delete", name="Tuned")
    assert "Your active deck is now the default, **Ember Rush**" in text
    assert await bot.storage.decks.get_active_deck(alice.id, "clash") is None
    await bot.controller.idle()
    assert world.fake.unknown_calls == []


async def test_autocomplete_offers_matching_decks_and_cards(world: World, bot: CardhostBot) -> None:
    alice, bob = world.alice, world.bob
    await deck(world, alice, "new", name="Wall of Ash", from_deck="stone_wall")
    await deck(world, bob, "new", name="Bob's Wall")

    found = await choices(world, alice, "deck show", "name", name="wal")
    assert {(c["name"], c["value"]) for c in found} == {
        ("Wall of Ash", "Wall of Ash"),
        ("Stone Wall (preconstructed)", "stone_wall"),
    }
    found = await choices(world, alice, "deck add", "name", name="wal")
    assert [c["value"] for c in found] == ["Wall of Ash"]  # only decks one may change
    everything = await choices(world, alice, "deck use", "name")
    assert len(everything) == 4

    found = await choices(world, alice, "deck add", "card", name="Wall of Ash", card="scamp")
    assert [c["value"] for c in found] == ["sootling_scamp"]
    assert found[0]["name"].startswith("Sootling Scamp · 1 mana monster")
    found = await choices(world, alice, "deck add", "card", name="Wall of Ash", card="")
    assert len(found) == 25
    found = await choices(world, alice, "deck add", "card", card="GRA")
    assert found and all("gra" in c["name"].lower() for c in found)
    assert found[0]["name"].lower().startswith("gra")  # names starting with it come first

    # remove offers what is in the deck
    found = await choices(world, alice, "deck remove", "card", name="Wall of Ash", card="")
    assert {c["value"] for c in found} == set(STONE_WALL)
    found = await choices(world, alice, "deck remove", "card", name="Wall of Ash", card="scamp")
    assert found == []
    assert world.fake.unknown_calls == []


async def test_unknown_game_gets_an_answer(world: World, bot: CardhostBot) -> None:
    text = await deck(world, world.alice, "list", game="poker")
    assert "no game 'poker'" in text and "choose one of" in text
    assert await choices(world, world.alice, "deck show", "name", game="poker") == []
    assert world.fake.unknown_calls == []


async def test_works_in_direct_messages(world: World, bot: CardhostBot) -> None:
    dm = world.fake.dm_channel(world.alice)
    text = await deck(world, world.alice, "new", dm, name="Quiet", from_deck="ember_rush")
    assert "Created **Quiet**" in text
    assert "Quiet" in await deck(world, world.alice, "list", dm)
    assert world.fake.unknown_calls == []
