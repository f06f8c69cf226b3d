/**
 * League standings: pure math over a season's finished matches (docs/ARCHITECTURE.md, "Club data").
 *
 * Points per match (each rounded to hundredths; sums are kept in hundredths so no float drifts):
 * - result scheme (e.g. 3/1/0): an outright win earns `win`, a shared win `draw`, anything else `loss`;
 * - placement scheme: position p of n seats earns top × (n − p) / (n − 1) — first earns `top`,
 *   last 0, evenly between — and tied seats share the average of the positions they cover. On
 *   average a seat earns top / 2 whatever the table size, so 2- and 8-player matches weigh alike.
 *
 * Order of the table (the tie-breaks, in this order, shown on the screen):
 *   1. more points;
 *   2. more wins (a shared win counts as a win);
 *   3. head-to-head among the players still tied: in every counted match where two of them sat,
 *      the better placed takes a head-to-head win (equal placements: neither) — more wins minus
 *      losses ranks higher;
 *   4. lower average placement relative to table size ((p − 1) / (n − 1): 0 = always first,
 *      1 = always last).
 * Players equal on all four share a rank (listed by name); a season member with no counted match
 * comes after everyone level with them who played.
 *
 * Season rules (src/shared/events/season-rules.ts; docs/ARCHITECTURE.md § Season rules), each optional:
 * - best N: only a player's N best match results (by points; equal points: the earlier match) count
 *   for points, wins, head-to-head and average placement; the others are listed as dropped;
 * - attendance: points per game night on which they played a counted match, and per match played
 *   (dropped ones too: they turned up), added to the match points;
 * - qualifying: players with fewer matches played than the minimum come after every qualified one,
 *   ranked among themselves by the same order;
 * - final: the marked matches do not count in the table; once all are finished, the players placed
 *   in the top K (rank ≤ K) are ranked first by their points in the final (the scheme's, no
 *   attendance), then wins in it, then their order in the table.
 */
import type { PointsScheme } from '../events/club'
import { NO_RULES, type SeasonRules } from '../events/season-rules'

export interface LeagueSeat {
  playerId: string
  /** 1 = best; tied seats share a rank (1, 1, 3). */
  placement: number
  won: boolean
}

export interface LeagueMatch {
  matchId: string
  seats: LeagueSeat[]
  /** Its game night (src/shared/stats/nights.ts), for attendance points. */
  night?: string
}

export interface StandingRow {
  rank: number
  playerId: string
  name: string
  points: number
  matches: number
  wins: number
  /** Of the wins, how many were shared. */
  sharedWins: number
  /** Head-to-head balance among the players tied with them on points and wins (0 when none are). */
  headToHead: number
  /** Mean of (p − 1) / (n − 1) over their matches: 0 = always first, 1 = always last; null without a match (no average). */
  averagePlacement: number | null
  /** Which tie-break separated them from the player just above (null: points did, or they are first or level). */
  decidedBy: TieBreak | null
  /** With best N: how many of their results count (the rest are in `dropped`). */
  counted?: number
  /** With attendance points: the points turning up earned (in `points`), and the nights they came. */
  attendance?: number
  nights?: number
  /** With best N: the results that do not count, in match order, with the points each would have earned. */
  dropped?: { matchId: string; points: number }[]
  /** With a qualifying minimum: whether they played enough matches (`matches` of the minimum). */
  qualified?: boolean
  /** Once the final is played: their place in it and the points they earned there. */
  final?: { place: number; points: number }
}

export type TieBreak = 'wins' | 'head-to-head' | 'average placement' | 'no matches' | 'qualification' | 'final'

export const TIE_BREAKS: readonly string[] = [
  'more points',
  'more wins (a shared win counts)',
  'head-to-head among the tied players (better placed in matches they both played)',
  'lower average placement for the table size (0 = always first, 1 = always last)',
]

/**
 * What is odd about a points scheme, in words: a result scheme where losing earns
 * more than winning (or a shared win more than a win, or losing more than a shared win) is allowed,
 * since a club may mean it, but never silently. Empty when nothing is.
 */
export function schemeWarnings(scheme: PointsScheme): string[] {
  if (scheme.kind !== 'result') return []
  const out: string[] = []
  const { win, draw, loss } = scheme
  if (loss > win) out.push(`A loss earns more than a win (${loss} against ${win}): players gain by losing.`)
  if (draw > win) out.push(`A shared win earns more than a win (${draw} against ${win}).`)
  if (loss > draw) out.push(`A loss earns more than a shared win (${loss} against ${draw}).`)
  return out
}

/**
 * A kind of seat: everything its points, its win and its placement are made of (the table's size,
 * the placement, how many seats shared it, whether it won and whether the win was shared), and how
 * many results of that kind a player has (the running totals of a season read them so).
 */
export interface SeatKind {
  playerId: string
  seats: number
  placement: number
  tied: number
  won: boolean
  shared: boolean
  count: number
}

/** The points of one seat of a kind, in hundredths. */
export function seatPointsOf(scheme: PointsScheme, k: Omit<SeatKind, 'playerId' | 'count'>): number {
  if (scheme.kind === 'result') return Math.round(100 * (k.won ? (k.shared ? scheme.draw : scheme.win) : scheme.loss))
  const n = k.seats
  if (n < 2) return Math.round(100 * scheme.top)
  // Positions covered by the tie: placement .. placement + tied - 1; their average.
  const position = k.placement + (k.tied - 1) / 2
  return Math.round((100 * scheme.top * (n - position)) / (n - 1))
}

/** The points of one seat, in hundredths. */
export function seatPoints(scheme: PointsScheme, seat: LeagueSeat, seats: readonly LeagueSeat[]): number {
  return seatPointsOf(scheme, {
    seats: seats.length,
    placement: seat.placement,
    tied: seats.filter((s) => s.placement === seat.placement).length,
    won: seat.won,
    shared: seat.won && seats.filter((s) => s.won).length > 1,
  })
}

/**
 * Relative placement (p − 1) / (n − 1) in 840ths (0 for a table of one): a whole number for every
 * table of up to 8 seats, so sums are exact and the same however they are added up.
 */
const REL = 840
const relativePlacement = (placement: number, n: number): number => (n < 2 ? 0 : (REL * (placement - 1)) / (n - 1))

/**
 * A season's results already summed per player and kind of seat (the running totals), with the
 * matches where given players sat together, for head-to-head among the tied. Only without best N,
 * attendance or a final, which read each match.
 */
export interface KeptResults {
  kinds: readonly SeatKind[]
  together: (players: ReadonlySet<string>) => readonly LeagueMatch[]
}

interface Acc {
  playerId: string
  name: string
  cents: number
  matches: number
  /** Results that count (all of them without best N). */
  counted: number
  wins: number
  sharedWins: number
  /** Relative placements summed, in 840ths. */
  relSum: number
  /** Kept totals: their results by kind of seat. */
  kinds: SeatKind[]
  attendanceCents: number
  nights: Set<string>
  /** Their seats, in match order: match index, seat, points in hundredths. */
  seats: { i: number; seat: LeagueSeat; cents: number }[]
  dropped: Set<number>
  qualified: boolean
}

/** The final as played: its finished matches and how many were marked. */
export interface FinalPlayed {
  topK: number
  matches: readonly LeagueMatch[]
  marked: number
}

const EPS = 1e-9

/**
 * The standings of a season. `members`: the season's players (null: everyone who played a counted
 * match); a match counts for a member whatever else sat at the table (a guest is an opponent).
 * Members who played no counted match are listed last with 0 points.
 */
export function standings(
  scheme: PointsScheme,
  matches: readonly LeagueMatch[],
  names: ReadonlyMap<string, string>,
  members: readonly string[] | null = null,
  rules: SeasonRules = NO_RULES,
  final: FinalPlayed | null = null,
  kept: KeptResults | null = null,
): StandingRow[] {
  if (kept && (rules.bestOf !== null || rules.attendance || final))
    throw new Error('standings: best N, attendance and a final read each match, not kept totals')
  const memberSet = members ? new Set(members) : null
  const acc = new Map<string, Acc>()
  const get = (id: string): Acc => {
    let a = acc.get(id)
    if (!a) {
      a = {
        playerId: id,
        name: names.get(id) ?? 'Unknown player',
        cents: 0,
        matches: 0,
        counted: 0,
        wins: 0,
        sharedWins: 0,
        relSum: 0,
        kinds: [],
        attendanceCents: 0,
        nights: new Set(),
        seats: [],
        dropped: new Set(),
        qualified: true,
      }
      acc.set(id, a)
    }
    return a
  }
  for (const id of members ?? []) get(id)
  for (const k of kept?.kinds ?? []) {
    if (memberSet && !memberSet.has(k.playerId)) continue
    const a = get(k.playerId)
    a.kinds.push(k)
    a.matches += k.count
  }
  if (!kept)
    matches.forEach((m, i) => {
      for (const seat of m.seats) {
        if (memberSet && !memberSet.has(seat.playerId)) continue
        const a = get(seat.playerId)
        a.seats.push({ i, seat, cents: seatPoints(scheme, seat, m.seats) })
        a.matches++
        if (m.night !== undefined) a.nights.add(m.night)
      }
    })
  for (const a of acc.values()) {
    if (rules.bestOf !== null && a.seats.length > rules.bestOf) {
      // The best N by points; equal points: the earlier match counts.
      const best = [...a.seats].sort((x, y) => y.cents - x.cents || x.i - y.i)
      for (const s of best.slice(rules.bestOf)) a.dropped.add(s.i)
    }
    for (const { i, seat, cents } of a.seats) {
      if (a.dropped.has(i)) continue
      const m = matches[i] as LeagueMatch
      a.cents += cents
      a.counted++
      if (seat.won) {
        a.wins++
        if (m.seats.filter((s) => s.won).length > 1) a.sharedWins++
      }
      a.relSum += relativePlacement(seat.placement, m.seats.length)
    }
    for (const k of a.kinds) {
      a.cents += k.count * seatPointsOf(scheme, k)
      a.counted += k.count
      if (k.won) {
        a.wins += k.count
        if (k.shared) a.sharedWins += k.count
      }
      a.relSum += k.count * relativePlacement(k.placement, k.seats)
    }
    if (rules.attendance)
      a.attendanceCents = 100 * (rules.attendance.perNight * a.nights.size + rules.attendance.perMatch * a.matches)
    a.cents += a.attendanceCents
    a.qualified = rules.minMatches === null || a.matches >= rules.minMatches
  }
  const rows = [...acc.values()]
  const avg = (a: Acc): number => (a.counted ? a.relSum / REL / a.counted : 1)
  // Head-to-head among those level on qualification, points and wins, over the results that count.
  const h2h = new Map<string, number>()
  const groups = new Map<string, Acc[]>()
  for (const a of rows) {
    const k = `${a.qualified}|${a.cents}|${a.wins}`
    groups.set(k, [...(groups.get(k) ?? []), a])
  }
  for (const g of groups.values()) {
    if (g.length < 2) continue
    const ids = new Map(g.map((a) => [a.playerId, a]))
    ;(kept ? kept.together(new Set(ids.keys())) : matches).forEach((m, i) => {
      const here = m.seats.filter((s) => ids.get(s.playerId) && !ids.get(s.playerId)?.dropped.has(i))
      for (let x = 0; x < here.length; x++)
        for (let y = x + 1; y < here.length; y++) {
          const a = here[x] as LeagueSeat
          const b = here[y] as LeagueSeat
          if (a.placement === b.placement) continue
          const [better, worse] = a.placement < b.placement ? [a, b] : [b, a]
          h2h.set(better.playerId, (h2h.get(better.playerId) ?? 0) + 1)
          h2h.set(worse.playerId, (h2h.get(worse.playerId) ?? 0) - 1)
        }
    })
  }
  const hh = (a: Acc): number => h2h.get(a.playerId) ?? 0
  const compare = (a: Acc, b: Acc): { c: number; by: TieBreak | null } => {
    if (a.qualified !== b.qualified) return { c: a.qualified ? -1 : 1, by: 'qualification' }
    if (a.cents !== b.cents) return { c: b.cents - a.cents, by: null }
    if (a.wins !== b.wins) return { c: b.wins - a.wins, by: 'wins' }
    if (hh(a) !== hh(b)) return { c: hh(b) - hh(a), by: 'head-to-head' }
    // A member who played no counted match has no average: they come after those who played.
    if ((a.matches === 0) !== (b.matches === 0)) return { c: a.matches === 0 ? 1 : -1, by: 'no matches' }
    const d = avg(a) - avg(b)
    if (Math.abs(d) > EPS) return { c: d, by: 'average placement' }
    return { c: 0, by: null }
  }
  rows.sort((a, b) => compare(a, b).c || a.name.localeCompare(b.name) || (a.playerId < b.playerId ? -1 : 1))
  const out: StandingRow[] = []
  rows.forEach((a, i) => {
    const prev = rows[i - 1]
    const cmp = prev ? compare(prev, a) : { c: 1, by: null }
    const rank = prev && cmp.c === 0 ? (out[i - 1] as StandingRow).rank : i + 1
    out.push({
      rank,
      playerId: a.playerId,
      name: a.name,
      points: a.cents / 100,
      matches: a.matches,
      wins: a.wins,
      sharedWins: a.sharedWins,
      headToHead: hh(a),
      averagePlacement: a.counted ? Math.round(avg(a) * 1000) / 1000 : null,
      decidedBy: prev && cmp.c !== 0 ? cmp.by : null,
      ...(rules.bestOf !== null
        ? {
            counted: a.counted,
            dropped: a.seats
              .filter((s) => a.dropped.has(s.i))
              .map((s) => ({ matchId: (matches[s.i] as LeagueMatch).matchId, points: s.cents / 100 })),
          }
        : {}),
      ...(rules.attendance ? { attendance: a.attendanceCents / 100, nights: a.nights.size } : {}),
      ...(rules.minMatches !== null ? { qualified: a.qualified } : {}),
    })
  })
  return final && final.marked > 0 && final.matches.length === final.marked ? decideFinal(scheme, out, final) : out
}

/**
 * The table once the final is played: the players placed in the top K (rank ≤ K, qualified) first,
 * by their points in the final, then their wins in it, then their order in the table; everyone else
 * as they were.
 */
function decideFinal(scheme: PointsScheme, rows: StandingRow[], final: FinalPlayed): StandingRow[] {
  const inFinal = rows.filter((r) => r.rank <= final.topK && r.qualified !== false)
  const score = new Map(inFinal.map((r) => [r.playerId, { cents: 0, wins: 0, at: rows.indexOf(r) }]))
  for (const m of final.matches)
    for (const seat of m.seats) {
      const f = score.get(seat.playerId)
      if (!f) continue
      f.cents += seatPoints(scheme, seat, m.seats)
      if (seat.won) f.wins++
    }
  const of = (r: StandingRow) => score.get(r.playerId) as { cents: number; wins: number; at: number }
  const order = [...inFinal].sort((a, b) => of(b).cents - of(a).cents || of(b).wins - of(a).wins || of(a).at - of(b).at)
  const rest = rows.filter((r) => !score.has(r.playerId))
  return [
    ...order.map((r, i) => ({
      ...r,
      rank: i + 1,
      decidedBy: i === 0 ? null : ('final' as const),
      final: { place: i + 1, points: of(r).cents / 100 },
    })),
    ...rest,
  ]
}

/** What the final decided, or that it is not played yet, in words (null: the season has no final). */
export function finalNote(rules: SeasonRules, rows: readonly StandingRow[], finished: number | null): string | null {
  if (!rules.final) return null
  const marked = rules.final.matchIds.length
  const winner = rows.find((r) => r.final?.place === 1)
  if (winner)
    return `${winner.name} won the season in the final (${marked === 1 ? 'one match' : `${marked} matches`} among the top ${rules.final.topK}): the final's result decides the places of its players.`
  const played = finished === null ? '' : ` (${finished} of ${marked} finished)`
  return `The final among the top ${rules.final.topK} is not played yet${played}: the season's winner is decided there; until then this is the regular table.`
}
