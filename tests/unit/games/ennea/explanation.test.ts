import { describe, expect, it } from 'vitest'
import {
  enneaWinners,
  explainWinners,
  resolveEnneaBoard,
  type EnneaRemovalRule,
  type EnneaSeatResolution,
} from '../../../../src/shared/games/ennea'

/**
 * The resolution's explanation, sentence by sentence and in order (EN-R14..EN-R22, EN-A5), and the
 * winner rule's edges (EN-R24). Each board is given as its grid row by row and, per seat, the cells
 * (0..8, row * 3 + column) holding that seat's cubes.
 */
function resolve(grid: number[], seats: number[][], totals: number[], rule: EnneaRemovalRule): EnneaSeatResolution[] {
  const stakes: number[][] = Array.from({ length: 9 }, () => [])
  seats.forEach((cells, seat) => {
    for (const c of cells) stakes[c]?.push(seat)
  })
  const r = resolveEnneaBoard({ grid, stakes, totals }, { failedLineRemoval: rule })
  if (!r.ok) throw new Error(r.error.message)
  return r.value.seats
}

describe('Ennea resolution explained, sentence by sentence', () => {
  it('two 9-lines protect every cube of the two failed columns: they cost nothing (EN-R16, EN-R18)', () => {
    const [s] = resolve([1, 8, 3, 2, 7, 4, 5, 6, 9], [[0, 1, 3, 4]], [9], 'STRICT')
    expect(s?.explanation).toEqual([
      'Row 1: 1 + 8 = 9 ✓ protects R1C1 and R1C2.',
      'Row 2: 2 + 7 = 9 ✓ protects R2C1 and R2C2.',
      'Column 1: 1 + 2 = 3 ✗ removes nothing: all its cubes are protected by a 9-line.',
      'Column 2: 8 + 7 = 15 ✗ removes nothing: all its cubes are protected by a 9-line.',
      'Loss 0: 9 → 9 cubes.',
    ])
    expect(s?.loneCells).toEqual([])
    expect(s?.loss).toBe(0)
  })

  it('one failed line costs one cube and meets the minimum loss; no count of failed lines (EN-R17, EN-R21)', () => {
    const [s] = resolve([1, 2, 3, 4, 5, 6, 7, 8, 9], [[0, 1]], [9], 'STRICT')
    expect(s?.explanation).toEqual([
      'Row 1: 1 + 2 = 3 ✗ removes R1C1.',
      'No 9-line this round: the minimum loss of 1 is already met by the failed lines.',
      'Loss 1: 9 → 8 cubes.',
    ])
    expect(s?.minimumLoss).toBe(false)
  })

  it('two failed lines through one corner each take a cube of their own under STRICT (EN-R19)', () => {
    const [s] = resolve([1, 2, 3, 4, 5, 6, 7, 8, 9], [[0, 1, 3]], [9], 'STRICT')
    expect(s?.explanation).toEqual([
      'Row 1: 1 + 2 = 3 ✗ removes R1C2.',
      'Column 1: 1 + 4 = 5 ✗ removes R1C1.',
      '2 failed lines cost 2 cubes under STRICT: each failed line takes its own unprotected cube.',
      'No 9-line this round: the minimum loss of 1 is already met by the failed lines.',
      'Loss 2: 9 → 7 cubes.',
    ])
    expect(s?.loneCells).toEqual([])
  })

  it('a seat at 0, a seat with only a lone cube, a seat with no cube on the grid (EN-R20, EN-R21, EN-R25)', () => {
    const [, out, lone, none] = resolve([1, 2, 3, 4, 5, 6, 7, 8, 9], [[0, 1, 3], [], [8], []], [9, 0, 5, 4], 'STRICT')
    expect(out?.explanation).toEqual([
      'No cubes left: out of the round, nothing to lose (EN-R25).',
      'Loss 0: 0 → 0 cubes.',
    ])
    expect(out?.minimumLoss).toBe(false)
    expect(lone?.explanation).toEqual([
      'Lone cube R3C3: not a staked line, not lost for being alone (EN-R20).',
      'No 9-line this round: minimum loss of 1 cube (EN-R21); take a lone cube (e.g. R3C3).',
      'Loss 1: 5 → 4 cubes.',
    ])
    expect(none?.explanation).toEqual([
      'No cubes on the grid.',
      'No 9-line this round: minimum loss of 1 cube (EN-R21); take any cube of this colour.',
      'Loss 1: 4 → 3 cubes.',
    ])
  })

  it('STRICT: a line whose two unprotected cubes went to other lines is read out last (EN-R18, EN-R19)', () => {
    const [s] = resolve([5, 3, 7, 4, 9, 8, 2, 1, 6], [[1, 2, 3, 5, 6, 7, 8]], [9], 'STRICT')
    expect(s?.explanation).toEqual([
      'Row 3: 2 + 1 + 6 = 9 ✓ protects R3C1, R3C2 and R3C3.',
      'Row 1: 3 + 7 = 10 ✗ removes R1C3.',
      'Row 2: 4 + 8 = 12 ✗ removes R2C3.',
      'Column 1: 4 + 2 = 6 ✗ removes R2C1.',
      'Column 2: 3 + 1 = 4 ✗ removes R1C2.',
      'Column 3: 7 + 8 + 6 = 21 ✗ removes nothing: its unprotected cubes are already removed (R1C3 for Row 1, R2C3 for Row 2).',
      '5 failed lines cost 4 cubes under STRICT: each failed line takes its own unprotected cube.',
      'Loss 4: 9 → 5 cubes.',
    ])
  })

  it('OWNER_SEQUENTIAL: the paying lines are read out first, the unpaid Row 1 after them (EN-A5)', () => {
    const [s] = resolve([1, 2, 5, 8, 7, 9, 4, 3, 6], [[0, 2, 3, 5, 6, 7, 8]], [9], 'OWNER_SEQUENTIAL')
    expect(s?.explanation).toEqual([
      'Row 2: 8 + 9 = 17 ✗ removes R2C1.',
      'Row 3: 4 + 3 + 6 = 13 ✗ removes R3C1.',
      'Column 1: 1 + 8 + 4 = 13 ✗ removes R1C1.',
      'Column 3: 5 + 9 + 6 = 20 ✗ removes R1C3.',
      'Row 1: 1 + 5 = 6 ✗ removes nothing: its unprotected cubes are already removed (R1C1 for Column 1, R1C3 for Column 3).',
      '5 failed lines cost 4 cubes under OWNER_SEQUENTIAL: failed lines one by one, the owner picks the cube.',
      'No 9-line this round: the minimum loss of 1 is already met by the failed lines.',
      'Loss 4: 9 → 5 cubes.',
    ])
    expect(s?.loneCells).toEqual([])
  })

  it('SHARED: a cube already removed for Row 2 settles Column 1 too (EN-A5)', () => {
    const [s] = resolve([2, 1, 6, 8, 4, 9, 5, 3, 7], [[0, 1, 2, 3, 5, 8]], [9], 'SHARED')
    expect(s?.explanation).toEqual([
      'Row 1: 2 + 1 + 6 = 9 ✓ protects R1C1, R1C2 and R1C3.',
      'Row 2: 8 + 9 = 17 ✗ removes R2C1.',
      'Column 1: 2 + 8 = 10 ✗ settled by R2C1, already removed for Row 2 (SHARED: one cube settles every failed line it lies in).',
      'Column 3: 6 + 9 + 7 = 22 ✗ removes R2C3.',
      '3 failed lines cost 2 cubes under SHARED: one removed cube settles every failed line it lies in.',
      'Loss 2: 9 → 7 cubes.',
    ])
  })
})

describe('Ennea winners at the edges (EN-R24)', () => {
  it('no seats, no winner', () => {
    expect(enneaWinners([], [])).toEqual([])
    expect(explainWinners([], [], [])).toEqual({ winners: [], message: 'No winner.' })
  })

  it('a call in the first round breaks a tie', () => {
    expect(enneaWinners([5, 5], [1, null, null, null])).toEqual([1])
  })

  it('a call by a seat outside the tie does not count, later rounds without a call neither', () => {
    expect(enneaWinners([5, 5, 3], [2, null, null, null])).toEqual([0, 1])
  })

  it('a total that is not a finite number never wins: scores are 0 to 9 cubes (EN-R23)', () => {
    expect(enneaWinners([Infinity, 3, NaN], [0, null, null, null])).toEqual([1])
  })
})
