/**
 * The main thread's handlers: one plain function per channel routed to `main` (src/shared/ipc/channels.ts),
 * over the services. No Electron here, so tests call them directly. The worker's channels are answered in
 * worker/handlers.ts; the shell's (`edge`) by the Electron main process, or by `withoutShell` below.
 */
import type { SideHandlers } from './ipc/dispatch'
import type { AppInfo } from '../shared/model/app'
import { err, ok, type Result } from '../shared/result'
import type { PlayerService } from './services/players'
import type { MatchService } from './services/matches'
import type { TablesControl } from '../shared/ipc/tables'
import type { BackupService } from './services/backup'
import type { UploadService } from './services/uploads'
import type { SyncService } from './sync/service'
import type { ClubService } from './services/club'
import type { BoardService } from './services/board'
import type { HubHosting } from './hub/hosting'

export interface HandlerDeps {
  players: PlayerService
  matches: MatchService
  /** The table units (phones at the tables), when the app was started with them. */
  tables?: TablesControl | null
  backups: BackupService
  uploads: UploadService
  sync: SyncService
  /** The club's hub hosted on this laptop (docs/SYNC.md § Hosting the hub from the app). */
  hosting: HubHosting
  /** Seasons, game nights and ratings explained (docs/ARCHITECTURE.md § Club data). */
  club: ClubService
  /** The night board's read (docs/ARCHITECTURE.md § The night board). */
  board: BoardService
  appInfo: () => AppInfo
}

/** The shell's channels where there is no shell (the web bridge): a browser prints and downloads by itself. */
export const withoutShell: SideHandlers<'edge'> = {
  'app:print-pdf': () =>
    err('not-supported', 'Saving a PDF is part of the desktop app; in a browser, use its Print command.'),
  'transfer:save-export': () =>
    err(
      'not-supported',
      'Saving an export through a dialog is part of the desktop app; in a browser the export downloads.',
    ),
  'club:choose-page-folder': () =>
    err(
      'not-supported',
      'Choosing a folder through a dialog is part of the desktop app; in a browser, type its full path.',
    ),
}

/** The tables:* channels without table units (a core made without them: tests, tools). */
function noTables(): Result<never> {
  return err('not-supported', 'This app was started without table units (docs/TABLES.md).')
}

export function createHandlers(deps: HandlerDeps): SideHandlers<'main'> {
  const { players, matches, backups, uploads, sync, club } = deps
  return {
    'app:info': () => ok(deps.appInfo()),
    'players:list': (input) => players.list(input),
    'players:create': (input) => players.create(input),
    'players:rename': (input) => players.rename(input),
    'players:set-color': (input) => players.setColor(input),
    'players:set-archived': (input) => players.setArchived(input),
    'players:delete': (input) => players.delete(input),
    'players:merge-preview': (input) => players.mergePreview(input),
    'players:merge': (input) => players.merge(input),
    'matches:create': (input) => matches.create(input),
    'matches:get': (input) => matches.get(input.id),
    'matches:list': (input) => matches.list({ ...input, limit: input.limit ?? 200, offset: input.offset ?? 0 }),
    'matches:apply': (input) => matches.apply(input.id, input.action, input.expected),
    'matches:correct': (input) =>
      matches.correct(input.id, input.eventId, input.action, input.expected, input.confirmed),
    'matches:preview-correction': (input) =>
      matches.previewCorrection(input.id, input.eventId, input.action, input.expected),
    'matches:undo': (input) => matches.undo(input.id, input.expected),
    'matches:redo': (input) => matches.redo(input.id, input.expected),
    'matches:close': (input) => matches.close(input.id, input.status, input.expected),
    'matches:history': (input) => matches.history(input.id),
    'tables:status': () => (deps.tables ? ok(deps.tables.status()) : noTables()),
    'tables:open': (input) => (deps.tables ? deps.tables.open(input) : noTables()),
    'tables:close': () => (deps.tables ? deps.tables.close() : noTables()),
    'tables:add-phone': (input) => (deps.tables ? deps.tables.addPhone(input) : noTables()),
    'tables:revoke': (input) => (deps.tables ? deps.tables.revoke(input) : noTables()),
    'tables:sources': (input) => (deps.tables ? ok(deps.tables.sources(input.matchId)) : noTables()),
    'club:create': (input) => sync.create({ hubUrl: input.hubUrl, authToken: input.authToken, name: input.name ?? '' }),
    'club:join': (input) => sync.join(input),
    'club:leave': () => sync.leave(),
    'club:reseed': () => sync.reseed(),
    'club:remove-device': (p) => sync.removeDevice(p),
    'club:change-code': () => sync.changeCode(),
    'sync:status': () => sync.status(),
    'sync:now': () => sync.now(),
    'hub:host-status': () => ok(deps.hosting.status()),
    'hub:host-start': (input) => deps.hosting.start(input),
    'hub:host-stop': () => deps.hosting.stop(),
    'backup:info': () => backups.info(),
    'backup:set-keep': (input) => backups.setKeep(input.keep),
    'upload:begin': (input) => uploads.begin(input.purpose, input.size),
    'upload:chunk': (input) => uploads.chunk(input.uploadId, input.index, input.data),
    'upload:cancel': (input) => uploads.cancel(input.uploadId),
    'seasons:list': () => club.listSeasons(),
    'seasons:create': (input) => club.createSeason(input),
    'seasons:update': ({ id, ...change }) => club.updateSeason(id, change),
    'seasons:set-archived': (input) => club.setSeasonArchived(input.id, input.archived),
    'seasons:delete': (input) => club.deleteSeason(input.id),
    'nights:set-venue': (input) => club.setVenue(input.date, input.venue),
    'ratings:set-system': (input) => club.setRatingSystem(input.system),
    'board:night': (input) => deps.board.night(input.date),
  }
}
