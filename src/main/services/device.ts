/**
 * This device's identity for the event log: a UUIDv7 device id, a per-device sequence number and
 * a hybrid logical clock, all kept in the meta table so they survive restarts. They let several
 * laptops' logs be merged later without collisions (see shared/design/SYNC-NOTES.md).
 */
import type { Database, Statement } from 'better-sqlite3'
import { uuidv7, type Clock } from '../ids'

export interface Stamp {
  deviceId: string
  deviceSeq: number
  hlc: string
}

/** HLC text sorts in time order: 15-digit wall milliseconds, 6-digit counter, device id. */
export function formatHlc(wall: number, counter: number, deviceId: string): string {
  return `${String(wall).padStart(15, '0')}.${String(counter).padStart(6, '0')}.${deviceId}`
}

export function parseHlc(hlc: string): { wall: number; counter: number } {
  const [wall, counter] = hlc.split('.')
  return { wall: Number(wall), counter: Number(counter) }
}

export class Device {
  private readonly get: Statement<[string], { value: string }>
  private readonly set: Statement<[string, string]>

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    this.get = db.prepare('SELECT value FROM meta WHERE key = ?')
    this.set = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
  }

  /** Must be called inside the write transaction that uses the stamp. */
  next(): Stamp {
    if (!this.db.inTransaction) throw new Error('Device.next() must run inside a write transaction')
    let deviceId = this.get.get('device_id')?.value
    if (!deviceId) {
      deviceId = uuidv7(this.clock().getTime())
      this.set.run('device_id', deviceId)
    }
    const deviceSeq = Number(this.get.get('device_seq')?.value ?? '0') + 1
    this.set.run('device_seq', String(deviceSeq))
    const last = this.get.get('hlc')?.value
    const now = this.clock().getTime()
    const prev = last ? parseHlc(last) : { wall: 0, counter: -1 }
    const wall = Math.max(now, prev.wall)
    const counter = wall === prev.wall ? prev.counter + 1 : 0
    const hlc = formatHlc(wall, counter, deviceId)
    this.set.run('hlc', hlc)
    return { deviceId, deviceSeq, hlc }
  }
}
