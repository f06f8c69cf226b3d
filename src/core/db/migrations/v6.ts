/**
 * Schema step 6: club data (seasons, night venues, the club's rating system), projected from the
 * season.*, night.venue-set and club.rating-system-set events (src/shared/events/club.ts). The
 * events themselves are in the log already; a file upgraded to this step is marked for a rebuild, so
 * any club events it holds (from a newer laptop, say) are projected.
 */
import type { Database } from 'better-sqlite3'

export function clubTablesUp(db: Database): void {
  db.exec(`
    CREATE TABLE seasons (
      id            TEXT PRIMARY KEY,       -- the season's subject (UUIDv7)
      name          TEXT NOT NULL,
      start_date    TEXT NOT NULL,          -- local dates yyyy-mm-dd, both included
      end_date      TEXT NOT NULL,
      games_json    TEXT,                   -- JSON list of game ids; NULL: every game
      players_json  TEXT,                   -- JSON list of player ids; NULL: everyone
      scheme_json   TEXT NOT NULL,          -- the points scheme
      archived_at   TEXT,
      frozen_json   TEXT,                   -- while archived: the match ids it counted
      created_at    TEXT NOT NULL,
      updated_at    TEXT NOT NULL
    ) STRICT;
    CREATE TABLE night_venues (
      night   TEXT PRIMARY KEY,             -- the night's local date (a night runs to 06:00 next morning)
      venue   TEXT NOT NULL,
      set_at  TEXT NOT NULL
    ) STRICT;
    CREATE TABLE club_settings (
      key     TEXT PRIMARY KEY,
      value   TEXT NOT NULL,
      set_at  TEXT NOT NULL
    ) STRICT;
    INSERT INTO meta (key, value) SELECT 'projections_rebuild_needed', '1'
      WHERE EXISTS (SELECT 1 FROM events WHERE kind LIKE 'season.%' OR kind LIKE 'night.%' OR kind LIKE 'club.%')
      ON CONFLICT (key) DO UPDATE SET value = '1';
  `)
}
