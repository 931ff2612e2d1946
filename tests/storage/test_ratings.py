"""Ratings: one-transaction saves, conflicts, history, and the paged ladder."""

import itertools
from collections.abc import AsyncIterator

import pytest

from bot.storage import PlayerInfo, RatingConflict, RatingUpdate, Storage
from engine.core.record import MatchRecord
from tests.storage.conftest import Backend

RECORD = MatchRecord(ruleset="clash", rules_version="1", seed=0, players=["A", "B"])
CHANNELS = itertools.count(100)


@pytest.fixture
async def storage(backend: Backend) -> AsyncIterator[Storage]:
    store = await Storage.open(backend.url())
    yield store
    await store.close()


async def _match(store: Storage, a: int = 1, b: int = 2) -> int:
    players = [PlayerInfo(user_id=a, name="A"), PlayerInfo(user_id=b, name="B")]
    return await store.matches.create_match(None, next(CHANNELS), RECORD, players)


def _update(user: int, ordinal: float, outcome: str, **extra: object) -> RatingUpdate:
    return RatingUpdate(
        user_id=user, mu=ordinal + 3, sigma=1.0, ordinal=ordinal, outcome=outcome, **extra
    )


async def test_save_writes_ratings_history_and_results(storage: Storage) -> None:
    ratings = storage.ratings
    assert await ratings.get_rating(1, "clash") is None
    first = await _match(storage)
    saved = await ratings.save_ratings(
        first, "clash", [_update(1, 5.0, "win"), _update(2, -1.0, "loss")]
    )
    assert [(r.user_id, r.wins, r.losses, r.games) for r in saved] == [(1, 1, 0, 1), (2, 0, 1, 1)]

    second = await _match(storage)
    await ratings.save_ratings(second, "clash", [_update(1, 4.0, "loss"), _update(2, 0.0, "draw")])
    alice = await ratings.get_rating(1, "clash")
    assert (alice.ordinal, alice.wins, alice.losses, alice.draws, alice.games) == (4.0, 1, 1, 0, 2)

    history = await ratings.rating_history(1, "clash")
    assert [(h.match_id, h.ordinal_before, h.ordinal_after) for h in history] == [
        (first, None, 5.0),
        (second, 5.0, 4.0),
    ]
    assert [h.match_id for h in await ratings.rating_history(1, "clash", limit=1)] == [second]


async def test_a_match_is_rated_once_and_all_or_nothing(storage: Storage) -> None:
    match_id = await _match(storage)
    await storage.ratings.save_ratings(match_id, "clash", [_update(1, 5.0, "win")])
    with pytest.raises(RatingConflict):  # user 2 is new, user 1 repeats: nothing is written
        await storage.ratings.save_ratings(
            match_id, "clash", [_update(2, 1.0, "loss"), _update(1, 9.0, "win")]
        )
    assert await storage.ratings.get_rating(2, "clash") is None
    assert (await storage.ratings.get_rating(1, "clash")).ordinal == 5.0


async def test_stale_rating_is_refused(storage: Storage) -> None:
    a, b = await _match(storage), await _match(storage)
    await storage.ratings.save_ratings(a, "clash", [_update(1, 5.0, "win", expected_games=0)])
    with pytest.raises(RatingConflict, match="changed"):  # computed from the unrated state
        await storage.ratings.save_ratings(b, "clash", [_update(1, 2.0, "win", expected_games=0)])
    await storage.ratings.save_ratings(b, "clash", [_update(1, 6.0, "win", expected_games=1)])
    assert (await storage.ratings.get_rating(1, "clash")).games == 2


async def test_leaderboard_orders_ranks_and_pages(storage: Storage) -> None:
    ordinals = {10: 1.0, 11: 9.0, 12: 5.0, 13: 5.0, 14: -2.0}
    for user, ordinal in ordinals.items():
        await storage.users.upsert_user(user, f"user{user}")
        match_id = await _match(storage, user, 99)
        await storage.ratings.save_ratings(match_id, "clash", [_update(user, ordinal, "win")])
    await storage.users.upsert_user(11, "renamed")

    board = await storage.ratings.leaderboard("clash", 0, 10)
    assert [(e.rank, e.user_id) for e in board] == [(1, 11), (2, 12), (2, 13), (4, 10), (5, 14)]
    assert board[0].name == "renamed"
    page = await storage.ratings.leaderboard("clash", offset=2, limit=2)
    assert [(e.rank, e.user_id) for e in page] == [(2, 13), (4, 10)]
    assert await storage.ratings.leaderboard("clash", offset=5, limit=2) == []
    assert await storage.ratings.leaderboard("other") == []
    assert await storage.ratings.leaderboard_size("clash") == 5
    assert await storage.ratings.rank_of(13, "clash") == 2
    assert await storage.ratings.rank_of(14, "clash") == 5
    assert await storage.ratings.rank_of(99, "clash") is None
