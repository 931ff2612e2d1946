"""`cardhost copy-db`: an SQLite database's every row into another database (either kind)."""

import pytest

from bot.storage import Storage
from bot.storage.copy import TABLES, CopyRefused, copy_database
from tests.storage.conftest import Backend
from tests.storage.test_matches import CHANNEL, GUILD, PLAYERS, clash_match, play_and_persist
from tests.storage.test_migrations import _tables


async def _rows(store: Storage, table: str) -> list[tuple]:
    return sorted(tuple(r) for r in await store.db.fetchall(f"SELECT * FROM {table}"))


async def test_every_table_is_copied_and_ids_go_on_after_the_copied_ones(
    backend: Backend, tmp_path
) -> None:
    source = str(tmp_path / "old.sqlite3")
    old = await Storage.open(source)
    match = clash_match()
    match_id = await old.matches.create_match(GUILD, CHANNEL, match.record, PLAYERS)
    await play_and_persist(old, match, match_id, 6)
    await old.decks.create_deck(1001, "clash", "Aggro", ["a", "b"])
    await old.users.upsert_user(1001, "alice")
    await old.settings.set_guild_settings(GUILD, turn_timer_seconds=120)
    assert set(TABLES) == await _tables(old.db) - {"schema_version", "sqlite_sequence"}
    await old.close()

    target = backend.url("new")
    copied = await copy_database(source, target)
    assert copied["match_actions"] == 6 and copied["matches"] == 1 and copied["decks"] == 1

    old, new = await Storage.open(source), await Storage.open(target)
    try:
        for table in TABLES:
            assert await _rows(new, table) == await _rows(old, table), table
        assert await new.matches.load_record(match_id) == await old.matches.load_record(match_id)
        assert (await new.decks.get_deck(1001, "clash", "AGGRO")) is not None  # case-blind
        second = await new.matches.create_match(GUILD, CHANNEL + 1, clash_match(2).record, PLAYERS)
        assert second > match_id
        with pytest.raises(CopyRefused, match="already holds"):
            await copy_database(source, target)
    finally:
        await old.close()
        await new.close()
