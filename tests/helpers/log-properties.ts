/**
 * The event log's three properties over one random multi-laptop history, shared by the property
 * tests (event-log-properties, recorded-log-properties):
 *  (a) rebuilding every projection from the events alone equals what the incremental writes left;
 *  (b) any arrival order that keeps each device's own order gives the same projections;
 *  (c) no event is lost or duplicated by import.
 */
import { afterEach, expect } from 'vitest'
import { createCore } from '../../src/core/core'
import { toEvent, type EventRow } from '../../src/core/db/repos/events'
import { eventIds, projectionRows } from '../../src/core/services/digest'
import type { Player } from '../../src/shared/model/player'
import { tempDir } from './tmp'
import { may, NAMES, step, type Op } from './random-ops'

export type Laptop = ReturnType<typeof createCore> & { dir: string }

/** Laptops (real cores on temporary data files) that are closed and removed after each test. */
export function useLaptops(): { laptop: (i: number, dir?: string, skew?: number) => Laptop; closeAll: () => void } {
  const cleanups: (() => void)[] = []
  const closeAll = (): void => {
    for (const c of cleanups.splice(0)) c()
  }
  afterEach(closeAll)
  /** `skew`: how far this laptop's computer clock is off (ms; + ahead), for the merge under any clocks. */
  const laptop = (i: number, dir?: string, skew = 0): Laptop => {
    let d = dir
    if (!d) {
      const t = tempDir()
      cleanups.push(t.cleanup)
      d = t.dir
    }
    let t = Date.parse('2026-11-30T18:00:00.000Z') + i * 137 + skew
    const core = createCore({
      dataDir: d,
      mode: 'web',
      version: 'test',
      clock: () => new Date((t += 250 + i)),
      log: () => {},
      autoBackup: false,
    })
    cleanups.unshift(() => core.db.open && core.close())
    return Object.assign(core, { dir: d })
  }
  return { laptop, closeAll }
}

/** Sends events to a laptop as an export file would (chunked upload, then transfer:import). */
export async function importEvents(to: Laptop, events: unknown[]): Promise<void> {
  const content = JSON.stringify({ format: 'ninekeeper-export', version: 2, events })
  const bytes = Buffer.from(content)
  const begin = await may<{ uploadId: string }>(to, 'upload:begin', { purpose: 'import', size: bytes.length })
  if (!begin) throw new Error('upload refused')
  const chunk = 900 * 1024
  for (let i = 0, n = 0; i < bytes.length; i += chunk, n++)
    await may(to, 'upload:chunk', {
      uploadId: begin.uploadId,
      index: n,
      data: bytes.subarray(i, i + chunk).toString('base64'),
    })
  const r = await to.dispatch('transfer:import', { uploadId: begin.uploadId })
  if (!r.ok) throw new Error(`import: ${r.error.message}`)
}

export const allEvents = (l: Laptop) =>
  (l.db.prepare('SELECT * FROM events ORDER BY hlc, id').all() as EventRow[]).map(toEvent)

/** The 'exchange' operation: a laptop sends all its events to another. */
export async function exchange(ls: Laptop[], l: Laptop, o: Op): Promise<void> {
  if (o.kind !== 'exchange') return
  const i = ls.indexOf(l)
  const to = ls[(i + 1 + (o.b % (ls.length - 1))) % ls.length] as Laptop
  await importEvents(to, allEvents(l))
}

/**
 * Plays `ops` on three laptops (each starting with its own table), lets everyone send everything to
 * everyone twice, and checks (c), then `converged` (a test's own checks on the converged laptop),
 * then (b) and (a).
 */
export async function checkLogProperties(p: {
  laptop: (i: number, dir?: string, skew?: number) => Laptop
  closeAll: () => void
  ops: Op[]
  seed: number
  other: (ls: Laptop[], l: Laptop, o: Op) => Promise<void>
  converged?: (l: Laptop) => void
  /** Each laptop's clock error (ms, + ahead): laptops 0-2, then the fresh laptop of (b). */
  skews?: readonly number[]
}): Promise<void> {
  const { laptop } = p
  const skew = (i: number): number => p.skews?.[i] ?? 0
  const ls = [laptop(0, undefined, skew(0)), laptop(1, undefined, skew(1)), laptop(2, undefined, skew(2))]
  try {
    // Each laptop starts with its own table: three players and a match (names overlap across laptops).
    for (const [i, l] of ls.entries()) {
      const ids: string[] = []
      for (const name of [NAMES[i], NAMES[i + 1], NAMES[i + 2]])
        ids.push(((await may<Player>(l, 'players:create', { name })) as Player).id)
      await may(l, 'matches:create', { gameId: 'nine', playerIds: ids })
    }
    for (const o of p.ops) await step(ls, o, (l, op) => p.other(ls, l, op))
    const made = ls.map((l) => l.db.prepare('SELECT count(*) FROM events').pluck().get() as number)
    // Everyone sends everything to everyone, twice.
    for (let pass = 0; pass < 2; pass++)
      for (const from of ls) for (const to of ls) if (from !== to) await importEvents(to, allEvents(from))
    const ids = eventIds(ls[0]!.db)
    const rows = projectionRows(ls[0]!.db)
    for (const l of ls.slice(1)) {
      expect(eventIds(l.db)).toEqual(ids)
      expect(projectionRows(l.db)).toEqual(rows)
    }
    // (c) every event any laptop made is there exactly once.
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.length).toBeGreaterThanOrEqual(Math.max(...made))
    p.converged?.(ls[0]!)

    // (b) a fresh laptop receives the same events in another order (each device's own order kept), in several files.
    const byDevice = new Map<string, ReturnType<typeof allEvents>>()
    for (const e of allEvents(ls[0]!).sort((x, y) => x.deviceSeq - y.deviceSeq))
      byDevice.set(e.deviceId, [...(byDevice.get(e.deviceId) ?? []), e])
    let r = p.seed
    const rand = (k: number) => ((r = (r * 1103515245 + 12345) % 2 ** 31), r % k)
    const queues = [...byDevice.values()]
    const order: ReturnType<typeof allEvents> = []
    while (queues.some((q) => q.length)) {
      const live = queues.filter((q) => q.length)
      order.push((live[rand(live.length)] as ReturnType<typeof allEvents>).shift()!)
    }
    const fresh = laptop(3, undefined, skew(3))
    const cuts = [0, rand(order.length + 1), order.length].sort((a, b) => a - b)
    for (let i = 0; i < cuts.length - 1; i++)
      if (cuts[i + 1]! > cuts[i]!) await importEvents(fresh, order.slice(cuts[i], cuts[i + 1]))
    expect(eventIds(fresh.db)).toEqual(ids)
    expect(projectionRows(fresh.db)).toEqual(rows)

    // (a) rebuilding from the events alone gives the same rows as the incremental writes.
    const dir = ls[0]!.dir
    ls[0]!.db.prepare("INSERT INTO meta (key, value) VALUES ('projections_rebuild_needed', '1')").run()
    ls[0]!.close()
    const rebuilt = laptop(0, dir, skew(0))
    expect(projectionRows(rebuilt.db)).toEqual(rows)
  } finally {
    p.closeAll()
  }
}
