/**
 * The IPC contract: for each channel, the runtime schema its input must pass and the type of its output.
 * Main (and the web bridge) parse every payload against these before any handler runs.
 */
import * as v from 'valibot'
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
import { HOST_START_FIELDS } from './hosting'
import type { NightList, RatingsExplained, Season, SeasonStandings } from '../model/club'
import type { ClubRecords } from '../model/records'
import type { BoardNight } from '../model/board'
import {
  LocalDate,
  RATING_SYSTEMS,
  Scheme,
  SeasonGames,
  SeasonName,
  SeasonPlayers,
  type RatingSystem,
} from '../events/club'
import { RULE_ENTRIES } from '../events/season-rules'
import type { ExternalImportPreview, ExternalImportReport } from '../import/plan'
import { GAME_IDS } from '../games/ids'
import { ListenHost, PemFile, UnitLabel, type AddedPhone, type TablesStatus } from './tables'
import { VenueName } from '../model/venue'
import { FolderPath, PageTitle, type PublishedClubPage } from './club-page'
import type { Channel } from './channels'

/**
 * A strict object that is really an object: valibot's strictObject alone accepts an empty array,
 * since an array is an object with no unexpected keys.
 */
function obj<const E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (x) => x !== null && typeof x === 'object' && !Array.isArray(x),
      'must be an object',
    ),
    v.strictObject(entries),
  )
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const Id = v.pipe(v.string('must be text'), v.regex(UUID, 'must be an id like 0190f5c2-…'))
/** Raw name as typed: bounded here, the 1–40 rule itself lives in validatePlayerName so its message is a player's. */
const RawName = v.pipe(v.string('must be text'), v.maxLength(200, 'is far too long'))
const Color = v.nullable(v.pipe(v.string('must be text'), v.maxLength(16, 'is too long')))

/** The games' ids in words, for the messages: "ennea, wild-nine, nine, seven-eight-nine". */
const GAME_ID_WORDS = GAME_IDS.join(', ')
const GameIdSchema = v.picklist(GAME_IDS, `must be one of ${GAME_ID_WORDS}`)
const Seat = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(0, 'must be 0 or more'),
  v.maxValue(7, 'must be at most 7'),
)
const IsoDate = v.pipe(v.string('must be text'), v.isoTimestamp('must be an ISO date-time like 2026-01-31T00:00:00Z'))
const MAX_ACTION_JSON = 64 * 1024
/** A club hub: the club's own `npm run hub` (http://…) or a Turso Cloud database (libsql://…); the service checks the form. */
const HubUrl = v.pipe(
  v.string('must be text'),
  v.minLength(1, 'is empty'),
  v.maxLength(300, 'is too long for an address'),
)
const HubToken = v.pipe(v.string('must be text'), v.maxLength(4096, 'is too long for a token'))
/** The largest list offset: far beyond any club's history, small enough that SQLite never sees an odd number. */
export const MAX_LIST_OFFSET = 10_000_000
/** House-rule numbers are far smaller (the engines check each rule's own range); this only keeps absurd ones out. */
const MAX_RULE_NUMBER = 1_000_000

function jsonSize(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? Infinity
  } catch {
    return Infinity
  }
}

/** An engine action: any JSON value of bounded size; the game's engine checks its meaning. */
const Action = v.pipe(
  v.unknown(),
  v.check((a) => a !== undefined, 'is missing'),
  v.check((a) => jsonSize(a) <= MAX_ACTION_JSON, `is larger than ${MAX_ACTION_JSON / 1024} KB`),
)

/**
 * Optional on every match write: the `head` of the MatchView the request was made against. When the
 * match changed since (another window, another laptop), the write is refused as stale.
 */
const Expected = v.optional(v.pipe(v.string('must be text'), v.maxLength(80, 'is too long')))
/** The token of a correction preview the referee confirmed (matches:preview-correction). */
const Confirmed = v.optional(v.pipe(v.string('must be text'), v.maxLength(80, 'is too long')))

const MatchOptions = obj({
  firstDealer: v.optional(Seat),
  starter: v.optional(Seat),
  target: v.optional(
    v.nullable(
      v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(99, 'must be at most 99'),
      ),
    ),
  ),
  colours: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('must be text'), v.maxLength(16, 'is too long')), 'must be a list'),
      v.maxLength(8, 'has too many entries'),
    ),
  ),
  houseRules: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.maxLength(40, 'has a key that is too long')),
        v.union(
          [
            v.pipe(v.string('must be text'), v.maxLength(40, 'is too long')),
            v.pipe(
              v.number('must be a number'),
              v.minValue(-MAX_RULE_NUMBER, `must be at least ${-MAX_RULE_NUMBER}`),
              v.maxValue(MAX_RULE_NUMBER, `must be at most ${MAX_RULE_NUMBER}`),
            ),
            v.boolean(),
          ],
          'must be text, a number or true/false',
        ),
        'must be an object',
      ),
      v.check((r) => Object.keys(r).length <= 20, 'has too many entries'),
    ),
  ),
})

/** A calendar day, yyyy-mm-dd: compared with each match's local date (its UTC time plus the offset it was played in). */
const LocalDay = v.pipe(
  v.string('must be text'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-01-31'),
  v.check(
    (x) => !Number.isNaN(Date.parse(`${x}T00:00:00Z`)) && new Date(`${x}T00:00:00Z`).toISOString().startsWith(x),
    'is not a real date',
  ),
)
const LocalDays = { fromDate: v.optional(LocalDay), toDate: v.optional(LocalDay) }
const StatsFilterEntries = {
  from: v.optional(IsoDate),
  to: v.optional(IsoDate),
  /** Local dates, both included. */
  ...LocalDays,
  /** Rounds, average round score and rule events: only finished matches (default) or every match. */
  roundsOf: v.optional(v.picklist(['finished', 'all'], 'must be finished or all')),
  /** A win shared by k players: a whole win (default) or 1/k of one. */
  sharedWin: v.optional(v.picklist(['whole', 'split'], 'must be whole or split')),
  gameId: v.optional(GameIdSchema),
  playerIds: v.optional(
    v.pipe(v.array(Id, 'must be a list of player ids'), v.maxLength(50, 'has more than 50 players')),
  ),
  /** Only matches played at this venue (a recorded match's location, else its night's venue). */
  venue: v.optional(VenueName),
}
/** Base64 of at most 1 MB (the upload chunk size). */
const Base64Chunk = v.pipe(
  v.string('must be text'),
  v.maxLength(1_398_104, 'is larger than 1 MB'),
  v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
)
const BackupName = v.pipe(
  v.string('must be text'),
  v.maxLength(120, 'is too long'),
  v.regex(/^ninekeeper\.[A-Za-z0-9.-]+\.sqlite$/, 'must be the name of a backup file'),
)

/**
 * The user's choices in an external import's preview (BG Stats, CSV): a game for a source game name
 * (or 'skip'), and for a source player an existing player or the name of a new one.
 */
const ExternalChoices = obj({
  games: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.maxLength(200, 'has a game name that is too long')),
        v.picklist([...GAME_IDS, 'skip'], `must be one of ${GAME_ID_WORDS} or skip`),
        'must be an object',
      ),
      v.check((r) => Object.keys(r).length <= 1000, 'has too many entries'),
    ),
  ),
  players: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.maxLength(200, 'has a player key that is too long')),
        v.union([obj({ playerId: Id }), obj({ name: RawName })], 'must be { playerId } or { name }'),
        'must be an object',
      ),
      v.check((r) => Object.keys(r).length <= 5000, 'has too many entries'),
    ),
  ),
})

export const schemas = {
  'app:info': obj({}),
  'app:print-pdf': obj({}),
  'players:list': obj({
    includeArchived: v.optional(v.boolean('must be true or false')),
    search: v.optional(v.pipe(v.string('must be text'), v.maxLength(200, 'is far too long'))),
  }),
  'players:create': obj({ name: RawName, color: v.optional(Color) }),
  'players:rename': obj({ id: Id, name: RawName }),
  'players:set-color': obj({ id: Id, color: Color }),
  'players:set-archived': obj({ id: Id, archived: v.boolean('must be true or false') }),
  'players:delete': obj({ id: Id }),
  'players:merge-preview': obj({ from: Id, into: Id }),
  'players:merge': obj({ from: Id, into: Id }),
  'matches:create': obj({
    gameId: GameIdSchema,
    playerIds: v.pipe(
      v.array(Id, 'must be a list of player ids'),
      v.minLength(1, 'must name the players'),
      v.maxLength(8, 'has more than 8 players'),
    ),
    options: v.optional(MatchOptions),
    /** Minutes east of UTC where the match is played; without it, the computer's offset at the start. */
    utcOffset: v.optional(
      v.pipe(
        v.number('must be a number'),
        v.integer('must be whole minutes'),
        v.minValue(-840, 'must be at least -840'),
        v.maxValue(840, 'must be at most 840'),
      ),
    ),
  }),
  'matches:get': obj({ id: Id }),
  'matches:list': obj({
    gameId: v.optional(GameIdSchema),
    playerId: v.optional(Id),
    status: v.optional(
      v.picklist(['in-progress', 'finished', 'abandoned'], 'must be in-progress, finished or abandoned'),
    ),
    from: v.optional(IsoDate),
    to: v.optional(IsoDate),
    ...LocalDays,
    limit: v.optional(
      v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(500, 'must be at most 500'),
      ),
    ),
    offset: v.optional(
      v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole number'),
        v.minValue(0, 'must be 0 or more'),
        v.maxValue(MAX_LIST_OFFSET, `must be at most ${MAX_LIST_OFFSET}`),
      ),
    ),
  }),
  'matches:apply': obj({ id: Id, action: Action, expected: Expected }),
  'matches:correct': obj({ id: Id, eventId: Id, action: Action, expected: Expected, confirmed: Confirmed }),
  'matches:preview-correction': obj({ id: Id, eventId: Id, action: Action, expected: Expected }),
  'matches:undo': obj({ id: Id, expected: Expected }),
  'matches:redo': obj({ id: Id, expected: Expected }),
  'matches:close': obj({
    id: Id,
    status: v.picklist(['finished', 'abandoned'], 'must be finished or abandoned'),
    expected: Expected,
  }),
  'matches:history': obj({ id: Id }),
  'stats:overview': obj(StatsFilterEntries),
  'stats:player': obj({ playerId: Id, ...StatsFilterEntries }),
  'stats:head-to-head': obj({
    a: Id,
    b: Id,
    from: v.optional(IsoDate),
    to: v.optional(IsoDate),
    ...LocalDays,
    gameId: v.optional(GameIdSchema),
    venue: v.optional(VenueName),
  }),
  'stats:rating-history': obj({
    gameId: GameIdSchema,
    playerIds: v.optional(
      v.pipe(v.array(Id, 'must be a list of player ids'), v.maxLength(12, 'has more than 12 players')),
    ),
  }),
  'stats:monthly': obj(StatsFilterEntries),
  'stats:match-progress': obj({ matchId: Id }),
  'backup:info': obj({}),
  'backup:now': obj({}),
  'backup:set-keep': obj({
    keep: v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(1, 'must be at least 1'),
      v.maxValue(100, 'must be at most 100'),
    ),
  }),
  'backup:restore': obj({ name: v.optional(BackupName), uploadId: v.optional(Id) }),
  'transfer:export-json': obj({}),
  'transfer:export-csv': obj({
    table: v.picklist(['players', 'matches', 'rounds', 'results'], 'must be players, matches, rounds or results'),
  }),
  /** The JSON export left in a file, answered with a handle: downloaded once (web bridge) or saved (desktop). */
  'transfer:export-json-file': obj({}),
  /** A CSV table left in a file by the database worker, answered with a handle (as the JSON export's). */
  'transfer:export-csv-file': obj({
    table: v.picklist(['players', 'matches', 'rounds', 'results'], 'must be players, matches, rounds or results'),
  }),
  'transfer:save-export': obj({
    downloadId: v.pipe(v.string('must be text'), v.regex(/^[0-9a-f]{32}$/, 'must be the handle of an export')),
  }),
  'transfer:import': obj({ uploadId: Id }),
  'import:external-preview': obj({ uploadId: Id, choices: v.optional(ExternalChoices) }),
  'import:external-apply': obj({ uploadId: Id, choices: v.optional(ExternalChoices) }),
  'upload:begin': obj({
    purpose: v.picklist(['import', 'restore', 'external'], 'must be import, restore or external'),
    size: v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(1, 'must be at least 1 byte'),
      v.maxValue(512 * 1024 * 1024, 'must be at most 512 MB'),
    ),
  }),
  'upload:chunk': obj({
    uploadId: Id,
    index: v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(0, 'must be 0 or more'),
      v.maxValue(100_000, 'is too large'),
    ),
    data: Base64Chunk,
  }),
  'upload:cancel': obj({ uploadId: Id }),
  'club:create': obj({
    hubUrl: HubUrl,
    authToken: v.optional(HubToken),
    name: v.optional(v.pipe(v.string('must be text'), v.maxLength(60, 'is longer than 60 characters'))),
  }),
  'club:join': obj({
    hubUrl: HubUrl,
    authToken: v.optional(HubToken),
    code: v.pipe(
      v.string('must be text'),
      v.minLength(1, 'is empty'),
      v.maxLength(200, 'is far too long for a club code'),
    ),
  }),
  'club:leave': obj({}),
  'club:reseed': obj({}),
  'club:remove-device': obj({ deviceId: Id }),
  /** A new join code: the old one admits nobody more; the laptops in the club keep working. */
  'club:change-code': obj({}),
  'sync:status': obj({}),
  'sync:now': obj({}),
  'hub:host-status': obj({}),
  'hub:host-start': obj(HOST_START_FIELDS),
  'hub:host-stop': obj({}),
  'seasons:list': obj({}),
  'seasons:create': obj({
    name: SeasonName,
    startDate: LocalDate,
    endDate: LocalDate,
    gameIds: SeasonGames,
    playerIds: SeasonPlayers,
    scheme: Scheme,
    ...RULE_ENTRIES,
  }),
  'seasons:update': obj({
    id: Id,
    name: v.optional(SeasonName),
    startDate: v.optional(LocalDate),
    endDate: v.optional(LocalDate),
    gameIds: v.optional(SeasonGames),
    playerIds: v.optional(SeasonPlayers),
    scheme: v.optional(Scheme),
    ...RULE_ENTRIES,
  }),
  'seasons:set-archived': obj({ id: Id, archived: v.boolean('must be true or false') }),
  'seasons:delete': obj({ id: Id }),
  'seasons:standings': obj({ id: Id }),
  'nights:list': obj({
    ...LocalDays,
    limit: v.optional(
      v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(500, 'must be at most 500'),
      ),
    ),
  }),
  'nights:set-venue': obj({
    date: LocalDate,
    venue: v.nullable(v.pipe(v.string('must be text'), v.maxLength(200, 'is far too long'))),
  }),
  'ratings:explain': obj({ gameId: GameIdSchema }),
  'ratings:set-system': obj({ system: v.picklist(RATING_SYSTEMS, 'must be openskill or elo') }),
  'tables:status': obj({}),
  'tables:open': obj({
    host: ListenHost,
    port: v.optional(
      v.pipe(
        v.number('must be a number'),
        v.integer('must be whole'),
        v.minValue(0, 'must be 0 to 65535'),
        v.maxValue(65535, 'must be 0 to 65535'),
      ),
    ),
    closesAt: v.optional(IsoDate),
    tlsCert: v.optional(PemFile),
    tlsKey: v.optional(PemFile),
  }),
  'tables:close': obj({}),
  'tables:add-phone': obj({ matchId: Id, label: UnitLabel }),
  'tables:revoke': obj({
    unitId: v.pipe(v.string('must be text'), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a phone id')),
  }),
  'tables:sources': obj({ matchId: Id }),
  /** The club's records and badges; with `year`, that year in review too. */
  'records:get': obj({
    year: v.optional(
      v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole year'),
        v.minValue(1970, 'must be 1970 or later'),
        v.maxValue(9999, 'must be at most 9999'),
      ),
    ),
  }),
  'club:publish-page': obj({ folder: FolderPath, title: v.optional(PageTitle) }),
  'club:choose-page-folder': obj({}),
  /** The night board: one game night's matches (tonight, on this laptop's clock, without a date). */
  'board:night': obj({ date: v.optional(LocalDay) }),
} satisfies Record<Channel, v.GenericSchema>

export type Inputs = { [C in Channel]: v.InferOutput<(typeof schemas)[C]> }

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

export type Input<C extends Channel> = Inputs[C]
export type Output<C extends Channel> = Outputs[C]
