/**
 * What the club sync's parts share (service.ts, exchange.ts, membership.ts, status.ts, merge.ts):
 * the options and the club's meta, the replica, the code changes, the device key, the hub's clock,
 * and the state the status shows. One object, made by SyncService, passed to each part.
 */
import type { Statement } from 'better-sqlite3'
import type { SyncState } from '../../shared/model/sync'
import type { AntiEntropy } from './anti-entropy'
import type { HubClock } from './clock'
import type { CodeChanges } from './code-changes'
import type { DeviceKeys } from './keys'
import type { SyncMeta } from './meta'
import type { SyncOptions } from './options'
import type { ReplicaSlot } from './replica-slot'

export interface SyncContext {
  readonly o: SyncOptions
  /** The club setting and the sync cursors and counters, kept in the meta table. */
  readonly m: SyncMeta
  /** The replica: its folder, the copy open now, when this laptop last told the hub it was here. */
  readonly slot: ReplicaSlot
  /** Changes of the club's join code: made here, finished after a crash, caught up with, joined with. */
  readonly codes: CodeChanges
  /** Compares what the hub holds with what this laptop holds, per device, and mends the difference. */
  readonly healer: AntiEntropy
  readonly keys: DeviceKeys
  readonly clock: HubClock
  readonly maxRowid: Statement<[], { n: number | null }>
  readonly uncounted: Statement<[string, number], { n: number }>
  state: SyncState
  error: string | null
  hubNeedsSeed: boolean
  progress: { done: number; total: number } | null
  devices: { deviceId: string; label: string; lastSeen: string }[]
  closed: boolean
  /** The next sync comes after a short pause instead of the usual interval. */
  retrySoon: boolean
  digestAt: number
}

/** The app is closing: an exchange under way stops at its next step (the cursors make it safe to stop anywhere). */
export class Closing extends Error {}

export function alive(c: SyncContext): void {
  if (c.closed || !c.o.db.open) throw new Closing('closing')
}
