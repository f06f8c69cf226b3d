/**
 * Schema step 12: running totals for the club screens (docs/ARCHITECTURE.md § Club data, "At club
 * scale"), kept by the stats projector as match results are written or removed, so each screen
 * reads a few rows instead of the whole history:
 * - each rating row keeps the player's Elo after that match beside OpenSkill's μ and σ (replayed
 *   from the earliest match a change touched, like them), and stat_rating the current Elo;
 * - stat_month: finished matches per local month (of the finish, in the match's own UTC offset) and
 *   game, once per match (player_id '*') and per player with their wins, for the monthly chart;
 * - night_matches: one row per match under its game night (NIGHT_SQL) with what the nights list
 *   shows (game, start, status, winners' seats, the seats' players), clustered by night.
 * A file upgraded to this step with matches in it is marked for a rebuild, which fills them.
 *
 * Frozen: never edit after it ships; the live code must not be imported here.
 */
import type { Database } from 'better-sqlite3'

export function clubTotalsUp(db: Database): void {
  db.exec(`
    ALTER TABLE rating_history ADD COLUMN elo REAL NOT NULL DEFAULT 1500;
    ALTER TABLE stat_rating ADD COLUMN elo REAL NOT NULL DEFAULT 1500;
    CREATE TABLE stat_month (
      player_id TEXT NOT NULL,              -- '*': each match once
      game_id   TEXT NOT NULL,
      month     TEXT NOT NULL,              -- yyyy-mm, local, of the finish
      matches   INTEGER NOT NULL DEFAULT 0,
      wins      INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (player_id, game_id, month)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE night_matches (
      night        TEXT NOT NULL,           -- yyyy-mm-dd: the local date its night starts on
      created_at   TEXT NOT NULL,
      match_id     TEXT NOT NULL,
      game_id      TEXT NOT NULL,
      utc_offset   INTEGER NOT NULL,
      status       TEXT NOT NULL,
      winners_json TEXT NOT NULL,           -- the winning seats of a finished match, else []
      players_json TEXT NOT NULL,           -- the seats' player ids, in seat order
      PRIMARY KEY (night, created_at, match_id)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX night_matches_match ON night_matches(match_id);
    INSERT INTO meta (key, value) SELECT 'projections_rebuild_needed', '1'
      WHERE EXISTS (SELECT 1 FROM matches)
      ON CONFLICT (key) DO UPDATE SET value = '1';
  `)
}
