/**
 * What the database worker does, over its own better-sqlite3 connection: the long reads (stats with
 * filters, exports, integrity checks) and the long writes (import, backups, rating replays). Each
 * write builds its services afresh over this connection, so nothing cached here can be older than
 * what the main thread wrote since. Plain Node, no Electron, no worker API: db-worker.ts carries the
 * messages, and tests can run these functions in-thread.
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { GAME_IDS } from '../../shared/games/engine'
import type { Clock } from '../ids'
import { EventStore } from '../db/repos/events'
import { BackupService } from '../services/backup'
import { Device } from '../services/device'
import { writeJsonExport } from '../services/export-stream'
import { writeTableCsv } from '../services/transfer-csv'
import { Projector } from '../services/projector'
import { StatsProjector, StatsService } from '../services/stats'
import { TransferService } from '../services/transfer'
import { ClubService } from '../services/club'
import { ExternalImportService } from '../services/external-import'
import { publishClubPage } from '../services/club-page'
import type { WorkerInit, WorkerRequest } from './protocol'

export interface WorkerOps {
  db: Database.Database
  run(request: WorkerRequest): Promise<unknown>
  close(): void
}

const fixed =
  (iso: string): Clock =>
  () =>
    new Date(iso)

/** The next turn of the event loop (after the messages that arrived meanwhile). */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export function openWorkerConnection(init: WorkerInit): Database.Database {
  const db = new Database(init.file, {
    ...(init.nativeBinding ? { nativeBinding: init.nativeBinding } : {}),
    fileMustExist: true,
    timeout: init.busyTimeoutMs,
  })
  // The main thread opened, checked and migrated the file; WAL lets these reads run beside its writes.
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma(`busy_timeout = ${init.busyTimeoutMs}`)
  return db
}

export function createWorkerOps(init: WorkerInit): WorkerOps {
  const db = openWorkerConnection(init)
  let stats: StatsService | null = null
  let club: ClubService | null = null
  /** The services a write needs, built on this connection for this one request. */
  const writers = (clock: Clock) => {
    const device = new Device(db, clock)
    const events = new EventStore(db, device)
    const statsProjector = new StatsProjector(db)
    const projector = new Projector(db, events, statsProjector)
    return { device, events, statsProjector, projector }
  }
  const transfer = (clock: Clock): TransferService => {
    const w = writers(clock)
    return new TransferService(
      db,
      { events: w.events, device: w.device, projector: w.projector, stats: w.statsProjector },
      clock,
    )
  }
  return {
    db,
    async run(request) {
      switch (request.op) {
        case 'stats': {
          stats ??= new StatsService(db)
          const method = stats[request.method] as (...args: unknown[]) => unknown
          return method.apply(stats, request.args)
        }
        case 'club': {
          club ??= new ClubService(db, null)
          const method = club[request.method] as (...args: unknown[]) => unknown
          return method.apply(club, request.args)
        }
        case 'export-json':
          return writeJsonExport(db, request.path, request.deviceId, new Date(request.now))
        case 'export-csv':
          return transfer(fixed(request.now)).exportCsv(request.table)
        case 'export-csv-file': {
          // A connection of its own: its statement stays open (one snapshot) while, between chunks,
          // this thread answers other requests on the shared one (CONCURRENT_OPS).
          const own = openWorkerConnection(init)
          try {
            return await writeTableCsv(own, request.table, request.path, new Date(request.now), nextTurn)
          } finally {
            own.close()
          }
        }
        case 'import': {
          // The write lock first (waiting here, off the main thread): a lock held elsewhere is then
          // SQLite's busy error before anything is read or changed, not a damaged-file report.
          const service = transfer(fixed(request.now))
          db.exec('BEGIN IMMEDIATE')
          try {
            const result = service.importFile(request.path)
            db.exec(result.ok ? 'COMMIT' : 'ROLLBACK')
            return result
          } finally {
            if (db.inTransaction) db.exec('ROLLBACK')
          }
        }
        case 'external-preview':
        case 'external-apply': {
          // BG Stats or CSV (docs/IMPORT.md): read, planned and (for apply) written in one transaction here.
          const w = writers(fixed(request.now))
          const service = new ExternalImportService(db, {
            events: w.events,
            device: w.device,
            projector: w.projector,
            stats: w.statsProjector,
          })
          return request.op === 'external-preview'
            ? service.previewFile(request.path, request.choices)
            : service.applyFile(request.path, request.choices)
        }
        case 'backup':
          return new BackupService(db, init.file, fixed(request.now)).backupNow(request.kind)
        case 'restore': {
          // The candidate's integrity check, the safety copy and the copy into the data file all run
          // here; the main thread then starts a new device id (core.ts, afterRestore).
          const { projector } = writers(fixed(request.now))
          return new BackupService(db, init.file, fixed(request.now), () => projector.rebuildIfMarked()).restore(
            request.path,
          )
        }
        case 'club-page': {
          // A connection of its own: one read snapshot held across the pauses, while this thread answers the
          // requests sent meanwhile on the shared one (CONCURRENT_OPS). Writes only the chosen folder, never the
          // data file (docs/ARCHITECTURE.md § The club page).
          const own = openWorkerConnection(init)
          try {
            return await publishClubPage(own, request.folder, request.title, { pause: nextTurn })
          } finally {
            own.close()
          }
        }
        case 'integrity-check': {
          const rows = db.pragma('integrity_check') as { integrity_check: string }[]
          return rows.map((r) => r.integrity_check)
        }
        case 'rebuild-ratings': {
          const { statsProjector } = writers(fixed(request.now))
          db.transaction(() => {
            for (const gameId of GAME_IDS) statsProjector.rebuildRatings(gameId)
          }).immediate()
          return null
        }
        case 'close':
          return null
      }
    },
    close() {
      if (db.open) db.close()
    },
  }
}

/** Where a streamed export is written before it is handed on: beside the data file, private. */
export function exportDir(file: string): string {
  return join(file, '..', 'exports')
}
