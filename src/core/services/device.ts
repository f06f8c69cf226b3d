/**
 * This device's identity for the event log: a UUIDv7 device id (in the meta table) and the hybrid
 * logical clock. The per-device sequence is not kept here: it is read from the log itself inside
 * each write transaction, so it can never drift from the events (see EventStore.append). Nor is the
 * clock written on every local event: it is never behind this device's newest event (read back from
 * the log when the process starts) nor behind what arrived from elsewhere (saved in meta by
 * receive(), which import and sync call), so a local write costs no meta row.
 *
 * A device id must never live on two machines, or two laptops would number different events the
 * same. The id is bound to the data file's identity on disk (device and inode): a copied data
 * file, or one put back by a restore, starts a new device id for its new events.
 */
import type { Database, Statement } from 'better-sqlite3'
import { statSync } from 'node:fs'
import { HLC_ZERO, hlcRecv, hlcSend, parseHlc, type HlcState } from '../../shared/events/hlc'
import { uuidv7, type Clock } from '../ids'

export class Device {
  private readonly get: Statement<[string], { value: string }>
  private readonly set: Statement<[string, string]>
  private readonly newestOwn: Statement<[string], { hlc: string }>
  /** The id and clock as last read or written here (this process is the file's only writer). */
  private known: { id: string; hlc: HlcState } | null = null

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    this.get = db.prepare('SELECT value FROM meta WHERE key = ?')
    this.newestOwn = db.prepare('SELECT hlc FROM events WHERE device_id = ? ORDER BY device_seq DESC LIMIT 1')
    this.set = db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    )
  }

  id(): string {
    if (this.known) return this.known.id
    let deviceId = this.get.get('device_id')?.value
    if (!deviceId) {
      deviceId = uuidv7(this.clock().getTime())
      this.set.run('device_id', deviceId)
    }
    return deviceId
  }

  /** Forgets the id and clock held in memory: another connection (the database worker's import) wrote them. */
  forget(): void {
    this.known = null
  }

  /** Starts a new device id (after a restore, or when the data file was copied from elsewhere). */
  renew(reason: string, id?: string): string {
    this.known = null
    // Club sync gives the id its device key derives (sync/sign.ts keyedDeviceId); otherwise a new UUIDv7.
    const deviceId = id ?? uuidv7(this.clock().getTime())
    const previous = this.get.get('device_id')?.value
    this.db
      .transaction(() => {
        this.set.run('device_id', deviceId)
        if (previous)
          this.set.run(
            'previous_device_ids',
            `${this.get.get('previous_device_ids')?.value ?? ''}${previous} (${reason})\n`,
          )
      })
      .immediate()
    return deviceId
  }

  /**
   * Checks the data file is the one this device id was issued for; if it was copied or restored
   * (another inode), a new device id is started. Returns true when it renewed.
   */
  bindTo(file: string): boolean {
    let st: { dev: number; ino: number }
    try {
      st = statSync(file)
    } catch {
      return false
    }
    const binding = `${st.dev}:${st.ino}`
    const stored = this.get.get('device_binding')?.value
    if (stored === binding) return false
    const hadDevice = this.get.get('device_id') !== undefined
    if (stored !== undefined && hadDevice) this.renew('data file copied or moved')
    this.db.transaction(() => this.set.run('device_binding', binding)).immediate()
    return stored !== undefined && hadDevice
  }

  /**
   * The clock: what receive() saved (every event that arrived from elsewhere, with the drift guard),
   * moved up to the log's newest stamp from before schema 9 (likewise) and to this device's own
   * newest stamp exactly (a device never stamps earlier than it did before, even after its
   * computer's clock was set back).
   */
  private state(): HlcState {
    if (this.known) return this.known.hlc
    let s = HLC_ZERO
    const raw = this.get.get('hlc')?.value
    if (raw) {
      const [wall, counter] = raw.split('.')
      const w = Number(wall)
      const c = Number(counter)
      if (Number.isFinite(w) && Number.isFinite(c)) s = { wall: w, counter: c }
    }
    // The log's newest stamp when schema 9 dropped the index by stamp (events that arrived before
    // meta kept the clock); everything received since is in 'hlc'. Drift guard as on arrival.
    const logNewest = this.get.get('hlc_log_newest')?.value
    if (logNewest) s = hlcRecv(s, logNewest, this.clock().getTime())
    const own = parseHlc(this.newestOwn.get(this.id())?.hlc ?? '')
    if (own && (own.wall > s.wall || (own.wall === s.wall && own.counter > s.counter)))
      s = { wall: own.wall, counter: own.counter }
    return s
  }

  private save(s: HlcState): void {
    this.set.run('hlc', `${s.wall}.${s.counter}`)
  }

  /** A stamp for a local event. Must run inside the write transaction that stores it. */
  stamp(): { deviceId: string; hlc: string } {
    if (!this.db.inTransaction) throw new Error('Device.stamp() must run inside a write transaction')
    const deviceId = this.id()
    const next = hlcSend(this.state(), this.clock().getTime(), deviceId)
    this.known = { id: deviceId, hlc: next.state }
    return { deviceId, hlc: next.hlc }
  }

  /** Folds stamps that arrived from elsewhere into the clock (import, sync). */
  receive(hlcs: Iterable<string>): void {
    let s = this.state()
    const now = this.clock().getTime()
    for (const h of hlcs) s = hlcRecv(s, h, now)
    this.save(s)
    this.known = { id: this.id(), hlc: s }
  }
}
