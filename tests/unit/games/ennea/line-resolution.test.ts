import { describe, expect, it } from 'vitest'
import {
  cellName,
  resolveEnneaBoard,
  type EnneaBoard,
  type EnneaRemovalRule,
  type EnneaSeatResolution,
} from '../../../../src/shared/games/ennea'
import { cellIndex, G1, parseGrid, RESOLUTION_CASES, type ResolutionCase } from '../../../fixtures/ennea/golden'

const RULES: EnneaRemovalRule[] = ['STRICT', 'OWNER_SEQUENTIAL', 'SHARED']

function boardOf(c: ResolutionCase): EnneaBoard {
  const stakes: number[][] = Array.from({ length: 9 }, () => [])
  c.seats.forEach((s, seat) => {
    for (const cell of s.cubes) stakes[cellIndex(cell)]?.push(seat)
  })
  // Exactly as the SPEC states it: a one-seat example is a board with one seat.
  return { grid: parseGrid(c.grid), stakes, totals: c.seats.map((s) => s.total) }
}

function resolve(c: ResolutionCase, rule: EnneaRemovalRule): EnneaSeatResolution[] {
  const r = resolveEnneaBoard(boardOf(c), { failedLineRemoval: rule })
  if (!r.ok) throw new Error(`${c.id}: ${r.error.message}`)
  return r.value.seats
}

const names = (cells: number[]): string[] => cells.map(cellName)

describe('Ennea line resolution: SPEC golden examples EN-G01..EN-G23', () => {
  const rows = RESOLUTION_CASES.flatMap((c) =>
    RULES.map((rule) => ({ c, rule, label: `${c.id} ${c.title} [${rule}]` })),
  )

  it.each(rows)('$label', ({ c, rule }) => {
    const seats = resolve(c, rule)
    c.expected.forEach((exp, seat) => {
      const got = seats[seat]
      expect(got, `seat ${seat}`).toBeDefined()
      if (!got) return
      const variant = seat === 0 && rule !== 'STRICT' ? c.variants?.[rule] : undefined
      expect(got.seat).toBe(seat)
      expect(
        got.lines.map((l) => ({
          line: `${l.kind === 'row' ? 'R' : 'C'}${l.index + 1}`,
          cells: names(l.cells),
          sum: l.sum,
          success: l.success,
        })),
      ).toEqual(exp.lines)
      expect(names(got.protectedCells)).toEqual(exp.protected)
      expect(got.minimumLoss).toBe(exp.minimumLoss)
      expect(got.lineLoss).toBe(variant?.lineLoss ?? exp.lineLoss)
      expect(got.loss).toBe(variant?.loss ?? exp.loss)
      expect(got.total).toBe(variant?.total ?? exp.total)
      expect(got.removedCells).toHaveLength(got.lineLoss)
      const removed = variant ? variant.removed : exp.removed
      if (removed) expect(names(got.removedCells)).toEqual(removed)
      // whatever the choice, removed cubes are this seat's unprotected cubes in failed lines
      const allowed = new Set(exp.removedFrom ?? exp.removed ?? [])
      if (exp.removedFrom) for (const cell of names(got.removedCells)) expect(allowed.has(cell), cell).toBe(true)
      for (const cell of got.removedCells) {
        expect(got.protectedCells).not.toContain(cell)
        expect(got.lines.some((l) => !l.success && l.cells.includes(cell))).toBe(true)
      }
      // the last sentence states the loss and the new total
      expect(got.explanation.at(-1)).toBe(
        `Loss ${got.loss}: ${c.seats[seat]?.total} → ${got.total} cube${got.total === 1 ? '' : 's'}.`,
      )
    })
    if (rule === 'STRICT') for (const sentence of c.explains ?? []) expect(seats[0]?.explanation).toContain(sentence)
  })

  it('EN-G15 SHARED removes a set that meets all six failed lines (e.g. a diagonal)', () => {
    const c = RESOLUTION_CASES.find((x) => x.id === 'EN-G15')
    if (!c) throw new Error('fixture missing')
    const seat = resolve(c, 'SHARED')[0]
    const removed = new Set(seat?.removedCells)
    for (const line of seat?.lines ?? []) expect(line.cells.some((cell) => removed.has(cell))).toBe(true)
  })

  it('EN-G15 OWNER_SEQUENTIAL leaves exactly one failed line unpaid and its cubes are all removed', () => {
    const c = RESOLUTION_CASES.find((x) => x.id === 'EN-G15')
    if (!c) throw new Error('fixture missing')
    const seat = resolve(c, 'OWNER_SEQUENTIAL')[0]
    const removed = new Set(seat?.removedCells)
    const unpaidSentences = seat?.explanation.filter((s) => s.includes('removes nothing')) ?? []
    expect(unpaidSentences).toHaveLength(1)
    // an unpaid line is one all of whose cubes went to other lines (a maximal matching)
    const fullyRemoved = seat?.lines.filter((l) => l.cells.every((cell) => removed.has(cell))) ?? []
    expect(fullyRemoved.length).toBeGreaterThanOrEqual(1)
  })

  it('explains why a failed line removed nothing when its only cube already paid (EN-G07)', () => {
    const c = RESOLUTION_CASES.find((x) => x.id === 'EN-G07')
    if (!c) throw new Error('fixture missing')
    const text = resolve(c, 'STRICT')[0]?.explanation ?? []
    expect(text).toContain('Row 1: 1 + 4 = 5 ✗ removes R1C1.')
    expect(text).toContain(
      'Column 1: 1 + 4 = 5 ✗ removes nothing: its only unprotected cube is already removed (R1C1 for Row 1).',
    )
  })

  it('explains the minimum loss and lone cubes (EN-G10, EN-G11)', () => {
    const g10 = RESOLUTION_CASES.find((x) => x.id === 'EN-G10')
    const g11 = RESOLUTION_CASES.find((x) => x.id === 'EN-G11')
    if (!g10 || !g11) throw new Error('fixture missing')
    const t10 = resolve(g10, 'STRICT')[0]?.explanation ?? []
    expect(t10).toContain('Lone cubes R1C1, R2C2 and R3C3: not a staked line, not lost for being alone (EN-R20).')
    expect(t10).toContain('No 9-line this round: minimum loss of 1 cube (EN-R21); take a lone cube (e.g. R1C1).')
    const t11 = resolve(g11, 'STRICT')[0]?.explanation ?? []
    expect(t11).toEqual([
      'No cubes on the grid.',
      'No 9-line this round: minimum loss of 1 cube (EN-R21); take any cube of this colour.',
      'Loss 1: 6 → 5 cubes.',
    ])
  })

  it('SHARED explains a line settled by a cube removed for another line (EN-G09)', () => {
    const c = RESOLUTION_CASES.find((x) => x.id === 'EN-G09')
    if (!c) throw new Error('fixture missing')
    const text = resolve(c, 'SHARED')[0]?.explanation ?? []
    expect(text).toContain('Row 2: 5 + 3 = 8 ✗ removes R2C2.')
    expect(text.some((s) => s.startsWith('Column 2: 7 + 3 = 10 ✗ settled by R2C2, already removed for Row 2'))).toBe(
      true,
    )
  })

  it('defaults to STRICT when no rule is given', () => {
    const c = RESOLUTION_CASES.find((x) => x.id === 'EN-G15')
    if (!c) throw new Error('fixture missing')
    const r = resolveEnneaBoard(boardOf(c))
    expect(r.ok && r.value.seats[0]?.loss).toBe(6)
    const r2 = resolveEnneaBoard(boardOf(c), {})
    expect(r2.ok && r2.value.seats[0]?.loss).toBe(6)
  })
})

describe('a one-seat board', () => {
  it.each(RESOLUTION_CASES.filter((c) => c.seats.length === 1).flatMap((c) => RULES.map((rule) => ({ c, rule }))))(
    '$c.id [$rule] resolves the same with an extra seat that has no cubes',
    ({ c, rule }) => {
      const alone = resolveEnneaBoard(boardOf(c), { failedLineRemoval: rule })
      const board = boardOf(c)
      const withOther = resolveEnneaBoard({ ...board, totals: [...board.totals, 9] }, { failedLineRemoval: rule })
      expect(alone.ok && withOther.ok).toBe(true)
      if (alone.ok && withOther.ok) {
        expect(alone.value.seats).toHaveLength(1)
        expect(withOther.value.seats[0]).toEqual(alone.value.seats[0])
      }
    },
  )
})

describe('resolveEnneaBoard validation (EN-V1, V3, V4, V12, V13)', () => {
  const grid = parseGrid(G1)
  const empty = (): number[][] => Array.from({ length: 9 }, () => [])
  const base = (): EnneaBoard => ({ grid: grid.slice(), stakes: empty(), totals: [9, 9] })

  const cases: { name: string; board: unknown; rules?: unknown; code: string; message: string; field?: string }[] = [
    {
      name: 'no players',
      board: { ...base(), totals: [] },
      code: 'player-count',
      message: 'Ennea needs 2 to 4 players (36 cubes = 4 colours × 9).',
    },
    {
      name: 'five players',
      board: { ...base(), totals: [9, 9, 9, 9, 9] },
      code: 'player-count',
      message: 'Ennea needs 2 to 4 players (36 cubes = 4 colours × 9).',
    },
    {
      name: 'a 10 in R2C3',
      board: { ...base(), grid: [2, 7, 4, 5, 3, 10, 1, 8, 9] },
      code: 'invalid-card',
      message: 'R2C3: Ennea uses only Ace–9. Enter 1–9 (Ace = 1); 10, J, Q, K and 0 are not in the deck.',
      field: 'R2C3',
    },
    {
      name: 'a 0 in R1C1',
      board: { ...base(), grid: [0, 7, 4, 5, 3, 6, 1, 8, 9] },
      code: 'invalid-card',
      message: 'R1C1: Ennea uses only Ace–9. Enter 1–9 (Ace = 1); 10, J, Q, K and 0 are not in the deck.',
      field: 'R1C1',
    },
    {
      name: 'a fractional value',
      board: { ...base(), grid: [2.5, 7, 4, 5, 3, 6, 1, 8, 9] },
      code: 'invalid-card',
      message: 'R1C1: Ennea uses only Ace–9. Enter 1–9 (Ace = 1); 10, J, Q, K and 0 are not in the deck.',
      field: 'R1C1',
    },
    {
      name: 'five 6s',
      board: { ...base(), grid: [6, 6, 6, 6, 6, 1, 2, 3, 4] },
      code: 'too-many-in-grid',
      message: 'This grid has five 6s; the deck has only four of each value.',
    },
    {
      name: '8 values',
      board: { ...base(), grid: grid.slice(0, 8) },
      code: 'grid-size',
      message: 'A grid has exactly 9 values, R1C1 to R3C3; this one has 8.',
    },
    {
      name: 'more cubes staked than owned',
      board: {
        grid,
        stakes: [[0, 1], [1], [1], [1], [1], [1], [1], [], []],
        totals: [9, 6],
      },
      code: 'too-many-staked',
      message: 'P2 has 7 cubes on the grid but only 6 cubes in total.',
      field: 'P2',
    },
    {
      name: 'a seat at 0 with a cube on the grid',
      board: { grid, stakes: [[1], [], [], [], [], [], [], [], []], totals: [9, 0] },
      code: 'too-many-staked',
      message: 'P2 has 1 cube on the grid but only 0 cubes in total.',
      field: 'P2',
    },
    {
      name: 'two cubes of one colour on a card',
      board: { grid, stakes: [[0, 0], [], [], [], [], [], [], [], []], totals: [9, 9] },
      code: 'own-cube-twice',
      message: 'P1 has 2 cubes on R1C1; a card holds at most 1 cube of each colour.',
      field: 'R1C1',
    },
    {
      name: 'an unknown seat',
      board: { grid, stakes: [[], [], [], [], [3], [], [], [], []], totals: [9, 9] },
      code: 'unknown-seat',
      message: 'R2C2 lists a seat that is not at the table (3); seats are 0 to 1 (P1 to P2).',
      field: 'R2C2',
    },
    {
      name: 'a missing value on a card with cubes',
      board: { grid: [2, 7, 4, 5, 3, 6, null, 8, 9], stakes: [[], [], [], [], [], [], [0], [], []], totals: [9, 9] },
      code: 'missing-value',
      message: 'Enter the value of R3C1; it holds cubes.',
      field: 'R3C1',
    },
    {
      name: 'a total above 9',
      board: { ...base(), totals: [9, 10] },
      code: 'invalid-total',
      message: "P2's cube total must be a whole number from 0 to 9 (each player starts with 9 cubes).",
      field: 'P2',
    },
    {
      name: 'an unknown removal rule',
      board: base(),
      rules: { failedLineRemoval: 'LENIENT' },
      code: 'invalid-rules',
      message: 'Unknown failed-line removal rule "LENIENT"; use STRICT, OWNER_SEQUENTIAL or SHARED.',
    },
  ]

  it.each(cases)('rejects $name', ({ board, rules, code, message, field }) => {
    const r = resolveEnneaBoard(board as EnneaBoard, rules as { failedLineRemoval?: EnneaRemovalRule })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe(code)
    expect(r.error.message).toBe(message)
    if (field) expect(r.error.field).toBe(field)
  })

  it('accepts an unknown value on a cubeless card (EN-A21)', () => {
    const r = resolveEnneaBoard({
      grid: [2, 7, null, null, null, null, null, null, null] as unknown as number[],
      stakes: [[0], [0], [], [], [], [], [], [], []],
      totals: [9, 9],
    })
    expect(r.ok).toBe(true)
    if (r.ok) expect(r.value.seats[0]?.total).toBe(9)
  })

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'board'],
    ['an array', []],
    ['grid of strings', { grid: '274536189', stakes: [], totals: [9, 9] }],
    ['stakes not lists', { grid, stakes: [1, 2, 3, 4, 5, 6, 7, 8, 9], totals: [9, 9] }],
    ['sparse stakes', { grid, stakes: new Array(9), totals: [9, 9] }],
    ['bigint total', { grid, stakes: [], totals: [9n, 9n] }],
    ['nested garbage', { grid: [[1]], stakes: [[{}]], totals: [NaN, Infinity] }],
  ])('never throws on %s', (_label, board) => {
    const r = resolveEnneaBoard(board as unknown as EnneaBoard)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0)
  })

  it('each seat is resolved on its own cubes only (EN-A6)', () => {
    // P2's failed R1 costs P1 nothing, though they share R1C2
    const r = resolveEnneaBoard({ grid, stakes: [[0], [0, 1], [1], [], [], [], [], [], []], totals: [9, 9] })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.seats.map((s) => s.total)).toEqual([9, 8])
    expect(r.value.seats[1]?.removedCells.every((c) => c === 1 || c === 2)).toBe(true)
  })
})
