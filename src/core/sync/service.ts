/**
 * Club sync: several laptops share one club history through a hub, offline first.
 *
 * The local better-sqlite3 file stays the laptop's authority: every event is made and kept there,
 * and everything the app shows is its projection. The replica (src/core/sync/turso.ts) is only a
 * transport: a sync copies the local events the hub lacks into it, signed with the club key, pushes,
 * pulls, and merges the rows other laptops sent (checked first: club, signature, the same event
 * checks as a live call) exactly as an import does, moving the cursor in the same transaction.
 *
 * Cursors (in meta): `sync.pushed` is the last local events rowid the hub has confirmed;
 * `sync.pulled` the last hub row merged here. A replica that is lost or damaged is deleted and
 * fetched again (nothing local depends on it); a hub that was lost and seeded again has a new hub
 * id, and then both cursors start over (inserts are idempotent: an event is stored once by its id).
 *
 * The parts: this file keeps the schedule (the queue, the timers, the wait on the hub for news) and
 * what a failed exchange means; exchange.ts is one exchange with the hub, step by step; merge.ts
 * merges a batch; membership.ts creates, joins, leaves, removes a laptop and changes the code;
 * status.ts is what the status shows; clock.ts the hub's clock; keys.ts the device key; cursors.ts
 * the push cursor's floor. What they share is one SyncContext (context.ts).
 */
import { err, ok, type Result } from '../../shared/result'
import type { SyncStatus } from '../../shared/model/sync'
import { HubRefused, HubTooLarge, HubUnreachable } from './transport'
import { SyncMeta, type ClubConfig } from './meta'
import { isBusy, short } from './util'
import type { SyncOptions } from './options'
import { ReplicaSlot } from './replica-slot'
import { AntiEntropy } from './anti-entropy'
import { CodeChanges } from './code-changes'
import { HubClock } from './clock'
import { DeviceKeys } from './keys'
import { Closing, type SyncContext } from './context'
import { exchange } from './exchange'
import { changeCode, create, join, leave, removeDevice, type SyncLoop } from './membership'
import { removedHere, removedWords, snapshot } from './status'

export type { SyncMerger, SyncOptions } from './options'
export { CLOCK_WARN_MS } from './clock'

const MAX_BACKOFF_MS = 60_000
/** How long one wait on the hub for news lasts before it is asked again. */
const WATCH_MS = 25_000
/** A write here goes up this soon (several writes within it go up together). */
const SOON_MS = 20

export class SyncService {
  /** The options, the club's meta, the replica and the state the status shows, shared with the sync's parts. */
  private readonly c: SyncContext
  private queue: Promise<void> = Promise.resolve()
  private queued = false
  private timer: ReturnType<typeof setTimeout> | null = null
  private soonTimer: ReturnType<typeof setTimeout> | null = null
  private failures = 0
  private seenRowid = -1
  /** The wait on the hub for news under way (null: none). */
  private watcher: AbortController | null = null
  /** What membership (membership.ts) asks of the schedule. */
  private readonly loop: SyncLoop = {
    run: (force) => this.run(force),
    watch: () => this.watch(),
    soon: () => this.soon(),
    stopTimers: () => this.stopTimers(),
    idle: () => this.queue,
    inQueue: (job) => {
      const done = this.queue.then(job)
      this.queue = done.catch(() => {})
      return done
    },
    cycle: (force) => this.cycle(force),
  }

  constructor(private readonly o: SyncOptions) {
    const m = new SyncMeta(o.db)
    const slot = new ReplicaSlot(o)
    const keys = new DeviceKeys(o, m)
    const clock = new HubClock(o.clock)
    this.c = {
      o,
      m,
      slot,
      codes: new CodeChanges(o, m, slot, () => keys.get()),
      healer: new AntiEntropy(o, m),
      keys,
      clock,
      maxRowid: o.db.prepare<[], { n: number | null }>('SELECT max(rowid) AS n FROM events'),
      uncounted: o.db.prepare<[string, number], { n: number }>(
        'SELECT count(*) AS n FROM events WHERE device_id = ? AND device_seq > ?',
      ),
      state: m.config() ? 'offline' : 'off',
      error: null,
      hubNeedsSeed: false,
      progress: null,
      devices: [],
      closed: false,
      retrySoon: false,
      digestAt: -Infinity,
    }
    slot.onHubDate = (date) => clock.note(date)
  }

  /** Starts the periodic sync when this laptop is in a club. */
  start(): void {
    if (this.c.m.config()) {
      this.schedule(0)
      this.watch()
    }
  }

  /**
   * While in a club: waits on the hub for news and syncs as soon as another laptop's rows arrived
   * there (Ninekeeper's hub answers the wait at once then). A hub that cannot (a cloud database) is
   * asked every intervalMs as before; a failed wait is tried again after a pause.
   */
  private watch(): void {
    if (this.o.watch === false || this.watcher || this.c.closed || !this.c.m.config()) return
    const ac = (this.watcher = new AbortController())
    void (async () => {
      let mark: string | null = null
      let failures = 0
      while (!ac.signal.aborted && !this.c.closed) {
        const cfg = this.c.m.config()
        if (!cfg) break
        try {
          const next = await this.c.slot.watch(cfg, mark, WATCH_MS, ac.signal)
          if (next === null) break
          if (mark !== null && next !== mark) void this.run()
          mark = next
          failures = 0
        } catch {
          if (ac.signal.aborted || this.c.closed) break
          failures++
          await new Promise<void>((done) => {
            const t = setTimeout(done, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures, 6)))
            t.unref?.()
            ac.signal.addEventListener('abort', () => {
              clearTimeout(t)
              done()
            })
          })
        }
      }
      if (this.watcher === ac) this.watcher = null
    })()
  }

  private stopWatching(): void {
    this.watcher?.abort()
    this.watcher = null
  }

  /** After every IPC call: when it stored events (a write, an import), send them soon. */
  afterCall(): void {
    // Runs after every call, so it reads the club setting at most once a second (a commit at the
    // table should not pay a query for it); joining or leaving here resets that at once.
    if (this.c.closed || !this.c.m.recentConfig()) return
    const top = this.c.maxRowid.get()?.n ?? 0
    if (top === this.seenRowid) return
    this.seenRowid = top
    this.soon()
  }

  /** A write happened here: send it soon (several writes in a row go up together). */
  soon(): void {
    if (this.c.closed || !this.c.m.config() || this.soonTimer) return
    this.soonTimer = setTimeout(() => {
      this.soonTimer = null
      void this.run()
    }, SOON_MS)
    this.soonTimer.unref?.()
  }

  async status(): Promise<Result<SyncStatus>> {
    return ok(snapshot(this.c))
  }

  async now(): Promise<Result<SyncStatus>> {
    if (!this.c.m.config())
      return err('not-in-club', 'This laptop is not in a club. Create or join one in Settings → Club.')
    await this.run(true)
    return ok(snapshot(this.c))
  }

  create(input: { hubUrl: string; authToken?: string | undefined; name: string }): Promise<Result<SyncStatus>> {
    return create(this.c, this.loop, input)
  }

  join(input: { hubUrl: string; authToken?: string | undefined; code: string }): Promise<Result<SyncStatus>> {
    return join(this.c, this.loop, input)
  }

  leave(): Promise<Result<SyncStatus>> {
    return leave(this.c, this.loop)
  }

  /** Takes another laptop out of the club ("Remove this laptop"; membership.ts). */
  removeDevice(input: { deviceId: string }): Promise<Result<SyncStatus>> {
    return removeDevice(this.c, this.loop, input)
  }

  /** Changes the club's join code (docs/SYNC.md § Changing the join code; membership.ts). */
  changeCode(): Promise<Result<SyncStatus>> {
    return changeCode(this.c, this.loop)
  }

  /**
   * Kept for scripts (`club:reseed`): a lost hub is now seeded again by the first laptop that syncs
   * with it, so this is "Sync now".
   */
  async reseed(): Promise<Result<SyncStatus>> {
    if (!this.c.m.config()) return err('not-in-club', 'This laptop is not in a club.')
    await this.run(true)
    return ok(snapshot(this.c))
  }

  async close(): Promise<void> {
    this.c.closed = true
    this.stopTimers()
    await this.queue.catch(() => {})
    await this.c.slot.close()
  }

  // ——— the sync itself ———

  /** Runs one sync after the one under way (if any); concurrent requests share the queued one. */
  private run(force = false): Promise<void> {
    if (this.c.closed) return Promise.resolve()
    if (this.queued && !force) return this.queue
    this.queued = true
    this.queue = this.queue.then(async () => {
      this.queued = false
      if (this.c.closed || !this.c.m.config()) return
      await this.cycle(force)
      this.schedule()
    })
    return this.queue
  }

  private schedule(delay?: number): void {
    if (this.c.closed || !this.c.m.config()) return
    if (this.timer) clearTimeout(this.timer)
    const base = this.o.intervalMs ?? 2000
    const soon = this.c.retrySoon
    this.c.retrySoon = false
    const wait =
      delay ??
      (soon ? 1000 : undefined) ??
      (this.c.state === 'offline' || this.c.state === 'error'
        ? Math.min(MAX_BACKOFF_MS, base * 2 ** Math.min(this.failures, 6))
        : base)
    this.timer = setTimeout(() => {
      this.timer = null
      void this.run()
    }, wait)
    this.timer.unref?.()
  }

  private stopTimers(): void {
    this.stopWatching()
    if (this.timer) clearTimeout(this.timer)
    if (this.soonTimer) clearTimeout(this.soonTimer)
    this.timer = null
    this.soonTimer = null
  }

  private async cycle(force: boolean): Promise<void> {
    const cfg = this.c.m.config()
    if (!cfg) return
    this.c.state = 'syncing'
    try {
      await this.attempt(cfg, force)
    } finally {
      this.c.progress = null
    }
  }

  private async attempt(cfg: ClubConfig, force: boolean): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await exchange(this.c, cfg, force)
        this.failures = 0
        return
      } catch (e) {
        if (isBusy(e)) {
          // Another connection (the database worker's import, another program) holds the data file:
          // nothing was half-done (cursors move with their writes), so keep the replica and try again soon.
          this.c.state = 'syncing'
          this.c.error = 'Another program is writing to the data file; syncing goes on when it is done.'
          this.c.retrySoon = true
          return
        }
        await this.c.slot.close()
        if (e instanceof Closing || this.c.closed) return
        if (e instanceof HubRefused) {
          this.failures++
          this.c.state = 'error'
          // A laptop taken out says so first; refused with the notice of a change, or refused the member
          // token it gave: the change did not keep this laptop.
          const gone = removedHere(this.c)
          this.c.error = gone
            ? removedWords(this.c, gone)
            : e.changed || this.c.m.config()?.memberToken
              ? 'The club’s join code was changed on another laptop, and this laptop was not among the laptops that change kept (it had not synced with the club yet, or was taken out). Nothing was sent. To come back: leave the club, then join with the new code from a laptop in the club.'
              : 'The hub refuses this laptop: it knows another club code (it holds another club, or was seeded by someone else). Nothing was sent. Check the hub address.'
          return
        }
        if (e instanceof HubTooLarge) {
          this.failures++
          this.c.state = 'error'
          this.c.error = `The hub sent more than this laptop takes in one answer: ${short(e.message)}. Nothing was taken; check the hub.`
          this.c.slot.discard()
          return
        }
        if (e instanceof HubUnreachable) {
          this.failures++
          this.c.state = 'offline'
          this.c.error = `The hub at ${cfg.hubUrl} does not answer. Everything keeps working here; what was played goes up when it answers.`
          return
        }
        // Anything else is the replica's files (or the engine) misbehaving: the replica is only a
        // copy, so start it again from the hub once; the local events are untouched.
        this.o.log('club sync failed; starting the replica again', e)
        this.c.slot.discard()
        if (attempt >= 1) {
          this.failures++
          this.c.state = 'error'
          this.c.error = `Syncing failed: ${short((e as Error).message)}. Nothing here was lost; Ninekeeper tries again.`
          return
        }
      }
    }
  }
}
