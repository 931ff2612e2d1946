"""A storage built before the event loop runs (the bot builds its objects in its
constructor) is connected later, and refuses any use before that."""

import pytest

from bot.storage import Storage


async def test_an_unopened_storage_connects_later_and_refuses_use_before(tmp_path) -> None:
    storage = Storage.unopened(tmp_path / "later.sqlite3", turn_timer_seconds=90)
    assert not storage.db.connected
    with pytest.raises(RuntimeError, match="not connected"):
        await storage.settings.get_guild_settings(1)
    await storage.connect()
    try:
        assert storage.db.connected
        assert (await storage.settings.get_guild_settings(1)).turn_timer_seconds == 90
    finally:
        await storage.close()


async def test_closing_an_unopened_storage_does_nothing(tmp_path) -> None:
    await Storage.unopened(tmp_path / "never.sqlite3").close()
