/** "Which values make this line succeed" with both lines through a hidden card, and impossible earlier cards refused. */
import { describe, expect, it } from 'vitest'
import { enneaCellValues, enneaLineValues } from '../../../../src/shared/games/ennea'

const empty = (): number[][] => Array.from({ length: 9 }, () => [])

describe('Ennea: both staked lines through a hidden card', () => {
  // P1 on R1C1, R1C2, R2C2: R1C2 lies in Row 1 (with R1C1) and Column 2 (with R2C2)
  const stakes = empty()
  stakes[0] = [0]
  stakes[1] = [0]
  stakes[4] = [0]

  it('row needs 7, column needs 6: says so, and that no value makes both succeed', () => {
    const grid = [2, null, 4, 5, 3, 6, 1, 8, 9]
    const r = enneaCellValues(grid, stakes, 0, 1)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.lines.map((l) => [l.line.kind, l.needed])).toEqual([
      ['row', 7],
      ['column', 6],
    ])
    expect(r.value.all).toEqual([])
    expect(r.value.message).toBe(
      'R1C2 lies in two staked lines: Row 1 needs 7, Column 2 needs 6. No value makes both succeed: R1C2 = 7 makes Row 1 succeed and Column 2 fail; R1C2 = 6 makes Column 2 succeed and Row 1 fail. Any other value fails both.',
    )
  })

  it('one value for both lines when they need the same', () => {
    const grid = [3, null, 4, 5, 3, 6, 1, 8, 9]
    const r = enneaCellValues(grid, stakes, 0, 1)
    expect(r.ok && r.value.all).toEqual([6])
    expect(r.ok && r.value.message).toBe(
      'R1C2 lies in two staked lines: Row 1 needs 6, Column 2 needs 6. Only R1C2 = 6 makes both succeed (3 of the four 6s not yet seen).',
    )
  })

  it('one line possible, the other fails in any case', () => {
    const grid = [9, null, 4, 5, 3, 6, 1, 8, 2]
    const r = enneaCellValues(grid, stakes, 0, 1)
    expect(r.ok && r.value.message).toBe(
      'R1C2 lies in two staked lines: Row 1 fails whatever R1C2 is, Column 2 needs 6. Only R1C2 = 6 makes Column 2 succeed; Row 1 fails in any case.',
    )
  })

  it('one line only: the single-line answer; a line with another hidden card is named as undecided', () => {
    const s = empty()
    s[0] = [0]
    s[1] = [0]
    s[4] = [0]
    const grid = [2, null, 4, 5, null, 6, 1, 8, 9]
    const r = enneaCellValues(grid, s, 0, 1)
    expect(r.ok && r.value.lines.length).toBe(1)
    expect(r.ok && r.value.message).toBe(
      'Row 1: the known card is 2: only R1C2 = 7 makes 9 (4 of the four 7s not yet seen). Any other value fails. Column 2 also runs through R1C2, but another of its cards is not revealed either.',
    )
    expect(enneaCellValues(grid, s, 1, 1)).toMatchObject({ ok: false, error: { code: 'not-a-line' } })
    expect(enneaCellValues([2, 7, 4, 5, 3, 6, 1, 8, 9], s, 0, 1)).toMatchObject({
      ok: false,
      error: { code: 'card-known' },
    })
  })

  it('refuses impossible earlier cards: a fifth 7, or more than 27 earlier cards', () => {
    const grid = [2, null, 7, 5, 3, 6, 1, 8, 9]
    const line = { kind: 'row' as const, index: 0, cells: [0, 1], unknownCell: 1 }
    const five = enneaLineValues(grid, line, [[7, 7, 7, 7]])
    expect(five).toEqual({
      ok: false,
      error: {
        code: 'too-many-seen',
        message:
          'Too many 7s: four 7s in earlier rounds and one 7 on this grid make 5, but the deck has only four 7s. Check the earlier cards.',
        field: 'earlier',
      },
    })
    expect(enneaCellValues(grid, stakes, 0, 1, [[7, 7, 7, 7]])).toMatchObject({
      ok: false,
      error: { code: 'too-many-seen' },
    })
    const many = enneaLineValues(grid, line, [Array.from({ length: 28 }, (_, i) => (i % 9) + 1)])
    expect(many).toMatchObject({
      ok: false,
      error: { code: 'too-many-earlier', message: expect.stringMatching(/^28 cards from earlier rounds is too many/) },
    })
    expect(enneaLineValues(grid, line, [[7, 7, 7]]).ok).toBe(true)
  })
})
