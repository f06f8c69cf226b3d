/**
 * EnneaMatchController (the Ennea screen's keyboard and action controller): what choosing a card, an action
 * key, the table display and a reveal do to the match, through a real core (see bridge.ts).
 *
 * There is no page here. The controller reads a key's target with `instanceof HTMLInputElement` (and the other
 * element classes) and looks cards up with document.querySelector; below, nothing matches and nothing has
 * focus, so every key lands "on the page", as when nothing is focused, unless a test aims it at an entry.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EnneaState } from '../../src/shared/games/ennea'
import { MatchState } from '../../src/renderer/src/state/match.svelte'
import { EnneaMatchController, KINDS } from '../../src/renderer/src/games/ennea/controller.svelte'
import { bridgedCore } from './bridge'
import { FakeInput, pressKey, storedActions, twoPlayerMatch, withoutPage } from './controller-harness'

const page = withoutPage()

let bridge: ReturnType<typeof bridgedCore>
let match: MatchState
let c: EnneaMatchController
beforeEach(async () => {
  bridge = bridgedCore()
  match = await twoPlayerMatch(bridge, 'ennea')
  c = new EnneaMatchController(() => match)
})
afterEach(() => bridge.cleanup())

const press = (key: string, mods: Parameters<typeof pressKey>[2] = {}): boolean => pressKey(c.onkeydown, key, mods)

const es = (): EnneaState => match.view?.state as EnneaState
const stored = (): Promise<unknown[]> => storedActions(bridge, match.id)
/** Presses the keys, then waits until the core has stored `count` actions and the view shows them. */
async function keys(count: number, ...ks: string[]): Promise<void> {
  for (const k of ks) expect(press(k)).toBe(true)
  await vi.waitFor(() => expect(match.view?.actions).toHaveLength(count))
  await vi.waitFor(() => expect(match.busy).toBe(false))
}
/** Each kind's verdict is null exactly when the match's legal list has it (for Peek and Stake: on the chosen card). */
function verdictsFollowLegal(): void {
  expect(c.legal).toEqual(match.view?.legal)
  for (const k of KINDS) {
    const l = c.legal.find((x) => x.type === k)
    const allowed = l !== undefined && (!('cells' in l) || (c.selected !== null && l.cells.includes(c.selected)))
    expect(c.verdicts[k] === null, k).toBe(allowed)
  }
}

describe('EnneaMatchController', () => {
  it('1–9 choose a card, arrow keys move from the centre and stop at the edge', () => {
    expect(es().toAct).toBe(0)
    expect(c.selected).toBeNull()
    expect(press('9')).toBe(true)
    expect(c.selected).toBe(8)
    c.selected = null
    expect(press('ArrowUp')).toBe(true) // no card yet: the centre
    expect(c.selected).toBe(4)
    press('ArrowUp')
    press('ArrowLeft')
    expect(c.selected).toBe(0)
    press('ArrowLeft')
    press('ArrowUp')
    expect(c.selected).toBe(0)
    press('ArrowDown')
    press('ArrowRight')
    expect(c.selected).toBe(4)
  })

  it('P peeks, S stakes, A passes and E calls ENNEA, each for the seat to act', async () => {
    await keys(1, '5', 'p')
    expect(es()).toMatchObject({ toAct: 1, pools: [8, 9], setAside: [1, 0], peeks: [{ seat: 0, cell: 4 }] })
    expect(es().log).toHaveLength(1)
    expect(c.selected).toBeNull() // the next seat chooses its own card
    await keys(2, '1', 'S')
    expect(es()).toMatchObject({ toAct: 0, pools: [8, 8], setAside: [1, 0] })
    expect(es().cells[0]).toEqual([1])
    await keys(3, 'a')
    expect(es()).toMatchObject({ toAct: 1, pools: [6, 8], setAside: [3, 0] })
    await keys(4, 'E')
    expect(es()).toMatchObject({ phase: 'final-actions', caller: 1, toAct: 0, pools: [6, 0], setAside: [3, 8] })
    expect(es().log).toHaveLength(4)
    expect(await stored()).toEqual([
      { type: 'peek', cell: 4, seat: 0 },
      { type: 'stake', cell: 0, seat: 1 },
      { type: 'pass', seat: 0 },
      { type: 'ennea', seat: 1 },
    ])
    expect(match.announcement).toBe(es().log[3])
  })

  it("an action the engine refuses sends nothing, leaves the match as it was and shows the engine's words", async () => {
    await keys(1, '5', 's') // Ana stakes R2C2
    const before = $state.snapshot(match.view)
    expect(press('5')).toBe(true)
    expect(press('p')).toBe(true) // Bo peeks at a card with a cube on it
    expect(c.refusal).toBe('You may only Peek at a card with no cubes on it.')
    expect(c.verdicts.peek).toBe(c.refusal)
    expect(match.busy).toBe(false)
    expect($state.snapshot(match.view)).toEqual(before)
    expect(await stored()).toEqual([{ type: 'stake', cell: 4, seat: 0 }])
    c.select(3) // choosing another card clears it
    expect(c.refusal).toBe('')
    c.selected = null
    await c.attempt('stake')
    expect(c.refusal).toBe('Choose a card first: arrow keys or 1–9.')
    expect(match.view?.actions).toHaveLength(1)
  })

  it("shows the core's refusal of an action sent against an older view (another window)", async () => {
    await bridge.direct('matches:apply', { id: match.id, action: { type: 'pass' } })
    c.select(0)
    await c.attempt('stake') // still Ana's turn on this page's view: the stake names her seat
    expect(c.refusal).toBe("That was Ana's stake; it is Bo's turn now. Nothing was saved.")
    expect(es().toAct).toBe(1) // the page now shows the match as it is
    expect(await stored()).toEqual([{ type: 'pass' }])
  })

  it('keys typed into a text field are left alone', async () => {
    const field = new FakeInput()
    expect(press('5', { target: field })).toBe(false)
    expect(c.selected).toBeNull()
    c.select(4)
    for (const k of ['s', 'p', 'a', 'e']) expect(press(k, { target: field })).toBe(false)
    expect(press('t', { altKey: true, target: field })).toBe(false)
    expect(c.showTable).toBe(false)
    expect(match.busy).toBe(false)
    expect(await stored()).toEqual([])
  })

  it('Alt+T opens the table display, where the action keys are left alone until it closes', async () => {
    expect(press('T', { altKey: true })).toBe(true)
    expect(c.showTable).toBe(true)
    expect(press('5')).toBe(false)
    expect(press('a')).toBe(false)
    expect(await stored()).toEqual([])
    c.showTable = false // the display's own close button (bind:open)
    await keys(1, 'a')
    expect(await stored()).toEqual([{ type: 'pass', seat: 0 }])
  })

  it('R opens the live round in Referee mode', () => {
    expect(c.liveHref).toMatch(/^#\/referee\?code=.+&rule=STRICT&match=.+&round=1&names=.+&colours=.+$/)
    // the match's players go with it; round 1 has no earlier cards
    const q = new URLSearchParams(c.liveHref?.split('?')[1])
    expect(JSON.parse(q.get('names') ?? '')).toEqual(['Ana', 'Bo'])
    expect(q.get('earlier')).toBeNull()
    expect(press('r')).toBe(true)
    expect(page.location.hash).toBe(c.liveHref)
  })

  it("the verdicts follow the engine's legal list, in turns and in final actions", async () => {
    verdictsFollowLegal()
    expect(c.verdicts.stake).toBe('Choose a card first: arrow keys or 1–9.')
    c.select(2)
    verdictsFollowLegal()
    await keys(1, 's')
    c.select(2) // Bo, on Ana's card
    verdictsFollowLegal()
    expect(c.verdicts).toMatchObject({ peek: 'You may only Peek at a card with no cubes on it.', stake: null })
    await keys(2, 'e') // Bo calls: Ana owes one final Stake or Pass
    c.select(0)
    verdictsFollowLegal()
    expect(c.verdicts).toMatchObject({
      peek: 'After an ENNEA call only Stake or Pass is allowed.',
      ennea: 'ENNEA was already called this round; you get one final Stake or Pass.',
    })
  })

  it('after the last action the keys rest, and a reveal the engine accepts starts the next round', async () => {
    await keys(1, 'e') // Ana calls
    await keys(2, 'a') // Bo's final Pass
    expect(es().phase).toBe('reveal')
    expect(c.playing).toBe(false)
    expect(Object.values(c.verdicts)).toEqual(Array(4).fill('The round is not in play.'))
    expect(press('5')).toBe(false)
    expect(press('s')).toBe(false)
    // five 6s: the deck has four, nothing is stored
    expect(await c.reveal([6, 6, 6, 6, 6, 1, 2, 3, 4])).toBe(false)
    expect(match.error?.message).toMatch(/five 6s/)
    expect(await stored()).toHaveLength(2)
    expect(await c.reveal([2, 7, 4, 5, 3, 6, 1, 8, 9])).toBe(true)
    expect(es()).toMatchObject({ round: 2, phase: 'turns', toAct: 1, totals: [8, 8] }) // no 9-line: minimum loss
    expect(c.playing).toBe(true)
    expect(match.announcement).toBe(match.view?.game.message)
  })
})

describe('EnneaMatchController, typing ahead', () => {
  it('refuses an action key pressed for the seat whose action is being stored, never playing it for the next seat', async () => {
    // Stake on card 5, then at once card 1 and Peek: pressed while Ana's stake was stored, so meant for Ana (EN-V11).
    await keys(1, '5', 's', '1', 'p')
    await vi.waitFor(() => expect(c.refusal).toBe("That was Ana's peek; it is Bo's turn now."))
    expect(await stored()).toEqual([{ type: 'stake', seat: 0, cell: 4 }])
  })

  it('A pressed twice while the pass is stored passes for Ana only', async () => {
    await keys(1, 'a', 'a')
    await vi.waitFor(() => expect(c.refusal).toBe("That was Ana's pass; it is Bo's turn now."))
    expect(await stored()).toEqual([{ type: 'pass', seat: 0 }])
    expect(es().toAct).toBe(1)
  })

  it('drops the keys typed after one that is refused when its turn comes', async () => {
    // Stake on card 5; at once a Peek at card 5 (it will have a cube: refused) and a Stake on card 1.
    await keys(1, '5', 's', '5', 'p', '1', 's')
    await vi.waitFor(() => expect(c.refusal).toBe("That was Ana's peek; it is Bo's turn now."))
    expect(match.busy).toBe(false)
    expect(await stored()).toEqual([{ type: 'stake', seat: 0, cell: 4 }])
    // Bo's next action is the one he types now; the stake on card 1 typed ahead never comes back.
    await keys(2, '3', 's')
    await new Promise((r) => setTimeout(r, 50))
    await vi.waitFor(() => expect(match.busy).toBe(false))
    expect(await stored()).toEqual([
      { type: 'stake', seat: 0, cell: 4 },
      { type: 'stake', seat: 1, cell: 2 },
    ])
  })
})

describe('EnneaMatchController, Ctrl+Z typed ahead', () => {
  it('Ctrl+Z pressed while a stake is being stored undoes that stake once it is stored', async () => {
    expect(press('5')).toBe(true)
    expect(press('s')).toBe(true)
    expect(match.busy).toBe(true)
    expect(press('z', { ctrlKey: true })).toBe(true)
    await vi.waitFor(() => expect(match.view?.redo).toBe("Redo Ana's stake on R2C2"))
    await vi.waitFor(() => expect(match.busy).toBe(false))
    expect(await stored()).toEqual([])
    expect(es().toAct).toBe(0)
  })
})
