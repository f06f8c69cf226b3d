/** League standings against hand-computed tables: points schemes, each tie-break, table-size comparability. */
import { describe, expect, it } from 'vitest'
import { schemeWarnings, seatPoints, standings, type LeagueMatch } from '../../../src/shared/stats/league'
import type { PointsScheme } from '../../../src/shared/events/club'

const R310: PointsScheme = { kind: 'result', win: 3, draw: 1, loss: 0 }
const P10: PointsScheme = { kind: 'placement', top: 10 }
let n = 0
/** A match from its seats in finishing order: 'A' or a tie group ['A', 'B']. Winners: everyone placed 1st. */
function match(...order: (string | string[])[]): LeagueMatch {
  const seats: LeagueMatch['seats'] = []
  let place = 1
  for (const g of order) {
    const group = Array.isArray(g) ? g : [g]
    for (const p of group) seats.push({ playerId: p, placement: place, won: place === 1 })
    place += group.length
  }
  return { matchId: `m${++n}`, seats }
}
const names = new Map('ABCDEFPQRSVWXY'.split('').map((c) => [c, c]))
const table = (rows: ReturnType<typeof standings>) =>
  rows.map((r) => [r.rank, r.name, r.points, r.matches, r.wins, r.headToHead, r.averagePlacement, r.decidedBy])

describe('points per seat', () => {
  it('result scheme: a win, a shared win, anything else', () => {
    const m = match(['A', 'B'], 'C')
    expect(m.seats.map((s) => seatPoints(R310, s, m.seats))).toEqual([100, 100, 0])
    const solo = match('A', 'B', 'C')
    expect(solo.seats.map((s) => seatPoints(R310, s, solo.seats))).toEqual([300, 0, 0])
  })

  it('placement scheme: top × (n − p) / (n − 1), ties share the average of their positions', () => {
    const two = match('A', 'B')
    expect(two.seats.map((s) => seatPoints(P10, s, two.seats))).toEqual([1000, 0])
    const six = match('A', 'B', 'C', 'D', 'E', 'F')
    expect(six.seats.map((s) => seatPoints(P10, s, six.seats))).toEqual([1000, 800, 600, 400, 200, 0])
    // 4 players, two tied for 2nd: positions 2 and 3 -> (6.67 + 3.33) / 2 = 5.
    const tied = match('A', ['B', 'C'], 'D')
    expect(tied.seats.map((s) => seatPoints(P10, s, tied.seats))).toEqual([1000, 500, 500, 0])
    // 3 players: 10, 5, 0; 7 players, 3rd: 10 × 4/6 = 6.67.
    const three = match('A', 'B', 'C')
    expect(three.seats.map((s) => seatPoints(P10, s, three.seats))).toEqual([1000, 500, 0])
    const seven = match('A', 'B', 'C', 'D', 'E', 'F', 'P')
    expect(seatPoints(P10, seven.seats[2]!, seven.seats)).toBe(667)
  })

  it('makes 2- to 8-player tables comparable: a seat earns top / 2 on average, first earns top and last 0 at any size', () => {
    for (let size = 2; size <= 8; size++) {
      const m = match(...'ABCDEFPQ'.slice(0, size).split(''))
      const pts = m.seats.map((s) => seatPoints(P10, s, m.seats))
      expect(pts[0]).toBe(1000)
      expect(pts[size - 1]).toBe(0)
      expect(Math.abs(pts.reduce((a, b) => a + b, 0) / size - 500)).toBeLessThanOrEqual(1) // rounding to hundredths
    }
    // Under 3/1/0, by contrast, a 6-player seat earns 0.5 on average and a 2-player seat 1.5.
    const six = match('A', 'B', 'C', 'D', 'E', 'F')
    expect(six.seats.reduce((a, s) => a + seatPoints(R310, s, six.seats), 0) / 6).toBe(50)
  })
})

describe('standings', () => {
  it('a 2-, a 6- and a 3-player match under placement points (hand-computed)', () => {
    const rows = standings(P10, [match('A', 'B'), match('C', 'D', 'E', 'F', 'A', 'B'), match('B', 'C', 'D')], names)
    // A: 10 + 2 = 12; B: 0 + 0 + 10 = 10; C: 10 + 5 = 15; D: 8 + 0 = 8; E: 6; F: 4.
    expect(table(rows)).toEqual([
      [1, 'C', 15, 2, 1, 0, 0.25, null],
      [2, 'A', 12, 2, 1, 0, 0.4, null],
      [3, 'B', 10, 3, 1, 0, 0.667, null],
      [4, 'D', 8, 2, 0, 0, 0.6, null], // 2nd of 6 (0.2) and 3rd of 3 (1)
      [5, 'E', 6, 1, 0, 0, 0.4, null],
      [6, 'F', 4, 1, 0, 0, 0.6, null],
    ])
  })

  it('tie-break 2, wins: equal points, more wins first (shared wins count); equal on everything shares a rank', () => {
    // P wins once alone (3); R and S share three wins (1 + 1 + 1 = 3 each); Q loses to P.
    const rows = standings(R310, [match('P', 'Q'), match(['R', 'S']), match(['R', 'S']), match(['R', 'S'])], names)
    expect(table(rows)).toEqual([
      [1, 'R', 3, 3, 3, 0, 0, null],
      [1, 'S', 3, 3, 3, 0, 0, null],
      [3, 'P', 3, 1, 1, 0, 0, 'wins'],
      [4, 'Q', 0, 1, 0, 0, 1, null],
    ])
    expect(rows.map((r) => r.sharedWins)).toEqual([3, 3, 0, 0])
  })

  it('tie-break 3, head-to-head among the tied players (a cycle of three plus one outside)', () => {
    // A beats B, C beats A, B beats D: A, B and C have 3 points and 1 win each.
    // Among them: A over B (+1 A, −1 B), C over A (+1 C, −1 A): C +1, A 0, B −1.
    const rows = standings(R310, [match('A', 'B'), match('C', 'A'), match('B', 'D')], names)
    expect(table(rows)).toEqual([
      [1, 'C', 3, 1, 1, 1, 0, null],
      [2, 'A', 3, 2, 1, 0, 0.5, 'head-to-head'],
      [3, 'B', 3, 2, 1, -1, 0.5, 'head-to-head'],
      [4, 'D', 0, 1, 0, 0, 1, null],
    ])
  })

  it('tie-break 4, average placement for the table size, after head-to-head', () => {
    const rows = standings(R310, [match('W', 'A', 'X'), match('V', 'Y', 'B'), match('X', 'Y'), match('Y', 'X')], names)
    // V, W, X, Y: 3 points, 1 win. Head-to-head among them: W over X, V over Y, X and Y one each:
    // V +1, W +1, X −1, Y −1. V and W level on everything (average 0): shared rank 1.
    // Y (average (0.5 + 1 + 0) / 3 = 0.5) above X ((1 + 0 + 1) / 3 = 0.667) by average placement.
    // A (0.5) above B (1) by average placement; they never met.
    expect(table(rows)).toEqual([
      [1, 'V', 3, 1, 1, 1, 0, null],
      [1, 'W', 3, 1, 1, 1, 0, null],
      [3, 'Y', 3, 3, 1, -1, 0.5, 'head-to-head'],
      [4, 'X', 3, 3, 1, -1, 0.667, 'average placement'],
      [5, 'A', 0, 1, 0, 0, 0.5, null],
      [6, 'B', 0, 1, 0, 0, 1, 'average placement'],
    ])
  })

  it('a season of named players: only they are listed (guests are opponents), members without matches last', () => {
    const rows = standings(R310, [match('A', 'Q'), match('Q', 'B')], names, ['A', 'B', 'C'])
    expect(table(rows)).toEqual([
      [1, 'A', 3, 1, 1, 0, 0, null],
      [2, 'B', 0, 1, 0, 0, 1, null],
      // No match, no average (null; the screen shows “–”), not 0, which would read as always first.
      [3, 'C', 0, 0, 0, 0, null, 'no matches'],
    ])
  })

  it('sums in hundredths, so thirds add up exactly', () => {
    // 4 players: 2nd earns 6.67, 3rd 3.33; three of each make 20.01 and 9.99, not 20.000000000000004.
    const ms = [1, 2, 3].map(() => match('A', 'B', 'C', 'D'))
    const rows = standings(P10, ms, names)
    expect(rows.map((r) => r.points)).toEqual([30, 20.01, 9.99, 0])
  })
})

describe('points schemes that reward losing (issue 27, item 7)', () => {
  it('are named in words; an ordinary scheme has no warning', () => {
    expect(schemeWarnings(R310)).toEqual([])
    expect(schemeWarnings(P10)).toEqual([])
    expect(schemeWarnings({ kind: 'result', win: 1, draw: 1, loss: 1 })).toEqual([])
    expect(schemeWarnings({ kind: 'result', win: 0, draw: 1, loss: 3 })).toEqual([
      'A loss earns more than a win (3 against 0): players gain by losing.',
      'A shared win earns more than a win (1 against 0).',
      'A loss earns more than a shared win (3 against 1).',
    ])
    expect(schemeWarnings({ kind: 'result', win: 3, draw: 0, loss: 1 })).toEqual([
      'A loss earns more than a shared win (1 against 0).',
    ])
  })
})
