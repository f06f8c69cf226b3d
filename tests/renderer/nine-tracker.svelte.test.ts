/**
 * NineTrackerController (the Nine tracker's keys and moves) through a real core (bridge.ts): a key
 * pressed while the last move is being stored is kept and played after it (issue 25 item 5).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { NineState } from '../../src/shared/games/nine'
import { MatchState } from '../../src/renderer/src/state/match.svelte'
import { NineTrackerController } from '../../src/renderer/src/games/nine/tracker.svelte'
import { bridgedCore } from './bridge'
import { FakeInput, pressKey, storedActions, twoPlayerMatch, withoutPage } from './controller-harness'

withoutPage()

let bridge: ReturnType<typeof bridgedCore>
let match: MatchState
let c: NineTrackerController
const discardField = new FakeInput()
beforeEach(async () => {
  bridge = bridgedCore()
  match = await twoPlayerMatch(bridge, 'nine')
  c = new NineTrackerController(
    () => match,
    () => {},
    (t) => t === discardField,
  )
  expect((await match.apply({ type: 'deal', top: 6 })).ok).toBe(true)
})
afterEach(() => bridge.cleanup())

const press = (key: string, mods: Parameters<typeof pressKey>[2] = {}): boolean => pressKey(c.onkeydown, key, mods)
const ni = (): NineState => match.view?.state as NineState
const stored = (): Promise<unknown[]> => storedActions(bridge, match.id)
async function settled(count: number): Promise<void> {
  await vi.waitFor(() => expect(match.view?.actions).toHaveLength(count))
  await vi.waitFor(() => expect(match.busy).toBe(false))
}

describe('NineTrackerController', () => {
  it('D, 1, Enter and D typed at once: the take, the discard and the next take, in order', async () => {
    expect(press('d')).toBe(true)
    expect(match.busy).toBe(true) // the take is being stored: the next keys come before it is
    for (const k of ['1', 'Enter', 'd']) expect(press(k), k).toBe(true)
    await settled(4)
    expect((await stored()).slice(1)).toEqual([
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [1] },
      { type: 'take', source: 'draw' },
    ])
    expect(ni().live).toMatchObject({ seat: 0, step: 'taken', hands: [5, 5] })
    expect(c.cards).toBe('')
    expect(c.error).toBeNull()
  })

  it('keys typed into the discard field while its discard is stored go on after it', async () => {
    expect(press('d')).toBe(true)
    await settled(2)
    c.cards = '4 4'
    const sending = c.submitDiscard()
    expect(match.busy).toBe(true)
    // Bo's turn is next: he takes the top discard, and a 7 is typed for his discard
    for (const k of ['t', '7']) expect(press(k, { target: discardField }), k).toBe(true)
    expect(await sending).toBe(true)
    await settled(4)
    expect((await stored()).slice(1)).toEqual([
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [4, 4] },
      { type: 'take', source: 'discard' },
    ])
    expect(c.cards).toBe('7')
  })

  it('a kept key that is refused says so, and the keys after it are dropped', async () => {
    expect(press('d')).toBe(true)
    // N: nobody may declare in the first circuit; the D after it is dropped with it
    for (const k of ['n', 'd']) expect(press(k), k).toBe(true)
    await settled(2)
    await vi.waitFor(() => expect(c.error).toBe('N was typed, but nobody can declare NINE now: nothing was done.'))
    expect(ni().live).toMatchObject({ seat: 1, step: 'taken' })
    expect(await stored()).toHaveLength(2)
  })

  it('Ctrl+Z while a move is stored undoes it once it is stored', async () => {
    expect(press('d')).toBe(true)
    expect(press('z', { ctrlKey: true })).toBe(true)
    await vi.waitFor(() => expect(ni().live?.step).toBe('start'))
    await vi.waitFor(() => expect(match.busy).toBe(false))
    expect(match.view?.actions).toHaveLength(1)
  })

  it('outside a stored move, letters typed in a field are left to the field', () => {
    expect(press('d', { target: new FakeInput() })).toBe(false)
    expect(press('d', { target: discardField })).toBe(false)
    expect(match.busy).toBe(false)
  })
})
