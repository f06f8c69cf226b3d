import { rate, rating } from 'openskill'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PlayerStats, StatsOverview } from '../../src/shared/model/stats'
import { streaks } from '../../src/shared/stats/streaks'
import { tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}
const round = (declarer: number, totals: number[]) => ({ type: 'round', declarer, totals })
let ana: string, bo: string, cy: string
const ids: string[] = []

/** Three Nine matches, closed by hand: M1 Ana 1st, Cy 2nd, Bo 3rd; M2 Ana and Bo level (a shared win); M3 Bo beats Cy. */
async function seed(): Promise<void> {
  const play = async (players: string[], rounds: [number, number[]][]) => {
    const m = await call<{ id: string }>('matches:create', { gameId: 'nine', playerIds: players })
    for (const [d, t] of rounds) await call('matches:apply', { id: m.id, action: round(d, t) })
    await call('matches:close', { id: m.id, status: 'finished' })
    ids.push(m.id)
    return m.id
  }
  await play(
    [ana, bo, cy],
    [
      [0, [3, 10, 12]],
      [1, [8, 5, 5]],
    ],
  )
  await play(
    [ana, bo],
    [
      [0, [3, 10]],
      [1, [10, 4]],
    ],
  )
  await play([bo, cy], [[0, [3, 10]]])
}

beforeEach(async () => {
  core = tempCore()
  ids.length = 0
  ana = (await call<{ id: string }>('players:create', { name: 'Ana' })).id
  bo = (await call<{ id: string }>('players:create', { name: 'Bo' })).id
  cy = (await call<{ id: string }>('players:create', { name: 'Cy' })).id
})
afterEach(() => core.cleanup())

const byName = (o: StatsOverview, name: string): PlayerStats => o.players.find((p) => p.name === name) as PlayerStats

describe('stats on a hand-computed history', () => {
  it('counts matches, wins (shared wins as wins), placement and streaks', async () => {
    await seed()
    const o = await call<StatsOverview>('stats:overview', {})
    expect(o.filtered).toBe(false)
    const a = byName(o, 'Ana')
    expect([a.matches, a.wins, a.sharedWins, a.winRate, a.avgPlacement, a.currentStreak, a.longestStreak]).toEqual([
      2, 2, 1, 1, 1, 2, 2,
    ])
    const b = byName(o, 'Bo')
    expect([b.matches, b.wins, b.sharedWins, b.avgPlacement, b.currentStreak, b.longestStreak]).toEqual([
      3,
      2,
      1,
      5 / 3,
      2,
      2,
    ])
    expect(b.winRate).toBeCloseTo(2 / 3)
    const c = byName(o, 'Cy')
    expect([c.matches, c.wins, c.sharedWins, c.winRate, c.avgPlacement, c.currentStreak, c.longestStreak]).toEqual([
      2, 0, 0, 0, 2, 0, 0,
    ])
    // Ana's rounds: 0 and 0 in M1, 0 and 10 in M2.
    expect(a.games[0]).toMatchObject({ gameId: 'nine', rounds: 4, avgRoundScore: 2.5 })
    // Rule events: Ana's two successful NINEs; Bo one failed (M1 round 2) and two successful.
    expect(a.games[0]?.events).toMatchObject({ ninesOk: 2, ninesFailed: 0, resets90: 0, lost99: 0 })
    expect(b.games[0]?.events).toMatchObject({ ninesOk: 2, ninesFailed: 1 })
    expect(o.leaderboards.find((l) => l.gameId === 'nine')?.rows.map((r) => r.name)[0]).toBe('Ana')
  })

  it('gives the same numbers from the summary tables and from the raw rows', async () => {
    await seed()
    const summary = await call<StatsOverview>('stats:overview', {})
    const raw = await call<StatsOverview>('stats:overview', { from: '2000-01-01T00:00:00Z' })
    expect(raw.filtered).toBe(true)
    expect(raw.players).toEqual(summary.players)
    // A bound inside a day is answered from the raw rows instead of the per-day summary: same numbers.
    const rawRows = await call<StatsOverview>('stats:overview', {
      from: '2000-01-01T00:00:01Z',
      to: '2099-01-01T12:00:00Z',
    })
    expect(rawRows.players).toEqual(summary.players)
    const { profile, ...one } = await call<PlayerStats>('stats:player', { playerId: bo })
    expect(one).toEqual(byName(summary, 'Bo'))
    expect(profile?.form).toHaveLength(3)
  })

  it('rates each finished match with OpenSkill, ties sharing a rank', async () => {
    await seed()
    let A = rating(),
      B = rating(),
      C = rating()
    ;[[A], [B], [C]] = rate([[A], [B], [C]], { rank: [1, 3, 2] }) as [[typeof A], [typeof B], [typeof C]]
    ;[[A], [B]] = rate([[A], [B]], { rank: [1, 1] }) as [[typeof A], [typeof B]]
    ;[[B], [C]] = rate([[B], [C]], { rank: [1, 2] }) as [[typeof B], [typeof C]]
    const o = await call<StatsOverview>('stats:overview', { gameId: 'nine' })
    for (const [name, r] of [
      ['Ana', A],
      ['Bo', B],
      ['Cy', C],
    ] as const) {
      const got = byName(o, name).games[0]?.rating
      expect(got?.mu).toBeCloseTo(r.mu, 9)
      expect(got?.sigma).toBeCloseTo(r.sigma, 9)
    }
    const hist = await call<{ name: string; points: unknown[] }[]>('stats:rating-history', {
      gameId: 'nine',
      playerIds: [ana, bo],
    })
    expect(hist.map((h) => [h.name, h.points.length])).toEqual([
      ['Ana', 2],
      ['Bo', 3],
    ])
  })

  it('undoing a finish takes the match out of the stats and ratings, redoing it puts it back', async () => {
    await seed()
    const before = await call<StatsOverview>('stats:overview', {})
    await call('matches:undo', { id: ids[0] })
    const reopened = await call<StatsOverview>('stats:overview', {})
    expect(byName(reopened, 'Ana').matches).toBe(1)
    expect(byName(reopened, 'Cy').matches).toBe(1)
    await call('matches:close', { id: ids[0], status: 'finished' })
    const after = await call<StatsOverview>('stats:overview', {})
    // The re-finished match is now the latest: counts return, ratings are replayed in the new order.
    expect(after.players.map((p) => [p.name, p.matches, p.wins])).toEqual(
      before.players.map((p) => [p.name, p.matches, p.wins]),
    )
  })

  it('compares two players head to head', async () => {
    await seed()
    const h = await call<{
      lines: {
        gameId: string
        matches: number
        aAhead: number
        bAhead: number
        level: number
        aWins: number
        bWins: number
      }[]
    }>('stats:head-to-head', { a: ana, b: bo })
    expect(h.lines[0]).toEqual({ gameId: 'all', matches: 2, aAhead: 1, bAhead: 0, level: 1, aWins: 2, bWins: 1 })
    expect(h.lines.map((l) => l.gameId)).toEqual(['all', 'nine'])
    const same = await core.dispatch('stats:head-to-head', { a: ana, b: ana })
    expect(same.ok).toBe(false)
  })

  it('filters by date range and players, and charts months and a match', async () => {
    await seed()
    const none = await call<StatsOverview>('stats:overview', { to: '2000-01-01T00:00:00Z' })
    expect(none.players.every((p) => p.matches === 0)).toBe(true)
    const only = await call<StatsOverview>('stats:overview', { playerIds: [cy] })
    expect(only.players.map((p) => p.name)).toEqual(['Cy'])
    const monthly = await call<{ months: string[]; games: { counts: number[] }[] }>('stats:monthly', {})
    expect(monthly.months).toEqual(['2026-11'])
    expect(monthly.games[0]?.counts).toEqual([3])
    const prog = await call<{ totals: number[][] }>('stats:match-progress', { matchId: ids[0] })
    expect(prog.totals).toEqual([
      [0, 0],
      [10, 35],
      [12, 12],
    ])
  })

  it('computes streaks', () => {
    expect(streaks([true, true, false, true, true, true, false])).toEqual({ current: 0, longest: 3 })
    expect(streaks([false, true, true])).toEqual({ current: 2, longest: 2 })
    expect(streaks([])).toEqual({ current: 0, longest: 0 })
  })
})
