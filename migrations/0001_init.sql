-- Parlour schema v1. Never edit this file once applied anywhere: add 0002_....sql instead
-- (the runner refuses an applied migration whose checksum changed).
-- Ids are Discord snowflakes (64-bit integers) or our own integer keys; never discord objects.
-- Times are ISO-8601 UTC text.

CREATE TABLE tables (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER,                 -- NULL for a DM (solo) table
    channel_id     INTEGER NOT NULL,        -- channel, thread or DM channel
    game_key       TEXT    NOT NULL,
    preset         TEXT    NOT NULL,
    options        TEXT    NOT NULL DEFAULT '{}',   -- JSON of the overrides given at create
    players        INTEGER NOT NULL CHECK (players > 0),
    status         TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'aborted')),
    end_reason     TEXT,                    -- 'finished', 'aborted', 'expired', ...
    host_id        INTEGER NOT NULL,
    seed           INTEGER NOT NULL,
    version        INTEGER NOT NULL DEFAULT 1,
    state          TEXT,                    -- game state snapshot (JSON); NULL in the lobby
    message_id     INTEGER,
    turn_deadline  TEXT,
    lobby_deadline TEXT,
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);

-- One open table per channel; finished and aborted tables stay for history.
CREATE UNIQUE INDEX tables_one_open_per_channel
    ON tables (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX tables_open ON tables (status) WHERE status IN ('lobby', 'playing');

CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  INTEGER,                       -- NULL for an AI seat
    name     TEXT    NOT NULL,
    ai_level TEXT,                          -- set when the AI plays the seat
    timeouts INTEGER NOT NULL DEFAULT 0,    -- consecutive turn timeouts
    resigned INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat),
    CHECK (user_id IS NOT NULL OR ai_level IS NOT NULL)
);
CREATE UNIQUE INDEX seats_one_per_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;

-- The action log: new(seed, options) + these actions in seq order rebuild the snapshot.
CREATE TABLE actions (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,            -- the table version this action produced
    seat       INTEGER NOT NULL,
    user_id    INTEGER,                     -- who clicked; NULL when the AI moved
    action     TEXT    NOT NULL,
    reason     TEXT    NOT NULL,            -- 'human', 'ai', 'timeout'
    created_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

CREATE TABLE results (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    game_key   TEXT    NOT NULL,
    preset     TEXT    NOT NULL,
    guild_id   INTEGER,
    user_id    INTEGER,                     -- NULL for an AI seat
    name       TEXT    NOT NULL,
    points     REAL    NOT NULL,
    rank       INTEGER NOT NULL,
    won        INTEGER NOT NULL,
    resigned   INTEGER NOT NULL DEFAULT 0,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_by_user ON results (user_id, game_key);
CREATE INDEX results_by_game ON results (game_key, guild_id);

-- OpenSkill ratings. scope 0 = global; otherwise the guild id (Discord ids are never 0), so each
-- server has its own ladder computed from its own games only.
CREATE TABLE ratings (
    game_key   TEXT    NOT NULL,
    scope      INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (game_key, scope, user_id)
) WITHOUT ROWID;
CREATE INDEX ratings_ladder ON ratings (game_key, scope, mu);

-- Additive counters per game and scope ('games', 'wins', 'points', 'resigns', and whatever a
-- game adds later, e.g. Skat list points).
CREATE TABLE tallies (
    game_key TEXT    NOT NULL,
    scope    INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (game_key, scope, user_id, key)
) WITHOUT ROWID;

-- Preferences: scope is 'guild', 'channel' or 'user'; value is JSON.
CREATE TABLE settings (
    scope      TEXT    NOT NULL,
    scope_id   INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (scope, scope_id, key)
) WITHOUT ROWID;
