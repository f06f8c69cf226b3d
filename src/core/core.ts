/**
 * Everything behind the IPC contract, shared by the Electron main process and the web bridge:
 * the opened database, the services, the handlers and the dispatcher.
 */
import type { Database } from 'better-sqlite3'
import { join } from 'node:path'
import { PRODUCT_NAME } from '../shared/branding'
import type { AppInfo } from '../shared/model/app'
import { createHandlers, withoutShell } from './handlers'
import { createDispatcher, routeHandlers, type Dispatch, type Handlers, type SideHandlers } from './ipc/dispatch'
import { DB_FILE_NAME, openDatabase, type OpenOptions, type OpenedDatabase } from './db/open'
import { userVersion } from './db/migrate'
import { systemClock, type Clock } from './ids'
import { PlayerService } from './services/players'
import { MatchService } from './services/matches'
import { Device } from './services/device'
import { Projector } from './services/projector'
import { EventStore } from './db/repos/events'
import { StatsProjector } from './services/stats'
import { BackupService, DAY_MS } from './services/backup'
import { TransferService } from './services/transfer'
import { UploadService } from './services/uploads'
import { SyncService } from './sync/service'
import { ClubService } from './services/club'
import { hostname } from 'node:os'
import { DbWorker } from './worker/client'
import { exportDir } from './worker/ops'
import { ExportDownloads } from './services/export-downloads'
import { DEFAULT_LOCK_WAIT_MS, MAIN_WRITE_CHANNELS, withLockWait, workerHandlers } from './worker/handlers'
import type { ChannelOn } from '../shared/ipc/channels'
import type { Input, Output } from '../shared/ipc/contract'
import type { Result } from '../shared/result'
import type { TablesControl } from '../shared/ipc/tables'
import { ChangeFeed } from './changes'
import { BoardService } from './services/board'
import { HubHosting } from './hub/hosting'

/**
 * The desktop shell's answers to its channels (`runs: 'edge'`): the Electron main process supplies them,
 * and each gets the IPC event the call came with.
 */
export type ShellHandlers<Caller> = {
  [C in ChannelOn<'edge'>]: (input: Input<C>, caller: Caller) => Promise<Result<Output<C>>>
}

export interface CoreOptions<Caller = unknown> extends OpenOptions {
  dataDir: string
  mode: AppInfo['mode']
  version: string
  clock?: Clock
  log?: (message: string, error?: unknown) => void
  /** Daily automatic backups while the app runs (default true; tests turn it off). */
  autoBackup?: boolean
  /** Club sync timing (tests shorten it). */
  sync?: { intervalMs?: number; timeoutMs?: number; label?: string; watch?: boolean }
  /** How long a write waits for a lock another program holds on the data file (default 5000 ms). */
  lockWaitMs?: number
  /**
   * The table units (phones at the tables, src/web/tables/): made over this core's parts. Without it
   * the tables:* channels answer not-supported.
   */
  tables?: (parts: TablesParts) => TablesControl
  /** The desktop shell's handlers; without them (the web bridge, tests) its channels answer not-supported. */
  shell?: ShellHandlers<Caller>
  /** Hosting the club's hub (docs/SYNC.md § Hosting the hub from the app): the packaged app's resources folder, where tursodb is. */
  hub?: { resourcesPath?: string | undefined }
}

/** What the table units are made over: the data file, the match service and how a main-thread write waits. */
export interface TablesParts {
  db: Database
  matches: MatchService
  now: () => Date
  writesSettled: () => Promise<void>
  lockWaitMs: number
  afterWrite: () => void
}

export interface Core<Caller = unknown> {
  db: Database
  opened: OpenedDatabase
  /** Every channel's handler, taken from the side its route names (src/shared/ipc/channels.ts). */
  handlers: Handlers<Caller>
  dispatch: Dispatch<Caller>
  backups: BackupService
  /** Club sync (docs/SYNC.md): idle unless this laptop is in a club. */
  sync: SyncService
  /** The database worker: long reads and writes run there, off the main thread (docs/ARCHITECTURE.md § Threads). */
  worker: DbWorker
  /** Exports waiting as files for their download (web bridge) or save (desktop app). */
  downloads: ExportDownloads
  /** The match service the handlers use (the table units' listener calls its public operations, docs/ARCHITECTURE.md § Table units). */
  matches: MatchService
  /** How long a main-thread write waits for a lock held elsewhere. */
  lockWaitMs: number
  /** The table units, when made with them (CoreOptions.tables). */
  tables: TablesControl | null
  /** The club's hub hosted on this laptop (hub:host-*), back by itself when it was hosted at the last close. */
  hosting: HubHosting
  /**
   * A note each time the event log grew: a call here, a phone's entry, a sync's merge (docs/ARCHITECTURE.md
   * § Change events). The web bridge streams it (GET /events), the desktop app sends it to its window.
   */
  changes: ChangeFeed
  close(): void
}

export function createCore<Caller = unknown>(options: CoreOptions<Caller>): Core<Caller> {
  const file = join(options.dataDir, DB_FILE_NAME)
  const opened = openDatabase(file, options)
  const { db } = opened
  const clock = options.clock ?? systemClock
  const sqliteVersion = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v
  // Without an error the line is the message alone (not “… new device id undefined”).
  const log = options.log ?? ((m: string, e?: unknown) => (e === undefined ? console.error(m) : console.error(m, e)))
  const device = new Device(db, clock)
  // A data file copied from another computer (or put back by hand) must not continue that computer's numbering.
  if (device.bindTo(file)) log(`this data file was copied or moved: new events get a new device id, ${device.id()}`)
  const events = new EventStore(db, device)
  const statsProjector = new StatsProjector(db)
  const projector = new Projector(db, events, statsProjector)
  const matches = new MatchService(db, clock, events, projector)
  projector.rebuildIfMarked()
  const changes = new ChangeFeed(db, clock, log)
  const transfer = new TransferService(db, { events, device, projector, stats: statsProjector }, clock)
  const afterRestore = (): void => {
    // The restored file's device id is this computer's old one; events made after the backup may
    // already be elsewhere under those numbers, so new events start a new device id.
    const renewed = device.renew('restored from a backup')
    device.bindTo(file)
    log(`restored from a backup: new events get a new device id, ${renewed}`)
    projector.rebuildIfMarked()
  }
  const backups = new BackupService(db, file, clock, afterRestore)
  const sync = new SyncService({
    db,
    dataDir: options.dataDir,
    events,
    device,
    // A sync's merge is a change the screens hear of, as a call here is (the board shows another laptop's entry).
    merger: {
      mergeSynced: (list, within) => {
        const r = transfer.mergeSynced(list, within)
        changes.check('sync')
        return r
      },
      removeDevice: (deviceId, label) => transfer.removeDevice(deviceId, label),
    },
    clock,
    transport: async () => (await import('./sync/turso')).tursoTransport,
    label: options.sync?.label ?? hostname(),
    log,
    ...(options.sync?.intervalMs !== undefined ? { intervalMs: options.sync.intervalMs } : {}),
    ...(options.sync?.timeoutMs !== undefined ? { timeoutMs: options.sync.timeoutMs } : {}),
    ...(options.sync?.watch !== undefined ? { watch: options.sync.watch } : {}),
  })
  const lockWaitMs = options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS
  // The main connection never busy-waits: a lock held elsewhere is waited for on a timer (withLockWait),
  // and the database worker's connection does its own waiting off this thread.
  db.pragma('busy_timeout = 0')
  const worker = new DbWorker({
    file,
    busyTimeoutMs: lockWaitMs,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  })
  const uploads = new UploadService(options.dataDir, clock)
  const tables =
    options.tables?.({
      db,
      matches,
      now: clock,
      writesSettled: () => worker.writesSettled(),
      lockWaitMs,
      afterWrite: () => {
        sync.afterCall()
        changes.check('table')
      },
    }) ?? null
  const hosting = new HubHosting({ db, dataDir: options.dataDir, resourcesPath: options.hub?.resourcesPath, log })
  const onMain = createHandlers({
    players: new PlayerService(db, clock, events, projector),
    matches,
    backups,
    sync,
    uploads,
    tables,
    hosting,
    club: new ClubService(db, events),
    board: new BoardService({
      db,
      matches,
      now: clock,
      deviceId: () => device.id(),
      laptops: async () => {
        const s = await sync.status()
        return new Map(s.ok ? s.value.devices.map((d) => [d.deviceId, d.label]) : [])
      },
      phones: () =>
        new Map((tables?.status().units ?? []).filter((u) => u.revokedAt === null).map((u) => [u.matchId, u.label])),
    }),
    appInfo: () => ({
      name: PRODUCT_NAME,
      version: options.version,
      mode: options.mode,
      dataDir: options.dataDir,
      dataFile: file,
      schemaVersion: userVersion(db),
      sqliteVersion,
    }),
  })
  const downloads = new ExportDownloads(exportDir(file))
  const inWorker = workerHandlers({
    worker,
    file,
    uploads,
    downloads,
    now: clock,
    deviceId: () => device.id(),
    afterImport: () => {
      device.forget()
    },
    resolveBackup: (name) => backups.resolveName(name),
    afterRestore,
  })
  // The main thread's handlers wait for a lock held elsewhere; its writes also wait for the worker's writes.
  const main = {} as Record<string, unknown>
  for (const [channel, own] of Object.entries(onMain) as [ChannelOn<'main'>, (input: never) => unknown][]) {
    const write = MAIN_WRITE_CHANNELS.has(channel)
    main[channel] = async (input: never) => {
      if (write) await worker.writesSettled()
      return withLockWait(() => own(input), lockWaitMs)
    }
  }
  // The shell answers its channels only for a call it made (the IPC event); any other caller gets the plain refusal.
  const shell = options.shell
  const edge = {} as Record<string, unknown>
  for (const [channel, refuse] of Object.entries(withoutShell) as [ChannelOn<'edge'>, (input: never) => unknown][]) {
    const own = shell?.[channel] as ((input: never, caller: Caller) => unknown) | undefined
    edge[channel] = (input: never, caller?: Caller) =>
      own && caller !== undefined ? own(input, caller) : refuse(input)
  }
  const handlers = routeHandlers<Caller>({
    main: main as SideHandlers<'main'>,
    worker: inWorker,
    edge: edge as SideHandlers<'edge', Caller>,
  })
  const inner = createDispatcher(handlers, (e, channel) => log(`handler for ${channel} failed`, e))
  // After every call: if it stored events (a write here, an import), club sync sends them soon.
  const dispatch: Dispatch<Caller> = async (channel, input, caller) => {
    const r = await inner(channel, input, caller)
    sync.afterCall()
    changes.check('call')
    return r
  }
  sync.start()
  let timer: ReturnType<typeof setInterval> | null = null
  let first: ReturnType<typeof setTimeout> | null = null
  if (options.autoBackup !== false) {
    const daily = (): void => {
      if (!backups.dailyDue()) return
      worker
        .call<{ ok: boolean; error?: { message: string } }>({ op: 'backup', kind: 'daily', now: clock().toISOString() })
        .then((r) => (r.ok ? undefined : log(`daily backup failed: ${r.error?.message ?? ''}`)))
        .catch((e: unknown) => log('daily backup failed', e))
    }
    // After start-up work, then hourly: a backup is made once the last one is a day old.
    first = setTimeout(daily, 30_000)
    first.unref()
    timer = setInterval(daily, Math.min(DAY_MS, 60 * 60 * 1000))
    timer.unref()
  }
  return {
    db,
    opened,
    handlers,
    dispatch,
    backups,
    worker,
    downloads,
    sync,
    matches,
    lockWaitMs,
    tables,
    hosting,
    changes,
    close: () => {
      void tables?.shutdown()
      // tursodb is signalled before this returns; the hub stays wanted, so the next start brings it back.
      void hosting.shutdown()
      downloads.close()
      void sync.close()
      // Never throws (it runs at shutdown): a checkpoint that fails only leaves the -wal for the next open.
      if (timer) clearInterval(timer)
      if (first) clearTimeout(first)
      worker.close()
      if (!db.open) return
      try {
        db.pragma('wal_checkpoint(TRUNCATE)')
      } catch (e) {
        log('checkpoint at close failed', e)
      }
      try {
        db.close()
      } catch (e) {
        log('closing the data file failed', e)
      }
    },
  }
}
