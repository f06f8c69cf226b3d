/**
 * The optional rules a club gives a season (docs/ARCHITECTURE.md § Season rules): points for turning
 * up, a minimum number of matches to qualify, best-N results, and a final among the top K. Each is a
 * season field of its own (last-writer-wins like the name or the scheme, src/shared/events/club.ts);
 * null or absent means the rule is not used, so a season created before the rules existed keeps
 * today's meaning. Pure: types and payload checks only.
 */
import * as v from 'valibot'

export interface AttendanceRule {
  /** Points for each game night on which the player played a match the season counts. */
  perNight: number
  /** Points for each match the season counts that the player played (on top of the scheme's). */
  perMatch: number
}

export interface FinalRule {
  /** The final is played among the players placed in the top K of the regular table. */
  topK: number
  /** The matches the organiser marked as the final; they do not count in the regular table. */
  matchIds: string[]
}

export interface SeasonRules {
  attendance: AttendanceRule | null
  /** Matches a player must play to qualify; those below are listed after the qualified ones. */
  minMatches: number | null
  /** Only each player's best N match results count. */
  bestOf: number | null
  final: FinalRule | null
}

export const SEASON_RULE_FIELDS = ['attendance', 'minMatches', 'bestOf', 'final'] as const

export const NO_RULES: SeasonRules = { attendance: null, minMatches: null, bestOf: null, final: null }

/** The rules a season uses (absent fields, as in events written before they existed: not used). */
export const rulesOf = (s: Partial<SeasonRules>): SeasonRules => ({
  attendance: s.attendance ?? null,
  minMatches: s.minMatches ?? null,
  bestOf: s.bestOf ?? null,
  final: s.final ?? null,
})

export const hasRules = (r: SeasonRules): boolean => SEASON_RULE_FIELDS.some((f) => r[f] !== null)

/** At most this many matches make a final (a best-of series, a few legs). */
export const MAX_FINAL_MATCHES = 20
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const AttendancePoints = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(100, 'must be at most 100'),
)
const MatchCount = (max: number) =>
  v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(max, `must be at most ${max}`),
  )

export const Attendance = v.nullable(
  v.pipe(
    v.strictObject({ perNight: AttendancePoints, perMatch: AttendancePoints }),
    v.check((a) => a.perNight > 0 || a.perMatch > 0, 'must give points for a night or a match (or be none)'),
  ),
)
export const MinMatches = v.nullable(MatchCount(1000))
export const BestOf = v.nullable(MatchCount(1000))
export const Final = v.nullable(
  v.strictObject({
    topK: v.pipe(MatchCount(200), v.minValue(2, 'must be at least 2')),
    matchIds: v.pipe(
      v.array(v.pipe(v.string('must be text'), v.regex(UUID, 'must be an id')), 'must be a list of match ids'),
      v.minLength(1, 'must name a match'),
      v.maxLength(MAX_FINAL_MATCHES, `has more than ${MAX_FINAL_MATCHES} matches`),
      v.check((l) => new Set(l).size === l.length, 'names a match twice'),
    ),
  }),
)

/** The payload entries of the rules, each optional (absent: not used, or unchanged in an edit). */
export const RULE_ENTRIES = {
  attendance: v.optional(Attendance),
  minMatches: v.optional(MinMatches),
  bestOf: v.optional(BestOf),
  final: v.optional(Final),
}

/** The rules in words, one sentence each (empty: none used), for the league table. */
export function rulesText(r: SeasonRules): string[] {
  const out: string[] = []
  const pts = (n: number): string => `${n} point${n === 1 ? '' : 's'}`
  if (r.attendance) {
    const parts = [
      r.attendance.perNight ? `${pts(r.attendance.perNight)} for each game night played` : '',
      r.attendance.perMatch ? `${pts(r.attendance.perMatch)} for each match played` : '',
    ].filter(Boolean)
    out.push(`Turning up: ${parts.join(' and ')}, on top of the match points.`)
  }
  if (r.bestOf)
    out.push(
      `Best ${r.bestOf}: only each player's ${r.bestOf} best match results count (equal results: the earlier ones); the rest are dropped.`,
    )
  if (r.minMatches)
    out.push(
      `Qualifying: ${r.minMatches} match${r.minMatches === 1 ? '' : 'es'} played; players with fewer are listed after the qualified ones.`,
    )
  if (r.final)
    out.push(
      `Final: ${r.final.matchIds.length === 1 ? 'one match' : `${r.final.matchIds.length} matches`} among the top ${r.final.topK}; its result decides the season's winner.`,
    )
  return out
}
