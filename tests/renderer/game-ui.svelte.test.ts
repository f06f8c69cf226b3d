/** GAME_UI, the renderer's side of each game in one place: its views load, its options reach the new match. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GAME_FACTS, GAME_IDS } from '../../src/shared/games/ids'
import type { MatchView } from '../../src/shared/model/match'
import { GAME_UI } from '../../src/renderer/src/games/registry'
import { NewMatchState } from '../../src/renderer/src/state/new-match.svelte'
import { bridgedCore } from './bridge'

describe('GAME_UI', () => {
  // The match views are opened by the browser tests (they need a page: the router reads its address).
  it('the options panels load as components', async () => {
    const panels = GAME_IDS.flatMap((id) => GAME_UI[id].options ?? [])
    expect(panels.length).toBeGreaterThan(0)
    for (const load of panels) expect(typeof (await load()).default).toBe('function')
  })

  it.each(GAME_IDS)('%s: a round form exactly when its facts name a whole-round entry', async (id) => {
    const ui = GAME_UI[id]
    const byRound = GAME_FACTS[id].roundEntry !== null
    expect(ui.roundForm !== null).toBe(byRound)
    if (ui.roundForm) expect(typeof (await ui.roundForm()).default).toBe('function')
  })
})

describe("a game's own New match options", () => {
  let bridge: ReturnType<typeof bridgedCore>
  let seats: string[]
  beforeEach(async () => {
    bridge = bridgedCore()
    seats = [(await bridge.player('Ana')).id, (await bridge.player('Bo')).id]
  })
  afterEach(() => bridge.cleanup())

  async function started(game: string, choose: (s: NewMatchState) => void): Promise<MatchView> {
    const s = new NewMatchState(game)
    await s.load()
    for (const id of seats) s.toggle(id)
    choose(s)
    const id = await s.start()
    if (id === null) throw new Error(s.error?.message ?? 'not started')
    return bridge.direct<MatchView>('matches:get', { id })
  }

  it("reach the match: Seven Eight Nine's length, Ennea's cube colours", async () => {
    const sen = await started('seven-eight-nine', (s) => (s.target = 5))
    expect(sen.config).toMatchObject({ target: 5 })
    const ennea = await started('ennea', (s) => (s.colours = ['#2e7d32', '#1565c0']))
    expect(ennea.config).toMatchObject({ colours: ['#2e7d32', '#1565c0'] })
  })
})
