"""ReplayRepo (migration 7): reveal agreements, the server's reveal setting, history reads."""

from collections.abc import AsyncIterator

import pytest

from bot.storage import MIGRATIONS, Database, PlayerInfo, RatingUpdate, Storage
from bot.storage.replays import ReplayRepo
from engine.core.record import MatchRecord
from tests.storage.conftest import Backend

GUILD = 10
ALICE, BOB = 1001, 1002
PLAYERS = [PlayerInfo(user_id=ALICE, name="A"), PlayerInfo(user_id=BOB, name="B")]


@pytest.fixture
async def storage(backend: Backend) -> AsyncIterator[Storage]:
    store = await Storage.open(backend.url())
    yield store
    await store.close()


def record(actions: int = 0) -> MatchRecord:
    return MatchRecord(
        ruleset="clash",
        rules_version="1",
        seed=0,
        players=["A", "B"],
        decks=[["x"], ["y"]],
        actions=[(0, ["end"])] * actions,
    )


async def test_agreements_are_kept_once_per_player(storage: Storage) -> None:
    repo = ReplayRepo(storage.db)
    match_id = await storage.matches.create_match(GUILD, 1, record(), PLAYERS)
    assert await repo.reveal_agreed(match_id) == set()
    await repo.agree_to_reveal(match_id, ALICE)
    await repo.agree_to_reveal(match_id, ALICE)
    assert await repo.reveal_agreed(match_id) == {ALICE}
    await repo.agree_to_reveal(match_id, BOB)
    assert await repo.reveal_agreed(match_id) == {ALICE, BOB}


async def test_the_server_setting_is_off_until_set(storage: Storage) -> None:
    repo = ReplayRepo(storage.db)
    assert not await repo.reveals_finished(GUILD)
    assert not await repo.reveals_finished(None)
    await repo.set_reveals_finished(GUILD, True)
    assert await repo.reveals_finished(GUILD)
    await repo.set_reveals_finished(GUILD, False)
    assert not await repo.reveals_finished(GUILD)


async def test_history_lists_ended_matches_newest_first_with_rating_changes(
    storage: Storage,
) -> None:
    repo = ReplayRepo(storage.db)
    ids = []
    for channel in range(3):
        match_id = await storage.matches.create_match(GUILD, channel, record(channel + 1), PLAYERS)
        ids.append(match_id)
    await storage.matches.finish_match(ids[0], 0)
    await storage.matches.finish_match(ids[1], None, "abandoned")  # ids[2] still running
    update = RatingUpdate(user_id=ALICE, mu=30, sigma=7, ordinal=9.0, outcome="win")
    await storage.ratings.save_ratings(ids[0], "clash", [update])

    rows = await repo.history(ALICE, None)
    assert [r.id for r in rows] == [ids[1], ids[0]]
    assert await repo.history_size(ALICE, "clash") == 2
    assert await repo.history_size(ALICE, "enchantoria") == 0
    assert (rows[1].moves, rows[1].outcome, rows[1].ordinal_after) == (1, "win", 9.0)
    assert (rows[0].moves, rows[0].status, rows[0].ordinal_after) == (2, "abandoned", None)
    assert [r.id for r in await repo.history(ALICE, None, offset=1, limit=1)] == [ids[0]]

    played = await repo.played_decks("clash", guild_id=GUILD)
    assert sorted((d.seat, d.cards, d.won) for d in played) == [(0, ["x"], True), (1, ["y"], False)]
    assert (await repo.lengths(GUILD, "clash")).matches == 1


async def test_a_database_from_before_replays_upgrades_keeping_its_matches(
    backend: Backend,
) -> None:
    path = backend.url("old")
    before_replays = [m.name for m in MIGRATIONS].index("replays")
    old = await Database.open(path, migrations=MIGRATIONS[:before_replays])
    # Written by hand: today's MatchRepo writes columns added after this version.
    written = await old.fetchone(
        "INSERT INTO matches (guild_id, channel_id, ruleset, rules_version, seed, players,"
        " decks, options, created_at, updated_at) VALUES (?, 1, 'clash', '1', '0', '[]',"
        " '[]', '{}', 'then', 'then') RETURNING id",
        (GUILD,),
    )
    assert written is not None
    match_id = written["id"]
    await old.close()
    db = await Database.open(path, migrations=MIGRATIONS)
    try:
        assert db.schema_version == MIGRATIONS[-1].version
        repo = ReplayRepo(db)
        await repo.agree_to_reveal(match_id, ALICE)
        assert await repo.reveal_agreed(match_id) == {ALICE}
    finally:
        await db.close()
