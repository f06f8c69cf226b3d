/** StatsState (the Stats screen): filters, leaderboards, head-to-head, match search and profiles over real matches. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import { StatsState } from '../../src/renderer/src/state/stats.svelte'
import { bridgedCore } from './bridge'

let bridge: ReturnType<typeof bridgedCore>
let ana: Player, bo: Player, cy: Player
const round = (declarer: number, totals: number[]) => ({ type: 'round', declarer, totals })

/** A finished Nine match: the first seat declares each deal with a low hand; the second passes 99. */
async function nineWonBy(first: Player, second: Player): Promise<void> {
  const m = await bridge.direct<MatchView>('matches:create', { gameId: 'nine', playerIds: [first.id, second.id] })
  for (const totals of [
    [3, 50],
    [2, 45],
    [1, 13],
  ])
    await bridge.direct('matches:apply', { id: m.id, action: round(0, totals) })
}

beforeEach(async () => {
  bridge = bridgedCore()
  ana = await bridge.player('Ana')
  bo = await bridge.player('Bo')
  cy = await bridge.player('Cy')
  await nineWonBy(ana, bo)
  await nineWonBy(ana, bo)
  await nineWonBy(bo, cy)
})
afterEach(() => bridge.cleanup())

describe('StatsState', () => {
  it('loads the overview and the Nine leaderboard, and the rating and Games tabs follow the game played', async () => {
    const s = new StatsState()
    await s.init()
    expect(s.loading).toBe(false)
    expect(s.error).toBeNull()
    const nine = s.overview?.leaderboards.find((l) => l.gameId === 'nine')
    expect(nine?.rows.map((r) => r.name)[0]).toBe('Ana')
    expect(s.gameTab).toBe('nine')
    expect(s.ratingGame).toBe('nine')
    expect(s.results).toHaveLength(3)
  })

  it('a player filter narrows the numbers to matches with that player', async () => {
    const s = new StatsState()
    await s.init()
    s.playerIds = [cy.id]
    await s.load()
    const players = s.overview?.players.map((p) => [p.name, p.matches])
    expect(players).toContainEqual(['Cy', 1])
    expect(s.filter()).toEqual({ playerIds: [cy.id] })
  })

  it('head-to-head needs two players, then counts their matches', async () => {
    const s = new StatsState()
    await s.compare()
    expect(s.h2hError).toBe('Choose two players to compare.')
    s.h2hA = ana.id
    s.h2hB = bo.id
    await s.compare()
    expect(s.h2hError).toBeNull()
    const all = s.h2h?.lines.find((l) => l.gameId === 'all')
    expect(all).toMatchObject({ matches: 2, aAhead: 2, bAhead: 0, aWins: 2, bWins: 0 })
  })

  it('searches matches by player, and opens a player profile on its tab', async () => {
    const s = new StatsState()
    s.searchPlayer = cy.id
    await s.search()
    expect(s.results?.map((m) => m.players.map((p) => p.name))).toEqual([['Bo', 'Cy']])
    s.openProfile(bo.id)
    expect(s.tab).toBe('player')
    await s.loadProfile()
    expect(s.profile?.name).toBe('Bo')
    expect(s.profile?.matches).toBe(3)
    expect(s.profileRecent).toHaveLength(3)
  })
})
