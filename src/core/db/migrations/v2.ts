/**
 * Schema step 2: match outcome columns and device identity.
 *
 * Frozen: shipped; never edit. Moved here unchanged from migrations/index.ts.
 */
import type { Migration } from './migration'

export const v2: Migration = {
  name: 'match outcome columns and device identity',
  up(db) {
    db.exec(`
      ALTER TABLE matches ADD COLUMN winners_json TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE matches ADD COLUMN rounds_played INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE matches ADD COLUMN summary TEXT NOT NULL DEFAULT '';
    `)
  },
}
