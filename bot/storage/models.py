"""Row models: what the repositories return and take, typed so callers never index rows."""

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MatchStatus = Literal["running", "finished", "abandoned"]
Outcome = Literal["win", "loss", "draw"]


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True)


class PlayerInfo(_Row):
    """Who sits in a seat. `user_id` is None for a computer player with no Discord account."""

    user_id: int | None
    name: str
    is_bot: bool = False


class UserRow(_Row):
    user_id: int
    name: str
    created_at: datetime
    updated_at: datetime


class MatchRow(_Row):
    """A match's header and front-end columns; `last_seq` is the number of logged actions."""

    id: int
    guild_id: int | None
    channel_id: int
    ruleset: str
    rules_version: str
    seed: int
    players: list[PlayerInfo]
    decks: list[list[str]]
    options: dict[str, Any]
    scenario: dict[str, Any] | None
    status: MatchStatus
    winner: int | None
    board_message_id: int | None
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    last_action_at: datetime | None
    last_seq: int


class DeckRow(_Row):
    id: int
    owner_id: int
    ruleset: str
    name: str
    cards: list[str]
    created_at: datetime
    updated_at: datetime


class ActiveDeck(_Row):
    """The deck a user plays a ruleset with: one of theirs (`deck`) or a `preset` key."""

    user_id: int
    ruleset: str
    deck: DeckRow | None = None
    preset: str | None = None


class Rating(_Row):
    user_id: int
    ruleset: str
    mu: float
    sigma: float
    ordinal: float
    wins: int
    losses: int
    draws: int
    games: int
    updated_at: datetime


class RatingUpdate(_Row):
    """One player's new rating after a match.

    `expected_games`, when given, is the `games` count of the rating the update was
    computed from (0 for an unrated player); if another match was rated in between,
    `save_ratings` raises RatingConflict instead of losing that match's change.
    """

    user_id: int
    mu: float
    sigma: float
    ordinal: float
    outcome: Outcome
    expected_games: int | None = Field(default=None, ge=0)


class LeaderboardEntry(_Row):
    """A ladder line; tied ordinals share a rank (1, 2, 2, 4)."""

    rank: int
    user_id: int
    name: str | None
    mu: float
    sigma: float
    ordinal: float
    wins: int
    losses: int
    draws: int
    games: int


class RatingChange(_Row):
    match_id: int
    user_id: int
    ruleset: str
    outcome: Outcome
    mu_before: float | None
    sigma_before: float | None
    ordinal_before: float | None
    mu_after: float
    sigma_after: float
    ordinal_after: float
    created_at: datetime


class GuildSettings(_Row):
    """A guild's effective settings: its own values, or the bot's defaults where unset."""

    guild_id: int
    turn_timer_seconds: int
    challenge_expiry_seconds: int
    challenge_cooldown_seconds: int = 0
    match_mode: str | None = None  # 'thread' or 'channel'; None: the bot's default
