-- Parlour schema v2: the per-action columns leave the wide `tables` row for a narrow `snapshots`
-- row, so an accepted action writes two pages (its log row and this row) instead of rewriting
-- the whole table row and both partial indexes on status (python -m bench.store).
-- Never edit this file once applied anywhere: add 0003_....sql instead.

-- One row per table, created with it. `version` is the optimistic-lock counter every write
-- checks and bumps; `state` is the game's JSON snapshot (NULL in the lobby).
-- A rowid table, not WITHOUT ROWID: the ~800-byte state is far above the size where SQLite
-- advises WITHOUT ROWID (a twentieth of a page), and table_id is the rowid itself.
CREATE TABLE snapshots (
    table_id   INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    state      TEXT,
    updated_at TEXT    NOT NULL
);

INSERT INTO snapshots (table_id, version, state, updated_at)
    SELECT id, version, state, updated_at FROM tables;

-- Their values now live in `snapshots`; keeping them would leave two sources of truth.
ALTER TABLE tables DROP COLUMN state;
ALTER TABLE tables DROP COLUMN version;
ALTER TABLE tables DROP COLUMN updated_at;
