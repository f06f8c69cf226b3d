/**
 * The channels whose work can take long, answered by the database worker instead of the main thread
 * (their routes say `runs: 'worker'`, src/shared/ipc/channels.ts; docs/ARCHITECTURE.md § Threads), and the
 * lock-wait rule for everything the main thread still answers itself.
 *
 * Lock waits: the main connection never busy-waits (busy_timeout 0, set in core.ts). A request that
 * meets a lock held by another program is retried on a timer, so the main thread keeps answering
 * (a page load, a read) meanwhile; when the lock is still held after `lockWaitMs`, the answer is
 * LOCKED_MESSAGE. Each write is one transaction that takes the lock at BEGIN IMMEDIATE, so a write
 * that met the lock changed nothing and can be tried again as it is.
 */
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { channelsWhere, type Channel } from '../../shared/ipc/channels'
import type { Output } from '../../shared/ipc/contract'
import type { BackupFileInfo } from '../../shared/model/transfer'
import { err, ok, type Result } from '../../shared/result'
import type { Handler, SideHandlers } from '../ipc/dispatch'
import type { ExportDownloads } from '../services/export-downloads'
import { ensurePrivateDir } from '../private-files'
import type { StreamedExport } from '../services/export-stream'
import type { ImportReport } from '../services/transfer'
import type { UploadService } from '../services/uploads'
import type { DbWorker } from './client'
import { exportFileHandlers } from './export-file'
import { exportDir } from './ops'
import type { ClubMethod, StatsMethod } from './protocol'

export const LOCKED_MESSAGE = 'Another program is writing to the data file; nothing was saved.'
export const DEFAULT_LOCK_WAIT_MS = 5000

/** The main thread's own writes: they wait for the worker's writes, and for a lock held elsewhere. */
export const MAIN_WRITE_CHANNELS: ReadonlySet<Channel> = channelsWhere((r) => r.runs === 'main' && r.writes)

/** The channels the database worker answers. */
export const WORKER_CHANNELS: ReadonlySet<Channel> = channelsWhere((r) => r.runs === 'worker')

const isBusy = (e: unknown): boolean => {
  const code = (e as { code?: unknown }).code
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED'
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `fn`; while it meets a lock held elsewhere, tries again on a timer until `waitMs` has passed. */
export async function withLockWait<T>(fn: () => T | Promise<T>, waitMs: number): Promise<T | Result<never>> {
  const deadline = Date.now() + waitMs
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    try {
      return await fn()
    } catch (e) {
      if (!isBusy(e)) throw e
      if (Date.now() + delay > deadline) return err('busy', LOCKED_MESSAGE)
      await sleep(delay)
    }
  }
}

/** A worker answer: SQLite's lock error (after the worker's own busy wait) becomes the one accurate message. */
async function fromWorker<T>(job: Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await job
  } catch (e) {
    if (isBusy(e)) return err('busy', LOCKED_MESSAGE)
    throw e
  }
}

export interface WorkerHandlerDeps {
  worker: DbWorker
  file: string
  uploads: UploadService
  /** Where the export files wait for their download or save (transfer:export-json-file, -csv-file). */
  downloads: ExportDownloads
  now: () => Date
  deviceId: () => string
  /** After the worker wrote events: the main thread forgets what it cached of them. */
  afterImport: () => void
  /** A backup file of ours by name (BackupService.resolveName). */
  resolveBackup: (name: string) => string | null
  /** After the worker restored a backup into the data file: a new device id, caches forgotten. */
  afterRestore: () => void
}

type Stats = { [K in StatsMethod]: (...args: unknown[]) => Promise<Result<unknown>> }

/** Removes what an export killed half-way left in the exports folder (none is running at start). */
function sweepExports(file: string): void {
  const dir = exportDir(file)
  if (!existsSync(dir)) return
  for (const name of readdirSync(dir))
    if (/^export-[0-9a-f-]+\.json\.partial$/.test(name)) rmSync(join(dir, name), { force: true })
}

export function workerHandlers(d: WorkerHandlerDeps): SideHandlers<'worker'> {
  const { worker } = d
  sweepExports(d.file)
  const stats = new Proxy({} as Stats, {
    get:
      (_, method: StatsMethod) =>
      (...args: unknown[]) =>
        fromWorker(worker.call<Result<unknown>>({ op: 'stats', method, args })),
  })
  const club = (method: ClubMethod, ...args: unknown[]): Promise<Result<unknown>> =>
    fromWorker(worker.call<Result<unknown>>({ op: 'club', method, args }))
  const typed = <C extends Channel>(h: (input: Parameters<Handler<C>>[0]) => Promise<Result<unknown>>): Handler<C> =>
    h as Handler<C>
  return {
    ...exportFileHandlers(d),
    'stats:overview': typed<'stats:overview'>((input) => stats.overview(input)),
    'stats:player': typed<'stats:player'>(({ playerId, ...filter }) => stats.player(playerId, filter)),
    'stats:head-to-head': typed<'stats:head-to-head'>(({ a, b, ...filter }) => stats.headToHead(a, b, filter)),
    'stats:rating-history': typed<'stats:rating-history'>((input) =>
      stats.ratingHistory(input.gameId, input.playerIds),
    ),
    'stats:monthly': typed<'stats:monthly'>((input) => stats.monthly(input)),
    'stats:match-progress': typed<'stats:match-progress'>((input) => stats.matchProgress(input.matchId)),
    // Club reads (docs/ARCHITECTURE.md § Club data): a season's standings, the nights, ratings, from the running
    // totals the stats projector keeps (a season with rules from its matches).
    'seasons:standings': typed<'seasons:standings'>((input) => club('standings', input.id)),
    'nights:list': typed<'nights:list'>((input) => club('nights', input)),
    'ratings:explain': typed<'ratings:explain'>((input) => club('ratings', input.gameId)),
    // The club's records (src/core/services/records.ts), read from the projection tables.
    'records:get': typed<'records:get'>((input) => club('records', input.year ?? null)),
    'club:publish-page': (input) =>
      fromWorker(
        worker.call<Result<Output<'club:publish-page'>>>({
          op: 'club-page',
          folder: input.folder,
          title: input.title ?? null,
        }),
      ),
    'backup:now': () =>
      fromWorker(worker.call<Result<BackupFileInfo>>({ op: 'backup', kind: 'manual', now: d.now().toISOString() })),
    'transfer:export-csv': (input) =>
      fromWorker(
        worker.call<Result<Output<'transfer:export-csv'>>>({
          op: 'export-csv',
          table: input.table,
          now: d.now().toISOString(),
        }),
      ),
    // The worker streams the export into a private file; the contract hands its text to the caller.
    'transfer:export-json': async () => {
      const dir = exportDir(d.file)
      ensurePrivateDir(dir)
      const path = join(dir, `export-${randomUUID()}.json.partial`)
      try {
        const done = await worker.call<StreamedExport>({
          op: 'export-json',
          path,
          deviceId: d.deviceId(),
          now: d.now().toISOString(),
        })
        return ok({ fileName: done.fileName, content: await readFile(done.path, 'utf8') })
      } finally {
        await rm(path, { force: true })
      }
    },
    'backup:restore': async (input) => {
      if ((input.name === undefined) === (input.uploadId === undefined))
        return err('invalid-input', 'Invalid request for backup:restore: give either name or uploadId.', 'name')
      const restore = async (path: string): Promise<Result<Output<'backup:restore'>>> => {
        const r = await fromWorker(
          worker.call<Result<Output<'backup:restore'>>>({ op: 'restore', path, now: d.now().toISOString() }),
        )
        if (r.ok) d.afterRestore()
        return r
      }
      if (input.name !== undefined) {
        const path = d.resolveBackup(input.name)
        if (!path) return err('not-found', 'There is no backup with that name in the backups folder.', 'name')
        return restore(path)
      }
      const taken = d.uploads.take(input.uploadId as string, 'restore')
      if (!taken.ok) return taken
      try {
        return await restore(taken.value)
      } finally {
        d.uploads.cancel(input.uploadId as string)
      }
    },
    // BG Stats or CSV: the preview leaves the upload open (choices may change); a done import removes it.
    'import:external-preview': async (input) => {
      const taken = d.uploads.take(input.uploadId, 'external')
      if (!taken.ok) return taken
      return fromWorker(
        worker.call<Result<Output<'import:external-preview'>>>({
          op: 'external-preview',
          path: taken.value,
          choices: input.choices ?? {},
          now: d.now().toISOString(),
        }),
      )
    },
    'import:external-apply': async (input) => {
      const taken = d.uploads.take(input.uploadId, 'external')
      if (!taken.ok) return taken
      try {
        const r = await fromWorker(
          worker.call<Result<Output<'import:external-apply'>>>({
            op: 'external-apply',
            path: taken.value,
            choices: input.choices ?? {},
            now: d.now().toISOString(),
          }),
        )
        if (r.ok) d.uploads.cancel(input.uploadId)
        return r
      } finally {
        d.afterImport()
      }
    },
    'transfer:import': async (input) => {
      const taken = d.uploads.take(input.uploadId, 'import')
      if (!taken.ok) return taken
      try {
        return await fromWorker(
          worker.call<Result<ImportReport>>({ op: 'import', path: taken.value, now: d.now().toISOString() }),
        )
      } finally {
        d.uploads.cancel(input.uploadId)
        d.afterImport()
      }
    },
  }
}
