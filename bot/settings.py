"""Every setting in one place, read from the environment or `.env` and checked at start."""

import os
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE = Path("cardhost.sqlite3")


class Settings(BaseSettings):
    """See .env.example for what each one means."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    discord_token: SecretStr | None = Field(default=None, alias="DISCORD_TOKEN")
    #: An SQLite file (the default), or a `postgresql://user:password@host/dbname` URL.
    database: str = Field(default=str(DEFAULT_DATABASE), alias="CARDHOST_DATABASE")
    dev_guild: int | None = Field(default=None, alias="CARDHOST_DEV_GUILD")
    turn_timer: int = Field(default=300, ge=30, le=3600, alias="CARDHOST_TURN_TIMER")
    challenge_expiry: int = Field(default=120, ge=30, le=3600, alias="CARDHOST_CHALLENGE_EXPIRY")
    #: Where a server's matches run unless it chose in /config: a thread each, or the channel.
    match_mode: Literal["thread", "channel"] = Field(default="thread", alias="CARDHOST_MATCH_MODE")
    #: Several `cardhost bot` processes share this (PostgreSQL) database: each running
    #: match is leased to one of them (docs/deploy.md, "N processes").
    shared: bool = Field(default=False, alias="CARDHOST_SHARED")
    lease_seconds: float = Field(default=15.0, ge=3, le=300, alias="CARDHOST_LEASE_SECONDS")
    #: The gateway shards this process connects (N processes split a bot's
    #: shards): "0,1" of CARDHOST_SHARD_COUNT in all. Unset: one process, discord.py's own.
    shard_ids: str | None = Field(default=None, alias="CARDHOST_SHARD_IDS")
    shard_count: int | None = Field(default=None, ge=1, alias="CARDHOST_SHARD_COUNT")
    log_level: str = Field(
        default="INFO", pattern="^(DEBUG|INFO|WARNING|ERROR)$", alias="CARDHOST_LOG_LEVEL"
    )

    @field_validator("database", mode="before")
    @classmethod
    def _database_text(cls, value: object) -> object:
        """A path given as a Path is kept as its text (a URL must not pass through Path,
        which would fold its `//`)."""
        return os.fspath(value) if isinstance(value, os.PathLike) else value

    @model_validator(mode="after")
    def _shards_fit(self) -> "Settings":
        """Shard ids name shards of the count, and come with it."""
        if (self.shard_ids is None) != (self.shard_count is None):
            raise ValueError("CARDHOST_SHARD_IDS and CARDHOST_SHARD_COUNT go together")
        shards = self.shards
        count = self.shard_count
        if shards is not None and count is not None and not all(0 <= s < count for s in shards):
            raise ValueError(f"shard ids must be 0 to {count - 1}")
        return self

    @property
    def shards(self) -> list[int] | None:
        """The shard ids as numbers (None: not set)."""
        if self.shard_ids is None:
            return None
        try:
            return sorted({int(part) for part in self.shard_ids.split(",") if part.strip()})
        except ValueError:
            raise ValueError(f"shard ids are numbers: {self.shard_ids!r}") from None

    @property
    def uses_postgresql(self) -> bool:
        from bot.storage.dialect import is_postgresql_url

        return is_postgresql_url(self.database)


class SettingsError(Exception):
    """Settings that cannot be used; the message is one line for the operator."""


def load_settings(**overrides: object) -> Settings:
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        raise SettingsError(f"setting {field}: {first['msg']}") from None
