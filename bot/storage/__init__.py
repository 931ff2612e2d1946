"""SQLite storage (aiosqlite): matches as header + action log, decks, ratings, settings.

Open once with `await Storage.open(path)`; see `bot.storage.repo.Storage`.
"""

from bot.storage.db import Database
from bot.storage.errors import (
    ChannelBusy,
    CommitFailed,
    DeckNameTaken,
    DeckNotFound,
    InvalidSetting,
    MatchClosed,
    MatchNotFound,
    NotFound,
    RatingConflict,
    SchemaError,
    SequenceConflict,
    StaleWrite,
    StorageError,
)
from bot.storage.migrations import MIGRATIONS
from bot.storage.models import (
    ActiveDeck,
    DeckRow,
    GuildSettings,
    LeaderboardEntry,
    MatchRow,
    PlayerInfo,
    Rating,
    RatingChange,
    RatingUpdate,
    UserRow,
)
from bot.storage.repo import Storage
from bot.storage.types import Migration

__all__ = [
    "MIGRATIONS",
    "ActiveDeck",
    "ChannelBusy",
    "CommitFailed",
    "Database",
    "DeckNameTaken",
    "DeckNotFound",
    "DeckRow",
    "GuildSettings",
    "InvalidSetting",
    "LeaderboardEntry",
    "MatchClosed",
    "MatchNotFound",
    "MatchRow",
    "Migration",
    "NotFound",
    "PlayerInfo",
    "Rating",
    "RatingChange",
    "RatingConflict",
    "RatingUpdate",
    "SchemaError",
    "SequenceConflict",
    "StaleWrite",
    "Storage",
    "StorageError",
    "UserRow",
]
