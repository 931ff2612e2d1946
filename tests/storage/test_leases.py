"""Each running match is leased to one process; a dead process's
leases expire and another takes its matches over by replaying their logs, with no
acknowledged action lost and none applied twice. Two connections to one database stand
for two processes (both backends; PostgreSQL is the one several processes share)."""

import time
from dataclasses import dataclass

import pytest

import bot.storage.leases
from bot.play.sessions import SaveFailed, Seat, SessionManager
from bot.storage import Storage
from engine import RandomAgent, get_ruleset
from tests.storage.conftest import Backend
from tests.storage.test_matches import PLAYERS, clash_match

GUILD = 10


@dataclass
class LeaseClock:
    """The leases' clock (`time.time()` in bot/storage/leases.py), stepped by hand: a lease
    runs out when the test says so, without waiting for it."""

    now: float

    def time(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def lease_clock(monkeypatch: pytest.MonkeyPatch) -> LeaseClock:
    clock = LeaseClock(time.time())
    monkeypatch.setattr(bot.storage.leases, "time", clock)
    return clock


@pytest.fixture
async def two(backend: Backend):
    """Two processes' connections to one database."""
    url = backend.url("shared")
    first = await Storage.open(url)
    second = await Storage.open(url)
    yield first, second
    await first.close()
    await second.close()


async def test_a_lease_is_held_by_one_owner_until_it_expires(two, lease_clock) -> None:
    a, b = two
    match_id = await a.matches.create_match(GUILD, 1, clash_match(4).record, PLAYERS)
    assert await a.leases.claim("a", [match_id], 0.5) == [match_id]
    assert await b.leases.claim("b", [match_id], 0.5) == []  # a holds it
    assert await b.leases.claim_running("b", 0.5) == []
    assert await b.leases.owner_of(match_id) == "a"
    assert await a.leases.renew("a", 0.5) == [match_id]
    lease_clock.advance(0.4)
    assert await b.leases.owner_of(match_id) == "a"  # not yet run out
    lease_clock.advance(0.3)  # a stops renewing (it died)
    assert await b.leases.owner_of(match_id) is None
    assert await b.leases.claim_running("b", 30) == [match_id]
    assert await a.leases.renew("a", 30) == []  # a, waking, finds it gone
    assert await a.leases.owner_of(match_id) == "b"


async def test_finished_matches_get_no_lease_and_a_release_frees_at_once(two) -> None:
    a, b = two
    done = await a.matches.create_match(GUILD, 1, clash_match(4).record, PLAYERS)
    await a.matches.finish_match(done, 0)
    assert await a.leases.claim("a", [done], 30) == []
    assert await a.leases.owner_of(done) is None
    running = await a.matches.create_match(GUILD, 2, clash_match(5).record, PLAYERS)
    assert await a.leases.claim_running("a", 30) == [running]
    await a.leases.release("a")  # a clean stop
    assert await b.leases.claim_running("b", 30) == [running]


def _human_seats() -> list[Seat]:
    return [Seat(p.user_id, p.name) for p in PLAYERS]


async def _timer(guild_id: int | None) -> float:
    return 300.0


async def _play(sessions: SessionManager, session, steps: int, seed: int) -> None:
    agent = RandomAgent(seed)
    for _ in range(steps):
        decision = session.match.pending[0]
        action = agent.choose(session.match, decision)
        await sessions.act(session, decision.player, decision.seq, action)


async def test_a_dead_processs_matches_are_taken_over_with_nothing_lost_or_twice(
    two, lease_clock
) -> None:
    """Process A plays a match and dies (stops renewing); B does not touch it while A's
    lease runs, then takes it over by replaying its log: every action A committed is
    there. A, waking from a freeze, cannot apply a second action for a decision B
    already answered (the log's sequence check), and lets go of the match."""
    a_store, b_store = two
    a = SessionManager(a_store, _timer, lease_owner="a", lease_seconds=0.6)
    b = SessionManager(b_store, _timer, lease_owner="b", lease_seconds=0.6)
    try:
        decks = get_ruleset("clash").preconstructed_decks()
        names = sorted(decks)
        session = await a.start(
            "clash", GUILD, 1, _human_seats(), [decks[names[0]], decks[names[1]]], seed=4
        )
        await _play(a, session, 8, seed=1)
        committed = list(session.match.actions)
        assert await b.load_running() == 0  # A holds it
        assert await b.get(session.match_id) is None  # and a click on B does not take it
        assert await b.renew_and_take_over() == []

        lease_clock.advance(0.8)  # A is dead from here on: nobody renews its lease
        taken = await b.renew_and_take_over()
        assert [s.match_id for s in taken] == [session.match_id]
        mine = b.by_id[session.match_id]
        assert list(mine.match.actions) == committed  # nothing acknowledged is lost

        # B answers the open decision; A (frozen, now waking) tries the same one.
        decision = mine.match.pending[0]
        action = RandomAgent(9).choose(mine.match, decision)
        await b.act(mine, decision.player, decision.seq, action)
        stale = session.match.pending[0]
        again = RandomAgent(9).choose(session.match, stale)
        with pytest.raises(SaveFailed):
            await a.act(session, stale.player, stale.seq, again)
        record = await b_store.matches.load_record(session.match_id)
        assert len(record.actions) == len(committed) + 1  # applied once, by B
        await a.renew_and_take_over()
        assert session.match_id not in a.by_id  # A let go
    finally:
        a.close()
        b.close()
