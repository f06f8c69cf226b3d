/**
 * Ennea round resolution (SPEC EN-R14..EN-R22, EN-A5) and the winner rule (EN-R24).
 * Pure, synchronous, never throws: bad input comes back as `{ ok: false, error }`.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { isInt, isPlainObject } from '../../util'
import { cellList, cellName, cubes, defaultSeatName, describe, listWords, lineName, MSG, START_CUBES, valueCount } from './format'
import type { EnneaBoard, EnneaLine, EnneaRemovalRule, EnneaSeatResolution } from './types'

/** Local on purpose: an imported binding read in the hot loops below is slow under CJS interop (tsx). */
const GRID_SIZE = 9

export const REMOVAL_RULES: readonly EnneaRemovalRule[] = ['STRICT', 'OWNER_SEQUENTIAL', 'SHARED']

export const REMOVAL_RULE_NAMES: Record<EnneaRemovalRule, string> = {
  STRICT: 'STRICT: each failed line takes its own unprotected cube',
  OWNER_SEQUENTIAL: 'OWNER_SEQUENTIAL: failed lines one by one, the owner picks the cube',
  SHARED: 'SHARED: one removed cube settles every failed line it lies in',
}

interface LineDef {
  kind: 'row' | 'column'
  index: number
  cells: readonly number[]
}

/** Rows first, then columns. Diagonals are never lines (EN-A8). */
const LINE_DEFS: readonly LineDef[] = [
  { kind: 'row', index: 0, cells: [0, 1, 2] },
  { kind: 'row', index: 1, cells: [3, 4, 5] },
  { kind: 'row', index: 2, cells: [6, 7, 8] },
  { kind: 'column', index: 0, cells: [0, 3, 6] },
  { kind: 'column', index: 1, cells: [1, 4, 7] },
  { kind: 'column', index: 2, cells: [2, 5, 8] },
]

function bit(cell: number): number {
  return 1 << cell
}

function maskCells(mask: number): number[] {
  const out: number[] = []
  for (let c = 0; c < GRID_SIZE; c++) if (mask & bit(c)) out.push(c)
  return out
}

function popcount(mask: number): number {
  let n = 0
  for (let m = mask; m !== 0; m &= m - 1) n++
  return n
}

// ---------------------------------------------------------------------------------------------
// lineLoss under each removal rule. Input: for each failed line, the bit mask of its unprotected
// cubes. Output: for each failed line, the cell it pays with, or -1.
// ---------------------------------------------------------------------------------------------

/** STRICT: a maximum matching between failed lines and unprotected cubes (augmenting paths). */
export function strictAssignment(masks: readonly number[]): number[] {
  const owner: number[] = new Array<number>(GRID_SIZE).fill(-1)
  const assign: number[] = masks.map(() => -1)
  const tryLine = (line: number, seen: { v: number }): boolean => {
    const mask = masks[line] ?? 0
    for (let c = 0; c < GRID_SIZE; c++) {
      if (!(mask & bit(c)) || seen.v & bit(c)) continue
      seen.v |= bit(c)
      const holder = owner[c] ?? -1
      if (holder === -1 || tryLine(holder, seen)) {
        owner[c] = line
        assign[line] = c
        return true
      }
    }
    return false
  }
  for (let l = 0; l < masks.length; l++) tryLine(l, { v: 0 })
  return assign
}

/**
 * OWNER_SEQUENTIAL: the smallest maximal matching. A sequential resolution in which each line either
 * takes a cube or finds all its unprotected cubes already gone is exactly a maximal matching, and
 * the owner plays to minimise.
 */
export function ownerSequentialAssignment(masks: readonly number[]): number[] {
  const n = masks.length
  const search: SeqSearch = {
    masks: masks.slice(),
    suffix: new Array<number>(n + 1).fill(0),
    assign: new Array<number>(n).fill(-1),
    // any maximum matching is maximal: a good first bound
    bestAssign: strictAssignment(masks),
    best: 0,
  }
  for (let i = n - 1; i >= 0; i--) search.suffix[i] = (search.suffix[i + 1] ?? 0) | (masks[i] ?? 0)
  search.best = search.bestAssign.filter((c) => c >= 0).length
  seqSearch(search, 0, 0, 0, 0)
  return search.bestAssign
}

interface SeqSearch {
  masks: number[]
  suffix: number[]
  assign: number[]
  bestAssign: number[]
  best: number
}

/** `required` = cubes of the lines left unpaid so far: a maximal matching must end up using all of them. */
function seqSearch(st: SeqSearch, i: number, used: number, required: number, count: number): void {
  const missing = required & ~used
  // each missing cube costs one more removal, and only a later line can take it
  if (count + popcount(missing) >= st.best || (missing & ~(st.suffix[i] ?? 0)) !== 0) return
  if (i === st.masks.length) {
    st.best = count
    st.bestAssign = st.assign.slice()
    return
  }
  const mask = st.masks[i] ?? 0
  st.assign[i] = -1
  seqSearch(st, i + 1, used, required | mask, count)
  const free = mask & ~used
  for (let c = 0; c < GRID_SIZE; c++) {
    if (!(free & (1 << c))) continue
    st.assign[i] = c
    seqSearch(st, i + 1, used | (1 << c), required, count + 1)
  }
  st.assign[i] = -1
}

/** SHARED: the smallest set of unprotected cubes that meets every failed line that has one. */
export function sharedRemoval(masks: readonly number[]): number {
  const needed = masks.filter((m) => m !== 0)
  let universe = 0
  for (const m of needed) universe |= m
  let best = universe
  let bestCount = popcount(universe)
  for (let s = universe; ; s = (s - 1) & universe) {
    const count = popcount(s)
    if (count < bestCount || (count === bestCount && s < best)) {
      let hits = true
      for (const m of needed) {
        if ((m & s) === 0) {
          hits = false
          break
        }
      }
      if (hits) {
        best = s
        bestCount = count
      }
    }
    if (s === 0) break
  }
  return best
}

// ---------------------------------------------------------------------------------------------
// Input validation
// ---------------------------------------------------------------------------------------------

export interface CheckedBoard {
  /** null only for a cubeless cell left unknown (EN-A21). */
  grid: (number | null)[]
  stakes: number[][]
  totals: number[]
}

/**
 * A board may list a single seat: the SPEC's worked examples resolve one player's cubes ("P1 total 9"),
 * and a referee may check one player alone. A game still needs 2 to 4 players (EN-V1, checked at setup);
 * more than 4 seats, or none, is refused here with that message.
 */
function checkTotals(totals: unknown): Result<number[]> {
  if (!Array.isArray(totals) || totals.length < 1 || totals.length > 4) return err('player-count', MSG.players, 'totals')
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
      return err('too-many-in-grid', `This grid has ${valueCount(count, v)}; the deck has only four of each value.`, 'grid')
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
  if (typeof rule === 'string' && (REMOVAL_RULES as readonly string[]).includes(rule)) return ok(rule as EnneaRemovalRule)
  return err(
    'invalid-rules',
    `Unknown failed-line removal rule ${describe(rule)}; use STRICT, OWNER_SEQUENTIAL or SHARED.`,
    'failedLineRemoval',
  )
}

export function checkBoard(board: unknown): Result<CheckedBoard> {
  if (!isPlainObject(board) && (typeof board !== 'object' || board === null || Array.isArray(board))) {
    return err('invalid-board', 'An Ennea board needs a grid of 9 values, the stakes per card and each seat’s total.', 'board')
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

function sumText(values: readonly number[], sum: number): string {
  return `${values.join(' + ')} = ${sum}`
}

/** Resolves one seat on an already checked board. */
export function resolveSeat(board: CheckedBoard, seat: number, rule: EnneaRemovalRule): EnneaSeatResolution {
  const { grid, stakes } = board
  const total = board.totals[seat] ?? 0
  let mine = 0
  for (let c = 0; c < GRID_SIZE; c++) if (stakes[c]?.includes(seat)) mine |= bit(c)

  const lines: EnneaLine[] = []
  const lineMasks: number[] = []
  const lineValues: number[][] = []
  for (const def of LINE_DEFS) {
    const cells = def.cells.filter((c) => mine & bit(c))
    if (cells.length < 2) continue
    const values = cells.map((c) => grid[c] ?? 0)
    const sum = values.reduce((a, v) => a + v, 0)
    lines.push({ kind: def.kind, index: def.index, cells, sum, success: sum === 9 })
    let m = 0
    for (const c of cells) m |= bit(c)
    lineMasks.push(m)
    lineValues.push(values)
  }

  let protectedMask = 0
  lines.forEach((l, i) => {
    if (l.success) protectedMask |= lineMasks[i] ?? 0
  })
  let inLines = 0
  for (const m of lineMasks) inLines |= m
  const loneCells = maskCells(mine & ~inLines)

  const failedIdx: number[] = []
  lines.forEach((l, i) => {
    if (!l.success) failedIdx.push(i)
  })
  const failedMasks = failedIdx.map((i) => (lineMasks[i] ?? 0) & ~protectedMask)

  // which cell each failed line pays with (-1 = nothing); for SHARED, the hitting set
  let payWith: number[]
  let removedMask = 0
  if (rule === 'SHARED') {
    removedMask = sharedRemoval(failedMasks)
    payWith = failedMasks.map(() => -1)
  } else {
    payWith = rule === 'STRICT' ? strictAssignment(failedMasks) : ownerSequentialAssignment(failedMasks)
    for (const c of payWith) if (c >= 0) removedMask |= bit(c)
  }
  const removedCells = maskCells(removedMask)
  const lineLoss = removedCells.length
  const anySuccess = lines.some((l) => l.success)
  const minimumLoss = !anySuccess && total >= 1 && lineLoss === 0
  const loss = minimumLoss ? 1 : lineLoss
  const after = total - loss

  // ---- explanation ----
  const explanation: string[] = []
  if (total === 0) {
    explanation.push('No cubes left: out of the round, nothing to lose (EN-R25).')
  } else if (mine === 0) {
    explanation.push('No cubes on the grid.')
  }
  lines.forEach((l, i) => {
    if (!l.success) return
    explanation.push(`${lineName(l.kind, l.index)}: ${sumText(lineValues[i] ?? [], l.sum)} ✓ protects ${cellList(l.cells)}.`)
  })
  const claimedBy = new Map<number, number>() // cell -> line index (for wording only)
  // paying lines first, so "already removed for ..." always refers back to a line read out before
  const order = failedIdx.map((_, k) => k)
  if (rule !== 'SHARED') order.sort((x, y) => Number((payWith[x] ?? -1) < 0) - Number((payWith[y] ?? -1) < 0) || x - y)
  order.forEach((k) => {
    const li = failedIdx[k] ?? -1
    const l = lines[li]
    if (!l) return
    const head = `${lineName(l.kind, l.index)}: ${sumText(lineValues[li] ?? [], l.sum)} ✗`
    const unprot = maskCells(failedMasks[k] ?? 0)
    if (unprot.length === 0) {
      explanation.push(`${head} removes nothing: all its cubes are protected by a 9-line.`)
      return
    }
    if (rule === 'SHARED') {
      const hit = unprot.filter((c) => removedMask & bit(c))
      const fresh = hit.find((c) => !claimedBy.has(c))
      if (fresh !== undefined) {
        claimedBy.set(fresh, li)
        explanation.push(`${head} removes ${cellName(fresh)}.`)
      } else {
        const c = hit[0] ?? -1
        const by = lines[claimedBy.get(c) ?? -1]
        const byText = by ? `, already removed for ${lineName(by.kind, by.index)}` : ''
        explanation.push(`${head} settled by ${cellName(c)}${byText} (SHARED: one cube settles every failed line it lies in).`)
      }
      return
    }
    const c = payWith[k] ?? -1
    if (c >= 0) {
      claimedBy.set(c, li)
      explanation.push(`${head} removes ${cellName(c)}.`)
      return
    }
    const users = unprot
      .map((cell) => {
        const kk = payWith.indexOf(cell)
        const owner = lines[failedIdx[kk] ?? -1]
        return owner ? `${cellName(cell)} for ${lineName(owner.kind, owner.index)}` : cellName(cell)
      })
      .join(', ')
    const what = unprot.length === 1 ? `its only unprotected cube is already removed (${users})` : `its unprotected cubes are already removed (${users})`
    explanation.push(`${head} removes nothing: ${what}.`)
  })
  if (loneCells.length > 0) {
    explanation.push(
      `Lone cube${loneCells.length === 1 ? '' : 's'} ${cellList(loneCells)}: not a staked line, not lost for being alone (EN-R20).`,
    )
  }
  if (failedIdx.length >= 2 && lineLoss > 0) {
    explanation.push(`${failedIdx.length} failed lines cost ${cubes(lineLoss)} under ${REMOVAL_RULE_NAMES[rule]}.`)
  }
  if (minimumLoss) {
    const hint = loneCells.length > 0 ? `take a lone cube (e.g. ${cellName(loneCells[0] ?? 0)})` : 'take any cube of this colour'
    explanation.push(`No 9-line this round: minimum loss of 1 cube (EN-R21); ${hint}.`)
  } else if (!anySuccess && total >= 1) {
    explanation.push('No 9-line this round: the minimum loss of 1 is already met by the failed lines.')
  }
  explanation.push(`Loss ${loss}: ${total} → ${cubes(after)}.`)

  return {
    seat,
    lines,
    protectedCells: maskCells(protectedMask & mine),
    removedCells,
    lineLoss,
    minimumLoss,
    loss,
    total: after,
    loneCells,
    explanation,
  }
}

/** Resolves every seat of a revealed board (EN-R14..EN-R22). */
export function resolveEnneaBoard(
  board: EnneaBoard,
  rules?: { failedLineRemoval?: EnneaRemovalRule },
): Result<{ seats: EnneaSeatResolution[] }> {
  try {
    const rule = checkRemovalRule(rules)
    if (!rule.ok) return rule
    const checked = checkBoard(board)
    if (!checked.ok) return checked
    const seats: EnneaSeatResolution[] = []
    for (let s = 0; s < checked.value.totals.length; s++) seats.push(resolveSeat(checked.value, s, rule.value))
    return ok({ seats })
  } catch {
    // defensive: exotic inputs (throwing getters, proxies) must not crash the caller
    return err('invalid-board', 'This Ennea board could not be read.', 'board')
  }
}

/** The seats that win: the most cubes; a tie goes to the tied seat with the latest ENNEA call, else all share (EN-R24). */
export function enneaWinners(totals: number[], callers: (number | null)[]): number[] {
  try {
    if (!Array.isArray(totals)) return []
    let best = -Infinity
    for (const t of totals) if (typeof t === 'number' && Number.isFinite(t) && t > best) best = t
    if (best === -Infinity) return []
    const tied: number[] = []
    totals.forEach((t, s) => {
      if (t === best) tied.push(s)
    })
    if (tied.length > 1 && Array.isArray(callers)) {
      for (let r = callers.length - 1; r >= 0; r--) {
        const c: unknown = callers[r]
        if (typeof c === 'number' && tied.includes(c)) return [c]
      }
    }
    return tied
  } catch {
    return []
  }
}

/** Winners plus one sentence explaining them, for status lines and scoresheets. */
export function explainWinners(totals: readonly number[], callers: readonly (number | null)[], names: readonly string[]): {
  winners: number[]
  message: string
} {
  const winners = enneaWinners([...totals], [...callers])
  const nameOf = (s: number): string => names[s] ?? defaultSeatName(s)
  const best = winners.length > 0 ? (totals[winners[0] ?? 0] ?? 0) : 0
  const tied = totals.filter((t) => t === best).length
  if (winners.length === 0) return { winners, message: 'No winner.' }
  if (winners.length > 1) {
    return {
      winners,
      message: `${listWords(winners.map(nameOf))} share the victory with ${cubes(best)}${
        tied > 1 ? ' (none of them called ENNEA)' : ''
      }.`,
    }
  }
  const w = winners[0] ?? 0
  if (tied > 1) {
    let round = 0
    callers.forEach((c, r) => {
      if (c === w) round = r + 1
    })
    return { winners, message: `${nameOf(w)} wins with ${cubes(best)}, tie broken by the latest ENNEA call (round ${round}).` }
  }
  return { winners, message: `${nameOf(w)} wins with ${cubes(best)}.` }
}
