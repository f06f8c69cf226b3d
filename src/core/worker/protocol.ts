/**
 * The messages between the main thread and the database worker (src/core/worker/db-worker.ts).
 * Plain data only, so the same messages work over worker_threads and Electron's utilityProcess.
 */
import type { CsvTable } from '../services/transfer'
import type { ExternalChoices } from '../../shared/import/plan'

export interface WorkerInit {
  /** The data file (already opened and migrated by the main thread). */
  file: string
  /** Path to an Electron-ABI better_sqlite3.node, as for the main connection. */
  nativeBinding?: string
  /** How long a write in the worker waits for SQLite's write lock (busy_timeout). */
  busyTimeoutMs: number
}

export type StatsMethod = 'overview' | 'player' | 'headToHead' | 'ratingHistory' | 'monthly' | 'matchProgress'
/** The club reads (src/core/services/club.ts) that may be long: standings (a season with rules reads its matches), nights, ratings. */
export type ClubMethod = 'standings' | 'nights' | 'ratings' | 'records'

/** `now` is the main thread's clock (ISO), so tests with a fixed clock get the same names and stamps. */
export type WorkerRequest =
  | { op: 'stats'; method: StatsMethod; args: unknown[] }
  | { op: 'club'; method: ClubMethod; args: unknown[] }
  | { op: 'export-json'; path: string; deviceId: string; now: string }
  | { op: 'export-csv'; table: CsvTable; now: string }
  | { op: 'export-csv-file'; table: CsvTable; path: string; now: string }
  | { op: 'import'; path: string; now: string }
  | { op: 'external-preview'; path: string; choices: ExternalChoices; now: string }
  | { op: 'external-apply'; path: string; choices: ExternalChoices; now: string }
  | { op: 'backup'; kind: 'daily' | 'manual' | 'before-restore'; now: string }
  | { op: 'restore'; path: string; now: string }
  | { op: 'integrity-check' }
  | { op: 'rebuild-ratings'; now: string }
  | { op: 'club-page'; folder: string; title: string | null }
  | { op: 'close' }

/**
 * Operations the worker runs beside the others instead of in turn: a long read on a connection of its
 * own that pauses between chunks, so the requests sent meanwhile are answered (the rounds CSV, the club page).
 */
export const CONCURRENT_OPS: ReadonlySet<WorkerRequest['op']> = new Set(['export-csv-file', 'club-page'])

/** Operations that write to the data file: the main thread holds its own writes back while one runs. */
export const WRITE_OPS: ReadonlySet<WorkerRequest['op']> = new Set([
  'import',
  'backup',
  'restore',
  'rebuild-ratings',
  'external-apply',
])

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; code?: string } }

/**
 * One worker thread serves every data file its process opened (one in the app; many in tests): each
 * request names its file, and the worker opens that file's connection on first use.
 */
export interface WorkerEnvelope {
  id: number
  init: WorkerInit
  request: WorkerRequest
}
