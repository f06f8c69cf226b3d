/**
 * The counting choices the Stats screen states: rounds of unfinished matches (left out by default),
 * shared wins (whole by default, or split), the player filter on matches per month and the top five
 * of the chosen game, each against a hand-computed history.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import type { MonthlyResults, PlayerGameStats, PlayerStats, StatsOverview } from '../../src/shared/model/stats'
import { tempDir } from '../helpers/tmp'

let core: Core
let cleanup: () => void
let now = 0
const id: Record<string, string> = {}

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

/** A Seven Eight Nine match at `utc` (UTC offset 0); `games` lists the dealt-win seat of each game. */
async function sen(
  utc: string,
  names: [string, string],
  games: number[],
  close: 'finished' | 'abandoned' | null,
): Promise<string> {
  now = Math.max(now, Date.parse(utc))
  const m = await call<{ id: string }>('matches:create', {
    gameId: 'seven-eight-nine',
    playerIds: names.map((n) => id[n]),
    utcOffset: 0,
  })
  for (const [i, seat] of games.entries()) {
    if (i > 0) await call('matches:apply', { id: m.id, action: { type: 'next-game' } })
    await call('matches:apply', { id: m.id, action: { type: 'dealt-win', seats: [seat] } })
  }
  if (close) await call('matches:close', { id: m.id, status: close })
  return m.id
}

const game = (o: StatsOverview, name: string): PlayerGameStats | undefined =>
  o.players.find((p) => p.name === name)?.games.find((g) => g.gameId === 'seven-eight-nine')

beforeEach(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  now = Date.parse('2026-10-01T12:00:00.000Z')
  core = createCore({
    dataDir: t.dir,
    mode: 'web',
    version: '0.0.0-test',
    clock: () => new Date((now += 1000)),
    log: () => {},
    autoBackup: false,
  })
  for (const n of ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Fy'])
    id[n] = (await call<{ id: string }>('players:create', { name: n })).id
  // M1 Nov, finished: Ana wins game 1, Bo game 2 -> 1-1, a shared win.
  await sen('2026-11-05T19:00:00.000Z', ['Ana', 'Bo'], [0, 1], 'finished')
  // M2 Nov, abandoned after Ana won its one game; M3 in progress, Cy won its one game.
  await sen('2026-11-06T19:00:00.000Z', ['Ana', 'Bo'], [0], 'abandoned')
  await sen('2026-11-07T19:00:00.000Z', ['Ana', 'Cy'], [1], null)
  // M4 Nov and M5 Dec, finished: Cy beats Di, then Cy beats Ed.
  await sen('2026-11-20T19:00:00.000Z', ['Cy', 'Di'], [0], 'finished')
  await sen('2026-12-03T19:00:00.000Z', ['Cy', 'Ed'], [0], 'finished')
  // A Nine match in Dec: Ed (3) beats Fy (10) in one round, closed by hand.
  now = Math.max(now, Date.parse('2026-12-04T19:00:00.000Z'))
  const n = await call<{ id: string }>('matches:create', { gameId: 'nine', playerIds: [id.Ed, id.Fy], utcOffset: 0 })
  await call('matches:apply', { id: n.id, action: { type: 'round', declarer: 0, totals: [3, 10] } })
  await call('matches:close', { id: n.id, status: 'finished' })
})
afterEach(() => {
  core.close()
  cleanup()
})

describe('stats choices, hand-computed', () => {
  it('rounds, round scores and rule events count finished matches only by default, every match on request', async () => {
    const def = await call<StatsOverview>('stats:overview', {})
    expect(def.choices).toEqual({ roundsOf: 'finished', sharedWin: 'whole' })
    // Ana: finished M1 has 2 games (won 1, a dealt win); M2 (abandoned) and M3 (in progress) left out.
    expect(game(def, 'Ana')).toMatchObject({
      matches: 1,
      rounds: 2,
      roundsWon: 1,
      avgRoundScore: 0.5,
      events: { dealtWins: 1 },
    })
    expect(game(def, 'Cy')).toMatchObject({ matches: 2, rounds: 2, roundsWon: 2, events: { dealtWins: 2 } })
    const all = await call<StatsOverview>('stats:overview', { roundsOf: 'all' })
    expect(all.choices?.roundsOf).toBe('all')
    // Ana also: M2 (1 game, won) and M3 (1 game, lost) -> 4 games, 2 won.
    expect(game(all, 'Ana')).toMatchObject({
      matches: 1,
      rounds: 4,
      roundsWon: 2,
      avgRoundScore: 0.5,
      events: { dealtWins: 2 },
    })
    expect(game(all, 'Cy')).toMatchObject({ rounds: 3, roundsWon: 3, events: { dealtWins: 3 } })
    // The same choice over a span (per-day summary, and raw rows).
    const days = await call<StatsOverview>('stats:overview', { fromDate: '2026-11-01', toDate: '2026-11-30' })
    expect(game(days, 'Ana')).toMatchObject({ rounds: 2, roundsWon: 1 })
    const raw = await call<StatsOverview>('stats:overview', { from: '2026-11-01T00:00:00Z', roundsOf: 'all' })
    expect(game(raw, 'Ana')).toMatchObject({ rounds: 4, roundsWon: 2 })
  })

  it('a shared win is a whole win by default and half a win when split between two', async () => {
    const whole = await call<StatsOverview>('stats:overview', {})
    expect(game(whole, 'Ana')).toMatchObject({ wins: 1, sharedWins: 1, winRate: 1 })
    const split = await call<StatsOverview>('stats:overview', { sharedWin: 'split' })
    expect(split.choices?.sharedWin).toBe('split')
    expect(game(split, 'Ana')).toMatchObject({ wins: 0.5, sharedWins: 1, winRate: 0.5 })
    expect(game(split, 'Cy')).toMatchObject({ wins: 2, winRate: 1 })
    expect(split.players.find((p) => p.name === 'Bo')?.wins).toBe(0.5)
  })

  it("finished matches per month follow the player filter; wins per month show the chosen game's top five", async () => {
    const everyone = await call<MonthlyResults>('stats:monthly', {})
    expect(everyone.months).toEqual(['2026-11', '2026-12'])
    expect(everyone.games).toEqual([
      { gameId: 'nine', counts: [0, 1] },
      { gameId: 'seven-eight-nine', counts: [2, 1] },
    ])
    // Wins over all games: Cy 2; Ana, Bo (shared) and Ed 1; Di and Fy 0 (ties in the order players were added).
    expect(everyone.players.map((p) => p.name)).toEqual(['Cy', 'Ana', 'Bo', 'Ed', 'Di'])
    expect(everyone.players[0]?.wins).toEqual([1, 1])
    // Only Ana ticked: only the match she finished.
    const ana = await call<MonthlyResults>('stats:monthly', { playerIds: [id.Ana] })
    expect(ana.months).toEqual(['2026-11'])
    expect(ana.games).toEqual([{ gameId: 'seven-eight-nine', counts: [1] }])
    expect(ana.players).toMatchObject([{ name: 'Ana', wins: [1] }])
    // Game Nine: its own top players, not the all-games top five.
    const nine = await call<MonthlyResults>('stats:monthly', { gameId: 'nine' })
    expect(nine.months).toEqual(['2026-12'])
    expect(nine.players.map((p) => [p.name, p.wins])).toEqual([
      ['Ed', [1]],
      ['Fy', [0]],
    ])
  })

  it('a player profile: form, best and worst game, nemesis and favourite opponent', async () => {
    const cy = (await call<PlayerStats>('stats:player', { playerId: id.Cy })).profile
    // Cy's finished matches, newest first: M5 (beat Ed), M4 (beat Di); M3 is still in progress.
    expect(cy?.form.map((f) => [f.localDate, f.won, f.placement, f.seats])).toEqual([
      ['2026-12-03', true, 1, 2],
      ['2026-11-20', true, 1, 2],
    ])
    expect(cy?.opponents.map((o) => [o.name, o.matches, o.ahead, o.behind])).toEqual([
      ['Di', 1, 1, 0],
      ['Ed', 1, 1, 0],
    ])
    // One match together is no pattern: a favourite or a nemesis needs at least 3 (issue 27, item 5).
    expect(cy?.favourite).toBeNull()
    expect(cy?.nemesis).toBeNull()
    expect([cy?.bestGame, cy?.worstGame]).toEqual(['seven-eight-nine', null])
    const di = (await call<PlayerStats>('stats:player', { playerId: id.Di })).profile
    expect(di?.nemesis).toBeNull()
    expect(di?.favourite).toBeNull()
    // Ana and Bo shared their one finished match: level, so neither is the other's nemesis.
    const ana = (await call<PlayerStats>('stats:player', { playerId: id.Ana })).profile
    expect(ana?.opponents.map((o) => [o.name, o.ahead, o.behind])).toEqual([['Bo', 0, 0]])
    expect([ana?.nemesis, ana?.favourite]).toEqual([null, null])
    // Ed: won his Nine match, lost his Seven Eight Nine match.
    const ed = (await call<PlayerStats>('stats:player', { playerId: id.Ed })).profile
    expect([ed?.bestGame, ed?.worstGame]).toEqual(['nine', 'seven-eight-nine'])
  })
})
