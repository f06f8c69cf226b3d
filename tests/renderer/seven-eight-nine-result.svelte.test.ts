/**
 * The laptop's Seven Eight Nine result in one step (SE-R15, SE-A15, SE-V12): the screen's controller offers the
 * result form where SE-A15 allows it (decided from the state, not from MatchView.legal), and the form
 * (SenResultForm, the phone's too) checks with the engine's words, sends one entry at a time, and keeps its keys
 * from the tracking's. Through a real core (bridge.ts), no page: see controller-harness.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SenState } from '../../src/shared/games/seven-eight-nine'
import type { MatchHistoryEntry, MatchView } from '../../src/shared/model/match'
import { MatchState } from '../../src/renderer/src/state/match.svelte'
import { SenMatchController } from '../../src/renderer/src/games/seven-eight-nine/controller.svelte'
import { SenResultForm, type SenResultMatch } from '../../src/renderer/src/games/seven-eight-nine/result-form.svelte'
import { bridgedCore } from './bridge'
import { pressKey, storedActions, twoPlayerMatch, withoutPage } from './controller-harness'

withoutPage()

let bridge: ReturnType<typeof bridgedCore>
let match: MatchState
let c: SenMatchController
/** How many entries the form handed to the match. */
let sent: number
let form: SenResultForm
beforeEach(async () => {
  bridge = bridgedCore()
  match = await twoPlayerMatch(bridge, 'seven-eight-nine')
  c = new SenMatchController(() => match)
  sent = 0
  form = laptopForm()
})
afterEach(() => bridge.cleanup())

/** The form as ResultEntry.svelte makes it, over the screen's match; `sent` counts what reaches the match. */
function laptopForm(): SenResultForm {
  const target: SenResultMatch = {
    get error() {
      return match.error
    },
    set error(e) {
      match.error = e
    },
    apply: (action) => {
      sent += 1
      return match.apply(action)
    },
  }
  return new SenResultForm(() => c.state as SenState, target)
}

/** Cy and Di's match with these options, loaded as its screen loads it. */
async function otherMatch(options: Record<string, unknown>): Promise<MatchState> {
  const [cy, di] = [await bridge.player('Cy'), await bridge.player('Di')]
  const m = await bridge.direct<MatchView>('matches:create', {
    gameId: 'seven-eight-nine',
    playerIds: [cy.id, di.id],
    options,
  })
  const other = new MatchState(m.id)
  await other.load()
  return other
}

const state = (): SenState => match.view?.state as SenState
const stored = (): Promise<unknown[]> => storedActions(bridge, match.id)

/** A key typed in the form, seen first by the form's handler and then by the screen's window handler, as in the
 * page (the element's listener runs before the window's). `on` is what it was typed on. */
function typeInForm(key: string, on: 'button' | 'radio' = 'button'): { taken: boolean; result: string | null } {
  const g = globalThis as unknown as { HTMLButtonElement: new () => object }
  const target = on === 'button' ? new g.HTMLButtonElement() : { type: 'radio' }
  const event = {
    key,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    isTrusted: true,
    target,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    },
  }
  const result = form.keydown(event as unknown as KeyboardEvent)
  c.onkeydown(event as unknown as KeyboardEvent)
  return { taken: event.defaultPrevented, result }
}

describe('where the laptop offers the result form (SE-A15)', () => {
  it('at the game’s start and after a decided game; not once a card is flipped, nor once the match is closed', async () => {
    expect(c.offer.result).toBe(true)
    // the engine's legal list is the tracking's and stays as it was: no `result` in it
    expect(match.view?.legal.map((l) => l.type)).toEqual(['flip', 'dealt-win'])
    expect(pressKey(c.onkeydown, 'o')).toBe(true)
    expect(c.resultShown).toBe(true)
    c.hideResult()

    c.text.flip = '5'
    c.flip()
    await vi.waitFor(() => expect(state().game.phase).toBe('action'))
    expect(c.offer.result).toBe(false)
    // discarded, the card leaves the game in its flip phase again, one card flipped
    expect(pressKey(c.onkeydown, 'd')).toBe(true)
    await vi.waitFor(() => expect(state().game.phase).toBe('flip'))
    expect(c.offer.result).toBe(false)
    expect(pressKey(c.onkeydown, 'o')).toBe(false)
    expect(c.resultShown).toBe(false)
    // what the engine says if it were sent anyway (SE-V12's first message)
    form.choose(0)
    form.setEnding('swap')
    expect(form.generalError).toBe(
      'Game 1 is being tracked move by move (1 card flipped): finish it that way, or undo back to its start to enter its result in one step.',
    )

    // undone back to its start, the game's result may be entered in one step again
    await match.undo()
    await match.undo()
    expect(c.offer.result).toBe(true)
    expect(form.generalError).toBeNull()
    expect(await form.send()).toBe('saved')
    expect(state().game.phase).toBe('over')
    expect(c.offer.result).toBe(true)
    expect(form.gameNo).toBe(2)

    await match.close('finished')
    expect(c.offer.result).toBe(false)
  })

  it('not once the match is won: the target reached ends it', async () => {
    const won = await otherMatch({ target: 1 })
    const ctl = new SenMatchController(() => won)
    expect(ctl.offer.result).toBe(true)
    await won.apply({ type: 'result', winner: 1, ending: 'react' })
    expect((won.view?.state as SenState).over).toBe(true)
    expect(ctl.offer.result).toBe(false)
  })
})

describe('the laptop’s result form', () => {
  it('enters two games’ results: the standings, the records and the history follow, and an undo takes one back', async () => {
    form.choose(0)
    form.setEnding('declare')
    expect(form.gameNo).toBe(1)
    expect(await form.send()).toBe('saved')
    expect([form.winner, form.ending, form.tried]).toEqual([undefined, undefined, false])
    // the next entry is game 2's: it starts game 2 and ends it (SE-A15)
    form.choose(1)
    form.setEnding('tiebreaker')
    expect(form.gameNo).toBe(2)
    expect(await form.send()).toBe('saved')
    expect(await stored()).toEqual([
      { type: 'result', winner: 0, ending: 'declare' },
      { type: 'result', winner: 1, ending: 'tiebreaker' },
    ])
    expect(match.view?.standings.map((s) => s.score)).toEqual([1, 1])
    expect(state().games.map((g) => [g.game, g.winner, g.ending, g.entered])).toEqual([
      [1, 0, 'declare', true],
      [2, 1, 'tiebreaker', true],
    ])
    const history = await bridge.direct<MatchHistoryEntry[]>('matches:history', { id: match.id })
    expect(history.map((h) => h.description)).toContain('Result entered: Ana wins by a Declare')
    await match.undo()
    expect(await stored()).toEqual([{ type: 'result', winner: 0, ending: 'declare' }])
    expect(form.gameNo).toBe(2)
    expect(match.view?.standings.map((s) => s.score)).toEqual([1, 0])
  })

  it('a draw by a swap is refused next to the winner in the engine’s words, and nothing is sent', async () => {
    form.choose(null)
    form.setEnding('swap')
    const words =
      'A game is drawn only at the tiebreaker or when both players were dealt 7-8-9; a swap, a React or a Declare always has a winner.'
    expect(form.winnerError).toBe(words)
    expect([form.endingError, form.generalError]).toEqual([null, null])
    expect(await form.send()).toBe('problem')
    expect(sent).toBe(0)
    expect(await stored()).toEqual([])
    // a draw at the tiebreaker is one
    form.setEnding('tiebreaker')
    expect(form.winnerError).toBeNull()
    expect(await form.send()).toBe('saved')
    expect(state().draws).toBe(1)
  })

  it('asks for a missing choice after a try, in the phone’s words', async () => {
    expect(await form.send()).toBe('problem')
    expect([form.winnerError, form.endingError]).toEqual([
      'Choose who won the game, or a draw.',
      'Choose how the game ended.',
    ])
    expect(sent).toBe(0)
  })

  it('offers no dealt win where a dealt 7-8-9 is redealt (SE-A11)', async () => {
    expect(form.endings.map((e) => e.value)).toContain('dealt-win')
    const redeal = await otherMatch({ houseRules: { dealtWin: 'REDEAL' } })
    const f = new SenResultForm(() => redeal.view?.state as SenState, redeal)
    expect(f.endings.map((e) => e.value)).toEqual(['swap', 'react', 'declare', 'tiebreaker'])
  })

  it('while the result is on its way a second Enter sends nothing and the choices take nothing', async () => {
    form.choose(0)
    form.setEnding('swap')
    const first = form.send()
    expect(form.sending).toBe(true)
    expect(await form.send()).toBe('sending')
    form.choose(1)
    form.setEnding('react')
    expect([form.winner, form.ending]).toEqual([0, 'swap'])
    expect(await first).toBe('saved')
    expect(form.sending).toBe(false)
    expect(sent).toBe(1)
    expect(await stored()).toEqual([{ type: 'result', winner: 0, ending: 'swap' }])
    expect(match.error).toBeNull()
    expect(form.submitError).toBeNull()
    form.choose(1)
    expect(form.winner).toBe(1)
  })
})

describe('keys typed in the result form are the form’s, never the tracking’s', () => {
  it('a digit picks the winner, a letter the ending, Enter on a choice sends, Esc closes; a space is left alone', () => {
    expect(typeInForm('2', 'radio')).toEqual({ taken: true, result: 'winner' })
    expect(form.winner).toBe(1)
    expect(typeInForm('0', 'radio')).toEqual({ taken: true, result: 'winner' })
    expect(form.winner).toBeNull()
    expect(typeInForm('3', 'radio')).toEqual({ taken: true, result: 'taken' })
    expect(form.winner).toBeNull()
    expect(typeInForm('t', 'radio')).toEqual({ taken: true, result: 'ending' })
    expect(form.ending).toBe('tiebreaker')
    expect(typeInForm('Enter', 'radio')).toEqual({ taken: true, result: 'submit' })
    expect(typeInForm('Enter', 'button')).toEqual({ taken: false, result: null })
    expect(typeInForm(' ', 'radio')).toEqual({ taken: false, result: null })
    expect(typeInForm('Escape', 'radio')).toEqual({ taken: true, result: 'close' })
  })

  it('E in the form picks a dealt 7-8-9 and does not also take the keyboard to the tracking’s dealt buttons', () => {
    const focused: string[] = []
    const doc = (globalThis as unknown as { document: { getElementById: (id: string) => null } }).document
    const was = doc.getElementById
    doc.getElementById = (id: string) => {
      focused.push(id)
      return null
    }
    try {
      expect(typeInForm('e')).toEqual({ taken: true, result: 'ending' })
      expect(form.ending).toBe('dealt-win')
      // on the page the same key goes to the tracking's dealt 7-8-9
      pressKey(c.onkeydown, 'e')
      expect(focused).toEqual(['sen-dealt-0'])
    } finally {
      doc.getElementById = was
    }
  })

  it('G typed on the form’s button after a decided game does not start the next game', async () => {
    form.choose(0)
    form.setEnding('react')
    expect(await form.send()).toBe('saved')
    expect(c.offer.next).toBeDefined()
    expect(typeInForm('g')).toEqual({ taken: true, result: 'taken' })
    expect(match.busy).toBe(false)
    form.choose(1)
    form.setEnding('swap')
    expect(await form.send()).toBe('saved')
    expect(await stored()).toEqual([
      { type: 'result', winner: 0, ending: 'react' },
      { type: 'result', winner: 1, ending: 'swap' },
    ])
  })
})
