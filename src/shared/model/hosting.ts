/**
 * Hosting the club's hub from the app (Settings → Club → Host the club on this laptop; docs/SYNC.md §
 * Hosting the hub from the app): what `hub:host-status`, `hub:host-start` and `hub:host-stop` answer.
 * Never the hub token or its hash: those stay in the hub's folder.
 */

export type HostState =
  /** Not hosting (never started, or stopped by hand). */
  | 'off'
  /** Starting now (by hand, or again after the app started or after a crash). */
  | 'starting'
  /** The hub answers at `localUrl` (and `addresses`). */
  | 'running'
  /** Hosting is wanted but the hub is not running: `error` says why (a port taken, a crash). */
  | 'failed'

export interface HostStatus {
  state: HostState
  /** The port the hub listens on (or would, when failed); null when off. */
  port: number | null
  /** Listening for the other laptops on this network (0.0.0.0), not this computer only. */
  lan: boolean
  /** The address this laptop itself uses (http://127.0.0.1:port); null unless running. */
  localUrl: string | null
  /** The addresses the other laptops use (one per network interface); empty unless running with lan. */
  addresses: string[]
  /** The hub's data folder (the club's database), inside the app's data folder. */
  folder: string
  /** Why the hub is not running although wanted, or why it stopped. */
  error: string | null
  /** Times the hub's database was started again after it stopped on its own (at most once a start). */
  restarts: number
  /** The port suggested when none is given. */
  defaultPort: number
}
