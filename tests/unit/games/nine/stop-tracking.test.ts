/**
 * Stopping live tracking (the `stop-tracking` action): during the turns or after a declaration the
 * deal goes back to entering its result directly (NI-V8 / NI-V9: the round is then entered as
 * without tracking); with no deal tracked there is nothing to stop, and the refusal changes nothing.
 */
import { describe, expect, it } from 'vitest'
import { replay } from '../../../../src/shared/games/engine'
import { nineEngine, type NineAction, type NineConfig, type NineState } from '../../../../src/shared/games/nine'

const two: NineConfig = { names: ['Ana', 'Bo'] }

function play(log: NineAction[]): NineState {
  const r = replay(nineEngine, two, log)
  if (!r.ok) throw new Error(`${r.error.index}: ${r.error.message}`)
  return r.value
}

describe('Nine: stop-tracking', () => {
  it('during the turns, goes back to entering the result, nothing tracked any more', () => {
    const s = play([
      { type: 'deal', top: 7 },
      { type: 'take', source: 'draw' },
    ])
    expect(s.phase).toBe('turns')
    const r = nineEngine.apply(s, { type: 'stop-tracking' })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.phase).toBe('round-entry')
    expect(r.value.live).toBeNull()
    expect(r.value.rounds).toEqual(s.rounds)
    // the deal is then entered as an untracked round: no hand sizes to match
    expect(
      nineEngine.apply(r.value, {
        type: 'round',
        declarer: 0,
        hands: [
          [1, 2],
          [9, 9, 9],
        ],
      }).ok,
    ).toBe(true)
  })

  it('after a declaration (the reveal), goes back to entering the result too', () => {
    const s = play([
      { type: 'deal', top: 7 },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [5] },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [3] },
      { type: 'declare' },
    ])
    expect(s.phase).toBe('reveal')
    const r = nineEngine.apply(s, { type: 'stop-tracking' })
    expect(r.ok && r.value.phase).toBe('round-entry')
    expect(r.ok && r.value.live).toBeNull()
  })

  it('with no deal tracked, is refused and changes nothing', () => {
    const s = play([])
    const before = JSON.stringify(s)
    const r = nineEngine.apply(s, { type: 'stop-tracking' })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('not-tracking')
    expect(r.error.message).toBe('Turns are not being tracked for this deal.')
    expect(JSON.stringify(s)).toBe(before)
  })
})
