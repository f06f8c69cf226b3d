/**
 * Schema step 10: club sync keeps the signatures keyed laptops put on their events (docs/SYNC.md § How it works, device
 * keys). A laptop cannot sign for another laptop, so to send another laptop's event up again (when
 * the hub lost it) it needs that laptop's own signature, kept as the event arrived. One row per event
 * of a keyed laptop received through the hub; nothing else reads it.
 *
 * Frozen: never edit after it ships; the live code must not be imported here.
 */
import type { Database } from 'better-sqlite3'

export function syncSignaturesUp(db: Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS sync_signatures (id TEXT PRIMARY KEY, sig TEXT NOT NULL) WITHOUT ROWID')
}
