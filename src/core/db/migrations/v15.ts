/**
 * Schema step 15: running totals for the club's records and year in review (docs/ARCHITECTURE.md
 * § Records), kept by the stats projector as match results are written or removed, so `records:get`
 * reads a few indexed rows instead of every result:
 * - stat_record_match: each finished match once, under the year of its game night, with its outright
 *   winner, their score and the winning margin (null: a shared win, or no other seat);
 * - stat_record_run: each player's longest runs of outright wins and of unbeaten matches, with the
 *   finish times of their first and last match, over all games (game_id '*') and per game played.
 * A file upgraded to this step with matches in it is marked for a rebuild, which fills them.
 *
 * Frozen: never edit after it ships; the live code must not be imported here.
 */
import type { Database } from 'better-sqlite3'

export function recordTotalsUp(db: Database): void {
  db.exec(`
    CREATE TABLE stat_record_match (
      match_id     TEXT NOT NULL PRIMARY KEY,
      game_id      TEXT NOT NULL,
      year         INTEGER NOT NULL,        -- of its game night
      night        TEXT NOT NULL,           -- yyyy-mm-dd: the local date its night starts on
      finished_at  TEXT NOT NULL,
      winner_id    TEXT,                    -- the outright winner (null: a shared win)
      winner_score INTEGER,
      margin       INTEGER                  -- against the best other seat (null: none)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX stat_record_match_margin ON stat_record_match(game_id, margin DESC, finished_at, match_id)
      WHERE margin IS NOT NULL;
    CREATE INDEX stat_record_match_year ON stat_record_match(year, night);
    CREATE TABLE stat_record_run (
      player_id     TEXT NOT NULL,
      game_id       TEXT NOT NULL,          -- '*': all games
      wins          INTEGER NOT NULL,       -- the longest run of outright wins (0: none)
      wins_from     TEXT NOT NULL,
      wins_to       TEXT NOT NULL,
      unbeaten      INTEGER NOT NULL,       -- the longest run of matches won, outright or shared
      unbeaten_from TEXT NOT NULL,
      unbeaten_to   TEXT NOT NULL,
      PRIMARY KEY (player_id, game_id)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO meta (key, value) SELECT 'projections_rebuild_needed', '1'
      WHERE EXISTS (SELECT 1 FROM matches)
      ON CONFLICT (key) DO UPDATE SET value = '1';
  `)
}
