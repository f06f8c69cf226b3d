/**
 * Causal order (docs/ARCHITECTURE.md, "Merge rules"): a write names the event it was made after —
 * a match event the match's head it was checked against (`after`), a field change the event whose
 * value it replaces (`replaces`). Those names make a forest; the order is the topological order of
 * that forest in which, whenever several events could come next, the least by (HLC, id) does.
 *
 * Why one name is enough: the writer saw a set S of events, in this very order, and names the last
 * one, h. No event outside S is an ancestor of an event in S (each names an event its writer had),
 * so adding events never reorders S among itself, and the new event can only come once h has: it
 * comes after all of S on every laptop, whatever the clocks said. Events that name nothing (every
 * event written before the field existed, a match's start) have no parent, so a log of them alone
 * keeps the order it always had, (HLC, id).
 *
 * The order is a function of the set alone: a name that points at no event of the set (not arrived
 * yet, or another subject's) counts as no name, and a cycle (only forged events can make one) is
 * broken at its least event by (HLC, id). O(n log n). Pure.
 */

export interface Ordered {
  id: string
  hlc: string
}

/** HLC, then id (as ./types.ts compareEvents; not imported, since ./club.ts, which ./types.ts reads, uses this file). */
function compareEvents(a: Ordered, b: Ordered): number {
  return a.hlc < b.hlc ? -1 : a.hlc > b.hlc ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The events in causal order; `parentOf` gives the id of the event each one names (or nothing). */
export function causalOrder<T extends Ordered>(events: readonly T[], parentOf: (e: T) => string | undefined): T[] {
  const sorted = [...events].sort(compareEvents)
  const n = sorted.length
  if (n < 2) return sorted
  const index = new Map<string, number>()
  for (let i = 0; i < n; i++) index.set((sorted[i] as T).id, i)
  // Children of each event (by position in (HLC, id) order); an event's single parent, if present.
  const firstChild = new Int32Array(n).fill(-1)
  const nextSibling = new Int32Array(n).fill(-1)
  const waiting = new Uint8Array(n)
  let chained = false
  for (let i = n - 1; i >= 0; i--) {
    const p = parentOf(sorted[i] as T)
    if (p === undefined) continue
    const pi = index.get(p)
    if (pi === undefined || pi === i) continue
    waiting[i] = 1
    nextSibling[i] = firstChild[pi] as number
    firstChild[pi] = i
    chained = true
  }
  if (!chained) return sorted
  // A binary min-heap of positions: the least (HLC, id) among the events that may come next.
  const heap: number[] = []
  const push = (x: number): void => {
    let i = heap.length
    heap.push(x)
    while (i > 0) {
      const up = (i - 1) >> 1
      if ((heap[up] as number) <= x) break
      heap[i] = heap[up] as number
      i = up
    }
    heap[i] = x
  }
  const pop = (): number => {
    const top = heap[0] as number
    const last = heap.pop() as number
    if (heap.length > 0) {
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        if (l >= heap.length) break
        const r = l + 1
        const c = r < heap.length && (heap[r] as number) < (heap[l] as number) ? r : l
        if ((heap[c] as number) >= last) break
        heap[i] = heap[c] as number
        i = c
      }
      heap[i] = last
    }
    return top
  }
  for (let i = 0; i < n; i++) if (!waiting[i]) push(i)
  const out: T[] = []
  const done = new Uint8Array(n)
  let least = 0
  while (out.length < n) {
    if (heap.length === 0) {
      // Only a cycle is left waiting: it starts at its least event.
      while (done[least]) least++
      push(least)
    }
    const i = pop()
    if (done[i]) continue
    done[i] = 1
    out.push(sorted[i] as T)
    for (let c = firstChild[i] as number; c !== -1; c = nextSibling[c] as number) if (!done[c]) push(c)
  }
  return out
}
