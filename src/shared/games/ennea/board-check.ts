/**
 * Checks a board handed to the Ennea resolver (the referee's, a shared code's, or the engine's own):
 * totals, stakes, the revealed grid and the removal rule. Bad input comes back as `{ ok: false, error }`.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { isInt, isPlainObject } from '../../util'
import { cellName, cubes, defaultSeatName, describe, MSG, START_CUBES, valueCount } from './format'
import { REMOVAL_RULES } from './removal'
import type { EnneaRemovalRule } from './types'

/** Local on purpose: an imported binding read in hot loops is slow under CJS interop (tsx). */
const GRID_SIZE = 9

export interface CheckedBoard {
  /** null only for a cubeless cell left unknown (EN-A21). */
  grid: (number | null)[]
  stakes: number[][]
  totals: number[]
}

/**
 * A board may list a single seat: the worked examples of docs/rules/ennea.md resolve one player's cubes ("P1 total 9"),
 * and a referee may check one player alone. A game still needs 2 to 4 players (EN-V1, checked at setup);
 * more than 4 seats, or none, is refused here with that message.
 */
function checkTotals(totals: unknown): Result<number[]> {
  if (!Array.isArray(totals) || totals.length < 1 || totals.length > 4)
    return err('player-count', MSG.players, 'totals')
  const out: number[] = []
  for (let s = 0; s < totals.length; s++) {
    const t: unknown = totals[s]
    if (!isInt(t, 0, START_CUBES)) {
      return err(
        'invalid-total',
        `${defaultSeatName(s)}'s cube total must be a whole number from 0 to 9 (each player starts with 9 cubes).`,
        defaultSeatName(s),
      )
    }
    out.push(t)
  }
  return ok(out)
}

function checkStakes(stakes: unknown, totals: readonly number[]): Result<number[][]> {
  const n = totals.length
  if (!Array.isArray(stakes) || stakes.length !== GRID_SIZE) {
    return err('invalid-stakes', 'The stakes need one entry per card: 9 lists of seats, R1C1 to R3C3.', 'stakes')
  }
  const out: number[][] = []
  const staked: number[] = new Array<number>(n).fill(0)
  for (let c = 0; c < GRID_SIZE; c++) {
    const entry: unknown = stakes[c]
    if (!Array.isArray(entry)) {
      return err('invalid-stakes', `${cellName(c)}: the stakes must be a list of seats.`, cellName(c))
    }
    const seats: number[] = []
    for (let k = 0; k < entry.length; k++) {
      const seat: unknown = entry[k]
      if (!isInt(seat, 0, n - 1)) {
        return err(
          'unknown-seat',
          `${cellName(c)} lists a seat that is not at the table (${describe(seat)}); seats are 0 to ${n - 1} (P1 to P${n}).`,
          cellName(c),
        )
      }
      if (seats.includes(seat)) {
        return err(
          'own-cube-twice',
          `${defaultSeatName(seat)} has 2 cubes on ${cellName(c)}; a card holds at most 1 cube of each colour.`,
          cellName(c),
        )
      }
      seats.push(seat)
      staked[seat] = (staked[seat] ?? 0) + 1
    }
    const cap = Math.min(3, n)
    if (seats.length > cap) {
      return err('card-full', `${cellName(c)} holds ${seats.length} cubes; a card holds at most ${cap}.`, cellName(c))
    }
    out.push(seats)
  }
  for (let s = 0; s < n; s++) {
    const onGrid = staked[s] ?? 0
    const total = totals[s] ?? 0
    if (onGrid > total) {
      return err(
        'too-many-staked',
        `${defaultSeatName(s)} has ${cubes(onGrid)} on the grid but only ${cubes(total)} in total.`,
        defaultSeatName(s),
      )
    }
  }
  return ok(out)
}

function checkGrid(grid: unknown, stakes: readonly (readonly number[])[]): Result<(number | null)[]> {
  if (!Array.isArray(grid) || grid.length !== GRID_SIZE) {
    const got = Array.isArray(grid) ? `; this one has ${grid.length}` : ''
    return err('grid-size', `A grid has exactly 9 values, R1C1 to R3C3${got}.`, 'grid')
  }
  const out: (number | null)[] = []
  const counts: number[] = new Array<number>(10).fill(0)
  for (let c = 0; c < GRID_SIZE; c++) {
    const v: unknown = grid[c]
    if (v === null || v === undefined) {
      if ((stakes[c]?.length ?? 0) > 0) {
        return err('missing-value', `Enter the value of ${cellName(c)}; it holds cubes.`, cellName(c))
      }
      out.push(null)
      continue
    }
    if (!isInt(v, 1, 9)) return err('invalid-card', `${cellName(c)}: ${MSG.cardValue}`, cellName(c))
    counts[v] = (counts[v] ?? 0) + 1
    out.push(v)
  }
  for (let v = 1; v <= 9; v++) {
    const count = counts[v] ?? 0
    if (count > 4) {
      return err(
        'too-many-in-grid',
        `This grid has ${valueCount(count, v)}; the deck has only four of each value.`,
        'grid',
      )
    }
  }
  return ok(out)
}

export function checkRemovalRule(rules: unknown): Result<EnneaRemovalRule> {
  if (rules === undefined || rules === null) return ok('STRICT')
  if (!isPlainObject(rules) && (typeof rules !== 'object' || Array.isArray(rules))) {
    return err('invalid-rules', 'The house rules must be an object like { failedLineRemoval: "STRICT" }.', 'rules')
  }
  const rule: unknown = (rules as Record<string, unknown>).failedLineRemoval
  if (rule === undefined || rule === null) return ok('STRICT')
  if (typeof rule === 'string' && (REMOVAL_RULES as readonly string[]).includes(rule))
    return ok(rule as EnneaRemovalRule)
  return err(
    'invalid-rules',
    `Unknown failed-line removal rule ${describe(rule)}; use STRICT, OWNER_SEQUENTIAL or SHARED.`,
    'failedLineRemoval',
  )
}

export function checkBoard(board: unknown): Result<CheckedBoard> {
  if (!isPlainObject(board) && (typeof board !== 'object' || board === null || Array.isArray(board))) {
    return err(
      'invalid-board',
      'An Ennea board needs a grid of 9 values, the stakes per card and each seat’s total.',
      'board',
    )
  }
  const b = board as Record<string, unknown>
  const totals = checkTotals(b.totals)
  if (!totals.ok) return totals
  const stakes = checkStakes(b.stakes, totals.value)
  if (!stakes.ok) return stakes
  const grid = checkGrid(b.grid, stakes.value)
  if (!grid.ok) return grid
  return ok({ grid: grid.value, stakes: stakes.value, totals: totals.value })
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------
