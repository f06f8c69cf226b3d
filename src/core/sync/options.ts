/** What the club sync service is given: the database, the log, the device, the merge and the hub's transport. */
import type { Database } from 'better-sqlite3'
import type { DomainEvent } from '../../shared/events/types'
import type { ImportReport } from '../../shared/model/transfer'
import type { Result } from '../../shared/result'
import type { EventStore } from '../db/repos/events'
import type { Device } from '../services/device'
import type { Clock } from '../ids'
import type { Transport } from './transport'

export interface SyncMerger {
  /** Inserts and projects checked events in one transaction, running `within` inside it. */
  mergeSynced(events: DomainEvent[], within: (report: ImportReport | null) => void): Result<ImportReport>
  /** Records that the club takes a laptop out (`device.removed`) and projects what that changes. */
  removeDevice(deviceId: string, label: string): Result<DomainEvent<'device.removed'>>
}

export interface SyncOptions {
  db: Database
  dataDir: string
  events: EventStore
  device: Device
  merger: SyncMerger
  clock: Clock
  transport: () => Promise<Transport>
  /** How this laptop is named in the club's list of laptops. */
  label: string
  log: (message: string, error?: unknown) => void
  /** Milliseconds between syncs while the hub answers (default 2000). */
  intervalMs?: number
  /** Longest wait for one request to the hub (default 30 s). */
  timeoutMs?: number
  /**
   * Waits on the hub for news (a long poll Ninekeeper's hub answers as soon as any laptop's rows
   * arrive) and syncs at once when there is some (default true; tests that sync by hand turn it off).
   */
  watch?: boolean
}
