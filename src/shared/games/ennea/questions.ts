/**
 * Referee questions about a board that is not fully revealed: "Which card values would make this
 * line succeed?" A staked line (SPEC EN-R14) succeeds when the cards holding the player's cubes in
 * it total exactly 9 (EN-R15, EN-R16); with one of those cards still face down, at most one value
 * does it, and only if the deck still holds a copy (EN-R2: four of each value). Pure, never throws.
 */
import { err, ok, type Result } from '../../result'
import { enneaRevealedCounts } from './deck'
import { cellList, cellName, lineName, valueCount } from './format'

export interface EnneaOpenLine {
  kind: 'row' | 'column'
  index: number
  /** The cells of this line holding the seat's cubes (2 or 3). */
  cells: number[]
  /** The one cell among them whose value is unknown. */
  unknownCell: number
}

export interface EnneaLineAnswer {
  line: EnneaOpenLine
  /** The sum of the known staked cards of the line. */
  knownSum: number
  /** The values (0 or 1 of them) that make the line total 9 and can still be in the deck. */
  values: number[]
  /** 9 − knownSum, whether or not it is a card value. */
  needed: number
  /** Copies of `needed` still unseen (0..4), or 0 when `needed` is not a card value. */
  copiesLeft: number
  /** The answer in words, to read aloud. */
  message: string
}

const LINES: readonly { kind: 'row' | 'column'; index: number; cells: readonly number[] }[] = [
  { kind: 'row', index: 0, cells: [0, 1, 2] },
  { kind: 'row', index: 1, cells: [3, 4, 5] },
  { kind: 'row', index: 2, cells: [6, 7, 8] },
  { kind: 'column', index: 0, cells: [0, 3, 6] },
  { kind: 'column', index: 1, cells: [1, 4, 7] },
  { kind: 'column', index: 2, cells: [2, 5, 8] },
]

const isValue = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 9

/** The seat's staked lines (2 or 3 of its cubes, rows and columns only) with exactly one card not revealed. */
export function enneaOpenLines(grid: readonly (number | null)[], stakes: readonly (readonly number[])[], seat: number): EnneaOpenLine[] {
  const out: EnneaOpenLine[] = []
  if (!Array.isArray(grid) || !Array.isArray(stakes)) return out
  for (const def of LINES) {
    const cells = def.cells.filter((c) => Array.isArray(stakes[c]) && (stakes[c] ?? []).includes(seat))
    if (cells.length < 2) continue
    const unknown = cells.filter((c) => !isValue(grid[c]))
    if (unknown.length === 1) out.push({ kind: def.kind, index: def.index, cells, unknownCell: unknown[0] ?? 0 })
  }
  return out
}

/**
 * Which values of `line.unknownCell` make the line total 9. `seen` is every card already face up this
 * game other than the unknown one: this grid's known values and, without reshuffle, earlier rounds' grids.
 */
export function enneaLineValues(
  grid: readonly (number | null)[],
  line: { kind: 'row' | 'column'; index: number; cells: readonly number[]; unknownCell: number },
  earlierGrids: readonly (readonly number[])[] = [],
): Result<EnneaLineAnswer> {
  if (!Array.isArray(grid) || grid.length !== 9) return err('grid-size', 'A grid has exactly 9 cards, R1C1 to R3C3.', 'grid')
  const cells = Array.isArray(line?.cells) ? [...line.cells] : []
  if (cells.length < 2 || !cells.includes(line.unknownCell)) {
    return err('not-a-line', 'Pick a staked line: a row or column with at least 2 of the player’s cubes.', 'line')
  }
  const unknown = cells.filter((c) => !isValue(grid[c]))
  if (unknown.length === 0) {
    const sum = cells.reduce((a, c) => a + (grid[c] ?? 0), 0)
    return err('line-known', `Every card of this line is revealed: it totals ${sum}${sum === 9 ? ' and succeeds' : ' and fails'}.`, 'line')
  }
  if (unknown.length > 1 || unknown[0] !== line.unknownCell) {
    return err('too-many-unknown', `More than one card of this line is not revealed (${cellList(unknown)}); reveal all but one first.`, 'line')
  }
  const knownSum = cells.filter((c) => c !== line.unknownCell).reduce((a, c) => a + (grid[c] ?? 0), 0)
  const needed = 9 - knownSum
  const counts = enneaRevealedCounts([...earlierGrids, grid.filter(isValue)])
  const copiesLeft = isValue(needed) ? Math.max(0, 4 - (counts[needed] ?? 0)) : 0
  const answer: EnneaOpenLine = { kind: line.kind, index: line.index, cells, unknownCell: line.unknownCell }
  const head = `${lineName(line.kind, line.index)}: the known card${cells.length > 2 ? 's total' : ' is'} ${knownSum}`
  const where = cellName(line.unknownCell)
  let message: string
  let values: number[] = []
  if (needed < 1) {
    message = `${head}, already more than 8: no value of ${where} can make 9. The line fails whatever ${where} is.`
  } else if (needed > 9) {
    message = `${head}: ${where} would need to be ${needed}, and the deck goes up to 9. The line fails whatever ${where} is.`
  } else if (copiesLeft === 0) {
    message = `${head}: ${where} would need to be ${needed}, but all ${valueCount(4, needed)} are already revealed. The line fails.`
  } else {
    values = [needed]
    message = `${head}: only ${where} = ${needed} makes 9 (${copiesLeft} of the four ${needed}s not yet seen). Any other value fails.`
  }
  return ok({ line: answer, knownSum, values, needed, copiesLeft, message })
}
