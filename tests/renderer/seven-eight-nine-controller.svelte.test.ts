/**
 * SenMatchController (the Seven Eight Nine screen's keyboard and action controller): what typing into an
 * entry, a button's action and a key press do to the match, through a real core (see bridge.ts).
 *
 * There is no page here. The controller moves focus with document.getElementById and reads a key's target
 * with `instanceof HTMLInputElement`; below, no element has an id, nothing has focus, and the element
 * classes match nothing, so every key lands "on the page", as when nothing is focused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SenState } from '../../src/shared/games/seven-eight-nine'
import { MatchState } from '../../src/renderer/src/state/match.svelte'
import { SenMatchController } from '../../src/renderer/src/games/seven-eight-nine/controller.svelte'
import { bridgedCore } from './bridge'
import { pressKey, storedActions, twoPlayerMatch, withoutPage } from './controller-harness'

withoutPage()

let bridge: ReturnType<typeof bridgedCore>
let match: MatchState
let c: SenMatchController
beforeEach(async () => {
  bridge = bridgedCore()
  match = await twoPlayerMatch(bridge, 'seven-eight-nine')
  c = new SenMatchController(() => match)
})
afterEach(() => bridge.cleanup())

const press = (key: string, mods: Parameters<typeof pressKey>[2] = {}): boolean => pressKey(c.onkeydown, key, mods)

const phase = (): string | undefined => (match.view?.state as SenState | undefined)?.game.phase
const stored = (): Promise<unknown[]> => storedActions(bridge, match.id)

describe('SenMatchController', () => {
  it('stores a flipped card typed into its entry, empties the entries and offers the next step', async () => {
    expect(phase()).toBe('flip')
    expect(c.offer.flip).toBeDefined()
    c.text.flip = '5'
    c.flip()
    await vi.waitFor(() => expect(phase()).toBe('action'))
    expect(await stored()).toEqual([{ type: 'flip', card: 5 }])
    expect(c.text.flip).toBe('')
    expect(c.errors).toEqual({})
    expect(c.offer.flip).toBeUndefined()
    expect(c.offer.discard).toBeDefined()
    expect(c.offer.swap).toBeDefined()
  })

  it('keeps a card it cannot read beside its entry, sends nothing, and typing clears the error', async () => {
    c.text.flip = 'Z'
    c.flip()
    expect(c.errors.flip).toBe('Use ranks A–K.')
    c.text.flip = ''
    c.flip()
    expect(c.errors.flip).toBe('Type a card: A, 2–10, J, Q or K.')
    c.clear('flip')
    expect(c.errors).toEqual({})
    expect(await stored()).toEqual([])
  })

  it("refuses with the engine's words an action the engine refuses, before anything is sent", async () => {
    // Five 9s: the deck has four.
    for (const card of ['9', '9', '9', '9']) {
      c.text.flip = card
      c.flip()
      await vi.waitFor(() => expect(phase()).toBe('action'))
      expect(press('d')).toBe(true)
      await vi.waitFor(() => expect(phase()).toBe('flip'))
    }
    const before = await stored()
    c.text.flip = '9'
    c.flip()
    expect(c.errors.flip).toBe('Five 9s entered; a deck has four.')
    expect(await stored()).toEqual(before)
  })

  it('an action letter records its action only when the engine offers it', async () => {
    // D (discard) while a card is to be flipped: not an action now, the key is left alone.
    expect(press('d')).toBe(false)
    expect(await stored()).toEqual([])
    c.text.flip = '5'
    c.flip()
    await vi.waitFor(() => expect(phase()).toBe('action'))
    expect(press('D')).toBe(true)
    await vi.waitFor(() => expect(phase()).toBe('flip'))
    expect(await stored()).toEqual([
      { type: 'flip', card: 5 },
      { type: 'discard', seat: 0 },
    ])
    expect(c.offer.react).toBeDefined()
  })

  it('keeps keys typed while an entry is being stored, and plays them once the screen has moved on', async () => {
    c.text.flip = '5'
    c.flip()
    // Still storing the flip: D is kept, not lost and not run against the old screen.
    expect(press('d')).toBe(true)
    await vi.waitFor(async () =>
      expect(await stored()).toEqual([
        { type: 'flip', card: 5 },
        { type: 'discard', seat: 0 },
      ]),
    )
    await vi.waitFor(() => expect(phase()).toBe('flip'))
  })

  it('Alt+T opens the table display, where action letters are left alone', async () => {
    expect(press('t', { altKey: true })).toBe(true)
    expect(c.tableShown).toBe(true)
    c.text.flip = '5'
    c.flip()
    await vi.waitFor(() => expect(phase()).toBe('action'))
    expect(press('d')).toBe(false)
    expect(await stored()).toEqual([{ type: 'flip', card: 5 }])
  })

  it('a closed match offers nothing and takes no action letter', async () => {
    c.text.flip = '5'
    c.flip()
    await vi.waitFor(() => expect(phase()).toBe('action'))
    await match.close('abandoned')
    expect(c.open).toBe(false)
    expect(c.offer.discard).toBeUndefined()
    expect(press('d')).toBe(false)
    expect(await stored()).toEqual([{ type: 'flip', card: 5 }])
  })

  it("takes the table's own draw pile count only as a whole number", async () => {
    c.text.piles = 'forty'
    c.correctPiles()
    expect(c.errors.piles).toBe('Count the cards of the draw pile: a whole number, 0 or more.')
    expect(await stored()).toEqual([])
    c.text.piles = '40'
    c.correctPiles()
    await vi.waitFor(async () => expect(await stored()).toEqual([{ type: 'correct-piles', draw: 40 }]))
    await vi.waitFor(() => expect(c.text.piles).toBe(''))
    expect(c.statusText).toMatch(/40/)
  })
})
