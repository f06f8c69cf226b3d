/** EN-A21: at reveal a card with no cubes may stay unknown; the deck checks stay exact around it. */
import { describe, expect, it } from 'vitest'
import {
  checkEnneaGrid,
  checkEnneaRevealGrid,
  enneaEngine,
  enneaExpectedGrid,
  enneaUnknownCount,
  type EnneaAction,
  type EnneaState,
} from '../../../../src/shared/games/ennea'

const none = (): number[][] => Array.from({ length: 9 }, () => [])

function start(): EnneaState {
  const r = enneaEngine.setup({ names: ['Ana', 'Bo'] })
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
function step(s: EnneaState, a: EnneaAction): EnneaState {
  const r = enneaEngine.apply(s, a)
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`)
  return r.value
}
/** Ana stakes R1C1 and R1C2, then both call/pass to the reveal. */
function toReveal(s0: EnneaState): EnneaState {
  let s = step(s0, { type: 'stake', cell: 0 })
  s = step(s, { type: 'stake', cell: 4 })
  s = step(s, { type: 'stake', cell: 1 })
  s = step(s, { type: 'ennea' })
  s = step(s, { type: 'pass' })
  expect(s.phase).toBe('reveal')
  return s
}

describe('Unknown cards at reveal (EN-A21)', () => {
  it('a card without cubes may be unknown; a card with cubes may not', () => {
    const s = toReveal(start())
    const bad = enneaEngine.apply(s, { type: 'reveal', grid: [null, 7, 4, 5, 3, 6, 1, 8, 9] })
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'missing-value', message: 'Enter the value of R1C1; it holds cubes, so it cannot stay unknown.' },
    })
    const r = step(s, { type: 'reveal', grid: [2, 7, null, 5, 3, 6, null, 8, 9] })
    const record = r.rounds[0]!
    expect(record.grid).toEqual([2, 7, 0, 5, 3, 6, 0, 8, 9])
    expect(record.unknownCells).toEqual([2, 6])
    expect(record.removalRule).toBe('STRICT')
    expect(record.log.at(-1)).toBe('Revealed: 2 7 ? / 5 3 6 / ? 8 9.')
    expect(record.explanation).toContain(
      'Left unknown (no cubes on them, EN-A21): R1C3, R3C1. The round-4 grid can no longer be predicted exactly; each value is still checked against the four in the deck.',
    )
    // Ana: Row 1 = 2 + 7 = 9 succeeds, resolved as usual
    expect(record.seats[0]?.lines.map((l) => [l.sum, l.success])).toEqual([[9, true]])
  })

  it('unknown cards never count toward a value’s four, and earlier counts still refuse a fifth', () => {
    const earlier = [[1, 1, 1, 1, 2, 2, 2, 2, 0]]
    // the earlier unknown (0) is not a card value; four 1s were seen, so another 1 is refused
    const r = checkEnneaRevealGrid([1, null, null, null, null, null, null, null, null], none(), earlier, false)
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'too-many-in-game',
        message: expect.stringMatching(/^Too many 1s: four 1s were already revealed/),
      },
    })
    expect(checkEnneaRevealGrid([3, 3, 3, 3, null, 4, 4, 4, 4], none(), earlier, false)).toEqual({
      ok: true,
      value: [3, 3, 3, 3, null, 4, 4, 4, 4],
    })
    // the old check (no stakes given) still refuses an unknown card
    expect(checkEnneaGrid([3, 3, 3, 3, null, 4, 4, 4, 4], earlier, false).ok).toBe(false)
  })

  it('round 4: known values must be among the last 9 cards; an unknown card stands for any of them', () => {
    const earlier = [
      [1, 1, 1, 1, 2, 2, 2, 2, 3],
      [3, 3, 3, 4, 4, 4, 4, 5, 5],
      [5, 5, 6, 6, 6, 6, 7, 7, 7],
    ]
    expect(enneaExpectedGrid(earlier, false)).toEqual([7, 8, 8, 8, 8, 9, 9, 9, 9])
    expect(checkEnneaRevealGrid([7, 8, 8, 8, null, 9, 9, 9, 9], none(), earlier, false).ok).toBe(true)
    expect(checkEnneaRevealGrid([7, 7, 8, 8, null, 9, 9, 9, 9], none(), earlier, false)).toMatchObject({
      ok: false,
      error: {
        code: 'round4-mismatch',
        message:
          'Round 4 must use the last 9 cards: expected 7, 8, 8, 8, 8, 9, 9, 9, 9; entered values differ (extra 7, missing 8 and 8).',
      },
    })
    // with an earlier unknown the last grid is no longer known exactly: no expected list, the counts still hold
    const withUnknown = [earlier[0]!, earlier[1]!, [5, 5, 6, 6, 6, 6, 7, 7, 0]]
    expect(enneaUnknownCount(withUnknown)).toBe(1)
    expect(enneaExpectedGrid(withUnknown, false)).toBe(null)
    expect(checkEnneaRevealGrid([7, 7, 8, 8, 8, 8, 9, 9, 9], none(), withUnknown, false).ok).toBe(true)
    expect(checkEnneaRevealGrid([7, 7, 7, 8, 8, 8, 9, 9, 9], none(), withUnknown, false).ok).toBe(false)
  })

  it('a match with an unknown card plays on; the next reveal offers no expected grid once one is unknown', () => {
    let s = toReveal(start())
    s = step(s, { type: 'reveal', grid: [2, 7, null, 5, 3, 6, 1, 8, 9] })
    expect(s.round).toBe(2)
    expect(enneaEngine.legalActions(s).length).toBeGreaterThan(0)
  })
})
