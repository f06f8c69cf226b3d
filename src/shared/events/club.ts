/**
 * Club events: seasons (leagues), game-night venues and the club's choice of rating system. They
 * are events like every other fact, so they sync, export and import with the rest of the log.
 *
 * Merge rules (docs/ARCHITECTURE.md, "Club data"):
 * - a season's fields (name, dates, games, players, points scheme) are last-writer-wins by HLC,
 *   each field on its own, as a player's are; `season.archived` / `season.restored` are one more
 *   such field; `season.deleted` is a tombstone nothing revives;
 * - an archived season keeps the list of matches it counted when it was archived (its standings
 *   are frozen to those matches, recomputed from them so renames and merges still show);
 * - a night's venue is keyed by the night's local date (its subject is derived from the date) and
 *   is last-writer-wins; so is the club's rating system.
 *
 * Pure: no I/O. The types file imports only the kind list and payload types from here.
 */
import * as v from 'valibot'
import { GAME_IDS, type GameId } from '../games/engine'
import { err, ok, type Result } from '../result'

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

export interface SeasonFields {
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

export interface ClubPayloadOf {
  'season.created': SeasonFields
  /** Only the fields that changed. */
  'season.updated': Partial<SeasonFields>
  /** The matches the season counted when it was archived: its standings stay computed from these. */
  'season.archived': { matchIds: string[] }
  'season.restored': Record<string, never>
  'season.deleted': Record<string, never>
  /** The venue of the night that starts on local date `date` (null clears it). Subject: nightSubject(date). */
  'night.venue-set': { date: string; venue: string | null }
  /** The club's rating system. Subject: CLUB_SUBJECT. */
  'club.rating-system-set': { system: RatingSystem }
}

/** The subject of club-wide settings (a fixed id, the same on every laptop). */
export const CLUB_SUBJECT = '00000000-0000-8000-8000-00000000c1ab'

/** The subject of a night's events: derived from its local date, so every laptop names a night alike. */
export function nightSubject(date: string): string {
  return `${date.replaceAll('-', '')}-0000-8000-8000-00000000a1e0`
}

export const MAX_SEASON_MATCHES = 20_000
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
export const SeasonName = v.pipe(
  v.string('must be text'),
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
    v.check((x) => x === x.trim(), 'must not start or end with spaces'),
    v.minLength(1, 'is empty'),
    v.maxLength(80, 'is longer than 80 characters'),
  ),
)

const Empty = v.strictObject({}) as v.GenericSchema<unknown, Record<string, never>>

export const CLUB_PAYLOADS: { [K in ClubEventKind]: v.GenericSchema<unknown, ClubPayloadOf[K]> } = {
  'season.created': v.strictObject({
    name: SeasonName,
    startDate: LocalDate,
    endDate: LocalDate,
    gameIds: SeasonGames,
    playerIds: SeasonPlayers,
    scheme: Scheme,
  }),
  'season.updated': v.pipe(
    v.strictObject({
      name: v.optional(SeasonName),
      startDate: v.optional(LocalDate),
      endDate: v.optional(LocalDate),
      gameIds: v.optional(SeasonGames),
      playerIds: v.optional(SeasonPlayers),
      scheme: v.optional(Scheme),
    }),
    v.check((p) => Object.keys(p).length > 0, 'must change something'),
  ) as v.GenericSchema<unknown, Partial<SeasonFields>>,
  'season.archived': v.strictObject({
    matchIds: v.pipe(
      v.array(Id, 'must be a list of match ids'),
      v.maxLength(MAX_SEASON_MATCHES, `has more than ${MAX_SEASON_MATCHES} matches`),
    ),
  }),
  'season.restored': Empty,
  'season.deleted': Empty,
  'night.venue-set': v.strictObject({ date: LocalDate, venue: Venue }),
  'club.rating-system-set': v.strictObject({ system: v.picklist(RATING_SYSTEMS, 'must be openskill or elo') }),
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
  createdAt: string
  updatedAt: string
}

const SEASON_FIELDS = ['name', 'startDate', 'endDate', 'gameIds', 'playerIds', 'scheme'] as const

/**
 * A season from its events, or null when it was never created or is deleted. Every field is the
 * latest write by HLC; a date range left upside down by two laptops' edits is read with its ends
 * swapped (each field is kept as written, so the next edit settles it).
 */
export function reduceSeason(events: readonly ClubEvent[]): SeasonProjection | null {
  const sorted = [...events].sort(byLog)
  const created = sorted.find((e) => e.kind === 'season.created')
  if (!created || sorted.some((e) => e.kind === 'season.deleted')) return null
  const fields = { ...(created.payload as SeasonFields) } as SeasonFields
  const s: SeasonProjection = {
    id: created.subject,
    ...fields,
    archivedAt: null,
    frozenMatchIds: null,
    createdAt: wallOf(created.hlc),
    updatedAt: wallOf(created.hlc),
  }
  const start = sorted.indexOf(created)
  for (const [i, e] of sorted.entries()) {
    if (e === created) continue
    switch (e.kind) {
      case 'season.created': // a second start under the same id (never made by the app): its fields as an update
      case 'season.updated': {
        // Created writes every field: an edit stamped before it (a clock set back) loses to it.
        if (i < start) continue
        const p = e.payload as Partial<SeasonFields>
        for (const f of SEASON_FIELDS) if (p[f] !== undefined) (s as unknown as Record<string, unknown>)[f] = p[f]
        break
      }
      case 'season.archived':
        s.archivedAt = wallOf(e.hlc)
        s.frozenMatchIds = [...(e.payload as ClubPayloadOf['season.archived']).matchIds]
        break
      case 'season.restored':
        s.archivedAt = null
        s.frozenMatchIds = null
        break
      default:
        continue
    }
    s.updatedAt = wallOf(e.hlc)
  }
  if (s.endDate < s.startDate) [s.startDate, s.endDate] = [s.endDate, s.startDate]
  return s
}

/** The latest venue of a night (null: none or cleared), with when it was set. */
export function reduceVenue(events: readonly ClubEvent[]): { date: string; venue: string; setAt: string } | null {
  const last = [...events]
    .filter((e) => e.kind === 'night.venue-set')
    .sort(byLog)
    .pop()
  if (!last) return null
  const p = last.payload as ClubPayloadOf['night.venue-set']
  return p.venue === null ? null : { date: p.date, venue: p.venue, setAt: wallOf(last.hlc) }
}

/** The club's rating system: the latest choice by HLC, OpenSkill when none was made. */
export function reduceRatingSystem(events: readonly ClubEvent[]): { system: RatingSystem; setAt: string | null } {
  const last = [...events]
    .filter((e) => e.kind === 'club.rating-system-set')
    .sort(byLog)
    .pop()
  return last
    ? { system: (last.payload as ClubPayloadOf['club.rating-system-set']).system, setAt: wallOf(last.hlc) }
    : { system: 'openskill', setAt: null }
}
