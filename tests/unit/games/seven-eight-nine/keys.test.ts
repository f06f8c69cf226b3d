/** The Seven Eight Nine screen's keyboard rules (keys.ts), against real engine states. */
import { describe, expect, it } from 'vitest'
import { senEngine, type SenLegal, type SenState } from '../../../../src/shared/games/seven-eight-nine'
import {
  TypeAhead,
  closedText,
  decideKey,
  errorField,
  keyCommand,
  mayRunShortcut,
  nextFocus,
  offerOf,
  swallowInField,
  type KeyPress,
} from '../../../../src/renderer/src/games/seven-eight-nine/keys'
import { P, run, start } from './helpers'

const offer = (s: SenState, open = true) => offerOf(senEngine.legalActions(s), open, s.game.phase)

const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrl: false,
  alt: false,
  meta: false,
  handled: false,
  trusted: true,
  target: { kind: 'page' },
  ...over,
})
const ctx = { open: true, tableShown: false, pending: false }

describe('what the engine offers, and the action letters', () => {
  it('before the first flip: F goes to the flip field, E to the dealt 7-8-9 buttons, P to the pile count', () => {
    const o = offer(start(P))
    expect(keyCommand('f', o)).toEqual({ kind: 'focus', id: 'sen-flip' })
    expect(keyCommand('E', o)).toEqual({ kind: 'focus', id: 'sen-dealt-0' })
    expect(keyCommand('p', o)).toEqual({ kind: 'focus', id: 'sen-piles' })
    for (const k of ['d', 'w', 'c', 'r', 'b', 'n', 's', 't', 'g', 'x']) expect(keyCommand(k, o), k).toBeNull()
    expect(nextFocus(o)).toBe('sen-flip')
  })

  it('a flipped 9: D discards at once, W and C go to their fields, no pile correction mid-turn', () => {
    const o = offer(run(start(P), [{ type: 'flip', card: 9 }]))
    // the discard names the seat it was pressed for, so the engine refuses it once that seat's turn has passed
    expect(keyCommand('d', o)).toEqual({ kind: 'commit', action: { type: 'discard', seat: 0 }, field: 'swap' })
    expect(keyCommand('w', o)).toEqual({ kind: 'focus', id: 'sen-swap' })
    expect(keyCommand('c', o)).toEqual({ kind: 'focus', id: 'sen-declare' })
    expect(keyCommand('f', o)).toBeNull()
    expect(keyCommand('p', o)).toBeNull()
    expect(o.correct).toBe(false)
    expect(nextFocus(o)).toBe('sen-swap')
  })

  it('a flipped 2 cannot be declared on: C does nothing', () => {
    const o = offer(run(start(P), [{ type: 'flip', card: 2 }]))
    expect(keyCommand('c', o)).toBeNull()
  })

  it('a Declare: B goes to the Block field, N records no Block', () => {
    const o = offer(
      run(start(P), [
        { type: 'flip', card: 9 },
        { type: 'declare', hand: [7, 8, 12] },
      ]),
    )
    expect(keyCommand('b', o)).toEqual({ kind: 'focus', id: 'sen-block' })
    expect(keyCommand('n', o)).toEqual({ kind: 'commit', action: { type: 'no-block', seat: 1 }, field: 'block' })
    expect(nextFocus(o)).toBe('sen-block')
  })

  it('after a discard the other player may React: R goes to the React field', () => {
    const o = offer(run(start(P), [{ type: 'flip', card: 5 }, { type: 'discard' }]))
    expect(keyCommand('r', o)).toEqual({ kind: 'focus', id: 'sen-react' })
  })

  it('a decided game: G starts the next one; a closed match offers nothing', () => {
    const s = run(start(P), [{ type: 'dealt-win', seats: [0] }])
    expect(keyCommand('g', offer(s))).toEqual({ kind: 'commit', action: { type: 'next-game' }, field: 'next' })
    expect(nextFocus(offer(s))).toBe('sen-next')
    const closed = offer(s, false)
    expect(keyCommand('g', closed)).toBeNull()
    expect(nextFocus(closed)).toBe('sen-result')
    expect(offerOf([{ type: 'flip', seat: 0 } satisfies SenLegal], false, 'flip').correct).toBe(false)
  })
})

describe('where a key lands', () => {
  it('an action letter runs on the page and in an empty card field, unless it starts a card', () => {
    expect(mayRunShortcut('d', { kind: 'page' })).toBe(true)
    expect(mayRunShortcut('d', { kind: 'field', value: '' })).toBe(true)
    expect(mayRunShortcut('d', { kind: 'field', value: '7' })).toBe(false)
    for (const k of ['a', 'J', 'q', 'k', 't', '9'])
      expect(mayRunShortcut(k, { kind: 'field', value: '' }), k).toBe(false)
    expect(mayRunShortcut('Enter', { kind: 'page' })).toBe(false)
  })

  it('an empty card field swallows a letter that cannot start a card', () => {
    expect(swallowInField('x', { kind: 'field', value: '' })).toBe(true)
    expect(swallowInField('q', { kind: 'field', value: '' })).toBe(false)
    expect(swallowInField('x', { kind: 'field', value: '7' })).toBe(false)
    expect(swallowInField('x', { kind: 'page' })).toBe(false)
  })

  it('decides each key press', () => {
    expect(decideKey(press('t', { alt: true }), { ...ctx, open: false })).toBe('table')
    expect(decideKey(press('f'), ctx)).toBe('shortcut')
    expect(decideKey(press('f'), { ...ctx, tableShown: true })).toBe('pass')
    expect(decideKey(press('f'), { ...ctx, open: false })).toBe('pass')
    expect(decideKey(press('f', { handled: true }), ctx)).toBe('pass')
    expect(decideKey(press('f', { target: { kind: 'other-control' } }), ctx)).toBe('pass')
    expect(decideKey(press('z', { ctrl: true }), ctx)).toBe('pass')
    expect(decideKey(press('Escape', { target: { kind: 'field', value: '' } }), ctx)).toBe('leave')
    expect(decideKey(press('Escape'), ctx)).toBe('pass')
    // while an entry is stored, typing and Enter wait; the screen's own replays do not
    expect(decideKey(press('9'), { ...ctx, pending: true })).toBe('queue')
    expect(decideKey(press('Enter'), { ...ctx, pending: true })).toBe('queue')
    expect(decideKey(press('Tab'), { ...ctx, pending: true })).toBe('pass')
    expect(decideKey(press('9', { trusted: false }), { ...ctx, pending: true })).toBe('shortcut')
  })

  it('keys typed ahead come back in order, once', () => {
    const q = new TypeAhead()
    q.push('9', false)
    q.push('Enter', true)
    expect(q.size).toBe(2)
    expect(q.next()).toEqual({ key: '9', ctrl: false })
    expect(q.next()).toEqual({ key: 'Enter', ctrl: true })
    expect(q.next()).toBeUndefined()
    q.push('d', false)
    q.clear()
    expect(q.size).toBe(0)
  })
})

describe('texts', () => {
  it('a tiebreaker error goes next to the hand it concerns', () => {
    expect(errorField('tiebreak', { code: 'hand-mismatch', message: 'x', field: 'hands.1' })).toBe('tb1')
    expect(errorField('tiebreak', { code: 'hand-mismatch', message: 'x', field: 'hands.0' })).toBe('tb0')
    expect(errorField('swap', { code: 'x', message: 'x', field: 'give' })).toBe('swap')
  })

  it("a closed match's verdict", () => {
    expect(closedText('in-progress', [1, 0], 0, ['Ann', 'Bo'])).toBe('')
    expect(closedText('abandoned', [1, 0], 0, ['Ann', 'Bo'])).toBe('This match was abandoned. Undo reopens it.')
    expect(closedText('finished', [1, 2], 1, ['Ann', 'Bo'])).toBe('Finished by hand. Bo wins the match 2–1 (1 draw).')
    expect(closedText('finished', [2, 2], 3, ['Ann', 'Bo'])).toBe(
      'Finished by hand. The match ends level, 2–2 (3 draws).',
    )
  })
})
