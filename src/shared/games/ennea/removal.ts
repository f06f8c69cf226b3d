/**
 * Ennea's three removal rules for failed lines (EN-R20, EN-A5) as algorithms over bit masks of
 * the grid's cells. Pure and synchronous.
 */
import type { EnneaRemovalRule } from './types'

/** Local on purpose: an imported binding read in the hot loops below is slow under CJS interop (tsx). */
const GRID_SIZE = 9

export const REMOVAL_RULES: readonly EnneaRemovalRule[] = ['STRICT', 'OWNER_SEQUENTIAL', 'SHARED']

export const REMOVAL_RULE_NAMES: Record<EnneaRemovalRule, string> = {
  STRICT: 'STRICT: each failed line takes its own unprotected cube',
  OWNER_SEQUENTIAL: 'OWNER_SEQUENTIAL: failed lines one by one, the owner picks the cube',
  SHARED: 'SHARED: one removed cube settles every failed line it lies in',
}

export function bit(cell: number): number {
  return 1 << cell
}

export function maskCells(mask: number): number[] {
  const out: number[] = []
  for (let c = 0; c < GRID_SIZE; c++) if (mask & bit(c)) out.push(c)
  return out
}

export function popcount(mask: number): number {
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
