/**
 * Ennea round resolution (EN-R14..EN-R22, EN-A5) and the winner rule (EN-R24).
 * Pure and synchronous: bad input comes back as `{ ok: false, error }`.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { readData } from '../input'
import { checkBoard, checkRemovalRule, type CheckedBoard } from './board-check'
import { cellList, cellName, cubes, defaultSeatName, listWords, lineName } from './format'
import {
  bit,
  maskCells,
  ownerSequentialAssignment,
  REMOVAL_RULE_NAMES,
  sharedRemoval,
  strictAssignment,
} from './removal'
import type { EnneaBoard, EnneaLine, EnneaRemovalRule, EnneaSeatResolution } from './types'

// The removal algorithms and the board checks live in their own files; their names stay importable from here.
export {
  ownerSequentialAssignment,
  REMOVAL_RULE_NAMES,
  REMOVAL_RULES,
  sharedRemoval,
  strictAssignment,
} from './removal'
export { checkBoard, checkRemovalRule, type CheckedBoard } from './board-check'

/** Local on purpose: an imported binding read in the hot loops below is slow under CJS interop (tsx). */
const GRID_SIZE = 9

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
    explanation.push(
      `${lineName(l.kind, l.index)}: ${sumText(lineValues[i] ?? [], l.sum)} ✓ protects ${cellList(l.cells)}.`,
    )
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
        explanation.push(
          `${head} settled by ${cellName(c)}${byText} (SHARED: one cube settles every failed line it lies in).`,
        )
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
    const what =
      unprot.length === 1
        ? `its only unprotected cube is already removed (${users})`
        : `its unprotected cubes are already removed (${users})`
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
    const hint =
      loneCells.length > 0 ? `take a lone cube (e.g. ${cellName(loneCells[0] ?? 0)})` : 'take any cube of this colour'
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

/**
 * Resolves every seat of a revealed board (EN-R14..EN-R22). The input is read into plain data and parsed
 * (EN-V3, EN-V4, EN-V12, EN-V13) before any rule runs; the resolution itself is not wrapped in a catch.
 */
export function resolveEnneaBoard(
  board: EnneaBoard,
  rules?: { failedLineRemoval?: EnneaRemovalRule },
): Result<{ seats: EnneaSeatResolution[] }> {
  const rulesData = readData(rules)
  if (!rulesData.ok) return err('invalid-rules', `These house rules could not be read: ${rulesData.message}.`, 'rules')
  const boardData = readData(board)
  if (!boardData.ok) return err('invalid-board', `This Ennea board could not be read: ${boardData.message}.`, 'board')
  const rule = checkRemovalRule(rulesData.value)
  if (!rule.ok) return rule
  const checked = checkBoard(boardData.value)
  if (!checked.ok) return checked
  const seats: EnneaSeatResolution[] = []
  for (let s = 0; s < checked.value.totals.length; s++) seats.push(resolveSeat(checked.value, s, rule.value))
  return ok({ seats })
}

/** The seats that win: the most cubes; a tie goes to the tied seat with the latest ENNEA call, else all share (EN-R24). */
export function enneaWinners(totals: number[], callers: (number | null)[]): number[] {
  const totalsData = readData(totals)
  const callersData = readData(callers)
  if (!totalsData.ok || !callersData.ok) return []
  const scores = totalsData.value
  const calls = callersData.value
  if (!Array.isArray(scores)) return []
  let best = -Infinity
  for (const t of scores) if (typeof t === 'number' && Number.isFinite(t) && t > best) best = t
  if (best === -Infinity) return []
  const tied: number[] = []
  scores.forEach((t, s) => {
    if (t === best) tied.push(s)
  })
  if (tied.length > 1 && Array.isArray(calls)) {
    for (let r = calls.length - 1; r >= 0; r--) {
      const c: unknown = calls[r]
      if (typeof c === 'number' && tied.includes(c)) return [c]
    }
  }
  return tied
}

/** Winners plus one sentence explaining them, for status lines and scoresheets. */
export function explainWinners(
  totals: readonly number[],
  callers: readonly (number | null)[],
  names: readonly string[],
): {
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
    return {
      winners,
      message: `${nameOf(w)} wins with ${cubes(best)}, tie broken by the latest ENNEA call (round ${round}).`,
    }
  }
  return { winners, message: `${nameOf(w)} wins with ${cubes(best)}.` }
}
