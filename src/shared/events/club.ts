/**
 * Club events: seasons (leagues), game-night venues and the club's choice of rating system. They
 * are events like every other fact, so they sync, export and import with the rest of the log.
 *
 * Merge rules (docs/ARCHITECTURE.md, "Club data" and "Merge rules"):
 * - a season's fields (name, dates, games, players, points scheme) are last-writer-wins, each field
 *   on its own, as a player's are: in causal order (./causal.ts), a change naming the event whose
 *   value it replaces (`replaces`, per field for an edit) comes after it whatever the clocks say,
 *   and changes that did not see each other go by HLC; `season.archived` / `season.restored` are
 *   one more such field; `season.deleted` is a tombstone nothing revives;
 * - an archived season is final: its archive event carries the standings it froze (`standings`,
 *   per player: rank, points, matches, wins…), so a later undo or correction of one of its matches
 *   changes nothing in that table; an archive event written before that field existed keeps the
 *   list of matches it counted, and its standings are recomputed from those matches;
 * - a night's venue is keyed by the night's local date (its subject is derived from the date) and
 *   is last-writer-wins in the same causal order; so is the club's rating system.
 *
 * Pure: no I/O. The types file imports only the kind list and payload types from here.
 */
import * as v from 'valibot'
import { GAME_IDS, type GameId } from '../games/engine'
import { nameTextProblem } from '../model/player'
import { err, ok, type Result } from '../result'
import { causalOrder } from './causal'
import { RULE_ENTRIES, SEASON_RULE_FIELDS, type SeasonRules } from './season-rules'

export const CLUB_EVENT_KINDS = [
  'season.created',
  'season.updated',
  'season.archived',
  'season.restored',
  'season.deleted',
  'night.venue-set',
  'club.rating-system-set',
] as const
export type ClubEventKind = (typeof CLUB_EVENT_KINDS)[number]

export function isClubKind(kind: string): kind is ClubEventKind {
  return (CLUB_EVENT_KINDS as readonly string[]).includes(kind)
}

/**
 * How a match earns league points.
 * - `result`: a win, a shared win (draw) and anything else earn fixed points (e.g. 3/1/0).
 * - `placement`: points scaled by table size, so 2- to 8-player tables are comparable:
 *   a seat finishing in position p of n earns top × (n − p) / (n − 1) (first earns `top`, last 0);
 *   tied seats share the average of the positions they cover. Whatever the table size, a seat earns
 *   top / 2 on average. Each match's points are rounded to hundredths.
 */
export type PointsScheme =
  { kind: 'result'; win: number; draw: number; loss: number } | { kind: 'placement'; top: number }

export const RATING_SYSTEMS = ['openskill', 'elo'] as const
export type RatingSystem = (typeof RATING_SYSTEMS)[number]

/**
 * A season's fields. The rules (./season-rules.ts) are optional: absent in events written before
 * they existed, and null when not used; either way the season keeps its plain meaning.
 */
export interface SeasonFields extends Partial<SeasonRules> {
  name: string
  /** Local dates yyyy-mm-dd, both included. */
  startDate: string
  endDate: string
  /** The games it counts; null: every game. */
  gameIds: GameId[] | null
  /** The players in it; null: everyone who plays. */
  playerIds: string[] | null
  scheme: PointsScheme
}

export type SeasonField = keyof SeasonFields

/** Which tie-break separated a row from the one above (src/shared/stats/league.ts, TieBreak). */
export const DECIDED_BY = ['wins', 'head-to-head', 'average placement', 'no matches', 'qualification', 'final'] as const

/** One row of a frozen table: a standings row (src/shared/stats/league.ts) without the name, which is read as it is now. */
export interface FrozenStandingRow {
  rank: number
  playerId: string
  points: number
  matches: number
  wins: number
  sharedWins: number
  headToHead: number
  averagePlacement: number | null
  decidedBy: (typeof DECIDED_BY)[number] | null
  /** With season rules (optional, src/shared/stats/league.ts): see StandingRow. */
  counted?: number
  attendance?: number
  nights?: number
  dropped?: { matchId: string; points: number }[]
  qualified?: boolean
  final?: { place: number; points: number }
}

/** The standings an archive froze: the number of matches counted and the table's rows in order. */
export interface FrozenStandings {
  matches: number
  rows: FrozenStandingRow[]
}

/**
 * `replaces` (optional; events written before it existed have none): the id of the event whose
 * value the change replaces, as the writer saw it; for an edit, per field it changes.
 */
export interface ClubPayloadOf {
  'season.created': SeasonFields
  /** Only the fields that changed. */
  'season.updated': Partial<SeasonFields> & { replaces?: Partial<Record<SeasonField, string>> }
  /**
   * The matches the season counted when it was archived and (optional; not in archive events
   * written before it existed) the standings it froze: the final table, whatever later happens to
   * those matches. Without `standings`, the table is recomputed from `matchIds`.
   */
  'season.archived': { matchIds: string[]; standings?: FrozenStandings; replaces?: string }
  'season.restored': { replaces?: string }
  'season.deleted': Record<string, never>
  /** The venue of the night that starts on local date `date` (null clears it). Subject: nightSubject(date). */
  'night.venue-set': { date: string; venue: string | null; replaces?: string }
  /** The club's rating system. Subject: CLUB_SUBJECT. */
  'club.rating-system-set': { system: RatingSystem; replaces?: string }
}

/** The subject of club-wide settings (a fixed id, the same on every laptop). */
export const CLUB_SUBJECT = '00000000-0000-8000-8000-00000000c1ab'

/** The subject of a night's events: derived from its local date, so every laptop names a night alike. */
export function nightSubject(date: string): string {
  return `${date.replaceAll('-', '')}-0000-8000-8000-00000000a1e0`
}

export const MAX_SEASON_MATCHES = 20_000
const SEASON_FIELDS = ['name', 'startDate', 'endDate', 'gameIds', 'playerIds', 'scheme', ...SEASON_RULE_FIELDS] as const
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const Id = v.pipe(v.string('must be text'), v.regex(UUID, 'must be an id'))

/** A calendar day yyyy-mm-dd that exists. */
export const LocalDate = v.pipe(
  v.string('must be text'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-01-31'),
  v.check(
    (x) => !Number.isNaN(Date.parse(`${x}T00:00:00Z`)) && new Date(`${x}T00:00:00Z`).toISOString().startsWith(x),
    'is not a real date',
  ),
)
/** The text rule of every name (src/shared/model/player.ts): no broken character, control or direction override. */
const NameText = v.rawCheck<string>(({ dataset, addIssue }) => {
  const problem = dataset.typed ? nameTextProblem(dataset.value) : null
  if (problem) addIssue({ message: problem.replace(/^A name /, '').replace(/\.$/, '') })
})

export const SeasonName = v.pipe(
  v.string('must be text'),
  NameText,
  v.check((x) => x === x.trim(), 'must not start or end with spaces'),
  v.minLength(1, 'is empty'),
  v.maxLength(60, 'is longer than 60 characters'),
)
const Points = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(-100, 'must be at least -100'),
  v.maxValue(100, 'must be at most 100'),
)
export const Scheme = v.variant(
  'kind',
  [
    v.strictObject({ kind: v.literal('result'), win: Points, draw: Points, loss: Points }),
    v.strictObject({ kind: v.literal('placement'), top: v.pipe(Points, v.minValue(1, 'must be at least 1')) }),
  ],
  'must be result or placement points',
)
export const SeasonGames = v.nullable(
  v.pipe(
    v.array(v.picklist(GAME_IDS, 'must be a known game'), 'must be a list of games'),
    v.minLength(1, 'must name a game (or be every game)'),
    v.maxLength(GAME_IDS.length, 'names a game twice'),
    v.check((l) => new Set(l).size === l.length, 'names a game twice'),
  ),
)
export const SeasonPlayers = v.nullable(
  v.pipe(
    v.array(Id, 'must be a list of player ids'),
    v.minLength(1, 'must name a player (or be everyone)'),
    v.maxLength(200, 'has more than 200 players'),
    v.check((l) => new Set(l).size === l.length, 'names a player twice'),
  ),
)
const Venue = v.nullable(
  v.pipe(
    v.string('must be text'),
    NameText,
    v.check((x) => x === x.trim(), 'must not start or end with spaces'),
    v.minLength(1, 'is empty'),
    v.maxLength(80, 'is longer than 80 characters'),
  ),
)

/** At most one row per player; a club has far fewer. */
export const MAX_FROZEN_ROWS = 5_000
const Count = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(MAX_SEASON_MATCHES, `must be at most ${MAX_SEASON_MATCHES}`),
)
const Finite = v.pipe(
  v.number('must be a number'),
  v.check((x) => Number.isFinite(x), 'must be a finite number'),
)
const FrozenRow = v.pipe(
  v.strictObject({
    rank: v.pipe(Count, v.minValue(1, 'must be at least 1')),
    playerId: Id,
    points: Finite,
    matches: Count,
    wins: Count,
    sharedWins: Count,
    headToHead: v.pipe(Finite, v.integer('must be a whole number')),
    averagePlacement: v.nullable(
      v.pipe(Finite, v.minValue(0, 'must be at least 0'), v.maxValue(1, 'must be at most 1')),
    ),
    decidedBy: v.nullable(v.picklist(DECIDED_BY, 'must be a tie-break')),
    counted: v.optional(Count),
    attendance: v.optional(Finite),
    nights: v.optional(Count),
    dropped: v.optional(
      v.pipe(
        v.array(v.strictObject({ matchId: Id, points: Finite }), 'must be a list of dropped results'),
        v.maxLength(MAX_SEASON_MATCHES, `has more than ${MAX_SEASON_MATCHES} results`),
      ),
    ),
    qualified: v.optional(v.boolean('must be true or false')),
    final: v.optional(v.strictObject({ place: v.pipe(Count, v.minValue(1, 'must be at least 1')), points: Finite })),
  }),
  v.check((r) => r.wins <= r.matches && r.sharedWins <= r.wins, 'counts more wins than matches'),
)
const Frozen = v.strictObject({
  matches: Count,
  rows: v.pipe(
    v.array(FrozenRow, 'must be a list of standings rows'),
    v.maxLength(MAX_FROZEN_ROWS, `has more than ${MAX_FROZEN_ROWS} rows`),
    v.check((l) => new Set(l.map((r) => r.playerId)).size === l.length, 'lists a player twice'),
  ),
})

const Empty = v.strictObject({}) as v.GenericSchema<unknown, Record<string, never>>
const Seen = v.optional(Id)

export const CLUB_PAYLOADS: { [K in ClubEventKind]: v.GenericSchema<unknown, ClubPayloadOf[K]> } = {
  'season.created': v.strictObject({
    name: SeasonName,
    startDate: LocalDate,
    endDate: LocalDate,
    gameIds: SeasonGames,
    playerIds: SeasonPlayers,
    scheme: Scheme,
    ...RULE_ENTRIES,
  }),
  'season.updated': v.pipe(
    v.strictObject({
      name: v.optional(SeasonName),
      startDate: v.optional(LocalDate),
      endDate: v.optional(LocalDate),
      gameIds: v.optional(SeasonGames),
      playerIds: v.optional(SeasonPlayers),
      scheme: v.optional(Scheme),
      ...RULE_ENTRIES,
      replaces: v.optional(
        v.strictObject({
          name: Seen,
          startDate: Seen,
          endDate: Seen,
          gameIds: Seen,
          playerIds: Seen,
          scheme: Seen,
          attendance: Seen,
          minMatches: Seen,
          bestOf: Seen,
          final: Seen,
        }),
      ),
    }),
    v.check((p) => SEASON_FIELDS.some((f) => p[f] !== undefined), 'must change something'),
    v.check(
      (p) => Object.keys(p.replaces ?? {}).every((f) => p[f as SeasonField] !== undefined),
      'names the value of a field it does not change',
    ),
  ) as v.GenericSchema<unknown, ClubPayloadOf['season.updated']>,
  'season.archived': v.pipe(
    v.strictObject({
      matchIds: v.pipe(
        v.array(Id, 'must be a list of match ids'),
        v.maxLength(MAX_SEASON_MATCHES, `has more than ${MAX_SEASON_MATCHES} matches`),
      ),
      standings: v.optional(Frozen),
      replaces: Seen,
    }),
    v.check(
      (p) => p.standings === undefined || p.standings.matches === p.matchIds.length,
      'standings must count exactly the matches it names',
    ),
  ) as v.GenericSchema<unknown, ClubPayloadOf['season.archived']>,
  'season.restored': v.strictObject({ replaces: Seen }),
  'season.deleted': Empty,
  'night.venue-set': v.strictObject({ date: LocalDate, venue: Venue, replaces: Seen }),
  'club.rating-system-set': v.strictObject({
    system: v.picklist(RATING_SYSTEMS, 'must be openskill or elo'),
    replaces: Seen,
  }),
}

/** Checks that need the envelope too (the subject a night or a club setting must have). */
export function checkClubEvent(e: { kind: string; subject: string; payload: unknown }): Result<true> {
  if (e.kind === 'night.venue-set') {
    const p = e.payload as ClubPayloadOf['night.venue-set']
    if (e.subject !== nightSubject(p.date))
      return err('invalid-event', `a night.venue-set event for ${p.date} must have the subject ${nightSubject(p.date)}`)
  }
  if (e.kind === 'club.rating-system-set' && e.subject !== CLUB_SUBJECT)
    return err('invalid-event', `a club.rating-system-set event must have the subject ${CLUB_SUBJECT}`)
  if (e.kind === 'season.created') {
    const p = e.payload as SeasonFields
    if (p.endDate < p.startDate) return err('invalid-event', 'a season cannot end before it starts')
  }
  return ok(true)
}

// ---------------------------------------------------------------------------------------------
// The reducers

interface ClubEvent {
  id: string
  hlc: string
  kind: string
  subject: string
  payload: unknown
}

const byLog = (a: ClubEvent, b: ClubEvent): number =>
  a.hlc < b.hlc ? -1 : a.hlc > b.hlc ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
/** The wall time of an HLC stamp (its first 15 characters are milliseconds). */
const wallOf = (hlc: string): string => new Date(Number(hlc.slice(0, 15))).toISOString()

export interface SeasonProjection extends SeasonFields {
  id: string
  /** When it was archived (null while it is not); its frozen match list with it. */
  archivedAt: string | null
  frozenMatchIds: string[] | null
  /** The standings the archive froze (null while open, or for an archive event without them). */
  frozenStandings: FrozenStandings | null
  createdAt: string
  updatedAt: string
  /** The event whose value each field (and the archived state) holds now: the next change names it (`replaces`). */
  sources: Record<SeasonField | 'archived', string>
}

/** The id a change names as the value it replaces (for an edit: of field `field`). */
function replacesOf(e: ClubEvent, field?: SeasonField): string | undefined {
  const r = (e.payload as { replaces?: unknown }).replaces
  if (field === undefined) return typeof r === 'string' ? r : undefined
  const id = r !== null && typeof r === 'object' ? (r as Record<string, unknown>)[field] : undefined
  return typeof id === 'string' ? id : undefined
}

/** The last of some writes of one value in causal order (./causal.ts), or null. */
function lastWrite(changes: readonly ClubEvent[], field?: SeasonField): ClubEvent | null {
  if (changes.length === 0) return null
  const order = causalOrder(changes, (e) => replacesOf(e, field))
  return order[order.length - 1] as ClubEvent
}

/**
 * A season from its events, or null when it was never created or is deleted. Each field is its
 * last write in causal order; a date range left upside down by two laptops' edits is read with its
 * ends swapped (each field is kept as written, so the next edit settles it).
 */
export function reduceSeason(events: readonly ClubEvent[]): SeasonProjection | null {
  let created: ClubEvent | undefined
  for (const e of events) {
    if (e.kind === 'season.deleted') return null
    if (e.kind === 'season.created' && (!created || byLog(e, created) < 0)) created = e
  }
  if (!created) return null
  const writes = new Map<SeasonField, ClubEvent[]>(SEASON_FIELDS.map((f) => [f, []]))
  const archives: ClubEvent[] = []
  let latest = created.hlc
  for (const e of events) {
    if (e === created) continue
    if (e.kind === 'season.created' || e.kind === 'season.updated') {
      // (A second start under the same id, never made by the app, counts as an edit of every field.)
      const p = e.payload as Partial<SeasonFields>
      let counted = false
      for (const f of SEASON_FIELDS) {
        if (p[f] === undefined) continue
        // Created writes every field: an edit that names nothing and is stamped before it (a clock
        // set back) loses to it, as it always did.
        if (replacesOf(e, f) === undefined && byLog(e, created) < 0) continue
        writes.get(f)?.push(e)
        counted = true
      }
      if (!counted) continue
    } else if (e.kind === 'season.archived' || e.kind === 'season.restored') archives.push(e)
    else continue
    if (e.hlc > latest) latest = e.hlc
  }
  const fields = { ...(created.payload as SeasonFields) } as SeasonFields
  const sources = { archived: created.id } as SeasonProjection['sources']
  for (const f of SEASON_FIELDS) {
    const last = lastWrite(writes.get(f) ?? [], f)
    ;(fields as unknown as Record<string, unknown>)[f] = last
      ? (last.payload as Record<string, unknown>)[f]
      : (created.payload as Record<string, unknown>)[f]
    sources[f] = last?.id ?? created.id
  }
  const archive = lastWrite(archives)
  if (archive) sources.archived = archive.id
  const archived = archive?.kind === 'season.archived'
  const s: SeasonProjection = {
    id: created.subject,
    name: fields.name,
    startDate: fields.startDate,
    endDate: fields.endDate,
    gameIds: fields.gameIds,
    playerIds: fields.playerIds,
    scheme: fields.scheme,
    // The rules: null when not used (absent from events written before they existed).
    attendance: fields.attendance ?? null,
    minMatches: fields.minMatches ?? null,
    bestOf: fields.bestOf ?? null,
    final: fields.final ?? null,
    archivedAt: archived && archive ? wallOf(archive.hlc) : null,
    frozenMatchIds: archived && archive ? [...(archive.payload as ClubPayloadOf['season.archived']).matchIds] : null,
    frozenStandings: (archived && archive && (archive.payload as ClubPayloadOf['season.archived']).standings) || null,
    createdAt: wallOf(created.hlc),
    updatedAt: wallOf(latest),
    sources,
  }
  if (s.endDate < s.startDate) [s.startDate, s.endDate] = [s.endDate, s.startDate]
  return s
}

/** The last venue write of a night in causal order (null: none). */
export function lastVenueWrite(events: readonly ClubEvent[]): ClubEvent | null {
  return lastWrite(events.filter((e) => e.kind === 'night.venue-set'))
}

/** The latest venue of a night (null: none or cleared), with when it was set. */
export function reduceVenue(events: readonly ClubEvent[]): { date: string; venue: string; setAt: string } | null {
  const last = lastVenueWrite(events)
  if (!last) return null
  const p = last.payload as ClubPayloadOf['night.venue-set']
  return p.venue === null ? null : { date: p.date, venue: p.venue, setAt: wallOf(last.hlc) }
}

/** The last rating-system choice in causal order (null: none). */
export function lastRatingSystemWrite(events: readonly ClubEvent[]): ClubEvent | null {
  return lastWrite(events.filter((e) => e.kind === 'club.rating-system-set'))
}

/** The club's rating system: the last choice in causal order, OpenSkill when none was made. */
export function reduceRatingSystem(events: readonly ClubEvent[]): { system: RatingSystem; setAt: string | null } {
  const last = lastRatingSystemWrite(events)
  return last
    ? { system: (last.payload as ClubPayloadOf['club.rating-system-set']).system, setAt: wallOf(last.hlc) }
    : { system: 'openskill', setAt: null }
}
