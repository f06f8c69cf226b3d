/** NewMatchState (the New match screen): seating, the first player, house rules and starting the match. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MatchSummary, MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import { NewMatchState } from '../../src/renderer/src/state/new-match.svelte'
import { bridgedCore } from './bridge'

let bridge: ReturnType<typeof bridgedCore>
let ana: Player, bo: Player, cy: Player, di: Player
beforeEach(async () => {
  bridge = bridgedCore()
  ana = await bridge.player('Ana')
  bo = await bridge.player('Bo')
  cy = await bridge.player('Cy')
  di = await bridge.player('Di')
})
afterEach(() => bridge.cleanup())

async function loaded(game?: string): Promise<NewMatchState> {
  const s = new NewMatchState(game)
  await s.load()
  return s
}

describe('NewMatchState', () => {
  it('seats players in the order chosen; the first dealer follows their player when seats move', async () => {
    const s = await loaded('nine')
    for (const p of [ana, bo, cy]) s.toggle(p.id)
    expect(s.seated.map((p) => p.name)).toEqual(['Ana', 'Bo', 'Cy'])
    s.first = 1
    s.move(1, -1)
    expect(s.seated.map((p) => p.name)).toEqual(['Bo', 'Ana', 'Cy'])
    expect(s.first).toBe(0)
    s.moveTo(0, 2)
    expect(s.seated.map((p) => p.name)).toEqual(['Ana', 'Cy', 'Bo'])
    expect(s.first).toBe(2)
    // Unseating a player: the first seat stays in range.
    s.toggle(bo.id)
    expect(s.seated.map((p) => p.name)).toEqual(['Ana', 'Cy'])
    expect(s.first).toBe(1)
  })

  it('switching to a game with fewer seats keeps the first seats and says who is no longer seated', async () => {
    const s = await loaded('wild-nine')
    for (const p of [ana, bo, cy, di]) s.toggle(p.id)
    s.setGame('seven-eight-nine')
    expect(s.seated.map((p) => p.name)).toEqual(['Ana', 'Bo'])
    expect(s.notice).toBe(
      'Seven Eight Nine seats at most 2: kept Ana and Bo (the first 2 seats); Cy and Di are no longer seated.',
    )
    // A full table seats nobody more.
    s.toggle(cy.id)
    expect(s.seated.map((p) => p.name)).toEqual(['Ana', 'Bo'])
  })

  it('adds a new player and seats them while there is room, and only adds them when the table is full', async () => {
    const s = await loaded('seven-eight-nine')
    s.toggle(ana.id)
    expect(await s.addPlayer('Eve')).toBeNull()
    expect(s.seated.map((p) => p.name)).toEqual(['Ana', 'Eve'])
    expect(s.notice).toBe('Added Eve and seated them.')
    expect(await s.addPlayer('Fay')).toBeNull()
    expect(s.seated.map((p) => p.name)).toEqual(['Ana', 'Eve'])
    expect(s.roster.map((p) => p.name)).toContain('Fay')
    expect(s.notice).toMatch(
      /^Added Fay to the players, but not seated: the table is full \(2 players for Seven Eight Nine\)/,
    )
    // A refused name adds nobody.
    const refused = await s.addPlayer('Ana')
    expect(refused?.code).toBeDefined()
    expect(s.roster.filter((p) => p.name === 'Ana')).toHaveLength(1)
  })

  it('starts the match with the seats, the first dealer and the house rules chosen', async () => {
    const s = await loaded('wild-nine')
    for (const p of [cy, ana, bo]) s.toggle(p.id)
    s.first = 2
    s.rules = { ...s.rules, cutoff: 150 }
    // Start pressed again while the first press is on its way: one match.
    const [id, again] = await Promise.all([s.start(), s.start()])
    expect(id).not.toBeNull()
    expect(again).toBeNull()
    expect(s.busy).toBe(false)
    expect(await bridge.direct<MatchSummary[]>('matches:list', {})).toHaveLength(1)
    const m = await bridge.direct<MatchView>('matches:get', { id })
    expect(m.gameId).toBe('wild-nine')
    expect(m.seats.map((x) => x.name)).toEqual(['Cy', 'Ana', 'Bo'])
    expect(m.config).toMatchObject({ firstDealer: 2, houseRules: { cutoff: 150 } })
  })

  it('refuses a house-rule number outside its range before anything is sent', async () => {
    const s = await loaded('wild-nine')
    for (const p of [ana, bo]) s.toggle(p.id)
    s.rules = { ...s.rules, cutoff: 0 }
    expect(await s.start()).toBeNull()
    expect(s.error).toEqual({
      code: 'invalid-input',
      message: 'Cutoff must be a whole number from 1 to 10,000.',
      field: 'houseRules.cutoff',
    })
    expect(await bridge.direct<MatchSummary[]>('matches:list', {})).toEqual([])
  })
})
