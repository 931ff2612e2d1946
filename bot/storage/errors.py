"""Typed storage errors, so the bot can tell a lost race from a bug or a bad input."""


class StorageError(Exception):
    """Base of every error the storage layer raises on purpose."""


class SchemaError(StorageError):
    """The database's schema does not fit this code (too new, gap, bad migration list)."""


class NotFound(StorageError, LookupError):
    """The row the caller named does not exist."""


class MatchNotFound(NotFound):
    """No match with that id."""


class DeckNotFound(NotFound):
    """No such deck (or not one of this user's decks for this ruleset)."""


class StaleWrite(StorageError):
    """The writer's picture of the row is out of date; nothing was written.

    Raised instead of overwriting, so two writers racing on one match or one rating can
    never both succeed: the loser reloads and decides again.
    """


class SequenceConflict(StaleWrite):
    """An action's seq is not exactly last_seq + 1 for its match."""

    def __init__(self, match_id: int, expected: int, got: int):
        super().__init__(f"match {match_id}: action seq {got} refused, the next seq is {expected}")
        self.match_id = match_id
        self.expected = expected
        self.got = got


class MatchClosed(StaleWrite):
    """The match is no longer running (finished or abandoned)."""


class RatingConflict(StaleWrite):
    """A rating changed since the caller read it, or this match was already rated."""


class CommitFailed(StorageError):
    """The database could not commit (disk full, I/O error, locked too long, connection
    lost): nothing was saved."""


class ChannelBusy(StorageError):
    """The channel already holds a running match (at most one per channel)."""


class DeckNameTaken(StorageError):
    """The owner already has a deck of that name for that ruleset."""


class InvalidSetting(StorageError, ValueError):
    """A guild setting outside its allowed range; the message says which and why."""


class ConstraintViolation(StorageError):
    """The database refused a write for a constraint (UNIQUE, primary key, CHECK, foreign
    key): SQLite's IntegrityError and PostgreSQL's, as one type, so a repository catches it
    without knowing which database it runs on. The message names the columns involved
    (SQLite: "UNIQUE constraint failed: decks.owner_id, ..."; PostgreSQL: its message and
    "Key (owner_id, ...)=(...) already exists")."""
