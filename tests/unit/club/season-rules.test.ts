/**
 * Season rules (docs/ARCHITECTURE.md § Season rules) in the league table: attendance points,
 * qualifying, best N and the final, against a plain computation over generated seasons (fast-check)
 * and against hand-made tables for the tricky cases (ties at the qualification line, best N with
 * equal results, a night without counted matches, a final not yet played).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { PointsScheme } from '../../../src/shared/events/club'
import { NO_RULES, rulesText, type SeasonRules } from '../../../src/shared/events/season-rules'
import type { SeasonStandings } from '../../../src/shared/model/club'
import { finalNote, seatPoints, standings, type LeagueMatch } from '../../../src/shared/stats/league'
import { leagueRowNotes, leagueRuleLines } from '../../../src/shared/stats/league-table'

const R310: PointsScheme = { kind: 'result', win: 3, draw: 1, loss: 0 }
const P10: PointsScheme = { kind: 'placement', top: 10 }
let n = 0
/** A match on `night` from its seats in finishing order: 'A' or a tie group ['A', 'B']; first place wins. */
function match(night: string, ...order: (string | string[])[]): LeagueMatch {
  const seats: LeagueMatch['seats'] = []
  let place = 1
  for (const g of order) {
    const group = Array.isArray(g) ? g : [g]
    for (const p of group) seats.push({ playerId: p, placement: place, won: place === 1 })
    place += group.length
  }
  return { matchId: `m${++n}`, seats, night }
}
const names = new Map('ABCDEFG'.split('').map((c) => [c, c]))
const rules = (r: Partial<SeasonRules>): SeasonRules => ({ ...NO_RULES, ...r })

/**
 * The plain computation: per player, in match order, each result's points; best N picked one at a
 * time (the highest, the earliest of equals); nights and matches counted for attendance.
 */
function plain(scheme: PointsScheme, r: SeasonRules, matches: readonly LeagueMatch[]) {
  const out = new Map<string, { points: number; dropped: string[]; qualified: boolean; matches: number }>()
  const players = [...new Set(matches.flatMap((m) => m.seats.map((s) => s.playerId)))]
  for (const p of players) {
    const results: { id: string; cents: number; night: string }[] = []
    for (const m of matches)
      for (const s of m.seats)
        if (s.playerId === p) results.push({ id: m.matchId, cents: seatPoints(scheme, s, m.seats), night: m.night! })
    const kept: typeof results = []
    const left = [...results]
    while (left.length && (r.bestOf === null || kept.length < r.bestOf)) {
      let best = 0
      for (let i = 1; i < left.length; i++) if (left[i]!.cents > left[best]!.cents) best = i
      kept.push(...left.splice(best, 1))
    }
    let cents = kept.reduce((a, x) => a + x.cents, 0)
    if (r.attendance)
      cents +=
        100 * r.attendance.perNight * new Set(results.map((x) => x.night)).size +
        100 * r.attendance.perMatch * results.length
    out.set(p, {
      points: cents / 100,
      dropped: left.map((x) => x.id),
      qualified: r.minMatches === null || results.length >= r.minMatches,
      matches: results.length,
    })
  }
  return out
}

const seasonArb = fc.record({
  matches: fc.array(
    fc.record({
      night: fc.constantFrom('2026-03-05', '2026-03-06', '2026-03-12'),
      // A finishing order of 2 to 4 of the players, with ties (equal keys tie).
      seats: fc.uniqueArray(fc.constantFrom(...'ABCDE'), { minLength: 2, maxLength: 4 }),
      keys: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }),
    }),
    { maxLength: 14 },
  ),
  scheme: fc.constantFrom(R310, P10),
  bestOf: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  minMatches: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  attendance: fc.option(
    fc.record({ perNight: fc.integer({ min: 0, max: 3 }), perMatch: fc.integer({ min: 1, max: 2 }) }),
    {
      nil: null,
    },
  ),
})

function toMatches(gen: { night: string; seats: string[]; keys: number[] }[]): LeagueMatch[] {
  return gen.map((g, i) => {
    const keys = g.seats.map((_, j) => g.keys[j]!)
    const seats = g.seats.map((p, j) => ({
      playerId: p,
      placement: 1 + keys.filter((k) => k < keys[j]!).length,
      won: keys[j] === Math.min(...keys),
    }))
    return { matchId: `g${i}`, night: g.night, seats }
  })
}

describe('season rules against a plain computation (fast-check)', () => {
  it('points, dropped results and qualification follow the rules; qualified players come first, each group by points', () => {
    fc.assert(
      fc.property(seasonArb, (s) => {
        const r = rules({ bestOf: s.bestOf, minMatches: s.minMatches, attendance: s.attendance })
        const matches = toMatches(s.matches)
        const rows = standings(s.scheme, matches, names, null, r)
        const want = plain(s.scheme, r, matches)
        expect(rows.length).toBe(want.size)
        for (const row of rows) {
          const w = want.get(row.playerId)!
          expect(row.points).toBeCloseTo(w.points, 6)
          expect(row.matches).toBe(w.matches)
          if (r.bestOf !== null) {
            expect(row.dropped?.map((d) => d.matchId) ?? []).toEqual(
              [...w.dropped].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))),
            )
            expect(row.counted).toBe(w.matches - w.dropped.length)
          } else expect(row.dropped).toBeUndefined()
          if (r.minMatches !== null) expect(row.qualified).toBe(w.qualified)
          else expect(row.qualified).toBeUndefined()
        }
        const q = rows.map((row) => want.get(row.playerId)!.qualified)
        expect(q).toEqual([...q].sort((a, b) => Number(b) - Number(a)))
        for (let i = 1; i < rows.length; i++)
          if (q[i] === q[i - 1]) expect(rows[i]!.points).toBeLessThanOrEqual(rows[i - 1]!.points)
      }),
      { numRuns: 300 },
    )
  })

  it('a played final puts the top K first in the order of their final points, then everyone else as before', () => {
    fc.assert(
      fc.property(
        seasonArb,
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 5, maxLength: 5 }),
        (s, topK, keys) => {
          const matches = toMatches(s.matches)
          const r = rules({ minMatches: s.minMatches, final: { topK, matchIds: ['f1'] } })
          const regular = standings(s.scheme, matches, names, null, r)
          const seats = 'ABCDE'.split('').map((p, j) => ({
            playerId: p,
            placement: 1 + keys.filter((k) => k < keys[j]!).length,
            won: keys[j] === Math.min(...keys),
          }))
          const fin: LeagueMatch = { matchId: 'f1', seats, night: '2026-03-20' }
          const rows = standings(s.scheme, matches, names, null, r, { topK, matches: [fin], marked: 1 })
          const finalists = regular.filter((x) => x.rank <= topK && x.qualified !== false).map((x) => x.playerId)
          const pts = (p: string) =>
            seatPoints(
              s.scheme,
              seats.find((x) => x.playerId === p)!,
              seats,
            ) / 100
          expect(new Set(rows.slice(0, finalists.length).map((x) => x.playerId))).toEqual(new Set(finalists))
          rows.slice(0, finalists.length).forEach((x, i) => {
            expect(x.final).toEqual({ place: i + 1, points: pts(x.playerId) })
            expect(x.rank).toBe(i + 1)
            if (i > 0) expect(pts(x.playerId)).toBeLessThanOrEqual(pts(rows[i - 1]!.playerId))
          })
          expect(rows.slice(finalists.length)).toEqual(regular.filter((x) => !finalists.includes(x.playerId)))
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('season rules: the tricky cases', () => {
  it('at the qualification line, the qualified player ranks first even level on points; the other is listed after, not qualified', () => {
    // A and B both earn 3; A played 3 matches (the minimum), B 2. C won more (6) but played 2 too.
    const ms = [
      match('2026-03-05', 'A', 'D'),
      match('2026-03-05', 'D', 'A'),
      match('2026-03-06', 'D', 'A'),
      match('2026-03-06', 'B', 'D'),
      match('2026-03-06', 'D', 'B'),
      match('2026-03-12', 'C', 'D'),
      match('2026-03-12', 'C', 'D'),
    ]
    const rows = standings(R310, ms, names, null, rules({ minMatches: 3 }))
    expect(rows.map((r) => [r.rank, r.name, r.points, r.matches, r.qualified, r.decidedBy])).toEqual([
      [1, 'D', 9, 7, true, null],
      [2, 'A', 3, 3, true, null],
      [3, 'C', 6, 2, false, 'qualification'],
      [4, 'B', 3, 2, false, null],
    ])
    // Without the rule C is second, and B is above A (level on points and wins, better average placement).
    expect(standings(R310, ms, names, null).map((r) => r.name)).toEqual(['D', 'C', 'B', 'A'])
  })

  it('best N with equal results keeps the earlier ones and lists the rest as dropped, in match order', () => {
    const ms = [
      match('2026-03-05', 'A', 'B'), // A 3
      match('2026-03-05', 'A', 'B'), // A 3
      match('2026-03-06', 'B', 'A'), // A 0
      match('2026-03-06', 'A', 'B'), // A 3 (equal to the first two, later: dropped)
    ]
    const rows = standings(R310, ms, names, null, rules({ bestOf: 2 }))
    const a = rows.find((r) => r.name === 'A')!
    expect([a.points, a.matches, a.counted, a.wins]).toEqual([6, 4, 2, 2])
    expect(a.dropped).toEqual([
      { matchId: ms[2]!.matchId, points: 0 },
      { matchId: ms[3]!.matchId, points: 3 },
    ])
    const b = rows.find((r) => r.name === 'B')!
    // B's best two: the win (3) and the earliest of the equal losses.
    expect([b.points, b.counted, b.dropped?.map((d) => d.matchId)]).toEqual([3, 2, [ms[1]!.matchId, ms[3]!.matchId]])
  })

  it('head-to-head with best N compares only results that count for both players', () => {
    // Best 1: A keeps the win of m1, B the win of m2 (B's equal win in m3 is dropped). Over every
    // result B is ahead of A twice to once; over the results that count, they never met.
    const ms = [match('2026-03-05', 'A', 'B'), match('2026-03-05', 'B', 'A'), match('2026-03-06', 'B', 'A')]
    const rows = standings(R310, ms, names, null, rules({ bestOf: 1 }))
    expect(rows.map((r) => [r.rank, r.name, r.points, r.wins, r.headToHead])).toEqual([
      [1, 'A', 3, 1, 0],
      [1, 'B', 3, 1, 0],
    ])
  })

  it('attendance counts the nights and matches a player played in the season, not nights they had no counted match', () => {
    const ms = [match('2026-03-05', 'A', 'B'), match('2026-03-05', 'B', 'A'), match('2026-03-06', 'A', 'C')]
    const rows = standings(R310, ms, names, ['A', 'B', 'C', 'D'], rules({ attendance: { perNight: 2, perMatch: 1 } }))
    expect(rows.map((r) => [r.name, r.points, r.attendance, r.nights])).toEqual([
      ['A', 6 + 2 * 2 + 3, 7, 2],
      ['B', 3 + 2 + 2, 4, 1],
      ['C', 0 + 2 + 1, 3, 1],
      // A member with no counted match turned up on no night: nothing.
      ['D', 0, 0, 0],
    ])
  })

  it('a final not yet played leaves the regular table and says so; once played, its result decides the winner', () => {
    const ms = [match('2026-03-05', 'A', 'B', 'C'), match('2026-03-06', 'A', 'B', 'C')]
    const r = rules({ final: { topK: 2, matchIds: ['f'] } })
    const notYet = standings(R310, ms, names, null, r, { topK: 2, matches: [], marked: 1 })
    expect(notYet).toEqual(standings(R310, ms, names, null))
    expect(finalNote(r, notYet, 0)).toBe(
      "The final among the top 2 is not played yet (0 of 1 finished): the season's winner is decided there; until then this is the regular table.",
    )
    const fin: LeagueMatch = {
      matchId: 'f',
      night: '2026-03-20',
      seats: [
        { playerId: 'C', placement: 1, won: true }, // not in the top 2: their seat earns nothing in the final
        { playerId: 'B', placement: 2, won: false },
        { playerId: 'A', placement: 3, won: false },
      ],
    }
    const done = standings(R310, ms, names, null, r, { topK: 2, matches: [fin], marked: 1 })
    // Under 3/1/0 neither finalist won the final: level on 0, the table's order keeps A first.
    expect(done.map((x) => [x.rank, x.name, x.final?.place])).toEqual([
      [1, 'A', 1],
      [2, 'B', 2],
      [3, 'C', undefined],
    ])
    const byPlace = standings(P10, ms, names, null, r, { topK: 2, matches: [fin], marked: 1 })
    expect(byPlace.map((x) => [x.rank, x.name, x.final, x.decidedBy])).toEqual([
      [1, 'B', { place: 1, points: 5 }, null],
      [2, 'A', { place: 2, points: 0 }, 'final'],
      [3, 'C', undefined, null],
    ])
    expect(finalNote(r, byPlace, 1)).toBe(
      "B won the season in the final (one match among the top 2): the final's result decides the places of its players.",
    )
    // Two marked, one finished: not decided yet.
    expect(standings(P10, ms, names, null, r, { topK: 2, matches: [fin], marked: 2 }).map((x) => x.name)).toEqual([
      'A',
      'B',
      'C',
    ])
  })

  it('says each rule in words', () => {
    expect(rulesText(NO_RULES)).toEqual([])
    expect(
      rulesText({
        attendance: { perNight: 1, perMatch: 0 },
        bestOf: 8,
        minMatches: 5,
        final: { topK: 4, matchIds: ['x'] },
      }),
    ).toEqual([
      'Turning up: 1 point for each game night played, on top of the match points.',
      "Best 8: only each player's 8 best match results count (equal results: the earlier ones); the rest are dropped.",
      'Qualifying: 5 matches played; players with fewer are listed after the qualified ones.',
      "Final: one match among the top 4; its result decides the season's winner.",
    ])
  })

  it('the table says per row what the rules did: the final, qualification, dropped results, turning up', () => {
    const ms = [match('2026-03-05', 'A', 'B', 'C'), match('2026-03-06', 'A', 'B'), match('2026-03-06', 'B', 'A')]
    const r = rules({
      attendance: { perNight: 1, perMatch: 0 },
      bestOf: 2,
      minMatches: 2,
      final: { topK: 2, matchIds: ['f'] },
    })
    const fin: LeagueMatch = {
      matchId: 'f',
      night: '2026-03-20',
      seats: [
        { playerId: 'B', placement: 1, won: true },
        { playerId: 'A', placement: 2, won: false },
      ],
    }
    const rows = standings(R310, ms, names, null, r, { topK: 2, matches: [fin], marked: 1 })
    const s = {
      rows,
      season: { minMatches: 2 },
      rulesText: rulesText(r),
      finalNote: finalNote(r, rows, 1),
    } as SeasonStandings
    expect(leagueRowNotes(s)).toEqual([
      'won the final; 1 result dropped (0); 2 for turning up (2 nights)',
      '2nd in the final; 1 result dropped (0); 2 for turning up (2 nights)',
      'not qualified yet (1 of 2); 1 for turning up (1 night)',
    ])
    expect(leagueRuleLines(s)).toEqual([...rulesText(r), finalNote(r, rows, 1)])
  })
})
