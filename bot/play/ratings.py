"""Ratings: one OpenSkill (Plackett-Luce) rating per player and ruleset.

Why OpenSkill: it is maintained and MIT-licensed, it rates matches of any number of
players natively (the 3-4 player rulesets need no pairwise approximation, unlike Elo or
Glicko), it is faster than TrueSkill for the same accuracy, and it carries none of
TrueSkill's patent and trademark questions. Plackett-Luce is its model for ranked
free-for-all results, which is what a card match produces.

The ladder is sorted by the *ordinal* (mu - 3 sigma): a rating the player is very likely
above, so a newcomer climbs as the system grows sure of them, instead of a lucky first win
putting them on top. Players never read the ordinal itself (a newcomer would read "0" and
soon "-2"): they read the *display rating* `display_rating`, 1000 + 20 x ordinal, never
below 0: a newcomer starts at 1000, a first win moves it by about a hundred, and the
numbers land where chess ratings taught people to expect them (1000 beginner, 1500+ strong).

Storage keeps the numbers; this module only computes them and hands `RatingUpdate`s to
`save_ratings`, which writes every player's change in one transaction.
"""

import logging
from collections.abc import Sequence
from typing import Protocol

from openskill.models import PlackettLuce

from bot.storage import RatingConflict, RatingUpdate, Storage

log = logging.getLogger(__name__)

#: One model for every ruleset, with OpenSkill's defaults (mu 25, sigma 25/3, tau 25/300:
#: tau keeps sigma from collapsing, so long-time players can still move).
MODEL = PlackettLuce()
INITIAL_MU: float = MODEL.mu
INITIAL_SIGMA: float = MODEL.sigma
INITIAL_ORDINAL: float = MODEL.rating().ordinal()

#: The display scale: what a newcomer reads, and display points per ordinal point.
DISPLAY_START = 1000
DISPLAY_SCALE = 20

WINNER_RANK = 1
LOSER_RANK = 2  # every non-winner ties for second: the engine names a winner, no order


class _Seat(Protocol):
    @property
    def user_id(self) -> int | None: ...
    @property
    def name(self) -> str: ...
    @property
    def is_bot(self) -> bool: ...


class _Match(Protocol):
    @property
    def over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...


class RateableSession(Protocol):
    """What `rate_match` reads of a `bot.play.sessions.MatchSession` (tests pass a stand-in)."""

    @property
    def match_id(self) -> int: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def seats(self) -> Sequence[_Seat]: ...
    @property
    def match(self) -> _Match: ...


def new_ratings(
    old: Sequence[tuple[float, float]], winner: int | None
) -> list[tuple[float, float, float]]:
    """Each seat's (mu, sigma, ordinal) after a match that seat `winner` won (None: a draw,
    which OpenSkill rates as every seat tied: the lower-rated side gains).

    `old` holds every seat's (mu, sigma) in seat order; use (INITIAL_MU, INITIAL_SIGMA)
    for a player with no rating yet. Pure, so the maths can be tested without storage.
    """
    if len(old) < 2:
        raise ValueError(f"a rated match needs at least 2 players, got {len(old)}")
    if winner is not None and not 0 <= winner < len(old):
        raise ValueError(f"winner must be a seat between 0 and {len(old) - 1}, got {winner}")
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in old]
    ranks: list[float] = [
        WINNER_RANK if seat == winner or winner is None else LOSER_RANK for seat in range(len(old))
    ]
    rated = MODEL.rate(teams, ranks=ranks)
    return [(team[0].mu, team[0].sigma, team[0].ordinal()) for team in rated]


def display_rating(ordinal: float) -> int:
    """The rating players read: DISPLAY_START + DISPLAY_SCALE x ordinal, rounded, never below
    0. Monotonic in the ordinal, so the ladder's order is the same either way."""
    return max(0, round(DISPLAY_START + DISPLAY_SCALE * ordinal))


def display_change(before: float | None, after: float) -> int:
    """A rating change as players read it: the difference of the two display ratings (so
    the changes add up to what /leaderboard shows); `before` None is a first match."""
    start = INITIAL_ORDINAL if before is None else before
    return display_rating(after) - display_rating(start)


def change_text(change: int) -> str:
    """`+112`, `-87`, `±0`: a display change with its sign."""
    return f"{change:+d}" if change else "±0"


RATING_MEANING = (
    f"Ratings start at {DISPLAY_START} and move with every match against another player: "
    "a win against a higher-rated player moves more. A new player's rating moves fast, then "
    "settles as the ladder grows sure of them (OpenSkill underneath)."
)


def win_chances(ratings: Sequence[tuple[float, float]]) -> list[float]:
    """Each seat's chance to win according to the model (sums to 1); for logs and display."""
    return list(MODEL.predict_win([[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]))


def unrated_reason(session: RateableSession) -> str | None:
    """Why the match does not count for the ladder, or None if it is rated.

    Unrated: a match against the computer (its strength is fixed and beating it says
    nothing about the player against people, and it would be farmable); a match still
    running; and a seat without a Discord account. A draw (a game whose rules end with no
    winner) is rated as a tie. A resignation or a turn timeout is
    *not* a reason: the engine names the other player winner, so it counts as a loss
    for whoever resigned, or quitting would protect a rating.
    """
    match = session.match
    if not match.over:
        return "the match is still running"
    if any(seat.is_bot or seat.user_id is None for seat in session.seats):
        return "a seat is played by the computer"
    if match.winner is not None and not 0 <= match.winner < len(session.seats):
        return f"the winner seat {match.winner} does not exist"
    users = [seat.user_id for seat in session.seats]
    if len(set(users)) != len(users):
        return "a player holds two seats"
    return None


def rating_line(changes: Sequence[tuple[str, int, int]]) -> str:
    """The end-of-match line: `Ratings: alice 1000 → 1112 (+112) · bob 1000 → 896 (-104)`."""
    return "Ratings: " + " · ".join(
        f"{name} {before} → {after} ({change_text(after - before)})"
        for name, before, after in changes
    )


async def rate_match(storage: Storage, session: RateableSession) -> list[tuple[str, int, int]]:
    """Rate a finished match for its ruleset's ladder (see `unrated_reason` for skips).

    Ratings are read, computed and saved with `expected_games`, so a match rated in
    between (another channel finishing at the same time, with a shared player) makes the
    save fail instead of silently overwriting that match's change; then it is read and
    computed again once. A match already rated stays as it is.

    Never raises: by now the result is committed with the match, and a rating failure
    must not stop the final board from being shown. It is logged instead.

    Returns each seat's (name, display rating before, after) for the end-of-match line;
    [] when the match was not rated.
    """
    reason = unrated_reason(session)
    if reason is not None:
        log.info("match %s is unrated: %s", session.match_id, reason)
        return []
    try:
        try:
            return await _rate_once(storage, session)
        except RatingConflict as first:
            log.info("match %s: %s; rating again from fresh numbers", session.match_id, first)
            return await _rate_once(storage, session)
    except RatingConflict as exc:
        log.warning("match %s left as it is: %s", session.match_id, exc)
    except Exception:
        log.exception("match %s could not be rated", session.match_id)
    return []


async def _rate_once(storage: Storage, session: RateableSession) -> list[tuple[str, int, int]]:
    winner = session.match.winner
    users = [seat.user_id for seat in session.seats if seat.user_id is not None]
    assert len(users) == len(session.seats), "see unrated_reason"
    current = [await storage.ratings.get_rating(user, session.ruleset) for user in users]
    old = [
        (INITIAL_MU, INITIAL_SIGMA) if rating is None else (rating.mu, rating.sigma)
        for rating in current
    ]
    updates = [
        RatingUpdate(
            user_id=user,
            mu=mu,
            sigma=sigma,
            ordinal=ordinal,
            outcome="draw" if winner is None else "win" if seat == winner else "loss",
            expected_games=0 if rating is None else rating.games,
        )
        for seat, (user, rating, (mu, sigma, ordinal)) in enumerate(
            zip(users, current, new_ratings(old, winner), strict=True)
        )
    ]
    await storage.ratings.save_ratings(session.match_id, session.ruleset, updates)
    changes = [
        (seat.name, display_rating(before), display_rating(update.ordinal))
        for seat, rating, update in zip(session.seats, current, updates, strict=True)
        for before in [INITIAL_ORDINAL if rating is None else rating.ordinal]
    ]
    if winner is None:
        log.info("match %s rated (%s): a draw", session.match_id, session.ruleset)
        return changes
    log.info(
        "match %s rated (%s): %s won with a %.0f%% chance",
        session.match_id,
        session.ruleset,
        session.seats[winner].name,
        100 * win_chances(old)[winner],
    )
    return changes
