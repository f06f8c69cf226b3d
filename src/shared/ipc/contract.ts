/**
 * The IPC contract: for each channel, the runtime schema its input must pass and the type of its output.
 * Main (and the web bridge) parse every payload against these before any handler runs. The fields the
 * schemas are made of are in fields.ts; each channel's output type is in outputs.ts.
 */
import * as v from 'valibot'
import { HOST_START_FIELDS } from './hosting'
import { LocalDate, RATING_SYSTEMS, Scheme, SeasonGames, SeasonName, SeasonPlayers } from '../events/club'
import { RULE_ENTRIES } from '../events/season-rules'
import { ListenHost, PemFile, UnitLabel } from './tables'
import { VenueName } from '../model/venue'
import { FolderPath, PageTitle } from './club-page'
import type { Channel } from './channels'
import {
  Action,
  BackupName,
  Base64Chunk,
  Color,
  Confirmed,
  Expected,
  ExternalChoices,
  GameIdSchema,
  HubToken,
  HubUrl,
  Id,
  IsoDate,
  LocalDay,
  LocalDays,
  MAX_LIST_OFFSET,
  MatchOptions,
  obj,
  RawName,
  StatsFilterEntries,
} from './fields'
import type { Outputs } from './outputs'

export { Id, MAX_LIST_OFFSET } from './fields'
export type { Outputs } from './outputs'

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

export type Input<C extends Channel> = Inputs[C]
export type Output<C extends Channel> = Outputs[C]
