/** One plain function per channel, over the services. No Electron here, so tests call them directly. */
import type { Handlers } from './ipc/dispatch'
import type { AppInfo } from '../shared/model/app'
import { err, ok } from '../shared/result'
import type { PlayerService } from './services/players'
import type { MatchService } from './services/matches'
import type { StatsService } from './services/stats'
import type { BackupService } from './services/backup'
import type { TransferService } from './services/transfer'
import type { UploadService } from './services/uploads'
import type { SyncService } from './sync/service'
import type { ClubService } from './services/club'
import type { ExternalImportService } from './services/external-import'

export interface HandlerDeps {
  players: PlayerService
  matches: MatchService
  stats: StatsService
  backups: BackupService
  transfer: TransferService
  uploads: UploadService
  sync: SyncService
  /** Import from BG Stats or a CSV file (docs/IMPORT.md). */
  external: ExternalImportService
  /** Seasons, game nights and ratings explained (docs/ARCHITECTURE.md § Club data). */
  club: ClubService
  appInfo: () => AppInfo
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { players, matches, stats, backups, transfer, uploads, sync, club } = deps
  return {
    'app:info': () => ok(deps.appInfo()),
    // The desktop app replaces this handler (src/main/index.ts); a browser prints with its own Print.
    'app:print-pdf': () =>
      err('not-supported', 'Saving a PDF is part of the desktop app; in a browser, use its Print command.'),
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
    'stats:overview': (input) => stats.overview(input),
    'stats:player': ({ playerId, ...filter }) => stats.player(playerId, filter),
    'stats:head-to-head': ({ a, b, ...filter }) => stats.headToHead(a, b, filter),
    'stats:rating-history': (input) => stats.ratingHistory(input.gameId, input.playerIds),
    'stats:monthly': (input) => stats.monthly(input),
    'stats:match-progress': (input) => stats.matchProgress(input.matchId),
    'club:create': (input) => sync.create({ hubUrl: input.hubUrl, authToken: input.authToken, name: input.name ?? '' }),
    'club:join': (input) => sync.join(input),
    'club:leave': () => sync.leave(),
    'club:reseed': () => sync.reseed(),
    'club:remove-device': (p) => sync.removeDevice(p),
    'club:change-code': () => sync.changeCode(),
    'sync:status': () => sync.status(),
    'sync:now': () => sync.now(),
    'backup:info': () => backups.info(),
    'backup:now': () => backups.backupNow('manual'),
    'backup:set-keep': (input) => backups.setKeep(input.keep),
    'backup:restore': async (input) => {
      if ((input.name === undefined) === (input.uploadId === undefined))
        return err('invalid-input', 'Invalid request for backup:restore: give either name or uploadId.', 'name')
      if (input.name !== undefined) {
        const path = backups.resolveName(input.name)
        if (!path) return err('not-found', 'There is no backup with that name in the backups folder.', 'name')
        return backups.restore(path)
      }
      const taken = uploads.take(input.uploadId as string, 'restore')
      if (!taken.ok) return taken
      try {
        return await backups.restore(taken.value)
      } finally {
        uploads.cancel(input.uploadId as string)
      }
    },
    'transfer:export-json': () => transfer.exportJson(),
    'transfer:export-csv': (input) => transfer.exportCsv(input.table),
    // The export file and its handle come from the database worker (worker/export-file.ts).
    'transfer:export-json-file': () => err('not-supported', 'Exports to a file are written by the database worker.'),
    'transfer:export-csv-file': () => err('not-supported', 'Exports to a file are written by the database worker.'),
    // The desktop app replaces this handler (src/main/index.ts); a browser downloads the file itself.
    'transfer:save-export': () =>
      err(
        'not-supported',
        'Saving an export through a dialog is part of the desktop app; in a browser the export downloads.',
      ),
    'transfer:import': (input) => {
      const taken = uploads.take(input.uploadId, 'import')
      if (!taken.ok) return taken
      try {
        return transfer.importFile(taken.value)
      } finally {
        uploads.cancel(input.uploadId)
      }
    },
    'upload:begin': (input) => uploads.begin(input.purpose, input.size),
    'upload:chunk': (input) => uploads.chunk(input.uploadId, input.index, input.data),
    'upload:cancel': (input) => uploads.cancel(input.uploadId),
    'seasons:list': () => club.listSeasons(),
    'seasons:create': (input) => club.createSeason(input),
    'seasons:update': ({ id, ...change }) => club.updateSeason(id, change),
    'seasons:set-archived': (input) => club.setSeasonArchived(input.id, input.archived),
    'seasons:delete': (input) => club.deleteSeason(input.id),
    'seasons:standings': (input) => club.standings(input.id),
    'nights:list': (input) => club.nights(input),
    'nights:set-venue': (input) => club.setVenue(input.date, input.venue),
    'ratings:explain': (input) => club.ratings(input.gameId),
    'ratings:set-system': (input) => club.setRatingSystem(input.system),
    // The upload stays open after a preview (the user may change choices and look again); a done import removes it.
    'import:external-preview': (input) => {
      const taken = uploads.take(input.uploadId, 'external')
      return taken.ok ? deps.external.previewFile(taken.value, input.choices ?? {}) : taken
    },
    'import:external-apply': (input) => {
      const taken = uploads.take(input.uploadId, 'external')
      if (!taken.ok) return taken
      const r = deps.external.applyFile(taken.value, input.choices ?? {})
      if (r.ok) uploads.cancel(input.uploadId)
      return r
    },
  }
}
