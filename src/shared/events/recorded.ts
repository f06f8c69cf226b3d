/**
 * Recorded matches: results that were played elsewhere and imported (BG Stats, a CSV sheet). One
 * `match.recorded` event carries the whole result (game, local date-time and its UTC offset, each
 * seat's score, rank and win, and where it came from). It has no rounds and no engine state: it
 * projects to a finished match (matches row, seats, match_results) so wins, placements, streaks,
 * ratings and head-to-head count it, and to no round rows. It cannot be replayed or edited; it can
 * be abandoned (`match.closed` with status abandoned, which takes it out of the stats) and that
 * close undone (`match.reopened`), like any match.
 *
 * Pure: no I/O, no clock. See docs/IMPORT.md.
 */
import * as v from 'valibot'
import { GAME_IDS, GAME_NAMES, type GameId } from '../games/engine'
import { SEAT_LIMITS } from '../games/registry'
import { validatePlayerName } from '../model/player'
import { VenueName } from '../model/venue'
import { err, ok, type Result } from '../result'

export const RECORDED_SOURCE_KINDS = ['bg-stats', 'csv'] as const
export type RecordedSourceKind = (typeof RECORDED_SOURCE_KINDS)[number]

/** What each source is called on screen. */
export const RECORDED_SOURCE_NAMES: Record<RecordedSourceKind, string> = { 'bg-stats': 'BG Stats', csv: 'a CSV file' }

export interface RecordedSeat {
  playerId: string
  /** The player's name as imported (summaries are rewritten to the current name, as for any match). */
  name: string
  /** The final score, a whole number; null when the source had none. */
  score: number | null
  /** 1 = best; tied seats share a rank. The winners are exactly the seats of rank 1. */
  rank: number
  winner: boolean
}

export interface RecordedPayload {
  gameId: GameId
  /** Local date-time where it was played, `yyyy-mm-ddThh:mm:ss` (no zone). */
  playedAt: string
  /** Minutes east of UTC at that place and time (-840..840). */
  utcOffset: number
  seats: RecordedSeat[]
  /** Where it came from: the source's own play id, or a hash of the rows that made it. */
  source: { kind: RecordedSourceKind; id: string }
  /** Where it was played, when the source says: the place's name and the source's own id for it (BG Stats locationRefId). */
  location?: RecordedLocation
}

export interface RecordedLocation {
  name: string
  /** The source's id of the place (BG Stats `locations[].id`), when it has one. */
  sourceId?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/

/** The UTC instant (ms) of a local date-time at an offset; NaN when it is not a real date-time. */
export function recordedInstant(playedAt: string, utcOffset: number): number {
  const m = LOCAL_DATE_TIME.exec(playedAt)
  if (!m) return NaN
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number]
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return NaN
  const ms = Date.UTC(y, mo - 1, d, h, mi, s)
  const back = new Date(ms)
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return NaN
  return ms - utcOffset * 60_000
}

const Seat = v.strictObject({
  playerId: v.pipe(v.string('must be text'), v.regex(UUID, 'must be an id')),
  name: v.pipe(
    v.string('must be text'),
    v.check((n) => {
      const r = validatePlayerName(n)
      return r.ok && r.value === n
    }, 'must be a valid player name'),
  ),
  score: v.nullable(
    v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(-1_000_000),
      v.maxValue(1_000_000),
    ),
  ),
  rank: v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be 1 or more'),
    v.maxValue(8, 'must be at most 8'),
  ),
  winner: v.boolean('must be true or false'),
})

export const RecordedPayloadSchema = v.strictObject({
  gameId: v.picklist(GAME_IDS, 'must be a known game'),
  playedAt: v.pipe(
    v.string('must be text'),
    v.regex(LOCAL_DATE_TIME, 'must be a local date-time like 2026-01-31T20:15:00'),
  ),
  utcOffset: v.pipe(
    v.number(),
    v.integer('must be whole minutes'),
    v.minValue(-840, 'must be at least -840 minutes'),
    v.maxValue(840, 'must be at most 840 minutes'),
  ),
  seats: v.pipe(v.array(Seat), v.minLength(1, 'must seat someone'), v.maxLength(8, 'has more than 8 seats')),
  source: v.strictObject({
    kind: v.picklist(RECORDED_SOURCE_KINDS, 'must be bg-stats or csv'),
    id: v.pipe(v.string('must be text'), v.minLength(1, 'is empty'), v.maxLength(200, 'is too long')),
  }),
  location: v.optional(
    v.strictObject({
      name: VenueName,
      sourceId: v.optional(
        v.pipe(v.string('must be text'), v.minLength(1, 'is empty'), v.maxLength(100, 'is too long')),
      ),
    }),
  ),
}) as v.GenericSchema<unknown, RecordedPayload>

/** The checks beyond the shape: a real date-time, the game's seat limits, one seat each, ranks that agree with the winners. */
export function validateRecorded(p: RecordedPayload): Result<true> {
  const name = GAME_NAMES[p.gameId]
  if (Number.isNaN(recordedInstant(p.playedAt, p.utcOffset)))
    return err('invalid-event', `the recorded match's date ${p.playedAt} is not a real date-time`)
  const limits = SEAT_LIMITS[p.gameId]
  if (p.seats.length < limits.min || p.seats.length > limits.max) {
    return err(
      'invalid-seats',
      `${name} is played by ${limits.min === limits.max ? `exactly ${limits.min}` : `${limits.min} to ${limits.max}`} players; this recorded match has ${p.seats.length}.`,
    )
  }
  if (new Set(p.seats.map((s) => s.playerId)).size !== p.seats.length)
    return err('invalid-seats', 'A player can take only one seat.')
  if (!p.seats.some((s) => s.winner)) return err('invalid-event', 'a recorded match needs at least one winner')
  for (const [i, s] of p.seats.entries()) {
    if (s.rank > p.seats.length)
      return err('invalid-event', `seat ${i + 1} has rank ${s.rank} in a match of ${p.seats.length}`)
    if (s.winner !== (s.rank === 1))
      return err('invalid-event', `seat ${i + 1}: the winners must be exactly the seats of rank 1`)
  }
  return ok(true)
}

export interface RecordedResult {
  /** UTC ISO time it was played (its start and its end: a recorded match has no duration here). */
  at: string
  /** Winning seats, in seat order. */
  winners: number[]
  standings: { seat: number; name: string; score: number; rank: number; eliminated: boolean }[]
  /** The line shown for it, with the names as imported. */
  summary: string
}

/** The outcome of a recorded match, as the projections need it. */
export function recordedResult(p: RecordedPayload): RecordedResult {
  const at = new Date(recordedInstant(p.playedAt, p.utcOffset)).toISOString()
  const winners = p.seats.flatMap((s, i) => (s.winner ? [i] : []))
  const standings = p.seats.map((s, seat) => ({
    seat,
    name: s.name,
    score: s.score ?? 0,
    rank: s.rank,
    eliminated: false,
  }))
  const names = winners.map((i) => p.seats[i]?.name ?? `P${i + 1}`)
  const first = p.seats[winners[0] ?? 0]
  const who =
    names.length === 1
      ? `${names[0]} wins`
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} share the win`
  const score = names.length === 1 && first?.score !== null && first?.score !== undefined ? ` with ${first.score}` : ''
  return {
    at,
    winners,
    standings,
    summary: `Recorded (imported from ${RECORDED_SOURCE_NAMES[p.source.kind]}): ${who}${score}.${p.location ? ` Played at ${p.location.name}.` : ''}`,
  }
}
