/**
 * Referee questions about a board that is not fully revealed: "Which card values would make this
 * line succeed?" A staked line (EN-R14) succeeds when the cards holding the player's cubes in
 * it total exactly 9 (EN-R15, EN-R16); with one of those cards still face down, at most one value
 * does it, and only if the deck still holds a copy (EN-R2: four of each value). Pure, never throws.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { enneaRevealedCounts } from './deck'
import { cellList, cellName, lineName, listWords, valueCount } from './format'

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
export function enneaOpenLines(
  grid: readonly (number | null)[],
  stakes: readonly (readonly number[])[],
  seat: number,
): EnneaOpenLine[] {
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
  if (!Array.isArray(grid) || grid.length !== 9)
    return err('grid-size', 'A grid has exactly 9 cards, R1C1 to R3C3.', 'grid')
  const cells = Array.isArray(line?.cells) ? [...line.cells] : []
  if (cells.length < 2 || !cells.includes(line.unknownCell)) {
    return err('not-a-line', 'Pick a staked line: a row or column with at least 2 of the player’s cubes.', 'line')
  }
  const unknown = cells.filter((c) => !isValue(grid[c]))
  if (unknown.length === 0) {
    const sum = cells.reduce((a, c) => a + (grid[c] ?? 0), 0)
    return err(
      'line-known',
      `Every card of this line is revealed: it totals ${sum}${sum === 9 ? ' and succeeds' : ' and fails'}.`,
      'line',
    )
  }
  if (unknown.length > 1 || unknown[0] !== line.unknownCell) {
    return err(
      'too-many-unknown',
      `More than one card of this line is not revealed (${cellList(unknown)}); reveal all but one first.`,
      'line',
    )
  }
  const seen = checkSeen(grid, earlierGrids)
  if (!seen.ok) return seen
  const knownSum = cells.filter((c) => c !== line.unknownCell).reduce((a, c) => a + (grid[c] ?? 0), 0)
  const needed = 9 - knownSum
  const counts = seen.value
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

/**
 * The cards seen so far: earlier rounds' grids (without reshuffle) and this grid's revealed cards. Refused when
 * they are impossible: more than the 27 cards of three earlier rounds, or a value seen more than four times (EN-R2).
 */
function checkSeen(grid: readonly (number | null)[], earlierGrids: readonly (readonly number[])[]): Result<number[]> {
  if (!Array.isArray(earlierGrids))
    return err('invalid-earlier', 'The earlier rounds must be a list of grids.', 'earlier')
  const earlierCount = earlierGrids.reduce((a, g) => a + (Array.isArray(g) ? g.filter(isValue).length : 0), 0)
  if (earlierCount > 27) {
    return err(
      'too-many-earlier',
      `${earlierCount} cards from earlier rounds is too many: three earlier rounds reveal at most 27 cards (9 each).`,
      'earlier',
    )
  }
  const before = enneaRevealedCounts(earlierGrids)
  const counts = enneaRevealedCounts([...earlierGrids, grid.filter(isValue)])
  for (let v = 1; v <= 9; v++) {
    const n = counts[v] ?? 0
    if (n > 4) {
      const b = before[v] ?? 0
      const here = n - b
      const parts = [
        b > 0 ? `${valueCount(b, v)} in earlier rounds` : '',
        here > 0 ? `${valueCount(here, v)} on this grid` : '',
      ].filter(Boolean)
      return err(
        'too-many-seen',
        `Too many ${v}s: ${parts.join(' and ')} make ${n}, but the deck has only four ${v}s. Check the earlier cards.`,
        'earlier',
      )
    }
  }
  return ok(counts)
}

export interface EnneaCellAnswer {
  seat: number
  /** The card not revealed. */
  cell: number
  /** Each of the seat's staked lines through this card that it alone leaves open, rows first. */
  lines: EnneaLineAnswer[]
  /** Staked lines through this card with another card not revealed too (no answer for them yet). */
  undecided: EnneaOpenLine[]
  /** The values of the card that make every answered line succeed at once (0 or 1 of them). */
  all: number[]
  /** The answer in words, both lines together. */
  message: string
}

/**
 * "Which values of this hidden card make the seat's lines succeed?" A card lies in one row and one column,
 * and both can be staked lines of the seat (EN-R14): each needs its own value, and when they differ no
 * value makes both succeed. `earlierGrids` as for `enneaLineValues`.
 */
export function enneaCellValues(
  grid: readonly (number | null)[],
  stakes: readonly (readonly number[])[],
  seat: number,
  cell: number,
  earlierGrids: readonly (readonly number[])[] = [],
): Result<EnneaCellAnswer> {
  if (!Array.isArray(grid) || grid.length !== 9)
    return err('grid-size', 'A grid has exactly 9 cards, R1C1 to R3C3.', 'grid')
  if (!Array.isArray(stakes) || stakes.length !== 9)
    return err('invalid-stakes', 'The stakes need one list of seats per card.', 'stakes')
  if (!Number.isInteger(cell) || cell < 0 || cell > 8) return err('invalid-cell', 'Choose a card R1C1 to R3C3.', 'cell')
  if (isValue(grid[cell])) return err('card-known', `${cellName(cell)} is already revealed (${grid[cell]}).`, 'cell')
  const through: EnneaOpenLine[] = []
  for (const def of LINES) {
    if (!def.cells.includes(cell)) continue
    const cells = def.cells.filter((c) => (stakes[c] ?? []).includes(seat))
    if (cells.length < 2 || !cells.includes(cell)) continue
    through.push({ kind: def.kind, index: def.index, cells, unknownCell: cell })
  }
  if (through.length === 0) {
    return err(
      'not-a-line',
      `${cellName(cell)} is in no staked line of this player (2 or more of their cubes in its row or column).`,
      'cell',
    )
  }
  const seen = checkSeen(grid, earlierGrids)
  if (!seen.ok) return seen
  const lines: EnneaLineAnswer[] = []
  const undecided: EnneaOpenLine[] = []
  for (const line of through) {
    if (line.cells.some((c) => c !== cell && !isValue(grid[c]))) {
      undecided.push(line)
      continue
    }
    const r = enneaLineValues(grid, line, earlierGrids)
    if (!r.ok) return r
    lines.push(r.value)
  }
  const where = cellName(cell)
  const name = (l: EnneaOpenLine) => lineName(l.kind, l.index)
  let all: number[] = []
  let message: string
  if (lines.length === 1) {
    const only = lines[0] as EnneaLineAnswer
    all = only.values
    message = only.message
  } else if (lines.length === 2) {
    const [a, b] = lines as [EnneaLineAnswer, EnneaLineAnswer]
    const need = (x: EnneaLineAnswer) =>
      x.values.length > 0 ? `${name(x.line)} needs ${x.needed}` : `${name(x.line)} fails whatever ${where} is`
    const head = `${where} lies in two staked lines: ${need(a)}, ${need(b)}.`
    if (a.values.length > 0 && b.values.length > 0 && a.needed === b.needed) {
      all = [a.needed]
      message = `${head} Only ${where} = ${a.needed} makes both succeed (${a.copiesLeft} of the four ${a.needed}s not yet seen).`
    } else if (a.values.length > 0 && b.values.length > 0) {
      message =
        `${head} No value makes both succeed: ${where} = ${a.needed} makes ${name(a.line)} succeed and ${name(b.line)} fail; ` +
        `${where} = ${b.needed} makes ${name(b.line)} succeed and ${name(a.line)} fail. Any other value fails both.`
    } else if (a.values.length > 0 || b.values.length > 0) {
      const ok1 = a.values.length > 0 ? a : b
      const no = ok1 === a ? b : a
      message = `${head} Only ${where} = ${ok1.needed} makes ${name(ok1.line)} succeed; ${name(no.line)} fails in any case.`
    } else {
      message = `${head} Both lines fail whatever ${where} is.`
    }
  } else {
    message = ''
  }
  if (undecided.length > 0) {
    const more = `${listWords(undecided.map(name))} also ${undecided.length === 1 ? 'runs' : 'run'} through ${where}, but another of ${undecided.length === 1 ? 'its' : 'their'} cards is not revealed either.`
    message = message ? `${message} ${more}` : more
  }
  return ok({ seat, cell, lines, undecided, all, message })
}
