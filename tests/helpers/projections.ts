/**
 * Projection helpers for the database tests: a projector of a test's own over a connection (the parts the
 * core makes its own from), and the projections rebuilt from the events alone on a second connection, which
 * must equal those kept write by write (src/core/services/projector.ts).
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { DB_FILE_NAME } from '../../src/core/db/open'
import { EventStore } from '../../src/core/db/repos/events'
import { Device } from '../../src/core/services/device'
import { projectionDigests } from '../../src/core/services/digest'
import { Projector } from '../../src/core/services/projector'
import { StatsProjector } from '../../src/core/services/stats'

export interface ProjectorParts {
  device: Device
  events: EventStore
  stats: StatsProjector
  projector: Projector
}

/** A projector over `db` with its own device, event store and stats, for calls a test makes in its transactions. */
export function projectorFor(db: Database.Database, clock: () => Date = () => new Date()): ProjectorParts {
  const device = new Device(db, clock)
  const events = new EventStore(db, device)
  const stats = new StatsProjector(db)
  return { device, events, stats, projector: new Projector(db, events, stats) }
}

/**
 * The projection digests of the data file in `dir` rebuilt from its events alone, on a second connection
 * (`prepare` runs there first: a change a rebuild must undo).
 */
export function rebuiltDigests(dir: string, prepare?: (db: Database.Database) => void): Record<string, string> {
  const db = new Database(join(dir, DB_FILE_NAME))
  try {
    prepare?.(db)
    const { projector } = projectorFor(db)
    db.transaction(() => projector.rebuildAll())()
    return projectionDigests(db)
  } finally {
    db.close()
  }
}
