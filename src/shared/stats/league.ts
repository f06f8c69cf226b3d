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
 */
import type { PointsScheme } from '../events/club'

export interface LeagueSeat {
  playerId: string
  /** 1 = best; tied seats share a rank (1, 1, 3). */
  placement: number
  won: boolean
}

export interface LeagueMatch {
  matchId: string
  seats: LeagueSeat[]
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
}

export type TieBreak = 'wins' | 'head-to-head' | 'average placement' | 'no matches'

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

/** The points of one seat, in hundredths. */
export function seatPoints(scheme: PointsScheme, seat: LeagueSeat, seats: readonly LeagueSeat[]): number {
  const n = seats.length
  if (scheme.kind === 'result') {
    const winners = seats.filter((s) => s.won).length
    return Math.round(100 * (seat.won ? (winners > 1 ? scheme.draw : scheme.win) : scheme.loss))
  }
  if (n < 2) return Math.round(100 * scheme.top)
  const tied = seats.filter((s) => s.placement === seat.placement).length
  // Positions covered by the tie: placement .. placement + tied - 1; their average.
  const position = seat.placement + (tied - 1) / 2
  return Math.round((100 * scheme.top * (n - position)) / (n - 1))
}

/** Mean relative placement of a seat: (p − 1) / (n − 1), 0 for a table of one. */
const relativePlacement = (seat: LeagueSeat, n: number): number => (n < 2 ? 0 : (seat.placement - 1) / (n - 1))

interface Acc {
  playerId: string
  name: string
  cents: number
  matches: number
  wins: number
  sharedWins: number
  relSum: number
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
): StandingRow[] {
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
        wins: 0,
        sharedWins: 0,
        relSum: 0,
      }
      acc.set(id, a)
    }
    return a
  }
  for (const id of members ?? []) get(id)
  for (const m of matches) {
    const winners = m.seats.filter((s) => s.won).length
    for (const seat of m.seats) {
      if (memberSet && !memberSet.has(seat.playerId)) continue
      const a = get(seat.playerId)
      a.cents += seatPoints(scheme, seat, m.seats)
      a.matches++
      if (seat.won) {
        a.wins++
        if (winners > 1) a.sharedWins++
      }
      a.relSum += relativePlacement(seat, m.seats.length)
    }
  }
  const rows = [...acc.values()]
  const avg = (a: Acc): number => (a.matches ? a.relSum / a.matches : 1)
  // Head-to-head among those level on points and wins.
  const h2h = new Map<string, number>()
  const groups = new Map<string, Acc[]>()
  for (const a of rows) {
    const k = `${a.cents}|${a.wins}`
    groups.set(k, [...(groups.get(k) ?? []), a])
  }
  for (const g of groups.values()) {
    if (g.length < 2) continue
    const ids = new Set(g.map((a) => a.playerId))
    for (const m of matches) {
      const here = m.seats.filter((s) => ids.has(s.playerId))
      for (let i = 0; i < here.length; i++)
        for (let j = i + 1; j < here.length; j++) {
          const a = here[i] as LeagueSeat
          const b = here[j] as LeagueSeat
          if (a.placement === b.placement) continue
          const [better, worse] = a.placement < b.placement ? [a, b] : [b, a]
          h2h.set(better.playerId, (h2h.get(better.playerId) ?? 0) + 1)
          h2h.set(worse.playerId, (h2h.get(worse.playerId) ?? 0) - 1)
        }
    }
  }
  const hh = (a: Acc): number => h2h.get(a.playerId) ?? 0
  const compare = (a: Acc, b: Acc): { c: number; by: TieBreak | null } => {
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
      averagePlacement: a.matches ? Math.round(avg(a) * 1000) / 1000 : null,
      decidedBy: prev && cmp.c !== 0 ? cmp.by : null,
    })
  })
  return out
}
