"""Guild settings: the app's defaults when unset, partial updates, range checks."""

from collections.abc import AsyncIterator

import pytest

from bot.storage import InvalidSetting, Storage
from tests.storage.conftest import Backend


@pytest.fixture
async def storage(backend: Backend) -> AsyncIterator[Storage]:
    store = await Storage.open(backend.url(), turn_timer_seconds=600, challenge_expiry_seconds=90)
    yield store
    await store.close()


async def test_defaults_come_from_the_app(storage: Storage) -> None:
    settings = await storage.settings.get_guild_settings(5)
    assert (settings.turn_timer_seconds, settings.challenge_expiry_seconds) == (600, 90)


async def test_builtin_defaults(backend: Backend) -> None:
    store = await Storage.open(backend.url())
    try:
        settings = await store.settings.get_guild_settings(5)
        assert (settings.turn_timer_seconds, settings.challenge_expiry_seconds) == (300, 120)
    finally:
        await store.close()


async def test_partial_updates_and_reset(storage: Storage) -> None:
    changed = await storage.settings.set_guild_settings(5, turn_timer_seconds=45)
    assert (changed.turn_timer_seconds, changed.challenge_expiry_seconds) == (45, 90)
    changed = await storage.settings.set_guild_settings(5, challenge_expiry_seconds=3600)
    assert (changed.turn_timer_seconds, changed.challenge_expiry_seconds) == (45, 3600)
    assert (await storage.settings.get_guild_settings(6)).turn_timer_seconds == 600
    reset = await storage.settings.reset_guild_settings(5)
    assert (reset.turn_timer_seconds, reset.challenge_expiry_seconds) == (600, 90)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("turn_timer_seconds", 29, "turn timer must be between 30 and 3600 seconds, got 29"),
        ("turn_timer_seconds", 3601, "between 30 and 3600"),
        ("challenge_expiry_seconds", 10, "challenge expiry must be between 30 and 3600"),
        ("challenge_expiry_seconds", 60.5, "whole number"),
        ("turn_timer_seconds", True, "whole number"),
    ],
)
async def test_out_of_range_is_refused(
    storage: Storage, field: str, value: object, message: str
) -> None:
    with pytest.raises(InvalidSetting, match=message):
        await storage.settings.set_guild_settings(5, **{field: value})  # type: ignore[arg-type]
    assert (await storage.settings.get_guild_settings(5)).turn_timer_seconds == 600


async def test_bad_app_default_is_refused(backend: Backend) -> None:
    store = await Storage.open(backend.url())
    try:
        with pytest.raises(InvalidSetting):
            type(store.settings)(store.db, turn_timer_seconds=5)
    finally:
        await store.close()


async def test_user_names_are_upserted(storage: Storage) -> None:
    await storage.users.upsert_user(1, "old")
    first = await storage.users.get_user(1)
    await storage.users.upsert_user(1, "new")
    second = await storage.users.get_user(1)
    assert (second.name, second.created_at) == ("new", first.created_at)
    assert await storage.users.get_user(2) is None
