"""The schema, as numbered migrations applied in order (see `Database.migrate`).

Kept as Python strings rather than .sql files so no package-data setting is needed.
Never edit a migration that has shipped: add the next number instead.

Conventions: times are UTC ISO-8601 text (`Database.now`); JSON columns hold text;
Discord ids are INTEGER (snowflakes fit in 63 bits). The seed is TEXT because the engine
takes any Python int and SQLite integers stop at 64 bits. There are no foreign keys to
`users`: Discord ids are the identity, `users` only caches display names, so a deck or a
rating never fails to save because a name was not cached first.
"""

from bot.storage.types import Migration

INITIAL = """
CREATE TABLE users (
    user_id     INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);

-- Deck names compare case-insensitively: "Aggro" and "aggro" are one deck to a player.
CREATE TABLE decks (
    id          INTEGER PRIMARY KEY,
    owner_id    INTEGER NOT NULL,
    ruleset     TEXT    NOT NULL,
    name        TEXT    NOT NULL COLLATE NOCASE,
    cards       TEXT    NOT NULL,                   -- JSON list of card ids
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    UNIQUE (owner_id, ruleset, name)
);

-- Either one of the user's decks or a preconstructed deck key; deleting the deck
-- drops the choice (the bot then falls back to its default).
CREATE TABLE active_decks (
    user_id     INTEGER NOT NULL,
    ruleset     TEXT    NOT NULL,
    deck_id     INTEGER REFERENCES decks (id) ON DELETE CASCADE,
    preset      TEXT,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (user_id, ruleset),
    CHECK ((deck_id IS NULL) <> (preset IS NULL))
);
CREATE INDEX active_decks_by_deck ON active_decks (deck_id);

-- The record header (ruleset .. scenario) plus front-end columns. state_json is the
-- front end's own data (message ids...) and is not part of the record.
CREATE TABLE matches (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER,
    channel_id        INTEGER NOT NULL,
    ruleset           TEXT    NOT NULL,
    rules_version     TEXT    NOT NULL,
    seed              TEXT    NOT NULL,
    players           TEXT    NOT NULL,             -- JSON [{user_id, name, is_bot}]
    decks             TEXT    NOT NULL,             -- JSON [[card id, ...], ...]
    options           TEXT    NOT NULL,             -- JSON object
    scenario          TEXT,                         -- JSON object or NULL
    status            TEXT    NOT NULL DEFAULT 'running'
                      CHECK (status IN ('running', 'finished', 'abandoned')),
    winner            INTEGER,
    board_message_id  INTEGER,
    state_json        TEXT    NOT NULL DEFAULT '{}',
    created_at        TEXT    NOT NULL,
    updated_at        TEXT    NOT NULL,
    finished_at       TEXT,
    last_action_at    TEXT
);
-- At most one running match per channel, enforced by the database itself; also the
-- index for "running match in this channel" and for start-up recovery.
CREATE UNIQUE INDEX matches_running_by_channel ON matches (channel_id)
    WHERE status = 'running';

-- Seat -> user, so "recent matches of a user" is an index lookup, not a JSON scan.
CREATE TABLE match_players (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
CREATE INDEX match_players_by_user ON match_players (user_id, match_id DESC);

-- The append-only action log; seq runs 1..n with no gaps (checked on append).
CREATE TABLE match_actions (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    player      INTEGER NOT NULL,
    action      TEXT    NOT NULL,                   -- JSON
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

CREATE TABLE ratings (
    user_id     INTEGER NOT NULL,
    ruleset     TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    ordinal     REAL    NOT NULL,                   -- the number the ladder sorts by
    wins        INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    draws       INTEGER NOT NULL DEFAULT 0,
    games       INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (user_id, ruleset)
);
CREATE INDEX ratings_leaderboard ON ratings (ruleset, ordinal DESC);

-- One row per rated player per match; "before" is NULL for a player's first game.
CREATE TABLE rating_history (
    id              INTEGER PRIMARY KEY,
    match_id        INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,
    ruleset         TEXT    NOT NULL,
    outcome         TEXT    NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    mu_before       REAL,
    sigma_before    REAL,
    ordinal_before  REAL,
    mu_after        REAL    NOT NULL,
    sigma_after     REAL    NOT NULL,
    ordinal_after   REAL    NOT NULL,
    created_at      TEXT    NOT NULL,
    UNIQUE (match_id, user_id)
);
CREATE INDEX rating_history_by_user ON rating_history (user_id, ruleset, id);

-- NULL means "the bot's configured default", so changing the default reaches every
-- guild that never chose its own value.
CREATE TABLE guild_settings (
    guild_id                  INTEGER PRIMARY KEY,
    turn_timer_seconds        INTEGER,
    challenge_expiry_seconds  INTEGER,
    updated_at                TEXT    NOT NULL
);
"""

COMMAND_SYNC = """
-- The digest of the application commands last written to each scope (0: global,
-- else a guild id), so that a start with an unchanged set writes nothing to Discord.
CREATE TABLE command_sync (
    scope       INTEGER PRIMARY KEY,
    digest      TEXT    NOT NULL,
    synced_at   TEXT    NOT NULL
);
"""

# The per-user "it's your turn" setting, and a per-server cooldown on
# /challenge (NULL: the bot's default).
NOTIFY_AND_COOLDOWN = """
CREATE TABLE user_settings (
    user_id     INTEGER PRIMARY KEY,
    notify      INTEGER NOT NULL DEFAULT 1 CHECK (notify IN (0, 1)),
    updated_at  TEXT    NOT NULL
);
ALTER TABLE guild_settings ADD COLUMN challenge_cooldown_seconds INTEGER;
"""

# Open challenges outlive a restart; AUTOINCREMENT so that no id is ever
# handed out twice, even after the newest challenge row is gone.
CHALLENGES = """
CREATE TABLE challenges (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    ruleset     TEXT    NOT NULL,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    challenger  TEXT    NOT NULL,
    deck_name   TEXT    NOT NULL,
    deck_cards  TEXT    NOT NULL,
    opponents   TEXT    NOT NULL,
    options     TEXT    NOT NULL,
    accepted    TEXT    NOT NULL,
    message_id  INTEGER,
    text        TEXT    NOT NULL,
    expires_at  REAL    NOT NULL,
    status      TEXT    NOT NULL,
    created_at  TEXT    NOT NULL
);
CREATE INDEX open_challenges ON challenges (status);
"""

# A server's choice between a thread per match and the match in the
# channel (NULL: the bot's default, CARDHOST_MATCH_MODE).
MATCH_MODE = """
ALTER TABLE guild_settings ADD COLUMN match_mode TEXT CHECK (match_mode IN ('thread', 'channel'));
"""

# The turn clocks of a running match, so a restart does not hand out fresh
# ones. JSON, a list of {seat, seq, deadline, opened, warned} (times in epoch seconds), NULL
# when none is stored; written by the same UPDATE as each action append that changes them.
TURN_CLOCKS = """
ALTER TABLE matches ADD COLUMN clocks TEXT;
"""

# Who agreed to reveal a finished match's hands in its replay, a
# server's "reveal every finished match" setting, and an index for per-server statistics.
REPLAYS = """
CREATE TABLE match_reveals (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    agreed_at   TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id)
) WITHOUT ROWID;
CREATE TABLE replay_settings (
    guild_id         INTEGER PRIMARY KEY,
    reveal_finished  INTEGER NOT NULL DEFAULT 0 CHECK (reveal_finished IN (0, 1)),
    updated_at       TEXT    NOT NULL
);
CREATE INDEX matches_by_guild ON matches (guild_id, ruleset, id);
"""

# The cards a match started with (engine/core/pins.py), so a content
# update never replays a running match into another state. JSON {"digest", "cards"}; NULL
# for matches stored before this (they replay with the current pool).
CARD_PINS = """
ALTER TABLE matches ADD COLUMN cards TEXT;
"""

# Each running match is owned by one bot process at a time. The owner
# renews its leases; a lease past `expires_at` (epoch seconds, the processes' clocks:
# keep them in sync, NTP) may be taken by another process, which replays the match's log.
LEASES = """
CREATE TABLE match_leases (
    match_id    INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    owner       TEXT    NOT NULL,
    expires_at  REAL    NOT NULL
);
CREATE INDEX match_leases_by_owner ON match_leases (owner);
"""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "initial", INITIAL),
    Migration(2, "command sync", COMMAND_SYNC),
    Migration(3, "notify_and_challenge_cooldown", NOTIFY_AND_COOLDOWN),
    Migration(4, "challenges", CHALLENGES),
    Migration(5, "match_mode", MATCH_MODE),
    Migration(6, "turn clocks", TURN_CLOCKS),
    Migration(7, "replays", REPLAYS),
    Migration(8, "card_pins", CARD_PINS),
    Migration(9, "match leases", LEASES),
)
