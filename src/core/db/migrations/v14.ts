/**
 * Schema step 14: each kind of seat's count over every day (stat_league_kind), beside the per-day
 * running counts of step 13, so a season reads the kinds there are without walking the days (a
 * DISTINCT over stat_league_day read every day of the history). Filled here from step 13's rows.
 *
 * Frozen: never edit after it ships; the live code must not be imported here.
 */
import type { Database } from 'better-sqlite3'

export function leagueKindsUp(db: Database): void {
  db.exec(`
    CREATE TABLE stat_league_kind (
      game_id   TEXT NOT NULL,
      player_id TEXT NOT NULL,              -- '*': each match once
      seats     INTEGER NOT NULL,
      placement INTEGER NOT NULL,
      tied      INTEGER NOT NULL,
      won       INTEGER NOT NULL,
      shared    INTEGER NOT NULL,
      matches   INTEGER NOT NULL,           -- results of this kind, every day
      PRIMARY KEY (game_id, player_id, seats, placement, tied, won, shared)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO stat_league_kind (game_id, player_id, seats, placement, tied, won, shared, matches)
      SELECT game_id, player_id, seats, placement, tied, won, shared, sum(matches) FROM stat_league_day
      GROUP BY game_id, player_id, seats, placement, tied, won, shared HAVING sum(matches) <> 0;
  `)
}
