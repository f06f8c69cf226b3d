/**
 * Schema step 9: fewer b-tree pages written per round (docs/BENCHMARKS.md § Commit). Each index a
 * round touches moves one to three 4 KB pages into the write-ahead log per commit; these two were
 * read only by work that can find its rows another way.
 *
 * - `events_hlc` (the whole log by clock stamp) goes. The export sorts the log by stamp instead (in
 *   the database worker), and the device clock no longer reads the log's newest stamp at start: it
 *   keeps what arrived from elsewhere in meta (`hlc`, written by every import and sync), and reads
 *   its own newest stamp through `events_device`. The log's newest stamp when this step ran is kept
 *   once in meta (`hlc_log_newest`), so events that came in before meta held the clock still count.
 * - `round_results_game_played` (round rows by game and time, ~2.3 pages per round) goes. The stats
 *   over an exact time span find the rows at its edges through their matches: every round of a
 *   match was played between `first_round_at` (new here, the earliest round's time, kept by the
 *   projector on the match row it writes anyway) and `updated_at` (its newest event).
 *   `matches_updated` carries first_round_at too, so that search reads the index alone.
 *
 * Frozen: never edit after it ships; the live code must not be imported here.
 */
import type { Database } from 'better-sqlite3'

export function leanerCommitsUp(db: Database): void {
  db.exec(`
    INSERT INTO meta (key, value) SELECT 'hlc_log_newest', max(hlc) FROM events HAVING max(hlc) IS NOT NULL
      ON CONFLICT (key) DO UPDATE SET value = excluded.value;
    DROP INDEX events_hlc;

    DROP INDEX round_results_game_played;
    ALTER TABLE matches ADD COLUMN first_round_at TEXT;
    UPDATE matches SET first_round_at = (SELECT min(r.played_at) FROM round_results r WHERE r.match_id = matches.id);
    DROP INDEX matches_updated;
    CREATE INDEX matches_updated ON matches(updated_at, id, first_round_at);
  `)
}
