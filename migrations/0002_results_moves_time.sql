-- Parlour schema v2: how a solo game went, per result (patience: moves and time), so a player's
-- per-game stats (best time, fewest moves, streaks) and the daily deal's leaderboard can be read
-- from the results. NULL for table games and for results written before this migration.
ALTER TABLE results ADD COLUMN moves INTEGER;
ALTER TABLE results ADD COLUMN seconds REAL;
CREATE INDEX results_by_preset ON results (game_key, preset, user_id);
