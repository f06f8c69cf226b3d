/**
 * Schema step 13: a season's standings from running totals (docs/ARCHITECTURE.md § Club data, "At
 * club scale"). stat_league_day counts the results of each kind of seat (a player's seat at a table
 * of n, its placement, how many shared it, whether it won and whether the win was shared) per local
 * start date and game, with `running` the count on or before that date, so a season's totals over
 * any range of dates are two lookups per kind (the running count at its end less the one before its
 * start), whatever the history. Player '*' (seats 0) counts each match once. Kept by the stats
 * projector; a file upgraded to this step with matches in it is marked for a rebuild, which fills it.
 *
 * Frozen: never edit after it ships; the live code must not be imported here.
 */
import type { Database } from 'better-sqlite3'

export function leagueTotalsUp(db: Database): void {
  db.exec(`
    CREATE TABLE stat_league_day (
      game_id   TEXT NOT NULL,
      player_id TEXT NOT NULL,              -- '*': each match once
      seats     INTEGER NOT NULL,           -- the table's size
      placement INTEGER NOT NULL,
      tied      INTEGER NOT NULL,           -- seats sharing that placement
      won       INTEGER NOT NULL,
      shared    INTEGER NOT NULL,           -- a win shared with others
      day       TEXT NOT NULL,              -- yyyy-mm-dd, the local date the match started
      matches   INTEGER NOT NULL,           -- results of this kind that day
      running   INTEGER NOT NULL,           -- results of this kind on or before that day
      PRIMARY KEY (game_id, player_id, seats, placement, tied, won, shared, day)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO meta (key, value) SELECT 'projections_rebuild_needed', '1'
      WHERE EXISTS (SELECT 1 FROM matches)
      ON CONFLICT (key) DO UPDATE SET value = '1';
  `)
}
