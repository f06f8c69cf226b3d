/**
 * Hosting the club's hub from the app (docs/SYNC.md § Hosting the hub from the app): the same hub as
 * `npm run hub` (hub.ts: tursodb on loopback behind the front door), its folder `hub/` inside the app's
 * data folder, started and stopped by hub:host-start and hub:host-stop. What was asked is kept in the
 * data file's meta table, so the hub comes back by itself when the app starts again (a port now taken
 * is a status, not a crash); the app's close stops it and keeps it wanted. A hub whose database stops
 * on its own is started again once, on the same port; a second stop leaves it failed, with the reason.
 */
import type { Database } from 'better-sqlite3'
import { join } from 'node:path'
import type { HostStatus } from '../../shared/model/hosting'
import { err, ok, type Result } from '../../shared/result'
import { lanAddresses, startHub, type Hub } from './hub'
import { hubBinary } from './locate'

export const DEFAULT_HUB_PORT = 8800
/** The meta row that keeps what the organiser asked for: {"port":8800,"lan":true}, absent when not hosting. */
export const HOSTING_META_KEY = 'hub_hosting'
/** The folder under the app's data folder that holds the hub's files. */
export const HUB_FOLDER = 'hub'

interface Wanted {
  port: number
  lan: boolean
}

export interface HostingOptions {
  db: Database
  dataDir: string
  /** The packaged app's resources folder, where the installer put tursodb (the Electron edge passes it). */
  resourcesPath?: string | undefined
  log: (message: string, error?: unknown) => void
  /** How long a stop waits for tursodb after SIGTERM before SIGKILL (default 3000 ms). */
  graceMs?: number
}

function readWanted(db: Database): Wanted | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(HOSTING_META_KEY) as { value: string } | undefined
  if (!row) return null
  try {
    const w = JSON.parse(row.value) as Partial<Wanted>
    if (Number.isInteger(w.port) && (w.port as number) >= 1 && (w.port as number) <= 65535)
      return { port: w.port as number, lan: w.lan === true }
  } catch {
    // A row that does not parse is treated as no row (nothing to bring back).
  }
  return null
}

/** Why starting on `port` failed, in the organiser's words. */
function explain(e: unknown, port: number): { code: string; message: string } {
  const code = (e as { code?: unknown } | null)?.code
  if (code === 'EADDRINUSE')
    return {
      code: 'port-in-use',
      message: `Port ${port} is taken by another program on this laptop. Pick another port, or close that program.`,
    }
  if (code === 'EACCES')
    return { code: 'port-in-use', message: `Port ${port} needs administrator rights here. Pick a port above 1023.` }
  return {
    code: 'hub-failed',
    message: `The club's hub could not start: ${e instanceof Error ? e.message : String(e)}`,
  }
}

export class HubHosting {
  private hub: Hub | null = null
  private state: HostStatus['state'] = 'off'
  private wanted: Wanted | null
  private error: string | null = null
  private restarts = 0
  private closed = false
  private turn: Promise<unknown> = Promise.resolve()
  private readonly listeners = new Set<(status: HostStatus) => void>()
  readonly folder: string
  /** Settles once a hub wanted at start is up again (or could not be). */
  readonly restored: Promise<void>

  constructor(private readonly options: HostingOptions) {
    this.folder = join(options.dataDir, HUB_FOLDER)
    this.wanted = readWanted(options.db)
    const again = this.wanted
    this.restored = again ? this.queue(() => this.bringUp(again)).then(() => undefined) : Promise.resolve()
  }

  /** The hub running now (its tursodb's pid, its files), or null. */
  get running(): Hub | null {
    return this.hub
  }

  /** Calls `fn` with the status after each change (a start, a stop, a crash); returns the unsubscribe. */
  onChange(fn: (status: HostStatus) => void): () => void {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  private changed(): void {
    const s = this.status()
    for (const fn of this.listeners) fn(s)
  }

  status(): HostStatus {
    const running = this.state === 'running' && this.hub !== null
    const port = this.hub?.port ?? this.wanted?.port ?? null
    return {
      state: this.state,
      port,
      lan: this.wanted?.lan ?? false,
      localUrl: running && port !== null ? `http://127.0.0.1:${port}` : null,
      addresses: running && port !== null && this.wanted?.lan ? lanAddresses(port) : [],
      folder: this.folder,
      error: this.error,
      restarts: this.restarts,
      defaultPort: DEFAULT_HUB_PORT,
    }
  }

  /** Starts hosting on `port` (default 8800), for this computer only or, with `lan`, the club's network. */
  start(input: { port?: number | undefined; lan?: boolean | undefined }): Promise<Result<HostStatus>> {
    const want: Wanted = { port: input.port ?? this.wanted?.port ?? DEFAULT_HUB_PORT, lan: input.lan ?? false }
    return this.queue(async () => {
      if (this.closed) return err('not-supported', 'The app is closing.')
      if (this.hub && this.state === 'running') {
        if (this.wanted?.port === want.port && this.wanted.lan === want.lan) return ok(this.status())
        return err(
          'busy',
          `The hub is already running on port ${this.hub.port}: stop it first to change how it is hosted.`,
        )
      }
      this.restarts = 0
      const failure = await this.bringUp(want)
      if (failure) {
        // A start by hand that fails changes nothing: what was wanted before (if anything) stays.
        this.wanted = readWanted(this.options.db)
        if (!this.wanted) {
          this.state = 'off'
          this.error = null
          this.changed()
        }
        return err(failure.code, failure.message, failure.code === 'port-in-use' ? 'port' : undefined)
      }
      this.remember(want)
      return ok(this.status())
    })
  }

  /** Stops hosting (the laptops then find the hub unreachable) and forgets it: the next app start does not host. */
  stop(): Promise<Result<HostStatus>> {
    return this.queue(async () => {
      await this.halt()
      this.remember(null)
      this.state = 'off'
      this.error = null
      this.restarts = 0
      this.changed()
      return ok(this.status())
    })
  }

  /** The app is closing: the hub stops (tursodb is signalled at once) and stays wanted for the next start. */
  shutdown(): Promise<void> {
    this.closed = true
    // Not queued behind a start under way: the signal must go out before the process exits.
    const stopping = this.hub?.stop() ?? Promise.resolve()
    this.hub = null
    return Promise.all([stopping, this.turn.catch(() => {})]).then(async () => {
      // A start that was under way finished meanwhile: stop what it started.
      await this.halt()
    })
  }

  private queue<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.turn.then(fn, fn)
    this.turn = next.catch(() => {})
    return next
  }

  private remember(want: Wanted | null): void {
    const { db } = this.options
    db.transaction(() => {
      if (want)
        db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(HOSTING_META_KEY, JSON.stringify(want))
      else db.prepare('DELETE FROM meta WHERE key = ?').run(HOSTING_META_KEY)
    })()
    this.wanted = want
  }

  private async halt(): Promise<void> {
    const hub = this.hub
    this.hub = null
    if (hub) await hub.stop()
  }

  /** Starts the hub as `want` says; the failure's code and words, or null once it runs. */
  private async bringUp(want: Wanted): Promise<{ code: string; message: string } | null> {
    this.state = 'starting'
    this.error = null
    this.wanted = want
    this.changed()
    let hub: Hub
    try {
      hub = await startHub({
        port: want.port,
        host: want.lan ? '0.0.0.0' : '127.0.0.1',
        dataDir: this.folder,
        binary: hubBinary({ resourcesPath: this.options.resourcesPath }),
        ...(this.options.graceMs !== undefined ? { graceMs: this.options.graceMs } : {}),
      })
    } catch (e) {
      const failure = explain(e, want.port)
      this.state = 'failed'
      this.error = failure.message
      this.options.log(`hosting the club's hub on port ${want.port} failed: ${failure.message}`)
      this.changed()
      return failure
    }
    if (this.closed) {
      await hub.stop()
      return { code: 'not-supported', message: 'The app is closing.' }
    }
    this.hub = hub
    this.state = 'running'
    void hub.exited.then((how) => this.stoppedAlone(hub, how))
    this.changed()
    return null
  }

  /** tursodb ended and nobody asked: start it again once, then report. */
  private stoppedAlone(hub: Hub, how: { code: number | null; signal: NodeJS.Signals | null }): void {
    if (this.hub !== hub || this.closed) return
    this.hub = null
    const why = `The hub's database stopped on its own (${how.signal ?? `exit ${how.code}`})`
    this.options.log(why)
    const want = this.wanted
    if (!want) return
    if (this.restarts >= 1) {
      this.state = 'failed'
      this.error = `${why}, again after it was started once more. Press Start to try again.`
      this.changed()
      return
    }
    this.restarts++
    this.state = 'starting'
    this.error = why
    this.changed()
    void this.queue(async () => {
      if (this.closed || this.hub || this.wanted !== want) return
      const failure = await this.bringUp(want)
      if (failure) {
        this.error = `${why}; starting it again failed: ${failure.message}`
        this.changed()
      }
    })
  }
}
