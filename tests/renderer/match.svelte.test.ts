/** MatchState (one open match): what apply, undo, redo, "put back in the form" and a stale write do to it. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MatchView } from '../../src/shared/model/match'
import type { NineState } from '../../src/shared/games/nine/index'
import { MatchState } from '../../src/renderer/src/state/match.svelte'
import { bridgedCore } from './bridge'

let bridge: ReturnType<typeof bridgedCore>
let matchId: string
beforeEach(async () => {
  bridge = bridgedCore()
  const [ana, bo] = [await bridge.player('Ana'), await bridge.player('Bo')]
  matchId = (await bridge.direct<MatchView>('matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })).id
})
afterEach(() => bridge.cleanup())

const round = (declarer: number, totals: number[]) => ({ type: 'round', declarer, totals })
const totals = (m: MatchState): number[] | undefined => (m.view?.state as NineState | undefined)?.totals

async function opened(): Promise<MatchState> {
  const m = new MatchState(matchId)
  expect(m.loading).toBe(true)
  await m.load()
  expect(m.loading).toBe(false)
  return m
}

describe('MatchState', () => {
  it('loads the match and shows each stored round', async () => {
    const m = await opened()
    expect(m.view?.status).toBe('in-progress')
    expect(m.view?.actions).toEqual([])
    const r = await m.apply(round(0, [3, 12]))
    expect(r.ok).toBe(true)
    expect(totals(m)).toEqual([0, 12])
    expect(m.busy).toBe(false)
    expect(m.error).toBeNull()
  })

  it('keeps the view and shows the refusal when an entry is refused; the next success clears it', async () => {
    const m = await opened()
    await m.apply(round(0, [3, 12]))
    const r = await m.apply(round(5, [3, 12]))
    expect(r.ok).toBe(false)
    expect(m.error?.code).toBe('no-declarer')
    expect(totals(m)).toEqual([0, 12])
    await m.apply(round(1, [20, 2]))
    expect(m.error).toBeNull()
    expect(totals(m)).toEqual([20, 12])
  })

  it('undo takes the last deal back and says so; its values can be put back in the form; a new entry forgets it', async () => {
    const m = await opened()
    await m.apply(round(0, [3, 12]))
    await m.apply(round(1, [20, 2]))
    await m.undo()
    expect(totals(m)).toEqual([0, 12])
    expect(m.undone).toEqual({ label: 'Deal 2 undone', action: round(1, [20, 2]), entries: 1 })
    expect(m.announcement).toBe('Deal 2 undone.')
    expect(m.prefill).toBeNull()
    m.restoreUndone()
    expect(m.prefill).toEqual(round(1, [20, 2]))
    await m.apply(round(0, [1, 5]))
    expect(m.undone).toBeNull()
    expect(totals(m)).toEqual([0, 17])
  })

  it('redo brings the undone deal back', async () => {
    const m = await opened()
    await m.apply(round(0, [3, 12]))
    await m.undo()
    expect(m.canRedo).toBe(true)
    const r = await m.redo()
    expect(r.ok).toBe(true)
    expect(totals(m)).toEqual([0, 12])
    expect(m.canRedo).toBe(false)
    expect(m.announcement).toMatch(/^Redid .+\.$|^Redone\.$/)
  })

  it('a write from a page behind another window is refused as stale, nothing is stored, and the current sheet is shown', async () => {
    const here = await opened()
    const there = await opened()
    await there.apply(round(0, [3, 12]))
    const r = await here.apply(round(1, [20, 2]))
    expect(r.ok).toBe(false)
    expect(here.error?.code).toBe('stale')
    // The page now shows what the other window stored, and only that was stored.
    expect(totals(here)).toEqual([0, 12])
    const stored = await bridge.direct<MatchView>('matches:get', { id: matchId })
    expect(stored.actions.map((a) => a.action)).toEqual([round(0, [3, 12])])
    // From the refreshed sheet the same entry goes through.
    expect((await here.apply(round(1, [20, 2]))).ok).toBe(true)
    expect(totals(here)).toEqual([20, 12])
  })

  it('closes the match by hand', async () => {
    const m = await opened()
    await m.apply(round(0, [3, 12]))
    const r = await m.close('abandoned')
    expect(r.ok).toBe(true)
    expect(m.view?.status).toBe('abandoned')
    const history = await m.history()
    expect(history.ok && history.value.map((h) => h.description)).toEqual(['Deal 1', 'Match abandoned'])
  })
})
