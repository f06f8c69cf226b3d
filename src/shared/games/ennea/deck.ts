/**
 * Deck checks for revealed Ennea grids (EN-V3..EN-V6, EN-A14). Pure, never throws.
 * Without the reshuffle house rule the four grids use the 36 cards (four of each value 1..9) once.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { isInt } from '../../util'
import { cellName, COPIES_PER_VALUE, listWords, MAX_VALUE, MSG, ROUNDS, valueCount } from './format'

/** Local on purpose: imported bindings read in hot paths are slow under CJS interop (tsx). */
const GRID_SIZE = 9

/** counts[v] = how many cards of value v (1..9) appear in the grids; counts[0] is unused. */
export function enneaRevealedCounts(grids: readonly (readonly number[])[]): number[] {
  const counts: number[] = new Array<number>(MAX_VALUE + 1).fill(0)
  for (const g of grids) for (const v of g) if (isInt(v, 1, MAX_VALUE)) counts[v] = (counts[v] ?? 0) + 1
  return counts
}

/** The sorted values not yet revealed this game (36 cards minus the earlier grids). */
export function enneaRemainingCards(grids: readonly (readonly number[])[]): number[] {
  const counts = enneaRevealedCounts(grids)
  const out: number[] = []
  for (let v = 1; v <= MAX_VALUE; v++) {
    for (let k = 0; k < COPIES_PER_VALUE - (counts[v] ?? 0); k++) out.push(v)
  }
  return out
}

/**
 * What the next grid must be: under the no-reshuffle default, once rounds 1-3 are entered the round-4
 * grid is exactly the 9 remaining cards (EN-V6); otherwise null.
 */
export function enneaExpectedGrid(grids: readonly (readonly number[])[], reshuffleEachRound: boolean): number[] | null {
  if (reshuffleEachRound || grids.length !== ROUNDS - 1) return null
  // a card left unknown earlier (EN-A21) is one of the "remaining" cards: the last grid is then not known exactly
  if (enneaUnknownCount(grids) > 0) return null
  return enneaRemainingCards(grids)
}

/** How many cards of these grids were left unknown at reveal (EN-A21: stored as 0, never a card value). */
export function enneaUnknownCount(grids: readonly (readonly (number | null)[])[]): number {
  let n = 0
  for (const g of grids) for (const v of g) if (!isInt(v, 1, MAX_VALUE)) n++
  return n
}

/**
 * Checks a grid entered at reveal against the card values (EN-V3), the per-grid limit (EN-V4) and,
 * without reshuffle, the cards revealed in earlier rounds (EN-V5) and the exact round-4 grid (EN-V6).
 * `earlier` holds the grids of rounds 1, 2, ... in order.
 */
export function checkEnneaGrid(
  grid: unknown,
  earlier: readonly (readonly number[])[],
  reshuffleEachRound: boolean,
): Result<number[]> {
  const r = checkGridCore(grid, null, earlier, reshuffleEachRound)
  return r.ok ? ok(r.value.map((v) => v ?? 0)) : r
}

/**
 * The reveal check with "unknown" cards (EN-A21): like `checkEnneaGrid`, but a card with no cubes on it
 * (`stakes[cell]` empty) may be null = unknown. A card holding cubes must have its value (EN-V13). The
 * deck checks stay exact: an unknown card is one of the cards not yet seen, so it never counts toward
 * a value's four, and in round 4 the known values must be among the last cards (not equal to them).
 * `earlier` grids may hold 0 for their own unknown cards.
 */
export function checkEnneaRevealGrid(
  grid: unknown,
  stakes: readonly (readonly number[])[],
  earlier: readonly (readonly number[])[],
  reshuffleEachRound: boolean,
): Result<(number | null)[]> {
  return checkGridCore(grid, stakes, earlier, reshuffleEachRound)
}

function checkGridCore(
  grid: unknown,
  stakes: readonly (readonly number[])[] | null,
  earlier: readonly (readonly number[])[],
  reshuffleEachRound: boolean,
): Result<(number | null)[]> {
  if (!Array.isArray(grid) || grid.length !== GRID_SIZE) {
    const got = Array.isArray(grid) ? `; this one has ${grid.length}` : ''
    return err('grid-size', `Enter all 9 card values, R1C1 to R3C3${got}.`, 'grid')
  }
  const out: (number | null)[] = []
  const values: number[] = []
  for (let c = 0; c < GRID_SIZE; c++) {
    const v: unknown = grid[c]
    if (stakes !== null && (v === null || v === undefined)) {
      if ((stakes[c]?.length ?? 0) > 0) {
        return err(
          'missing-value',
          `Enter the value of ${cellName(c)}; it holds cubes, so it cannot stay unknown.`,
          cellName(c),
        )
      }
      out.push(null)
      continue
    }
    if (!isInt(v, 1, MAX_VALUE)) return err('invalid-card', `${cellName(c)}: ${MSG.cardValue}`, cellName(c))
    values.push(v)
    out.push(v)
  }
  const unknownHere = GRID_SIZE - values.length
  const here = enneaRevealedCounts([values])
  for (let v = 1; v <= MAX_VALUE; v++) {
    const n = here[v] ?? 0
    if (n > COPIES_PER_VALUE) {
      return err('too-many-in-grid', `This grid has ${valueCount(n, v)}; the deck has only four of each value.`, 'grid')
    }
  }
  if (reshuffleEachRound) return ok(out)

  const before = enneaRevealedCounts(earlier)
  const where = (v: number): string => {
    const parts: string[] = []
    earlier.forEach((g, r) => {
      const cells: string[] = []
      g.forEach((x, c) => {
        if (x === v) cells.push(cellName(c))
      })
      if (cells.length > 0) parts.push(`round ${r + 1} ${listWords(cells)}`)
    })
    return parts.join(', ')
  }
  const tooMany = (v: number, prev: number, n: number): Result<(number | null)[]> => {
    const verb = prev === 1 ? 'was' : 'were'
    const more = prev >= COPIES_PER_VALUE ? '' : ` and this grid has ${n} more`
    return err(
      'too-many-in-game',
      `Too many ${v}s: ${valueCount(prev, v)} ${verb} already revealed this game (${where(v)})${more}. ` +
        'A 36-card Ennea deck has exactly four of each value. Check this grid or an earlier round.',
      'grid',
    )
  }
  // a value with no card left at all is the clearest message, even in round 4 (EN-G30)
  for (let v = 1; v <= MAX_VALUE; v++) {
    const prev = before[v] ?? 0
    const n = here[v] ?? 0
    if (n > 0 && prev >= COPIES_PER_VALUE) return tooMany(v, prev, n)
  }
  const expected = enneaExpectedGrid(earlier, false)
  if (expected) {
    const extra: number[] = []
    const missing: number[] = []
    for (let v = 1; v <= MAX_VALUE; v++) {
      const want = expected.filter((x) => x === v).length
      const got = here[v] ?? 0
      for (let k = want; k < got; k++) extra.push(v)
      for (let k = got; k < want; k++) missing.push(v)
    }
    // unknown cards of this grid stand for cards of the expected nine: only extra values are wrong
    if (extra.length > 0 || missing.length > unknownHere) {
      const diff: string[] = []
      if (extra.length > 0) diff.push(`extra ${listWords(extra.map(String))}`)
      if (missing.length > 0) diff.push(`missing ${listWords(missing.map(String))}`)
      return err(
        'round4-mismatch',
        `Round 4 must use the last 9 cards: expected ${expected.join(', ')}; entered values differ (${diff.join(', ')}).`,
        'grid',
      )
    }
    return ok(out)
  }
  for (let v = 1; v <= MAX_VALUE; v++) {
    const prev = before[v] ?? 0
    const n = here[v] ?? 0
    if (prev + n > COPIES_PER_VALUE) return tooMany(v, prev, n)
  }
  return ok(out)
}
