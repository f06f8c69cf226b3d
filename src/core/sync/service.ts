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
 */
import type { Statement } from 'better-sqlite3'
import type { DomainEvent } from '../../shared/events/types'
import type { EventRow } from '../db/repos/events'
import type { RefusedEvent, SyncState, SyncStatus } from '../../shared/model/sync'
import { err, ok, type Result } from '../../shared/result'
import { decodeClubCode, encodeClubCode, newClubSecret, type ClubSecret } from './club-code'
import {
  deviceSignature,
  isKeyedDevice,
  loadDeviceKey,
  newDeviceKey,
  toWire,
  type DeviceKey,
  type WireEvent,
} from './sign'
import {
  HubRefused,
  HubTooLarge,
  HubUnreachable,
  ReplicaStale,
  type HubInfo,
  type Replica,
  HUB_FORMAT,
} from './transport'
import { SyncMeta, type ClubConfig } from './meta'
import { checkUrl, isBusy, short } from './util'
import { formatSpan } from '../../shared/util'
import type { SyncOptions } from './options'
import { ReplicaSlot } from './replica-slot'
import { checkIncoming } from './incoming'
import { AntiEntropy } from './anti-entropy'
import { cleanHubText } from './hub-text'
import type { Removal } from '../../shared/events/device'
import { validatePlayerName } from '../../shared/model/player'
import { loadRemovals, removalOf } from '../services/removals'
import { CodeChanges } from './code-changes'

export type { SyncMerger, SyncOptions } from './options'

/** The app is closing: an exchange under way stops at its next step (the cursors make it safe to stop anywhere). */
class Closing extends Error {}

const TOUCH_EVERY_MS = 30_000
const PUSH_BATCH = 2000
/** Events merged per transaction: small enough that the app answers between batches, large enough to be quick. */
const PULL_BATCH = 1000
const MAX_BACKOFF_MS = 60_000
/** How far this laptop's clock may be from the hub's before Settings → Club and the sidebar say so. */
export const CLOCK_WARN_MS = 60_000
/** Anti-entropy compares signatures row by row (not only counts) at most this often, and on Sync now. */
const DIGEST_EVERY_MS = 5 * 60_000
/** How long one wait on the hub for news lasts before it is asked again. */
const WATCH_MS = 25_000
/** A write here goes up this soon (several writes within it go up together). */
const SOON_MS = 20

export class SyncService {
  /** The replica: its folder, the copy open now, when this laptop last told the hub it was here. */
  private readonly slot: ReplicaSlot
  private state: SyncState = 'off'
  private error: string | null = null
  private hubNeedsSeed = false
  private progress: { done: number; total: number } | null = null
  private devices: { deviceId: string; label: string; lastSeen: string }[] = []
  private queue: Promise<void> = Promise.resolve()
  private queued = false
  private timer: ReturnType<typeof setTimeout> | null = null
  private soonTimer: ReturnType<typeof setTimeout> | null = null
  private failures = 0
  private retrySoon = false
  private closed = false
  /** The club setting and the sync cursors and counters, kept in the meta table. */
  private readonly m: SyncMeta
  private readonly maxRowid: Statement<[], { n: number | null }>
  private readonly uncounted: Statement<[string, number], { n: number }>
  private seenRowid = -1
  /** The hub's clock minus this laptop's, from the `Date` of the hub's last answer (null: not known yet). */
  private clockOffsetMs: number | null = null
  private clockCheckedAt: string | null = null
  /** Compares what the hub holds with what this laptop holds, per device, and mends the difference. */
  private readonly healer: AntiEntropy
  private digestAt = -Infinity
  /** The wait on the hub for news under way (null: none). */
  private watcher: AbortController | null = null
  private cachedKey: DeviceKey | null = null
  /** Changes of the club's join code: made here, finished after a crash, caught up with, joined with. */
  private readonly codes: CodeChanges

  constructor(private readonly o: SyncOptions) {
    this.m = new SyncMeta(o.db)
    this.slot = new ReplicaSlot(o)
    this.codes = new CodeChanges(o, this.m, this.slot, () => this.deviceKey())
    this.slot.onHubDate = (date) => this.noteHubDate(date)
    this.healer = new AntiEntropy(o, this.m)
    this.maxRowid = o.db.prepare<[], { n: number | null }>('SELECT max(rowid) AS n FROM events')
    this.uncounted = o.db.prepare<[string, number], { n: number }>(
      'SELECT count(*) AS n FROM events WHERE device_id = ? AND device_seq > ?',
    )
    if (this.m.config()) this.state = 'offline'
  }

  /** Starts the periodic sync when this laptop is in a club. */
  start(): void {
    if (this.m.config()) {
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
    if (this.o.watch === false || this.watcher || this.closed || !this.m.config()) return
    const ac = (this.watcher = new AbortController())
    void (async () => {
      let mark: string | null = null
      let failures = 0
      while (!ac.signal.aborted && !this.closed) {
        const cfg = this.m.config()
        if (!cfg) break
        try {
          const next = await this.slot.watch(cfg, mark, WATCH_MS, ac.signal)
          if (next === null) break
          if (mark !== null && next !== mark) void this.run()
          mark = next
          failures = 0
        } catch {
          if (ac.signal.aborted || this.closed) break
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
    if (this.closed || !this.m.recentConfig()) return
    const top = this.maxRowid.get()?.n ?? 0
    if (top === this.seenRowid) return
    this.seenRowid = top
    this.soon()
  }

  /** A write happened here: send it soon (several writes in a row go up together). */
  soon(): void {
    if (this.closed || !this.m.config() || this.soonTimer) return
    this.soonTimer = setTimeout(() => {
      this.soonTimer = null
      void this.run()
    }, SOON_MS)
    this.soonTimer.unref?.()
  }

  async status(): Promise<Result<SyncStatus>> {
    return ok(this.snapshot())
  }

  async now(): Promise<Result<SyncStatus>> {
    if (!this.m.config())
      return err('not-in-club', 'This laptop is not in a club. Create or join one in Settings → Club.')
    await this.run(true)
    return ok(this.snapshot())
  }

  async create(input: { hubUrl: string; authToken?: string | undefined; name: string }): Promise<Result<SyncStatus>> {
    if (this.m.config())
      return err('already-in-club', 'This laptop is already in a club. Leave it first (Settings → Club).')
    const url = checkUrl(input.hubUrl)
    if (!url.ok) return url
    const secret = newClubSecret()
    const cfg: ClubConfig = {
      clubId: secret.clubId,
      key: secret.key.toString('base64url'),
      hubUrl: url.value,
      name: input.name.trim() || 'Our club',
      joinedAt: this.o.clock().toISOString(),
      ...(input.authToken ? { authToken: input.authToken } : {}),
    }
    const seeded = await this.slot.seed(cfg, 'create')
    if (!seeded.ok) return seeded
    this.startFloor(cfg.clubId)
    this.m.save(cfg)
    await this.run(true)
    this.watch()
    return ok(this.snapshot())
  }

  async join(input: { hubUrl: string; authToken?: string | undefined; code: string }): Promise<Result<SyncStatus>> {
    if (this.m.config())
      return err('already-in-club', 'This laptop is already in a club. Leave it first (Settings → Club).')
    const url = checkUrl(input.hubUrl)
    if (!url.ok) return url
    const secret = decodeClubCode(input.code)
    if (!secret.ok) return secret
    const cfg: ClubConfig = {
      clubId: secret.value.clubId,
      key: secret.value.key.toString('base64url'),
      hubUrl: url.value,
      name: '',
      joinedAt: this.o.clock().toISOString(),
      ...(input.authToken ? { authToken: input.authToken } : {}),
    }
    // When the hub answers, it must hold this club; when it does not, the laptop joins offline and syncs later.
    let replica: Replica | null = null
    try {
      // Asked of the hub itself first: nothing is opened, sent or taken on a hub of another club.
      const info = await this.slot.probe(cfg)
      if (info && info.clubId !== cfg.clubId) {
        this.slot.discard()
        return err(
          'wrong-club',
          'That hub holds another club’s history: check the hub address, or ask for that club’s code.',
          'code',
        )
      }
      if (info) cfg.name = cleanHubText(info.name, 80)
      if (info) replica = await this.slot.open(cfg, true)
    } catch (e) {
      if (e instanceof HubRefused && e.changed) {
        this.slot.discard()
        return err(
          'code-changed',
          'That club code was changed: it no longer lets a laptop in. Ask a laptop in the club for the new code (Settings → Club).',
          'code',
        )
      }
      if (e instanceof HubRefused) {
        this.slot.discard()
        // Ninekeeper's hub lets in only the laptops that hold the code of the club it holds.
        return err(
          'wrong-club',
          'That hub holds another club’s history (it refuses this club code): check the hub address, or ask for that club’s code.',
          'code',
        )
      }
      if (!(e instanceof HubUnreachable)) this.o.log('club join: first contact failed', e)
    }
    // The replica opened for the first contact is the one the first sync uses.
    if (replica) this.slot.current = replica
    this.startFloor(cfg.clubId)
    this.m.save(cfg)
    await this.run(true)
    this.watch()
    return ok(this.snapshot())
  }

  async leave(): Promise<Result<SyncStatus>> {
    if (!this.m.config()) return err('not-in-club', 'This laptop is not in a club.')
    await this.queue
    this.stopTimers()
    await this.slot.close()
    this.slot.discard()
    const left = { clubId: this.m.config()?.clubId ?? '', rowid: this.maxRowid.get()?.n ?? 0 }
    this.o.db
      .transaction(() => {
        for (const k of [
          'club',
          'sync.floor',
          'sync.pushed',
          'sync.pulled',
          'sync.hub',
          'sync.received',
          'sync.last',
          'sync.refused',
          'sync.refused_total',
          'sync.refused_seen',
          'sync.code_pending',
          'sync.code_checked',
          'sync.announced',
        ])
          this.m.del(k)
        // What this laptop held when it left belongs to that club: joining another club later sends only what came after.
        this.m.set('sync.left', JSON.stringify(left))
        this.m.forget()
      })
      .immediate()
    this.state = 'off'
    this.error = null
    this.hubNeedsSeed = false
    this.devices = []
    this.progress = null
    return ok(this.snapshot())
  }

  /**
   * Takes another laptop out of the club ("Remove this laptop"): a `device.removed` event that every
   * laptop applies alike, so that laptop's events after the last one this laptop holds are counted
   * nowhere (src/shared/events/device.ts). It cannot be undone, and the removed laptop stays out
   * under its device id (it may come back only as a new laptop: a fresh data folder that joins).
   */
  async removeDevice(input: { deviceId: string }): Promise<Result<SyncStatus>> {
    if (!this.m.config()) return err('not-in-club', 'This laptop is not in a club.')
    const me = this.o.device.id()
    if (input.deviceId === me)
      return err(
        'invalid-input',
        'That is this laptop: to take it out of the club, leave the club instead.',
        'deviceId',
      )
    const listed = this.devices.find((d) => d.deviceId === input.deviceId)
    const known =
      listed ??
      (this.o.db.prepare('SELECT 1 AS one FROM events WHERE device_id = ? LIMIT 1').get(input.deviceId)
        ? { label: 'A laptop' }
        : undefined)
    if (!known)
      return err(
        'not-found',
        'No laptop with that id has synced with this club, so there is nothing to remove.',
        'deviceId',
      )
    if (loadRemovals(this.o.db).has(input.deviceId))
      return err('already-removed', 'That laptop was already taken out of the club.', 'deviceId')
    await this.queue
    const named = validatePlayerName(cleanHubText(known.label, 60))
    const removed = this.o.merger.removeDevice(input.deviceId, named.ok ? named.value : 'A laptop')
    if (!removed.ok) return removed
    this.soon()
    return ok(this.snapshot())
  }

  /** This laptop's own removal from the club, when the club took it out (read from the log). */
  private removedHere(): Removal | null {
    return removalOf(this.o.db, this.o.device.id())
  }

  private removedWords(r: Removal): string {
    const by = this.devices.find((d) => d.deviceId === r.by)?.label ?? 'another laptop'
    return `This laptop was taken out of the club by ${cleanHubText(by, 60) || 'another laptop'} (${r.hlc ? new Date(Number(r.hlc.slice(0, 15))).toISOString().slice(0, 16).replace('T', ' ') : ''} UTC). The club counts what it played up to then; what it played since stays on this laptop only. Leave the club to go on alone.`
  }

  /**
   * Changes the club's join code (docs/SYNC.md § Changing the join code): the old code lets nobody
   * in any more, the laptops in the club keep working (each takes the new code at its next sync),
   * laptops taken out stay out. Needs Ninekeeper's hub, reachable now: it is told first.
   */
  async changeCode(): Promise<Result<SyncStatus>> {
    const cfg = this.m.config()
    if (!cfg) return err('not-in-club', 'This laptop is not in a club. Create or join one in Settings → Club.')
    if (cfg.authToken)
      return err(
        'cloud-hub',
        'This club syncs through a Turso Cloud database, whose own token decides who gets in: make a new token in Turso and give it to the club’s laptops. The join code cannot be changed here.',
      )
    const gone = this.removedHere()
    if (gone) return err('removed', this.removedWords(gone))
    let out: Result<unknown> = ok(true)
    // In the sync queue: nothing else talks to the hub meanwhile, and a second press waits for the first.
    const job = this.queue.then(async () => {
      await this.cycle(true)
      const now = this.m.config()
      if (!now) {
        out = err('not-in-club', 'This laptop is not in a club.')
        return
      }
      if (this.state !== 'connected') {
        out = err('hub-unreachable', `The code can only be changed while the hub answers. ${this.error ?? ''}`.trim())
        return
      }
      out = await this.codes.change(now)
      if (out.ok) {
        await this.slot.close()
        this.error = null
      }
    })
    this.queue = job.catch(() => {})
    await job
    if (!out.ok) return out
    this.soon()
    return ok(this.snapshot())
  }

  /**
   * Kept for scripts (`club:reseed`): a lost hub is now seeded again by the first laptop that syncs
   * with it, so this is "Sync now".
   */
  async reseed(): Promise<Result<SyncStatus>> {
    if (!this.m.config()) return err('not-in-club', 'This laptop is not in a club.')
    await this.run(true)
    return ok(this.snapshot())
  }

  async close(): Promise<void> {
    this.closed = true
    this.stopTimers()
    await this.queue.catch(() => {})
    await this.slot.close()
  }

  // ——— the sync itself ———

  /** Runs one sync after the one under way (if any); concurrent requests share the queued one. */
  private run(force = false): Promise<void> {
    if (this.closed) return Promise.resolve()
    if (this.queued && !force) return this.queue
    this.queued = true
    this.queue = this.queue.then(async () => {
      this.queued = false
      if (this.closed || !this.m.config()) return
      await this.cycle(force)
      this.schedule()
    })
    return this.queue
  }

  private schedule(delay?: number): void {
    if (this.closed || !this.m.config()) return
    if (this.timer) clearTimeout(this.timer)
    const base = this.o.intervalMs ?? 2000
    const soon = this.retrySoon
    this.retrySoon = false
    const wait =
      delay ??
      (soon ? 1000 : undefined) ??
      (this.state === 'offline' || this.state === 'error'
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
    const cfg = this.m.config()
    if (!cfg) return
    this.state = 'syncing'
    try {
      await this.attempt(cfg, force)
    } finally {
      this.progress = null
    }
  }

  private async attempt(cfg: ClubConfig, force: boolean): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.exchange(cfg, force)
        this.failures = 0
        return
      } catch (e) {
        if (isBusy(e)) {
          // Another connection (the database worker's import, another program) holds the data file:
          // nothing was half-done (cursors move with their writes), so keep the replica and try again soon.
          this.state = 'syncing'
          this.error = 'Another program is writing to the data file; syncing goes on when it is done.'
          this.retrySoon = true
          return
        }
        await this.slot.close()
        if (e instanceof Closing || this.closed) return
        if (e instanceof HubRefused) {
          this.failures++
          this.state = 'error'
          // A laptop taken out says so first; refused with the notice of a change, or refused the member
          // token it gave: the change did not keep this laptop.
          const gone = this.removedHere()
          this.error = gone
            ? this.removedWords(gone)
            : e.changed || this.m.config()?.memberToken
              ? 'The club’s join code was changed on another laptop, and this laptop was not among the laptops that change kept (it had not synced with the club yet, or was taken out). Nothing was sent. To come back: leave the club, then join with the new code from a laptop in the club.'
              : 'The hub refuses this laptop: it knows another club code (it holds another club, or was seeded by someone else). Nothing was sent. Check the hub address.'
          return
        }
        if (e instanceof HubTooLarge) {
          this.failures++
          this.state = 'error'
          this.error = `The hub sent more than this laptop takes in one answer: ${short(e.message)}. Nothing was taken; check the hub.`
          this.slot.discard()
          return
        }
        if (e instanceof HubUnreachable) {
          this.failures++
          this.state = 'offline'
          this.error = `The hub at ${cfg.hubUrl} does not answer. Everything keeps working here; what was played goes up when it answers.`
          return
        }
        // Anything else is the replica's files (or the engine) misbehaving: the replica is only a
        // copy, so start it again from the hub once; the local events are untouched.
        this.o.log('club sync failed; starting the replica again', e)
        this.slot.discard()
        if (attempt >= 1) {
          this.failures++
          this.state = 'error'
          this.error = `Syncing failed: ${short((e as Error).message)}. Nothing here was lost; Ninekeeper tries again.`
          return
        }
      }
    }
  }

  private async exchange(given: ClubConfig, force: boolean, followed = 0): Promise<void> {
    let cfg = given
    this.deviceKey()
    // A code change this laptop told the hub of, not written here yet (a crash, a lost answer): finished first.
    const resumed = await this.codes.resume(cfg)
    this.alive()
    if (resumed && resumed.ok) {
      cfg = resumed.value
      await this.slot.close()
    } else if (resumed && resumed.error.code === 'hub-unreachable') throw new HubUnreachable(resumed.error.message)
    // Which club the hub holds, asked of the hub itself before anything is sent: the replica may
    // follow a hub that is gone, and a hub of another club must get nothing from this laptop.
    let info: HubInfo | null
    try {
      info = await this.slot.probe(cfg)
    } catch (e) {
      // The code was changed since this laptop's token was made: a laptop the change kept gets in
      // with its member token until it has read the change (once; a second refusal is final).
      const next = e instanceof HubRefused && e.changed && followed < 2 ? await this.codes.follow(cfg, e.changed) : null
      if (next) {
        await this.slot.close()
        return this.exchange(next, force, followed + 1)
      }
      // Refused without a notice after a change: a hub seeded again by a laptop that missed the change,
      // with an older code of the club; taken back with that code and told the change in force.
      const reclaimed = e instanceof HubRefused && !e.changed && followed < 2 ? await this.codes.reclaim(cfg) : false
      if (reclaimed === true) {
        await this.slot.close()
        return this.exchange(cfg, force, followed + 1)
      }
      const other = reclaimed ? await this.codes.follow(cfg, reclaimed) : null
      if (other) {
        await this.slot.close()
        return this.exchange(other, force, followed + 1)
      }
      throw e
    }
    this.alive()
    if (!info && this.removedHere()) {
      // Taken out of the club: a lost hub is not this laptop's to seed again (it sends nothing more).
      this.state = 'error'
      this.error = this.removedWords(this.removedHere() as Removal)
      return
    }
    if (!info) {
      // A new or lost hub: seeded again at once, by whichever laptop gets there first; every
      // laptop then sends what the hub lacks (the cursors start over with the new hub's id).
      const seeded = await this.slot.seed(cfg, 'reseed')
      this.alive()
      if (!seeded.ok && seeded.error.code === 'hub-unreachable') throw new HubUnreachable(seeded.error.message)
      if (!seeded.ok && seeded.error.code !== 'hub-not-empty' && seeded.error.code !== 'hub-in-use') {
        this.state = 'error'
        this.error = seeded.error.message
        return
      }
      // Seeded here after a change of the code: the new hub learns which change is in force, so a laptop
      // that missed it gets in with its member token and every older code of the club is refused.
      if (seeded.ok) {
        await this.codes.reassert(cfg, cfg)
        this.alive()
      }
      info = await this.slot.probe(cfg)
      this.alive()
      if (!info) throw new HubUnreachable('the hub still holds no club after seeding it')
    }
    this.hubNeedsSeed = false
    if (info.clubId !== cfg.clubId || info.format !== HUB_FORMAT) {
      // Whatever the replica had ready to send must never reach that hub.
      await this.slot.close()
      this.slot.discard()
      this.state = 'error'
      this.error =
        'The hub at this address now holds another club’s history. Nothing was sent or taken. Check the hub address, or leave this club.'
      return
    }
    const gone = this.removedHere()
    if (gone) {
      // Taken out of the club: nothing more goes up (the others would not count it anyway).
      this.state = 'error'
      this.error = this.removedWords(gone)
      return
    }
    const name = cleanHubText(info.name, 80)
    if (name && name !== cfg.name) this.m.save({ ...cfg, name })
    if (this.m.get('sync.hub') !== info.hubId) {
      // A new hub (first contact, or a lost hub seeded again): it may lack anything, so send everything.
      this.o.db
        .transaction(() => {
          this.m.set('sync.pushed', '0')
          this.m.set('sync.pulled', '0')
          this.m.set('sync.hub', info.hubId)
        })
        .immediate()
    }
    let replica = await this.replicaFor(cfg, info)
    // Joined with a changed code: the club's signing key comes from that change, before anything is signed.
    if (!cfg.codeKey && this.m.get('sync.code_checked') !== info.hubId) {
      await replica.pull()
      this.alive()
      const joined = await this.codes.joinedWithChangedCode(cfg, replica, info.hubId)
      this.alive()
      if (joined) {
        cfg = joined
        replica = await this.replicaFor(cfg, info)
      }
    }
    const key = Buffer.from(cfg.key, 'base64url')
    this.announce(cfg)

    // Up: local events the hub has not confirmed, in the order they were stored here (a long
    // history, as when a laptop seeds a hub, reports how far it is).
    const up = this.o.events.countAfterRowid(this.pushedFrom())
    this.progress = up > PUSH_BATCH ? { done: 0, total: up } : null
    for (;;) {
      const from = this.pushedFrom()
      const rows = this.o.events.afterRowid(from, PUSH_BATCH)
      if (rows.length === 0) break
      await replica.insert(rows.map((r) => this.wire(key, cfg.clubId, r)))
      this.alive()
      await replica.push()
      this.alive()
      const last = rows[rows.length - 1] as { rowid: number }
      this.o.db.transaction(() => this.m.set('sync.pushed', String(last.rowid))).immediate()
      if (this.progress)
        this.progress = {
          done: Math.min(this.progress.total, this.progress.done + rows.length),
          total: this.progress.total,
        }
    }
    this.progress = null
    // "This laptop was here" (on Sync now, the first sync, then every half minute): the hub stamps the
    // row with its own id, which proves, once pulled back, that this replica follows the hub at this
    // address now. The syncs in between only push what is new and pull.
    const touching = force || this.slot.touchedAt === null || performance.now() - this.slot.touchedAt >= TOUCH_EVERY_MS
    if (touching) {
      await replica.touch(this.o.device.id(), this.o.label, this.o.clock().toISOString())
      this.alive()
      await replica.push()
      this.alive()
    }

    // Down: what the others sent, checked, merged as an import is, with the cursor in the same transaction.
    await replica.pull()
    this.alive()
    if (touching) {
      if (!(await replica.follows(this.o.device.id())))
        throw new ReplicaStale('the replica follows a hub that is no longer at this address')
      this.slot.touchedAt = performance.now()
    }
    const total = await replica.countAfter(this.m.num('sync.pulled'))
    this.alive()
    this.progress = total > PULL_BATCH ? { done: 0, total } : null
    // A long history comes down in about ten batches (each sums the stats once); a night's events in small ones.
    const batchSize = total > 10 * PULL_BATCH ? Math.ceil(total / 10) : PULL_BATCH
    await new Promise((r) => setImmediate(r))
    this.alive()
    const me = this.o.device.id()
    for (;;) {
      const from = this.m.num('sync.pulled')
      const rows = await replica.after(from, batchSize)
      this.alive()
      if (rows.length === 0) break
      // A cursor that would not move (a hub answering out of order) ends the batch loop; anti-entropy
      // still finds whatever it skipped.
      if ((rows[rows.length - 1] as { n: number }).n <= from) break
      const { checked, refused, sigs } = checkIncoming(rows, key, cfg.clubId, me, this.o.clock().toISOString(), (id) =>
        this.o.events.rawById(id),
      )
      const lastN = (rows[rows.length - 1] as { n: number }).n
      this.mergeBatch(checked, refused, lastN, rows, sigs)
      if (this.progress)
        this.progress = {
          done: Math.min(this.progress.total, this.progress.done + rows.length),
          total: this.progress.total,
        }
      // The replica answers local reads without leaving the event loop: give the app's other calls
      // (a status poll, a round being entered) their turn between batches.
      await new Promise((r) => setImmediate(r))
      this.alive()
    }
    this.progress = null
    // Anti-entropy: per device, what the hub holds against what this laptop holds. Counts on every
    // check-in, signatures row by row every few minutes and on Sync now; what the hub lacks goes up
    // again, what this laptop lacks (a cursor moved past it) comes down, a changed row is listed.
    if (touching) {
      const digest = force || performance.now() - this.digestAt >= DIGEST_EVERY_MS
      const healed = await this.healer.run(
        replica,
        key,
        cfg.clubId,
        digest,
        this.pushedFloor(),
        () => this.alive(),
        (r) => this.wire(key, cfg.clubId, r),
      )
      if (digest) this.digestAt = performance.now()
      if (healed.missing.length)
        this.mergeBatch(healed.missing, healed.refused, this.m.num('sync.pulled'), healed.rows, healed.sigs)
      else if (healed.refused.length) this.mergeBatch([], healed.refused, this.m.num('sync.pulled'), [])
    }
    this.devices = (await replica.devices()).map((d) => ({
      deviceId: d.deviceId.slice(0, 64),
      label: cleanHubText(d.label, 60) || 'A laptop',
      lastSeen: d.lastSeen.slice(0, 40),
    }))
    this.o.db.transaction(() => this.m.set('sync.last', this.o.clock().toISOString())).immediate()
    // A code change that kept this laptop has arrived: its new code key, and the token it gives, from the next sync on.
    const adopted = this.codes.adopt(cfg)
    // Two changes on either side of a lost hub: the laptop holding the code in force mends the fork.
    const mended = adopted ? null : await this.codes.mendFork(this.m.config() ?? cfg)
    this.alive()
    if (adopted || mended) {
      await this.slot.close()
      this.retrySoon = true
    }
    const out = this.removedHere()
    this.state = out ? 'error' : 'connected'
    this.error = out ? this.removedWords(out) : null
  }

  /** Merges a batch; an event the merge refuses (it points outside its match, say) is listed and the rest still go in. */
  private mergeBatch(
    checked: DomainEvent[],
    refused: RefusedEvent[],
    lastN: number,
    rows: { id: string; n: number }[],
    sigs: ReadonlyMap<string, string> = new Map(),
  ): void {
    // Nothing of this laptop's own was waiting: what the hub sent is on the hub, so it is not "waiting to go up".
    // (Synchronous up to the merge's transaction: no write of this laptop can come in between.)
    const upToDate = (this.maxRowid.get()?.n ?? 0) === this.m.num('sync.pushed')
    const commit = (added: number, more: RefusedEvent[]): void => {
      this.m.keepSigs(sigs)
      this.m.recordPull({
        pushedTo: upToDate ? (this.maxRowid.get()?.n ?? 0) : null,
        pulledTo: lastN,
        added,
        refused: [...more, ...refused],
      })
    }
    const listConflicts = (report: { conflicts: { id: string; kind: string }[] } | null): RefusedEvent[] =>
      (report?.conflicts ?? [])
        .filter((c) => c.kind === 'event')
        .map((c) => ({
          id: c.id.slice(0, 64),
          deviceId: (checked.find((e) => e.id === c.id)?.deviceId ?? '').slice(0, 64),
          hubRow: rows.find((r) => r.id === c.id)?.n ?? 0,
          reason: 'this laptop holds an event with the same id and other content; its own copy is kept',
          at: this.o.clock().toISOString(),
        }))
    const whole = this.o.merger.mergeSynced(checked, (report) =>
      commit(report?.eventsAdded ?? 0, listConflicts(report)),
    )
    if (whole.ok) return
    // Halves until each refused event stands alone: each other event goes in, each refused one is listed.
    const more: RefusedEvent[] = []
    let added = 0
    const at = this.o.clock().toISOString()
    const tryPart = (part: DomainEvent[]): void => {
      if (part.length === 0) return
      const r = this.o.merger.mergeSynced(part, (report) => {
        added += report?.eventsAdded ?? 0
        more.push(...listConflicts(report))
      })
      if (r.ok) return
      if (part.length === 1) {
        const e = part[0] as DomainEvent
        more.push({
          id: e.id,
          deviceId: e.deviceId,
          hubRow: rows.find((x) => x.id === e.id)?.n ?? 0,
          reason: r.error.message,
          at,
        })
        return
      }
      const mid = Math.ceil(part.length / 2)
      tryPart(part.slice(0, mid))
      tryPart(part.slice(mid))
    }
    tryPart(checked)
    this.o.merger.mergeSynced([], () => commit(added, more))
  }

  /** The replica open now, or one opened now; started again from the hub when it follows another hub. */
  private async replicaFor(cfg: ClubConfig, info: HubInfo): Promise<Replica> {
    let replica = this.slot.current ?? (this.slot.current = await this.slot.open(cfg, false))
    this.alive()
    const mine = await replica.info()
    this.alive()
    if (!mine || mine.hubId !== info.hubId) {
      await this.slot.close()
      replica = this.slot.current = await this.slot.open(cfg, true)
      this.alive()
    }
    return replica
  }

  /**
   * This laptop's device key (docs/SYNC.md § How it works): made when it first creates or joins a club, kept in meta.
   * Its device id becomes the one the key gives, so that its rows can be told from anyone else's;
   * events made under the old id stay as they are (the others check them with the club key alone).
   */
  private deviceKey(): DeviceKey {
    let k = this.cachedKey
    if (!k) {
      const stored = this.m.get('sync.device_key')
      k = (stored && loadDeviceKey(stored)) || null
      if (!k) {
        const fresh = newDeviceKey()
        this.o.db.transaction(() => this.m.set('sync.device_key', fresh)).immediate()
        k = loadDeviceKey(fresh) as DeviceKey
      }
      this.cachedKey = k
    }
    if (this.o.device.id() === k.deviceId) return k
    if (this.m.get('sync.device_key_for') === k.deviceId) {
      // The key was this laptop's, and the device id changed since: the data file was copied or
      // restored (Device.bindTo), so it is another laptop now and needs a key of its own.
      this.o.db
        .transaction(() => {
          this.m.del('sync.device_key')
          this.m.del('sync.device_key_for')
        })
        .immediate()
      this.cachedKey = null
      return this.deviceKey()
    }
    this.o.device.renew('club device key', k.deviceId)
    this.o.db.transaction(() => this.m.set('sync.device_key_for', k.deviceId)).immediate()
    return k
  }

  /**
   * Once per club, before this laptop's first push: when nothing of this laptop's own goes up to the
   * club yet, a `device.joined` event does, so the club holds a signed event of every laptop that
   * joined (a change of the code keeps the laptops whose keys it knows).
   */
  private announce(cfg: ClubConfig): void {
    if (this.m.get('sync.announced') === cfg.clubId) return
    const me = this.o.device.id()
    const has = this.o.db
      .prepare<[string, number], { one: number }>(
        'SELECT 1 AS one FROM events WHERE device_id = ? AND rowid > ? LIMIT 1',
      )
      .get(me, this.pushedFloor())
    const named = validatePlayerName(cleanHubText(this.o.label, 60))
    this.o.db
      .transaction(() => {
        if (!has) this.o.events.append('device.joined', me, { label: named.ok ? named.value : 'A laptop' })
        this.m.set('sync.announced', cfg.clubId)
      })
      .immediate()
  }

  /** A local event as it goes to the hub: this laptop's own signed with its key, another keyed laptop's with the signature it came with. */
  private wire(key: Buffer, clubId: string, r: EventRow): WireEvent {
    const mine = this.cachedKey
    if (mine && r.device_id === mine.deviceId) return toWire(key, clubId, r, deviceSignature(mine, clubId, r))
    return toWire(key, clubId, r, isKeyedDevice(r.device_id) ? this.m.sigOf(r.id) : null)
  }

  /** The push cursor, never below the floor (what this laptop held when it left another club). */
  private pushedFrom(): number {
    return Math.max(this.m.num('sync.pushed'), this.pushedFloor())
  }

  private pushedFloor(): number {
    return this.m.num('sync.floor')
  }

  /** Joining or creating a club: what this laptop held when it left another club stays out of this one. */
  private startFloor(clubId: string): void {
    let left: { clubId?: string; rowid?: number } = {}
    try {
      left = JSON.parse(this.m.get('sync.left') ?? '{}') as typeof left
    } catch {
      left = {}
    }
    this.o.db
      .transaction(() => {
        if (left.clubId && left.clubId !== clubId && typeof left.rowid === 'number')
          this.m.set('sync.floor', String(left.rowid))
        else this.m.del('sync.floor')
      })
      .immediate()
  }

  /** The hub's clock, from the `Date` of its answer (one-second resolution, so the check is to ±1 s). */
  private noteHubDate(date: string | null): void {
    const hub = date ? Date.parse(date) : NaN
    if (!Number.isFinite(hub)) return
    const here = this.o.clock()
    this.clockOffsetMs = hub - here.getTime()
    this.clockCheckedAt = here.toISOString()
  }

  private clockWords(): { warning: string; short: string } | null {
    const off = this.clockOffsetMs
    if (off === null || Math.abs(off) <= CLOCK_WARN_MS) return null
    const how = `${formatSpan(Math.abs(off))} ${off < 0 ? 'ahead of' : 'behind'}`
    return {
      warning: `This laptop’s clock is ${how} the hub’s. Scoring goes on; set the clock right so the club’s history shows the right times.`,
      // The sidebar's words, made here so the start screen does not load the formatting code.
      short: `Clock ${how} the hub`,
    }
  }

  private alive(): void {
    if (this.closed || !this.o.db.open) throw new Closing('closing')
  }

  /** When the code shown was made, and on which laptop. */
  private codeChangedWords(id: string, me: string): { at: string; by: string; thisLaptop: boolean } {
    const e = this.o.events.get(id)
    const by = e?.deviceId ?? ''
    return {
      at: e ? new Date(Number(e.hlc.slice(0, 15))).toISOString() : '',
      by: by === me ? 'this laptop' : (this.devices.find((d) => d.deviceId === by)?.label ?? 'another laptop'),
      thisLaptop: by === me,
    }
  }

  private snapshot(): SyncStatus {
    const cfg = this.m.config()
    const me = this.o.device.id()
    const removals = cfg ? loadRemovals(this.o.db) : new Map<string, Removal>()
    const words = this.clockWords()
    const secret: ClubSecret | null = cfg
      ? { clubId: cfg.clubId, key: Buffer.from(cfg.codeKey ?? cfg.key, 'base64url') }
      : null
    return {
      club:
        cfg && secret
          ? {
              id: cfg.clubId,
              name: cfg.name,
              code: encodeClubCode(secret),
              hubUrl: cfg.hubUrl,
              cloud: /^libsql:|turso\.io/i.test(cfg.hubUrl) || cfg.authToken !== undefined,
              joinedAt: cfg.joinedAt,
              ...(cfg.codeChange ? { codeChanged: this.codeChangedWords(cfg.codeChange, me) } : {}),
            }
          : null,
      state: cfg ? this.state : 'off',
      error: cfg ? this.error : null,
      lastSyncAt: this.m.get('sync.last') ?? null,
      waiting: cfg ? this.o.events.countAfterRowid(this.pushedFrom()) : 0,
      received: this.m.num('sync.received'),
      progress: this.progress,
      hubNeedsSeed: cfg ? this.hubNeedsSeed : false,
      refused: this.m.refusedList(),
      refusedTotal: this.m.num('sync.refused_total'),
      devices: this.devices.map((d) => ({
        ...d,
        // Two laptops with one name are told apart by the start of their device ids.
        label: this.devices.some((o) => o !== d && o.label === d.label)
          ? `${d.label} (${d.deviceId.slice(0, 6)})`
          : d.label,
        thisLaptop: d.deviceId === me,
        removed: removals.has(d.deviceId),
      })),
      removed: [...removals.values()].map((r) => ({
        deviceId: r.deviceId,
        label: r.label,
        through: r.through,
        by: r.by,
        at: new Date(Number(r.hlc.slice(0, 15))).toISOString(),
        uncounted: this.uncounted.get(r.deviceId, r.through)?.n ?? 0,
      })),
      clock:
        cfg && this.clockOffsetMs !== null
          ? {
              offsetMs: this.clockOffsetMs,
              checkedAt: this.clockCheckedAt ?? '',
              warning: words?.warning ?? null,
              short: words?.short ?? null,
            }
          : null,
    }
  }
}
