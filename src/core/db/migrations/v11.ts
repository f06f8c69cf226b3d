/**
 * Schema step 11: laptops a club took out (docs/SYNC.md § Removing a laptop). One row per removed
 * laptop: its events after `through` are not counted. A projection of the `device.removed` events,
 * rebuilt from them; the event log itself keeps every event.
 *
 * Frozen: never edit after it ships; the live code must not be imported here.
 */
import type { Database } from 'better-sqlite3'

export function removedDevicesUp(db: Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS removed_devices (
      device_id TEXT PRIMARY KEY,
      through   INTEGER NOT NULL,
      label     TEXT NOT NULL,
      event_id  TEXT NOT NULL,
      by_device TEXT NOT NULL,
      hlc       TEXT NOT NULL
    ) STRICT, WITHOUT ROWID
  `)
}
