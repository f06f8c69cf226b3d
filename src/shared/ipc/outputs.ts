/** Each IPC channel's output (contract.ts): what its handler answers when the input passed its schema. */
import type { AppInfo } from '../model/app'
import type { Player } from '../model/player'
import type { PlayerMergePreview } from '../model/merge'
import type { MatchHistoryEntry, MatchSummary, MatchView } from '../model/match'
import type { CorrectionPreview } from '../model/correction'
import type {
  HeadToHead,
  MatchProgress,
  MonthlyResults,
  PlayerStats,
  RatingSeries,
  StatsOverview,
} from '../model/stats'
import type { BackupFileInfo, BackupInfo, ImportReport } from '../model/transfer'
import type { SyncStatus } from '../model/sync'
import type { HostStatus } from '../model/hosting'
import type { NightList, RatingsExplained, Season, SeasonStandings } from '../model/club'
import type { ClubRecords } from '../model/records'
import type { BoardNight } from '../model/board'
import type { RatingSystem } from '../events/club'
import type { ExternalImportPreview, ExternalImportReport } from '../import/plan'
import type { AddedPhone, TablesStatus } from './tables'
import type { PublishedClubPage } from './club-page'

export interface Outputs {
  'app:info': AppInfo
  /** The PDF's path, or null when the save dialog was cancelled. Desktop app only. */
  'app:print-pdf': { saved: string | null }
  'players:list': Player[]
  'players:create': Player
  'players:rename': Player
  'players:set-color': Player
  'players:set-archived': Player
  'players:delete': { id: string }
  'players:merge-preview': PlayerMergePreview
  'players:merge': Player
  'matches:create': MatchView
  'matches:get': MatchView
  'matches:list': MatchSummary[]
  'matches:apply': MatchView
  'matches:correct': MatchView
  /** What a correction would change, entry by entry; writes nothing. */
  'matches:preview-correction': CorrectionPreview
  'matches:undo': MatchView
  'matches:redo': MatchView
  'matches:close': MatchView
  'matches:history': MatchHistoryEntry[]
  'stats:overview': StatsOverview
  'stats:player': PlayerStats
  'stats:head-to-head': HeadToHead
  'stats:rating-history': RatingSeries[]
  'stats:monthly': MonthlyResults
  'stats:match-progress': MatchProgress
  'backup:info': BackupInfo
  'backup:now': BackupFileInfo
  'backup:set-keep': BackupInfo
  'backup:restore': { restoredSchema: number; safetyCopy: string }
  'transfer:export-json': { fileName: string; content: string }
  'transfer:export-csv': { fileName: string; content: string }
  /** GET /download/<downloadId> in a browser, once and within minutes; transfer:save-export in the desktop app. */
  'transfer:export-json-file': { fileName: string; downloadId: string; bytes: number; eventCount: number }
  /** As transfer:export-json-file; rows: the CSV's data rows (the header not counted). */
  'transfer:export-csv-file': { fileName: string; downloadId: string; bytes: number; rows: number }
  /** The desktop app's save dialog; saved: where, or null when the user cancelled. */
  'transfer:save-export': { saved: string | null }
  'transfer:import': ImportReport
  /** What an import from BG Stats or a CSV file would do; writes nothing. */
  'import:external-preview': ExternalImportPreview
  'import:external-apply': ExternalImportReport
  'upload:begin': { uploadId: string; chunkBytes: number }
  'upload:chunk': { received: number; size: number }
  'upload:cancel': { uploadId: string }
  'club:create': SyncStatus
  'club:join': SyncStatus
  'club:leave': SyncStatus
  'club:reseed': SyncStatus
  'club:remove-device': SyncStatus
  'club:change-code': SyncStatus
  'sync:status': SyncStatus
  'sync:now': SyncStatus
  /** Hosting the club's hub on this laptop: running or not, the addresses to give the others, the folder. */
  'hub:host-status': HostStatus
  'hub:host-start': HostStatus
  'hub:host-stop': HostStatus
  'seasons:list': Season[]
  'seasons:create': Season
  'seasons:update': Season
  'seasons:set-archived': Season
  'seasons:delete': { id: string }
  'seasons:standings': SeasonStandings
  'nights:list': NightList
  'nights:set-venue': { date: string; venue: string | null }
  'ratings:explain': RatingsExplained
  'ratings:set-system': { system: RatingSystem; setAt: string | null }
  /** The table units this evening (docs/TABLES.md): open or not, where, and every phone added. */
  'tables:status': TablesStatus
  'tables:open': TablesStatus
  'tables:close': TablesStatus
  /** A phone added to a running match: its one-time code, the pairing address and its QR code. */
  'tables:add-phone': AddedPhone
  'tables:revoke': TablesStatus
  /** Which phone entered each event of a match (event id → the phone's label), for the history. */
  'tables:sources': Record<string, string>
  'records:get': ClubRecords
  /** The club page written as a static folder (new, empty, or a club page written before). */
  'club:publish-page': PublishedClubPage
  /** The desktop app's folder dialog; folder: the one chosen, or null when the user cancelled. */
  'club:choose-page-folder': { folder: string | null }
  /** The night board (docs/ARCHITECTURE.md § The night board): matches in progress as cards, the rest as results. */
  'board:night': BoardNight
}
