import { describe, expect, it } from 'vitest'
import { enneaWinners, explainWinners } from '../../../../src/shared/games/ennea'
import { WINNER_CASES } from '../../../fixtures/ennea/golden'

describe('Ennea winners: SPEC golden examples EN-G26..EN-G29', () => {
  it.each(WINNER_CASES)('$id $title', ({ totals, callers, winners }) => {
    expect(enneaWinners(totals, callers)).toEqual(winners)
  })

  it('explains each outcome in one sentence', () => {
    const names = ['P1', 'P2', 'P3']
    const [g26, g27, g28, g29] = WINNER_CASES
    if (!g26 || !g27 || !g28 || !g29) throw new Error('fixtures missing')
    expect(explainWinners(g26.totals, g26.callers, names).message).toBe(
      'P1 wins with 6 cubes, tie broken by the latest ENNEA call (round 3).',
    )
    expect(explainWinners(g27.totals, g27.callers, names).message).toBe(
      'P1 and P2 share the victory with 5 cubes (none of them called ENNEA).',
    )
    expect(explainWinners(g28.totals, g28.callers, names).message).toBe(
      'P3 wins with 7 cubes, tie broken by the latest ENNEA call (round 4).',
    )
    expect(explainWinners(g29.totals, g29.callers, names).message).toBe('P1 wins with 8 cubes.')
  })

  it('a seat that called twice counts with its latest call', () => {
    // P1 called in rounds 1 and 4, P2 in round 3: P1's round-4 call is the latest
    expect(enneaWinners([4, 4], [0, null, 1, 0])).toEqual([0])
  })

  it('all at 0 share', () => {
    expect(enneaWinners([0, 0, 0], [null, null, null, null])).toEqual([0, 1, 2])
  })

  it.each([
    ['null totals', null, []],
    ['a string', 'abc', []],
    ['non-number callers', [3, 3], ['x', {}, 2.5, -1]],
    ['null callers', [3, 3], null],
  ])('never throws on %s', (_label, totals, callers) => {
    expect(() => enneaWinners(totals as unknown as number[], callers as unknown as (number | null)[])).not.toThrow()
  })

  it('ignores garbage callers and still shares a tie', () => {
    expect(enneaWinners([3, 3], ['x', {}, 2.5, -1] as unknown as (number | null)[])).toEqual([0, 1])
  })
})
