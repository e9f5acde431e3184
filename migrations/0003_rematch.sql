-- Parlour schema v3: rematches. A rematch lobby remembers the finished table it repeats, and
-- a seat of it may be kept for its old player until they press Join (their confirmation), so
-- a restart between the rematch and a confirmation keeps the reservation. Both are written in
-- the same transaction that opens the lobby.
ALTER TABLE tables ADD COLUMN rematch_of INTEGER;
ALTER TABLE seats ADD COLUMN kept INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tables_rematch_of ON tables (rematch_of) WHERE rematch_of IS NOT NULL;
