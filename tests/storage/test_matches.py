"""Matches: the action log round trip through replay, sequence guards, recovery queries."""

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.storage import (
    ChannelBusy,
    MatchClosed,
    MatchNotFound,
    PlayerInfo,
    SequenceConflict,
    Storage,
)
from engine.agents.random_agent import RandomAgent
from engine.core.match import Match, new_match, replay
from engine.core.ruleset import get_ruleset
from tests.storage.conftest import Backend

GUILD, CHANNEL = 10, 20
ALICE, BOB = 1001, 1002
PLAYERS = [PlayerInfo(user_id=ALICE, name="A"), PlayerInfo(user_id=BOB, name="B")]


@pytest.fixture
async def storage(backend: Backend) -> AsyncIterator[Storage]:
    store = await Storage.open(backend.url())
    yield store
    await store.close()


def clash_match(seed: int = 7) -> Match:
    decks = get_ruleset("clash").preconstructed_decks()
    names = sorted(decks)
    return new_match("clash", ["A", "B"], [decks[names[0]], decks[names[1]]], seed)


async def play_and_persist(store: Storage, match: Match, match_id: int, steps: int) -> None:
    """Random legal actions, each written to the log before the next is taken."""
    agent = RandomAgent(3)
    for _ in range(steps):
        if match.over:
            break
        decision = match.pending[0]
        match.apply(decision.player, agent.choose(match, decision))
        player, action = match.actions[-1]
        await store.matches.append_action(match_id, len(match.actions), player, action)


async def test_log_replays_to_the_live_state(storage: Storage) -> None:
    match = clash_match()
    match_id = await storage.matches.create_match(GUILD, CHANNEL, match.record, PLAYERS)
    await play_and_persist(storage, match, match_id, 30)
    assert len(match.actions) == 30

    record = await storage.matches.load_record(match_id)
    rebuilt = replay(record)
    assert rebuilt.view(0) == match.view(0)
    assert rebuilt.view(1) == match.view(1)
    assert rebuilt.actions == match.actions
    assert record.moves() == match.actions
    assert record.model_copy(update={"actions": []}) == match.meta

    row = await storage.matches.get_match(match_id)
    assert row is not None
    assert row.last_seq == 30 and row.last_action_at is not None
    assert row.players == PLAYERS and row.seed == 7


async def test_wrong_seq_is_refused_and_writes_nothing(storage: Storage) -> None:
    match_id = await storage.matches.create_match(GUILD, CHANNEL, clash_match().record, PLAYERS)
    await storage.matches.append_action(match_id, 1, 0, ("first",))
    for seq in (1, 3, 0):
        with pytest.raises(SequenceConflict) as caught:
            await storage.matches.append_action(match_id, seq, 1, ("end",))
        assert caught.value.expected == 2
    record = await storage.matches.load_record(match_id)
    assert record.actions == [(0, ["first"])]


async def test_concurrent_appends_with_one_seq_let_exactly_one_win(storage: Storage) -> None:
    match_id = await storage.matches.create_match(GUILD, CHANNEL, clash_match().record, PLAYERS)
    results = await asyncio.gather(
        *(storage.matches.append_action(match_id, 1, n % 2, ("pick", n)) for n in range(5)),
        return_exceptions=True,
    )
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, SequenceConflict) for r in results if r is not None)
    assert len((await storage.matches.load_record(match_id)).actions) == 1


async def test_two_connections_racing_on_one_file(backend: Backend) -> None:
    path = backend.url("bot")
    first, second = await Storage.open(path), await Storage.open(path)
    try:
        match_id = await first.matches.create_match(GUILD, CHANNEL, clash_match().record, PLAYERS)
        results = await asyncio.gather(
            first.matches.append_action(match_id, 1, 0, ("a",)),
            second.matches.append_action(match_id, 1, 0, ("b",)),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["NoneType", "SequenceConflict"]
        assert len((await second.matches.load_record(match_id)).actions) == 1
    finally:
        await first.close()
        await second.close()


async def test_running_matches_survive_a_restart(backend: Backend) -> None:
    path = backend.url("bot")
    live = [clash_match(seed) for seed in (1, 2, 3)]
    store = await Storage.open(path)
    ids = []
    for channel, match in enumerate(live):
        match_id = await store.matches.create_match(GUILD, channel, match.record, PLAYERS)
        await play_and_persist(store, match, match_id, 10)
        ids.append(match_id)
    await store.matches.set_front_state(ids[0], {"hands": {"0": 555}})
    await store.matches.set_board_message(ids[0], 777)
    await store.matches.finish_match(ids[2], None, "abandoned")
    await store.close()

    store = await Storage.open(path)
    try:
        running = await store.matches.running_matches()
        assert [row.id for row in running] == ids[:2]
        for row, match in zip(running, live, strict=False):
            rebuilt = replay(await store.matches.load_record(row.id))
            assert rebuilt.view(None) == match.view(None)
            assert row.last_seq == len(match.actions)
        assert running[0].board_message_id == 777
        assert await store.matches.get_front_state(ids[0]) == {"hands": {"0": 555}}
        assert await store.matches.get_front_state(ids[1]) == {}
    finally:
        await store.close()


async def test_one_running_match_per_channel(storage: Storage) -> None:
    record = clash_match().record
    first = await storage.matches.create_match(GUILD, CHANNEL, record, PLAYERS)
    assert (await storage.matches.running_match_in_channel(CHANNEL)).id == first
    with pytest.raises(ChannelBusy):
        await storage.matches.create_match(GUILD, CHANNEL, record, PLAYERS)

    await storage.matches.finish_match(first, 1)
    assert await storage.matches.running_match_in_channel(CHANNEL) is None
    second = await storage.matches.create_match(GUILD, CHANNEL, record, PLAYERS)
    assert (await storage.matches.running_match_in_channel(CHANNEL)).id == second


async def test_finished_match_takes_no_more_writes(storage: Storage) -> None:
    match_id = await storage.matches.create_match(GUILD, CHANNEL, clash_match().record, PLAYERS)
    with pytest.raises(ValueError, match="no seat 2"):
        await storage.matches.finish_match(match_id, 2)
    await storage.matches.finish_match(match_id, 0)
    row = await storage.matches.get_match(match_id)
    assert (row.status, row.winner) == ("finished", 0) and row.finished_at is not None
    with pytest.raises(MatchClosed):
        await storage.matches.append_action(match_id, 1, 0, ("first",))
    with pytest.raises(MatchClosed):
        await storage.matches.finish_match(match_id, 1)


async def test_unknown_match(storage: Storage) -> None:
    with pytest.raises(MatchNotFound):
        await storage.matches.append_action(99, 1, 0, ("first",))
    with pytest.raises(MatchNotFound):
        await storage.matches.load_record(99)
    with pytest.raises(MatchNotFound):
        await storage.matches.set_board_message(99, 1)
    assert await storage.matches.get_match(99) is None


async def test_header_checks(storage: Storage) -> None:
    match = clash_match()
    with pytest.raises(ValueError, match="seat 1"):
        await storage.matches.create_match(
            GUILD, CHANNEL, match.record, [PLAYERS[0], PlayerInfo(user_id=BOB, name="Bob")]
        )
    with pytest.raises(ValueError, match="options"):
        await storage.matches.create_match(GUILD, CHANNEL, match.record, PLAYERS, {"x": 1})
    with pytest.raises(ValueError, match="JSON"):
        match_id = await storage.matches.create_match(GUILD, CHANNEL, match.record, PLAYERS)
        await storage.matches.append_action(match_id, 1, 0, ("first", {1, 2}))


async def test_record_with_actions_and_huge_seed(storage: Storage) -> None:
    decks = get_ruleset("clash").preconstructed_decks()
    match = new_match("clash", ["A", "B"], [decks["ember_rush"]] * 2, 2**80 + 5)
    agent = RandomAgent(1)
    for _ in range(8):
        decision = match.pending[0]
        match.apply(decision.player, agent.choose(match, decision))
    match.resign(1)
    match_id = await storage.matches.create_match(None, CHANNEL, match.record, PLAYERS)
    record = await storage.matches.load_record(match_id)
    rebuilt = replay(record)
    assert record.seed == 2**80 + 5
    assert rebuilt.actions == match.actions and rebuilt.winner == match.winner == 0
    assert (await storage.matches.get_match(match_id)).last_seq == 9


async def test_recent_matches_newest_first(storage: Storage) -> None:
    carol = PlayerInfo(user_id=1003, name="B")
    record = clash_match().record
    ids = [
        await storage.matches.create_match(GUILD, channel, record, players)
        for channel, players in enumerate([PLAYERS, [PLAYERS[0], carol], PLAYERS])
    ]
    assert [m.id for m in await storage.matches.recent_matches(ALICE)] == ids[::-1]
    assert [m.id for m in await storage.matches.recent_matches(ALICE, limit=2)] == ids[:0:-1]
    assert [m.id for m in await storage.matches.recent_matches(BOB)] == [ids[2], ids[0]]
    assert await storage.matches.recent_matches(4242) == []


async def test_turn_clocks_go_with_the_appends_that_change_them(storage: Storage) -> None:
    """Clocks ride on the append's own statement, so a refused append
    leaves them as they were, and an append without clocks does not touch them."""
    start = [{"seat": 0, "seq": 1, "deadline": 1000.0, "opened": 700.0, "warned": False}]
    match_id = await storage.matches.create_match(
        GUILD, CHANNEL, clash_match().record, PLAYERS, clocks=start
    )
    assert await storage.matches.get_clocks(match_id) == start
    moved = [{"seat": 1, "seq": 2, "deadline": 1300.0, "opened": 1000.0, "warned": False}]
    await storage.matches.append_actions(match_id, [(1, 0, ("first",))], clocks=moved)
    assert await storage.matches.get_clocks(match_id) == moved
    with pytest.raises(SequenceConflict):
        await storage.matches.append_actions(match_id, [(1, 1, ("again",))], clocks=start)
    await storage.matches.append_actions(match_id, [(2, 1, ("second",))])
    assert await storage.matches.get_clocks(match_id) == moved
    # concurrent appends are group-committed: each carries its own match's clocks
    other = await storage.matches.create_match(GUILD, CHANNEL + 1, clash_match().record, PLAYERS)
    assert await storage.matches.get_clocks(other) == []
    await asyncio.gather(
        storage.matches.append_actions(match_id, [(3, 0, ("x",))], clocks=start),
        storage.matches.append_actions(other, [(1, 0, ("y",))], clocks=moved),
        storage.matches.append_actions(match_id, [(3, 0, ("refused",))], clocks=moved),
        return_exceptions=True,
    )
    assert await storage.matches.get_clocks(match_id) == start
    assert await storage.matches.get_clocks(other) == moved
    warned = [{**moved[0], "warned": True}]
    await storage.matches.set_clocks(other, warned)
    assert await storage.matches.get_clocks(other) == warned
    await storage.matches.finish_match(other, 0)
    await storage.matches.set_clocks(other, moved)  # an ended match keeps what it had
    assert await storage.matches.get_clocks(other) == warned


async def test_recovery_reads_every_running_match_with_its_log_at_once(storage: Storage) -> None:
    """`running_with_logs` gives what a restore needs, the same as the one-match reads."""
    live = [clash_match(seed) for seed in (4, 5, 6)]
    ids = []
    for channel, match in enumerate(live):
        match_id = await storage.matches.create_match(GUILD, channel, match.record, PLAYERS)
        await play_and_persist(storage, match, match_id, 5 + channel)
        ids.append(match_id)
    clocks = [{"seat": 1, "seq": 9, "deadline": 50.0, "opened": 20.0, "warned": True}]
    await storage.matches.set_clocks(ids[0], clocks)
    await storage.matches.set_front_state(ids[1], {"seats": [{"panel_message_id": 5}]})
    await storage.matches.finish_match(ids[2], 0)

    running = await storage.matches.running_with_logs()
    assert [r.row.id for r in running] == ids[:2]
    for entry, match in zip(running, live, strict=False):
        assert entry.record == await storage.matches.load_record(entry.row.id)
        assert replay(entry.record).view(0) == match.view(0)
        assert entry.row.last_seq == len(match.actions)
    assert running[0].clocks == clocks and running[1].clocks == []
    assert running[1].front_state == {"seats": [{"panel_message_id": 5}]}
