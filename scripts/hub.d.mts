// Types for scripts/hub.mjs (tests and benchmarks start hubs with it).
import type { HubLimits } from './hub-proxy.mjs'

export interface Hub {
  /** The club's address: Ninekeeper's front door (scripts/hub-proxy.mjs). */
  url: string
  /** The club's database file (club.db in the data folder). */
  file: string
  /** Where the seeding laptop's token hash is kept (beside club.db). */
  tokenFile: string
  /** After a change of the club's join code: the hub's record of it. */
  codeFile: string
  /** tursodb itself, on 127.0.0.1 only (tests read the hub's rows there, past the front door). */
  databaseUrl: string
  /** tursodb's process. */
  pid: number | undefined
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  stop(signal?: NodeJS.Signals): Promise<void>
}
export function hubBinary(): string
export function startHub(options: {
  port: number
  dataDir: string
  host?: string
  quiet?: boolean
  limits?: Partial<HubLimits>
}): Promise<Hub>
