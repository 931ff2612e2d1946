"""Ratings: the OpenSkill maths (`new_ratings`) and `rate_match` against a real database."""

import itertools
import logging
from dataclasses import dataclass

import pytest

from bot.play.ratings import (
    INITIAL_MU,
    INITIAL_ORDINAL,
    INITIAL_SIGMA,
    new_ratings,
    rate_match,
    unrated_reason,
    win_chances,
)
from bot.storage import PlayerInfo, RatingUpdate, Storage
from engine.core.match import new_match
from engine.core.record import MatchRecord
from engine.core.ruleset import get_ruleset

NEW = (INITIAL_MU, INITIAL_SIGMA)
CHANNELS = itertools.count(1000)


@dataclass
class FakeSeat:
    user_id: int | None
    name: str
    is_bot: bool = False


@dataclass
class FakeMatch:
    winner: int | None
    over: bool = True


@dataclass
class FakeSession:
    """The parts of a `MatchSession` that rating reads."""

    match_id: int
    ruleset: str
    seats: list[FakeSeat]
    match: FakeMatch


# -- the maths ----------------------------------------------------------------------------


def test_winner_goes_up_and_loser_down() -> None:
    (w_mu, w_sigma, w_ord), (l_mu, l_sigma, l_ord) = new_ratings([NEW, NEW], winner=0)
    assert w_mu > INITIAL_MU > l_mu
    assert w_ord > INITIAL_ORDINAL > l_ord
    assert w_sigma < INITIAL_SIGMA and l_sigma < INITIAL_SIGMA  # one game: more certain
    assert w_ord == pytest.approx(w_mu - 3 * w_sigma)


def test_changes_are_zero_sum_and_symmetric_between_equals() -> None:
    after = new_ratings([NEW, NEW], winner=1)
    gains = [mu - INITIAL_MU for mu, _, _ in after]
    assert sum(gains) == pytest.approx(0, abs=1e-9)
    assert gains[1] == pytest.approx(-gains[0])
    assert gains[1] > 0


def test_an_upset_moves_more_than_an_expected_win() -> None:
    strong, weak = (35.0, 3.0), (20.0, 3.0)
    assert win_chances([strong, weak])[0] > 0.5
    expected = new_ratings([strong, weak], winner=0)[0][0] - strong[0]
    upset = new_ratings([strong, weak], winner=1)[1][0] - weak[0]
    assert upset > expected > 0


def test_four_players_one_winner_the_rest_tied_second() -> None:
    after = new_ratings([NEW] * 4, winner=2)
    winner = after[2]
    losers = [after[i] for i in (0, 1, 3)]
    assert winner[0] > INITIAL_MU
    assert all(mu < INITIAL_MU for mu, _, _ in losers)
    assert all(loser == pytest.approx(losers[0]) for loser in losers)  # tied: same change
    assert sum(mu - INITIAL_MU for mu, _, _ in after) == pytest.approx(0, abs=1e-9)
    # beating three people is worth more than beating one
    assert winner[0] > new_ratings([NEW, NEW], winner=0)[0][0]


@pytest.mark.parametrize(
    ("old", "winner"), [([NEW], 0), ([NEW, NEW], 2), ([NEW, NEW], -1), ([], 0)]
)
def test_bad_input_is_refused(old: list[tuple[float, float]], winner: int) -> None:
    with pytest.raises(ValueError):
        new_ratings(old, winner)


# -- rate_match against storage ----------------------------------------------------------


async def _stored_match(storage: Storage, seats: list[FakeSeat], ruleset: str = "clash") -> int:
    for seat in seats:
        if seat.user_id is not None:
            await storage.users.upsert_user(seat.user_id, seat.name)
    record = MatchRecord(
        ruleset=ruleset, rules_version="1", seed=0, players=[s.name for s in seats]
    )
    players = [PlayerInfo(user_id=s.user_id, name=s.name, is_bot=s.is_bot) for s in seats]
    return await storage.matches.create_match(None, next(CHANNELS), record, players)


async def _session(storage: Storage, seats: list[FakeSeat], winner: int | None) -> FakeSession:
    match_id = await _stored_match(storage, seats)
    return FakeSession(match_id, "clash", seats, FakeMatch(winner))


ALICE, BOB, CAROL, DAVE = (
    FakeSeat(1, "alice"),
    FakeSeat(2, "bob"),
    FakeSeat(3, "carol"),
    FakeSeat(4, "dave"),
)


async def test_two_players_are_rated_as_new_ratings_says(storage: Storage) -> None:
    session = await _session(storage, [ALICE, BOB], winner=1)
    await rate_match(storage, session)
    expected = new_ratings([NEW, NEW], winner=1)
    alice = await storage.ratings.get_rating(1, "clash")
    bob = await storage.ratings.get_rating(2, "clash")
    assert alice is not None and bob is not None
    assert (alice.wins, alice.losses, alice.games) == (0, 1, 1)
    assert (bob.wins, bob.losses, bob.games) == (1, 0, 1)
    assert (bob.mu, bob.sigma, bob.ordinal) == pytest.approx(expected[1])
    assert (alice.mu, alice.sigma, alice.ordinal) == pytest.approx(expected[0])
    history = await storage.ratings.rating_history(2, "clash")
    assert [(h.match_id, h.outcome, h.ordinal_before) for h in history] == [
        (session.match_id, "win", None)
    ]


async def test_ratings_build_on_the_stored_ones(storage: Storage) -> None:
    await rate_match(storage, await _session(storage, [ALICE, BOB], winner=0))
    first = await storage.ratings.get_rating(1, "clash")
    assert first is not None
    await rate_match(storage, await _session(storage, [BOB, ALICE], winner=1))
    second = await storage.ratings.get_rating(1, "clash")
    assert second is not None and (second.wins, second.games) == (2, 2)
    assert second.ordinal > first.ordinal


async def test_three_and_four_players(storage: Storage) -> None:
    await rate_match(storage, await _session(storage, [ALICE, BOB, CAROL], winner=2))
    await rate_match(storage, await _session(storage, [ALICE, BOB, CAROL, DAVE], winner=0))
    board = await storage.ratings.leaderboard("clash")
    assert {e.user_id: (e.wins, e.losses) for e in board} == {
        1: (1, 1),
        2: (0, 2),
        3: (1, 1),
        4: (0, 1),
    }
    assert board[-1].user_id == 2  # lost both


@pytest.mark.parametrize(
    ("seats", "winner", "why"),
    [
        ([ALICE, FakeSeat(None, "Computer", is_bot=True)], 0, "computer"),
        ([FakeSeat(None, "Computer", is_bot=True), BOB], 1, "computer"),
    ],
)
async def test_unrated_matches_change_nothing(
    storage: Storage, seats: list[FakeSeat], winner: int | None, why: str
) -> None:
    session = await _session(storage, seats, winner)
    assert why in (unrated_reason(session) or "")
    await rate_match(storage, session)
    assert await storage.ratings.leaderboard_size("clash") == 0


async def test_a_draw_is_rated_as_a_tie(storage: Storage) -> None:
    """A ruleset may end with no winner (magic-core 104.4a): both score a draw, and the
    lower-rated player gains on the higher-rated one."""
    await rate_match(storage, await _session(storage, [ALICE, BOB], winner=0))
    before = {e.user_id: e.ordinal for e in await storage.ratings.leaderboard("clash")}
    await rate_match(storage, await _session(storage, [ALICE, BOB], winner=None))
    board = {e.user_id: e for e in await storage.ratings.leaderboard("clash")}
    assert (board[1].draws, board[2].draws) == (1, 1)
    assert board[2].ordinal > before[2]  # the weaker side gains from a draw
    assert board[1].ordinal - board[2].ordinal < before[1] - before[2]


async def test_a_running_match_is_not_rated(storage: Storage) -> None:
    session = await _session(storage, [ALICE, BOB], winner=None)
    session.match.over = False
    assert unrated_reason(session) == "the match is still running"


async def test_resigning_counts_as_a_loss(storage: Storage) -> None:
    """A real Clash match where the first player resigns on the first decision."""
    decks = list(get_ruleset("clash").preconstructed_decks().values())
    match = new_match("clash", ["alice", "bob"], [decks[0], decks[1 % len(decks)]], 3, {})
    match.resign(0)
    assert match.over and match.winner == 1
    match_id = await storage.matches.create_match(
        None,
        next(CHANNELS),
        match.record,
        [PlayerInfo(user_id=1, name="alice"), PlayerInfo(user_id=2, name="bob")],
    )
    await storage.matches.finish_match(match_id, match.winner)
    await rate_match(storage, FakeSession(match_id, "clash", [ALICE, BOB], match))  # type: ignore[arg-type]
    alice = await storage.ratings.get_rating(1, "clash")
    assert alice is not None and (alice.losses, alice.wins) == (1, 0)
    assert alice.ordinal < INITIAL_ORDINAL


async def test_a_rating_saved_in_between_is_kept_by_retrying(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another match of alice's is rated between our read and our save: retry, lose nothing."""
    other = await _stored_match(storage, [ALICE, CAROL])
    session = await _session(storage, [ALICE, BOB], winner=0)
    save = storage.ratings.save_ratings
    calls = []

    async def racing_save(match_id, ruleset, updates):  # type: ignore[no-untyped-def]
        calls.append(match_id)
        if len(calls) == 1:  # the other match lands first
            await save(
                other,
                "clash",
                [
                    RatingUpdate(user_id=1, mu=20.0, sigma=7.0, ordinal=-1.0, outcome="loss"),
                    RatingUpdate(user_id=3, mu=30.0, sigma=7.0, ordinal=9.0, outcome="win"),
                ],
            )
        return await save(match_id, ruleset, updates)

    monkeypatch.setattr(storage.ratings, "save_ratings", racing_save)
    await rate_match(storage, session)
    assert calls == [session.match_id, session.match_id]
    alice = await storage.ratings.get_rating(1, "clash")
    assert alice is not None and (alice.wins, alice.losses, alice.games) == (1, 1, 2)
    expected = new_ratings([(20.0, 7.0), NEW], winner=0)[0]
    assert (alice.mu, alice.sigma, alice.ordinal) == pytest.approx(expected)
    history = await storage.ratings.rating_history(1, "clash")
    assert [(h.match_id, h.ordinal_before) for h in history] == [
        (other, None),
        (session.match_id, -1.0),
    ]


async def test_a_match_is_rated_once(storage: Storage, caplog: pytest.LogCaptureFixture) -> None:
    session = await _session(storage, [ALICE, BOB], winner=0)
    await rate_match(storage, session)
    before = await storage.ratings.get_rating(1, "clash")
    with caplog.at_level(logging.WARNING, logger="bot.play.ratings"):
        await rate_match(storage, session)  # e.g. a duplicate finish hook: no error, no change
    assert await storage.ratings.get_rating(1, "clash") == before
    assert "already rated" in caplog.text


async def test_a_failure_is_logged_not_raised(
    storage: Storage, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The match result is saved already; a broken rating must not break the final board."""
    session = await _session(storage, [ALICE, BOB], winner=0)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(storage.ratings, "get_rating", broken)
    with caplog.at_level(logging.ERROR, logger="bot.play.ratings"):
        await rate_match(storage, session)
    assert "could not be rated" in caplog.text and "disk on fire" in caplog.text


# -- the display scale ------------------------------------------------------------


def test_a_newcomer_reads_1000_and_the_scale_keeps_the_ladder_order() -> None:
    from bot.play.ratings import DISPLAY_START, display_rating

    assert display_rating(INITIAL_ORDINAL) == DISPLAY_START == 1000
    ordinals = [-60.0, -12.5, -2.0, 0.0, 0.4, 3.0, 27.0]
    shown = [display_rating(o) for o in ordinals]
    assert shown == sorted(shown) and all(s >= 0 for s in shown)
    assert display_rating(-60.0) == 0  # clamped: never a negative rating


def test_a_first_loss_reads_as_a_positive_rating_and_a_whole_change() -> None:
    from bot.play.ratings import change_text, display_change, display_rating, rating_line

    (_, _, lost), (_, _, won) = new_ratings([NEW, NEW], winner=1)
    assert lost < 0 < display_rating(lost) < 1000 < display_rating(won)
    delta = display_change(None, won)
    assert delta == display_rating(won) - 1000 and delta > 0
    assert change_text(delta) == f"+{delta}" and change_text(-7) == "-7" and change_text(0) == "±0"
    line = rating_line([("bob", 1000, 1112), ("alice", 1000, 896)])
    assert line == "Ratings: bob 1000 → 1112 (+112) · alice 1000 → 896 (-104)"


async def test_rate_match_returns_each_seats_display_change(storage: Storage) -> None:
    from bot.play.ratings import display_rating

    changes = await rate_match(storage, await _session(storage, [ALICE, BOB], winner=0))
    alice = await storage.ratings.get_rating(1, "clash")
    assert alice is not None
    assert changes[0] == ("alice", 1000, display_rating(alice.ordinal))
    assert changes[1][0] == "bob" and changes[1][2] < 1000
    computer = FakeSeat(None, "Computer", is_bot=True)
    assert await rate_match(storage, await _session(storage, [ALICE, computer], winner=0)) == []
