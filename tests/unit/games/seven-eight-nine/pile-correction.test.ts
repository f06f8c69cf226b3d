/** SE-A1: the table's draw-pile count replaces the app's when they disagree; an engine action, so logged and undoable. */
import { describe, expect, it } from 'vitest'
import { replay, undo } from '../../../../src/shared/games/engine'
import { senEngine, type SenAction } from '../../../../src/shared/games/seven-eight-nine'
import { P, refuse, run, start } from './helpers'

describe('Seven Eight Nine pile-count correction', () => {
  it('takes the table’s count between turns, logs it, and can be undone', () => {
    const s0 = run(start(P), [{ type: 'flip', card: 4 }, { type: 'discard' }])
    expect(s0.game.drawCount).toBe(45)
    const r = senEngine.apply(s0, { type: 'correct-piles', draw: 43 })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.game.drawCount).toBe(43)
    expect(r.value.game.discard).toEqual([4])
    expect(r.value.game.log.at(-1)).toEqual({
      seat: null,
      text: "Pile count corrected: the table's draw pile has 43 cards, not 45 (discard pile 1).",
    })
    // the React window on the 4 is still open
    expect(senEngine.legalActions(r.value).map((l) => l.type)).toEqual(['flip', 'react'])
    const actions: SenAction[] = [{ type: 'flip', card: 4 }, { type: 'discard' }, { type: 'correct-piles', draw: 43 }]
    const replayed = replay(senEngine, P, actions)
    expect(replayed.ok && replayed.value.game.drawCount).toBe(43)
    const undone = undo(senEngine, P, actions)
    expect(undone.ok && undone.value.state.game.drawCount).toBe(45)
  })

  it('a count of 0 leads to the reshuffle; a count above 0 after the pile ran out leads back to flipping', () => {
    const r = senEngine.apply(run(start(P), [{ type: 'flip', card: 4 }, { type: 'discard' }]), {
      type: 'correct-piles',
      draw: 0,
    })
    expect(r.ok && r.value.game.phase).toBe('reshuffle')
    if (!r.ok) return
    const back = senEngine.apply(r.value, { type: 'correct-piles', draw: 2 })
    expect(back.ok && back.value.game.phase).toBe('flip')
  })

  it('refuses impossible counts and corrections in the middle of a turn, changing nothing', () => {
    const s0 = run(start(P), [{ type: 'flip', card: 4 }, { type: 'discard' }])
    expect(refuse(s0, { type: 'correct-piles', draw: 46 })).toBe(
      'The draw pile cannot hold 46 cards: with 1 on the discard pile and 3 in each hand, at most 45 are left (52 in all).',
    )
    expect(refuse(s0, { type: 'correct-piles', draw: -1 })).toBe(
      'Count the cards of the draw pile: a whole number, 0 or more.',
    )
    expect(refuse(s0, { type: 'correct-piles', draw: 2.5 })).toBe(
      'Count the cards of the draw pile: a whole number, 0 or more.',
    )
    expect(refuse(s0, { type: 'correct-piles', draw: '40' })).toBe(
      'Count the cards of the draw pile: a whole number, 0 or more.',
    )
    expect(refuse(s0, { type: 'correct-piles', draw: 45 })).toBe(
      'The app already counts 45 cards in the draw pile; nothing to correct.',
    )
    const flipped = run(s0, [{ type: 'flip', card: 9 }])
    expect(refuse(flipped, { type: 'correct-piles', draw: 40 })).toMatch(/^Correct the pile count between turns: /)
  })

  it('after the reshuffle the known draw ranks are forgotten, since the app no longer knows which cards are left', () => {
    const s = run(start(P), [{ type: 'flip', card: 5 }, { type: 'discard' }])
    const r = senEngine.apply(s, { type: 'correct-piles', draw: 0 })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const shuffled = senEngine.apply(r.value, { type: 'reshuffle' })
    if (!shuffled.ok) throw new Error(shuffled.error.message)
    const re = shuffled.value
    expect(re.game.drawKnown).toEqual([5])
    const c = senEngine.apply(re, { type: 'correct-piles', draw: 3 })
    expect(c.ok && c.value.game.drawKnown).toBe(null)
    expect(c.ok && c.value.game.log.at(-1)?.text).toBe(
      "Pile count corrected: the table's draw pile has 3 cards, not 1 (discard pile 0). The ranks left in the draw pile are no longer known.",
    )
  })

  it('a count of 0 with an empty discard pile goes to the tiebreaker: nothing to reshuffle, play goes on (SE-A12)', () => {
    const r = senEngine.apply(start(P), { type: 'correct-piles', draw: 0 })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.game.phase).toBe('tiebreak')
    expect(senEngine.legalActions(r.value).map((l) => l.type)).toEqual(['tiebreak'])
    expect(refuse(r.value, { type: 'reshuffle' })).toBe(
      'The discard pile is empty: there is nothing to reshuffle. Go to the tiebreaker.',
    )
    const t = senEngine.apply(r.value, {
      type: 'tiebreak',
      hands: [
        [8, 9, 2],
        [7, 9, 13],
      ],
    })
    expect(t.ok && t.value.game.result?.winner).toBe(0)
    // a count above 0 brings the flips back
    const back = senEngine.apply(r.value, { type: 'correct-piles', draw: 3 })
    expect(back.ok && back.value.game.phase).toBe('flip')
  })
})
