import { describe, expect, it } from 'vitest'
import { enneaLineValues, enneaOpenLines } from '../../../../src/shared/games/ennea'

const empty = (): number[][] => Array.from({ length: 9 }, () => [])

describe('Ennea question: which values make this line succeed', () => {
  it('finds the staked lines with exactly one card not revealed, per seat', () => {
    const stakes = empty()
    stakes[0] = [0]
    stakes[1] = [0, 1]
    stakes[4] = [1]
    stakes[3] = [0]
    const grid = [2, null, 4, 5, null, 6, 1, 8, 9]
    // P1: row 1 (R1C1 known, R1C2 unknown) and column 1 (both known: not open)
    expect(enneaOpenLines(grid, stakes, 0)).toEqual([{ kind: 'row', index: 0, cells: [0, 1], unknownCell: 1 }])
    // P2: column 2 has two unknowns: not answerable
    expect(enneaOpenLines(grid, stakes, 1)).toEqual([])
    // a lone cube is no line
    expect(enneaOpenLines(grid, stakes, 2)).toEqual([])
  })

  it('gives the one value that makes 9 with the copies still unseen', () => {
    const grid = [2, null, 4, 5, 3, 6, 1, 8, 9]
    const r = enneaLineValues(grid, { kind: 'row', index: 0, cells: [0, 1], unknownCell: 1 })
    expect(r).toMatchObject({ ok: true, value: { values: [7], needed: 7, knownSum: 2, copiesLeft: 4 } })
    expect(r.ok && r.value.message).toBe(
      'Row 1: the known card is 2: only R1C2 = 7 makes 9 (4 of the four 7s not yet seen). Any other value fails.',
    )
  })

  it('counts the cards revealed in earlier rounds and elsewhere on this grid', () => {
    const grid = [2, null, 7, 5, 3, 6, 1, 8, 9]
    const earlier = [
      [7, 7, 1, 2, 3, 4, 5, 6, 8],
      [9, 8, 7, 6, 5, 4, 3, 2, 1],
    ]
    const r = enneaLineValues(grid, { kind: 'row', index: 0, cells: [0, 1], unknownCell: 1 }, earlier)
    expect(r).toMatchObject({ ok: true, value: { values: [], needed: 7, copiesLeft: 0 } })
    expect(r.ok && r.value.message).toMatch(/all four 7s are already revealed\. The line fails\./)
    const one = enneaLineValues(grid, { kind: 'row', index: 0, cells: [0, 1], unknownCell: 1 }, earlier.slice(1))
    expect(one).toMatchObject({ ok: true, value: { values: [7], copiesLeft: 2 } })
  })

  it('says when no value can work because the known cards already reach 9, and handles the largest need', () => {
    const high = enneaLineValues([5, 4, null, 1, 2, 3, 6, 7, 8], {
      kind: 'row',
      index: 0,
      cells: [0, 1, 2],
      unknownCell: 2,
    })
    expect(high).toMatchObject({ ok: true, value: { values: [], needed: 0 } })
    expect(high.ok && high.value.message).toMatch(/no value of R1C3 can make 9/)
    // the lowest known card leaves the largest need: 9 - 1 = 8
    const twoCard = enneaLineValues([null, 1, 3, 1, 2, 3, 6, 7, 8], {
      kind: 'column',
      index: 0,
      cells: [0, 3],
      unknownCell: 0,
    })
    expect(twoCard).toMatchObject({ ok: true, value: { values: [8], knownSum: 1 } })
  })

  it('refuses lines that are not answerable', () => {
    expect(
      enneaLineValues([2, 7, 4, 5, 3, 6, 1, 8, 9], { kind: 'row', index: 0, cells: [0, 1], unknownCell: 1 }),
    ).toMatchObject({
      ok: false,
      error: { message: 'Every card of this line is revealed: it totals 9 and succeeds.' },
    })
    expect(
      enneaLineValues([null, null, 4, 5, 3, 6, 1, 8, 9], { kind: 'row', index: 0, cells: [0, 1], unknownCell: 1 }),
    ).toMatchObject({
      ok: false,
      error: { code: 'too-many-unknown' },
    })
    expect(
      enneaLineValues([null, 7, 4, 5, 3, 6, 1, 8, 9], { kind: 'row', index: 0, cells: [0], unknownCell: 0 }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not-a-line' },
    })
    expect(enneaLineValues([1, 2], { kind: 'row', index: 0, cells: [0, 1], unknownCell: 0 })).toMatchObject({
      ok: false,
      error: { code: 'grid-size' },
    })
  })
})
