-- Parlour schema v3: ladders that page (offset/limit, with a count) and seasons.
-- A season is a calendar quarter in UTC, named like '2026Q4'. Its tallies are kept apart from
-- the all-time ones (so /stats reads as before) and written in the same transaction that records
-- a finish, like every other tally.
CREATE TABLE season_tallies (
    game_key TEXT    NOT NULL,
    scope    INTEGER NOT NULL,              -- 0 = global, else the guild id (as in tallies)
    season   TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (game_key, scope, season, user_id, key)
) WITHOUT ROWID;
-- A season's ladder ordered by one tally (Skat's list points), and the all-time one.
CREATE INDEX season_tallies_ladder ON season_tallies (game_key, scope, season, key, value);
CREATE INDEX tallies_ladder ON tallies (game_key, scope, key, value);
-- The rating ladder's order (the conservative ordinal), so a page need not sort the ladder.
CREATE INDEX ratings_ordinal ON ratings (game_key, scope, (mu - 3 * sigma));
