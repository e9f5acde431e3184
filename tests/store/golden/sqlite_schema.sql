-- The SQLite schema every migration builds, as main built it before PostgreSQL came:
-- a user's database must stay exactly this (tests/store/test_dialect.py).
-- index ratings_ladder on ratings
CREATE INDEX ratings_ladder ON ratings (game_key, scope, mu);
-- index ratings_ordinal on ratings
CREATE INDEX ratings_ordinal ON ratings (game_key, scope, (mu - 3 * sigma));
-- index results_by_game on results
CREATE INDEX results_by_game ON results (game_key, guild_id);
-- index results_by_preset on results
CREATE INDEX results_by_preset ON results (game_key, preset, user_id);
-- index results_by_user on results
CREATE INDEX results_by_user ON results (user_id, game_key);
-- index season_tallies_ladder on season_tallies
CREATE INDEX season_tallies_ladder ON season_tallies (game_key, scope, season, key, value);
-- index seats_one_per_user on seats
CREATE UNIQUE INDEX seats_one_per_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;
-- index tables_one_open_per_channel on tables
CREATE UNIQUE INDEX tables_one_open_per_channel
    ON tables (channel_id) WHERE status IN ('lobby', 'playing');
-- index tables_open on tables
CREATE INDEX tables_open ON tables (status) WHERE status IN ('lobby', 'playing');
-- index tables_rematch_of on tables
CREATE INDEX tables_rematch_of ON tables (rematch_of) WHERE rematch_of IS NOT NULL;
-- index tallies_ladder on tallies
CREATE INDEX tallies_ladder ON tallies (game_key, scope, key, value);
-- table actions on actions
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
-- table ratings on ratings
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
-- table results on results
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
    created_at TEXT    NOT NULL, moves INTEGER, seconds REAL,
    PRIMARY KEY (table_id, seat)
);
-- table schema_migrations on schema_migrations
CREATE TABLE schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TEXT NOT NULL
);
-- table season_tallies on season_tallies
CREATE TABLE season_tallies (
    game_key TEXT    NOT NULL,
    scope    INTEGER NOT NULL,              -- 0 = global, else the guild id (as in tallies)
    season   TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (game_key, scope, season, user_id, key)
) WITHOUT ROWID;
-- table seats on seats
CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  INTEGER,                       -- NULL for an AI seat
    name     TEXT    NOT NULL,
    ai_level TEXT,                          -- set when the AI plays the seat
    timeouts INTEGER NOT NULL DEFAULT 0,    -- consecutive turn timeouts
    resigned INTEGER NOT NULL DEFAULT 0, kept INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat),
    CHECK (user_id IS NOT NULL OR ai_level IS NOT NULL)
);
-- table settings on settings
CREATE TABLE settings (
    scope      TEXT    NOT NULL,
    scope_id   INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (scope, scope_id, key)
) WITHOUT ROWID;
-- table sqlite_sequence on sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq);
-- table tables on tables
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
, rematch_of INTEGER, policy TEXT);
-- table tallies on tallies
CREATE TABLE tallies (
    game_key TEXT    NOT NULL,
    scope    INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (game_key, scope, user_id, key)
) WITHOUT ROWID;
