/**
 * records:get (docs/ARCHITECTURE.md § Records) against a plain computation over generated club
 * histories (fast-check): Nine matches (lower score wins) finished, abandoned, left open, finished
 * then undone, finished then corrected, and players merged along the way; the plain computation
 * works from what the test played, not from the projection tables the service reads.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ClubRecords } from '../../src/shared/model/records'
import type { MatchView } from '../../src/shared/model/match'
import { BADGES } from '../../src/shared/stats/records'
import { call, clockedLaptops, type Laptop } from '../helpers/laptops'

const laptop = clockedLaptops('2025-11-01T12:00:00.000Z')

const NAMES = ['Ana', 'Bo', 'Cy', 'Di', 'Ed']
type Outcome = 'finished' | 'abandoned' | 'open' | 'undone' | 'corrected'
type Op =
  | { kind: 'play'; seats: number[]; totals: number[]; fixed: number[]; outcome: Outcome; day: number }
  | { kind: 'merge'; from: number; into: number }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('play' as const),
      seats: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 4 }),
      totals: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 4 }),
      fixed: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 4 }),
      outcome: fc.constantFrom<Outcome>('finished', 'finished', 'finished', 'abandoned', 'open', 'undone', 'corrected'),
      // Days apart from the previous match: 0 (the same night), 1 or 200 (into the next year).
      day: fc.constantFrom(0, 0, 1, 200),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('merge' as const), from: fc.nat(4), into: fc.nat(4) }) },
)

/** A finished match as its own view shows it: the seats' scores (Nine's penalty points) and the winning seats. */
interface Played {
  seats: string[]
  scores: number[]
  winners: number[]
  at: number
}

/** What the projector writes for each seat: where its player's history lives, a second seat of one person keeping its own id. */
function seatIds(seats: string[], canon: (id: string) => string): string[] {
  const taken = new Set(seats.filter((s) => canon(s) === s))
  return seats.map((s) => {
    const c = canon(s)
    const id = c === s || !taken.has(c) ? c : s
    taken.add(id)
    return id
  })
}

/** The plain computation: from the matches as played (finished ones, with their totals) and the merges. */
function plain(played: Played[], canon: (id: string) => string, name: (id: string) => string, year: number) {
  const listed = (id: string) => canon(id) === id
  const results = played.map((m) => {
    const ids = seatIds(m.seats, canon)
    return ids.map((id, i) => ({
      id,
      total: m.scores[i]!,
      won: m.winners.includes(i),
      shared: m.winners.includes(i) && m.winners.length > 1,
      at: m.at,
      others: m.scores.filter((_, j) => j !== i),
    }))
  })
  // Margins: outright winners, the best other total minus theirs; ties: the earlier.
  let margin: { id: string; margin: number; at: number } | null = null
  for (const seats of results)
    for (const s of seats)
      if (s.won && !s.shared && listed(s.id)) {
        const m = Math.min(...s.others) - s.total
        if (!margin || m > margin.margin) margin = { id: s.id, margin: m, at: s.at }
      }
  const runs = (rows: { won: boolean; shared: boolean }[], hit: (r: { won: boolean; shared: boolean }) => boolean) => {
    let best = 0
    let cur = 0
    for (const r of rows) best = Math.max(best, (cur = hit(r) ? cur + 1 : 0))
    return best
  }
  const players = [...new Set(results.flat().map((s) => s.id))].filter(listed).sort()
  const of = (id: string, rows = results.flat()) => rows.filter((s) => s.id === id)
  const streaks = players.map((id) => ({
    id,
    wins: runs(of(id), (r) => r.won && !r.shared),
    unbeaten: runs(of(id), (r) => r.won),
  }))
  const pairs = new Map<string, number>()
  for (const seats of results) {
    const ids = seats.map((s) => s.id).filter(listed)
    for (const a of ids) for (const b of ids) if (a < b) pairs.set(`${a}|${b}`, (pairs.get(`${a}|${b}`) ?? 0) + 1)
  }
  const totals = players.map((id) => ({ id, matches: of(id).length, wins: of(id).filter((s) => s.won).length }))
  const inYear = results.filter((seats) => new Date(seats[0]!.at).getUTCFullYear() === year).flat()
  const yearPlayers = [...new Set(inYear.map((s) => s.id))].filter(listed)
  const firstYear = (id: string) => new Date(Math.min(...of(id).map((s) => s.at))).getUTCFullYear()
  return {
    margin: margin && { name: name(margin.id), margin: margin.margin },
    streaks: Object.fromEntries(streaks.map((s) => [name(s.id), { wins: s.wins, unbeaten: s.unbeaten }])),
    pairs: Object.fromEntries([...pairs].map(([k, n]) => [k.split('|').map(name).sort().join(' & '), n])),
    totals: Object.fromEntries(totals.map((t) => [name(t.id), t])),
    badges: {
      'hat-trick': streaks
        .filter((s) => s.wins >= 3)
        .map((s) => name(s.id))
        .sort(),
      untouchable: streaks
        .filter((s) => s.unbeaten >= 5)
        .map((s) => name(s.id))
        .sort(),
      century: totals.filter((t) => t.matches >= 100).map((t) => name(t.id)),
      'all-rounder': [],
    },
    year: {
      matches: results.filter((seats) => new Date(seats[0]!.at).getUTCFullYear() === year).length,
      nights: new Set(inYear.map((s) => new Date(s.at).toISOString().slice(0, 10))).size,
      active: Math.max(0, ...yearPlayers.map((id) => of(id, inYear).length)),
      newPlayers: players
        .filter((id) => firstYear(id) === year)
        .map(name)
        .sort(),
      longest: Math.max(0, ...yearPlayers.map((id) => runs(of(id, inYear), (r) => r.won && !r.shared))),
    },
  }
}

async function nine(l: Laptop, seats: string[], totals: number[]): Promise<string> {
  const m = await call<{ id: string }>(l, 'matches:create', { gameId: 'nine', playerIds: seats, utcOffset: 0 })
  await call(l, 'matches:apply', {
    id: m.id,
    action: { type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals },
  })
  return m.id
}

describe('records:get', () => {
  it('matches a plain computation over generated histories with undos, corrections, abandoned matches and merges (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 16 }), async (ops) => {
        const l = laptop()
        const ids: string[] = []
        for (const n of NAMES) ids.push((await call<{ id: string }>(l, 'players:create', { name: n })).id)
        const merged = new Map<string, string>()
        const canon = (id: string): string => (merged.has(id) ? canon(merged.get(id)!) : id)
        const name = (id: string) => NAMES[ids.indexOf(id)]!
        const played: Played[] = []
        let day = Date.parse('2025-12-20T19:00:00.000Z')
        for (const op of ops) {
          const active = ids.filter((id) => canon(id) === id)
          if (op.kind === 'merge') {
            const from = active[op.from % active.length]!
            const into = active[op.into % active.length]!
            if (from === into || active.length < 3) continue
            await call(l, 'players:merge', { from, into })
            merged.set(from, into)
            continue
          }
          const seats = [...new Set(op.seats.map((i) => active[i % active.length]!))]
          if (seats.length < 2) continue
          const totals = op.totals.slice(0, seats.length)
          day += op.day * 86_400_000
          l.now = day + ops.indexOf(op) * 60_000
          const id = await nine(l, seats, totals)
          if (op.outcome === 'open') continue
          await call(l, 'matches:close', { id, status: op.outcome === 'abandoned' ? 'abandoned' : 'finished' })
          const at = Date.parse((await call<MatchView>(l, 'matches:get', { id })).finishedAt ?? '')
          if (op.outcome === 'abandoned') continue
          if (op.outcome === 'undone') {
            await call(l, 'matches:undo', { id })
            continue
          }
          if (op.outcome === 'corrected') {
            const final = op.fixed.slice(0, seats.length)
            const v = await call<MatchView>(l, 'matches:get', { id })
            await call(l, 'matches:correct', {
              id,
              eventId: v.actions[0]?.eventId,
              action: { type: 'round', declarer: final.indexOf(Math.min(...final)), totals: final },
            })
          }
          const v = await call<MatchView>(l, 'matches:get', { id })
          expect(v.status).toBe('finished')
          const scores = v.seats.map((_, i) => v.standings.find((x) => x.seat === i)!.score)
          played.push({ seats, scores, winners: v.winners ?? [], at })
        }
        const years = [...new Set(played.map((p) => new Date(p.at).getUTCFullYear()))]
        const year = years[0] ?? 2025
        const r = await call<ClubRecords>(l, 'records:get', { year })
        const want = plain(played, canon, name, year)

        expect(r.margins.map((m) => ({ name: m.name, margin: m.margin }))).toEqual(want.margin ? [want.margin] : [])
        for (const m of r.margins) {
          expect(m.gameId).toBe('nine')
          expect(m.lowerScoreWins).toBe(true)
          expect(m.runnerUpScore - m.winnerScore).toBe(m.margin)
        }
        expect(
          Object.fromEntries(
            r.streaks.map((s) => [s.name, { wins: s.wins?.length ?? 0, unbeaten: s.unbeaten?.length ?? 0 }]),
          ),
        ).toEqual(want.streaks)
        for (const s of r.streaks) {
          expect(s.byGame.nine).toEqual({ wins: s.wins, unbeaten: s.unbeaten })
          if (s.wins) expect(s.wins.from <= s.wins.to).toBe(true)
        }
        expect(Object.fromEntries(r.pairings.map((p) => [[p.a.name, p.b.name].sort().join(' & '), p.matches]))).toEqual(
          want.pairs,
        )
        const nine_ = r.champions.find((c) => c.gameId === 'nine')!
        const most = Object.values(want.totals).filter((t) => t.wins > 0)
        expect(nine_.mostWins?.wins ?? 0).toBe(Math.max(0, ...most.map((t) => t.wins)))
        if (nine_.mostWins)
          expect(want.totals[nine_.mostWins.name]).toMatchObject({
            wins: nine_.mostWins.wins,
            matches: nine_.mostWins.matches,
          })
        expect(Object.fromEntries(r.badges.map((b) => [b.id, b.holders.map((h) => h.name).sort()]))).toEqual(
          want.badges,
        )
        expect(r.badges.map((b) => b.threshold)).toEqual(BADGES.map((b) => b.threshold))
        expect(r.years).toEqual([...years].sort((a, b) => b - a))
        expect({
          matches: r.year?.matches,
          nights: r.year?.nights,
          active: r.year?.mostActive?.matches ?? 0,
          newPlayers: r.year?.newPlayers.map((p) => p.name).sort(),
          longest: r.year?.longestStreak?.length ?? 0,
        }).toEqual(want.year)
      }),
      { numRuns: 12 },
    )
  }, 240_000)
})
