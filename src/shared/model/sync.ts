/** What Settings → Club shows and what `sync:status` answers: the club this laptop is in and how syncing goes. */

export type SyncState =
  /** Not in a club: nothing is sent anywhere. */
  | 'off'
  /** In a club, the last sync reached the hub and everything here is there. */
  | 'connected'
  /** A sync is running now. */
  | 'syncing'
  /** The hub did not answer; everything keeps working here and goes up later. */
  | 'offline'
  /** The hub answered but something is wrong that waiting will not fix (see `error`). */
  | 'error'

export interface ClubInfo {
  id: string
  name: string
  /** The club code (club id and club key): whoever has it can join. */
  code: string
  hubUrl: string
  /** A Turso Cloud database (URL + token) rather than a club's own hub. */
  cloud: boolean
  joinedAt: string
  /**
   * When the join code shown was made by a change (`club:change-code`), when and on which laptop;
   * absent while the club keeps its first code, and in answers from older versions.
   */
  codeChanged?: { at: string; by: string; thisLaptop: boolean }
}

export interface RefusedEvent {
  /** The event's id as it came (may be anything: it failed the checks). */
  id: string
  /** The laptop it says it came from. */
  deviceId: string
  /** Its row on the hub. */
  hubRow: number
  reason: string
  at: string
}

export interface ClubDevice {
  deviceId: string
  label: string
  lastSeen: string
  thisLaptop: boolean
  /** The club took this laptop out (see `SyncStatus.removed`); absent in answers from older versions. */
  removed?: boolean
}

/** A laptop the club took out ("Remove this laptop"): its events after `through` are not counted. */
export interface RemovedDevice {
  deviceId: string
  /** Its name when it was removed. */
  label: string
  /** Its last event that still counts (its events are numbered 1, 2, 3 …). */
  through: number
  /** The laptop that removed it, and when (that laptop's clock). */
  by: string
  at: string
  /** Its events this laptop holds that are not counted. */
  uncounted: number
}

export interface SyncStatus {
  club: ClubInfo | null
  state: SyncState
  /** The problem, in words, when state is offline or error. */
  error: string | null
  lastSyncAt: string | null
  /** Events made or imported on this laptop that are not on the hub yet. */
  waiting: number
  /** Events this laptop has taken from the hub since it joined. */
  received: number
  /** A long first sync: how far it is. */
  progress: { done: number; total: number } | null
  /** The hub is reachable but holds no club history (lost or replaced): re-seed it from this laptop. */
  hubNeedsSeed: boolean
  refused: RefusedEvent[]
  refusedTotal: number
  devices: ClubDevice[]
  /** Laptops the club took out (additive: older answers have none). */
  removed?: RemovedDevice[]
  /**
   * This laptop's clock against the hub's (from the `Date` of the hub's last answer): the hub's minus
   * this laptop's, in milliseconds, when it was checked, and the warning in words when it is off by
   * more than a minute (null otherwise), with `short` the same in a few words for the sidebar
   * ('Clock 10 min ahead of the hub'). Null until the hub has answered.
   */
  clock?: { offsetMs: number; checkedAt: string; warning: string | null; short?: string | null } | null
}
