"""A whole cardhost bot against the Discord stand-in, with a fresh in-memory database."""

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
import pytest_asyncio

from bot.discord.app import CardhostBot, make_bot
from bot.settings import Settings
from bot.storage import Storage
from cardhost_devtools.standin import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from tests.support.discord_windows import limiter_for


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser  # DMs closed
    dave: FakeUser | None = None  # added by the tests that need a fourth player


def make_settings(**overrides) -> Settings:
    """The tests' bot: matches in the channel unless a test asks for threads (the bot's
    default, tested in tests/bot/test_threads.py)."""
    values = {
        "discord_token": "test",
        "database": ":memory:",
        "turn_timer": 300,
        "match_mode": "channel",
    }
    values.update(overrides)
    return Settings(**values)


async def start_bot(
    fake: FakeDiscord,
    storage: Storage | None,
    seed: int = 7,
    draw_images: bool = True,
    replay: bool = True,
    **settings,
) -> CardhostBot:
    """A bot on `storage`, or (None) on the database file named in the settings; with
    `replay` False it replays its running matches only as they are used."""
    bot = make_bot(make_settings(**settings), storage=storage, seed=seed)
    bot.presenter.draw_images = draw_images
    bot.presenter.min_interval = 0
    bot.presenter.image_interval = 0
    bot.presenter.board_interval = 0
    bot.presenter.waiting_panel_interval = 0
    bot.presenter.picture_share = 1.0
    bot.presenter.image_processes = False
    bot.replay_in_background = replay
    await fake.start_bot(bot)
    if replay:
        # A start answers before it replays its running matches; the tests
        # look at them straight after a restart, so they wait for the replay first.
        await asyncio.wait_for(bot.sessions.all_replayed.wait(), 30)
    return bot


@pytest_asyncio.fixture
async def world(request: pytest.FixtureRequest) -> AsyncIterator[World]:
    """Discord's rules with shortened rate-limit windows (tests/support/discord_windows.py)."""
    async with FakeDiscord(bot_name="cardhost", limiter=limiter_for(request)) as fake:
        guild = fake.add_guild("Card Club")
        channel = fake.add_text_channel(guild, "games")
        alice = fake.add_user("alice")
        bob = fake.add_user("bob")
        carol = fake.add_user("carol", dms_open=False)
        for user in (alice, bob, carol):
            fake.add_member(guild, user)
        yield World(fake, guild, channel, alice, bob, carol)


@pytest_asyncio.fixture
async def storage(tmp_path) -> AsyncIterator[Storage]:
    store = await Storage.open(tmp_path / "cardhost.sqlite3")
    yield store
    await store.close()


@pytest_asyncio.fixture
async def bot(world: World, storage: Storage) -> AsyncIterator[CardhostBot]:
    instance = await start_bot(world.fake, storage)
    yield instance
    await instance.controller.idle()
    await world.fake.stop_bot(instance)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """A fresh database on each backend: an SQLite file, or a schema on the PostgreSQL test
    server (the bot's end-to-end flows run on both)."""
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgres_schemas").new())
    return str(tmp_path / "cardhost.sqlite3")


@pytest_asyncio.fixture
async def bot_on_both(world: World, database_url: str) -> AsyncIterator[CardhostBot]:
    """`bot`, once on SQLite and once on PostgreSQL."""
    store = await Storage.open(database_url)
    try:
        instance = await start_bot(world.fake, store)
        yield instance
        await instance.controller.idle()
        await world.fake.stop_bot(instance)
    finally:
        await store.close()
