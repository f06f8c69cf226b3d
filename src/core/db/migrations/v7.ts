/**
 * Schema step 7: round rows that cost only themselves to write.
 *
 * - `round_results` becomes a WITHOUT ROWID table keyed by (match, round, seat): one b-tree to
 *   write per row instead of a table and its primary-key index.
 * - Each row keeps its match's local day (`day`) and its six rule-event counters (`e1`..`e6`),
 *   computed once when the row is written (src/shared/stats/round-counters.ts). Here the rows
 *   already stored get them from the schema-5 SQL rules, which say the same.
 * - The round-level summary triggers go (they read the details JSON twelve times per row and looked
 *   the match up for its day); the projector adds each written row's numbers to the summaries.
 * - The index on (player, game, score) goes (nothing reads through it; every round written paid
 *   for it), and the one on (match status, update time) becomes a partial index of the matches not
 *   finished (what "finished matches only" takes away), which a round written never touches: the
 *   projector writes a match's status only when it changes.
 *
 * Frozen: never edit after it ships; the live code must not be imported here.
 */
import type { Database } from 'better-sqlite3'
import { ROUND_LOCAL_DAY, STAT_EVENTS_V5 } from './v5'

export function leanRoundsUp(db: Database): void {
  db.exec(`
    CREATE TABLE round_results_v7 (
      match_id     TEXT NOT NULL,
      round        INTEGER NOT NULL,
      seat         INTEGER NOT NULL,
      player_id    TEXT NOT NULL,
      game_id      TEXT NOT NULL,
      score        INTEGER NOT NULL,
      total        INTEGER NOT NULL,
      won_round    INTEGER NOT NULL DEFAULT 0,
      details_json TEXT NOT NULL DEFAULT '{}',
      played_at    TEXT NOT NULL,
      day          TEXT NOT NULL,            -- the local day: played_at in the match's UTC offset
      e1 INTEGER NOT NULL DEFAULT 0, e2 INTEGER NOT NULL DEFAULT 0, e3 INTEGER NOT NULL DEFAULT 0,
      e4 INTEGER NOT NULL DEFAULT 0, e5 INTEGER NOT NULL DEFAULT 0, e6 INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (match_id, round, seat)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO round_results_v7
      SELECT r.match_id, r.round, r.seat, r.player_id, r.game_id, r.score, r.total, r.won_round, r.details_json, r.played_at,
             ${ROUND_LOCAL_DAY('r')}, ${STAT_EVENTS_V5('r').join(', ')}
      FROM round_results r;
    DROP TABLE round_results;
    ALTER TABLE round_results_v7 RENAME TO round_results;
    CREATE INDEX round_results_game_played ON round_results(game_id, played_at);
    DROP INDEX IF EXISTS matches_status;
    CREATE INDEX matches_unfinished ON matches(status) WHERE status IN ('in-progress', 'abandoned');
  `)
}
