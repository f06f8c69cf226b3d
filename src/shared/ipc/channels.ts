/**
 * Every IPC channel, with where it is answered and whether it writes to the data file. Plain data with
 * no imports, so the preload can share it. This record is the one place a channel is declared: the
 * channel list, the dispatcher's routing and the write lists are all derived from it.
 *
 * - `main`: the main thread answers it itself (short reads and writes, one transaction each).
 * - `worker`: the database worker does its database work, off the main thread (long reads, imports,
 *   backups; docs/ARCHITECTURE.md § Threads).
 * - `edge`: only the desktop shell can answer it (a dialog, the window's print); the Electron main
 *   process supplies its handler, and without a shell (the web bridge) the answer is `not-supported`.
 *
 * `writes`: the call may change the data file. A main-thread write waits for the worker's writes and
 * for a lock another program holds; uploads and files saved by the shell are not writes in this sense.
 */
export const ROUTES = {
  'app:info': { runs: 'main', writes: false },
  'app:print-pdf': { runs: 'edge', writes: false },
  'players:list': { runs: 'main', writes: false },
  'players:create': { runs: 'main', writes: true },
  'players:rename': { runs: 'main', writes: true },
  'players:set-color': { runs: 'main', writes: true },
  'players:set-archived': { runs: 'main', writes: true },
  'players:delete': { runs: 'main', writes: true },
  'players:merge-preview': { runs: 'main', writes: false },
  'players:merge': { runs: 'main', writes: true },
  'matches:create': { runs: 'main', writes: true },
  'matches:get': { runs: 'main', writes: false },
  'matches:list': { runs: 'main', writes: false },
  'matches:apply': { runs: 'main', writes: true },
  'matches:correct': { runs: 'main', writes: true },
  'matches:preview-correction': { runs: 'main', writes: false },
  'matches:undo': { runs: 'main', writes: true },
  'matches:redo': { runs: 'main', writes: true },
  'matches:close': { runs: 'main', writes: true },
  'matches:history': { runs: 'main', writes: false },
  'stats:overview': { runs: 'worker', writes: false },
  'stats:player': { runs: 'worker', writes: false },
  'stats:head-to-head': { runs: 'worker', writes: false },
  'stats:rating-history': { runs: 'worker', writes: false },
  'stats:monthly': { runs: 'worker', writes: false },
  'stats:match-progress': { runs: 'worker', writes: false },
  'backup:info': { runs: 'main', writes: false },
  'backup:now': { runs: 'worker', writes: true },
  'backup:set-keep': { runs: 'main', writes: true },
  'backup:restore': { runs: 'worker', writes: true },
  'transfer:export-json': { runs: 'worker', writes: false },
  'transfer:export-csv': { runs: 'worker', writes: false },
  'transfer:export-json-file': { runs: 'worker', writes: false },
  'transfer:export-csv-file': { runs: 'worker', writes: false },
  'transfer:save-export': { runs: 'edge', writes: false },
  'transfer:import': { runs: 'worker', writes: true },
  'import:external-preview': { runs: 'worker', writes: false },
  'import:external-apply': { runs: 'worker', writes: true },
  'upload:begin': { runs: 'main', writes: false },
  'upload:chunk': { runs: 'main', writes: false },
  'upload:cancel': { runs: 'main', writes: false },
  'club:create': { runs: 'main', writes: true },
  'club:join': { runs: 'main', writes: true },
  'club:leave': { runs: 'main', writes: true },
  'club:reseed': { runs: 'main', writes: true },
  'club:remove-device': { runs: 'main', writes: true },
  'club:change-code': { runs: 'main', writes: true },
  'sync:status': { runs: 'main', writes: false },
  'sync:now': { runs: 'main', writes: true },
  // Hosting the club's hub on this laptop (docs/SYNC.md § Hosting the hub from the app): what is hosted is kept in meta.
  'hub:host-status': { runs: 'main', writes: false },
  'hub:host-start': { runs: 'main', writes: true },
  'hub:host-stop': { runs: 'main', writes: true },
  'seasons:list': { runs: 'main', writes: false },
  'seasons:create': { runs: 'main', writes: true },
  'seasons:update': { runs: 'main', writes: true },
  'seasons:set-archived': { runs: 'main', writes: true },
  'seasons:delete': { runs: 'main', writes: true },
  'seasons:standings': { runs: 'worker', writes: false },
  'nights:list': { runs: 'worker', writes: false },
  'nights:set-venue': { runs: 'main', writes: true },
  'ratings:explain': { runs: 'worker', writes: false },
  'ratings:set-system': { runs: 'main', writes: true },
  'tables:status': { runs: 'main', writes: false },
  'tables:open': { runs: 'main', writes: true },
  'tables:close': { runs: 'main', writes: true },
  'tables:add-phone': { runs: 'main', writes: true },
  'tables:revoke': { runs: 'main', writes: true },
  'tables:sources': { runs: 'main', writes: false },
  'records:get': { runs: 'worker', writes: false },
  'club:publish-page': { runs: 'worker', writes: false },
  'club:choose-page-folder': { runs: 'edge', writes: false },
  'board:night': { runs: 'main', writes: false },
} as const satisfies Record<string, Route>

/** Where a channel is answered (see ROUTES). */
export type Runs = 'main' | 'worker' | 'edge'

export interface Route {
  readonly runs: Runs
  readonly writes: boolean
}

export type Channel = keyof typeof ROUTES

/** The channels answered on one side. */
export type ChannelOn<R extends Runs> = { [C in Channel]: (typeof ROUTES)[C]['runs'] extends R ? C : never }[Channel]

export const CHANNELS = Object.keys(ROUTES) as readonly Channel[]

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value)
}

/** The channels whose route passes `test`, e.g. the main thread's writes. */
export function channelsWhere(test: (route: Route) => boolean): ReadonlySet<Channel> {
  return new Set(CHANNELS.filter((c) => test(ROUTES[c])))
}
