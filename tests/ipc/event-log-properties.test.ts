/**
 * Properties of the event log over random multi-laptop histories (fast-check, bounded):
 *  (a) rebuilding every projection from the events alone equals what the incremental writes left;
 *  (b) any arrival order that keeps each device's own order gives the same projections;
 *  (c) no event is lost or duplicated by import.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/core'
import { toEvent, type EventRow } from '../../src/core/db/repos/events'
import { eventIds, projectionRows } from '../../src/core/services/digest'
import type { Player } from '../../src/shared/model/player'
import { tempDir } from '../helpers/tmp'
import { may, NAMES, opArbitrary, step, type Op } from '../helpers/random-ops'

const Op = opArbitrary(['exchange'])

type Laptop = ReturnType<typeof createCore> & { dir: string }
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

function laptop(i: number, dir?: string): Laptop {
  let d = dir
  if (!d) {
    const t = tempDir()
    cleanups.push(t.cleanup)
    d = t.dir
  }
  let t = Date.parse('2026-11-30T18:00:00.000Z') + i * 137
  const core = createCore({ dataDir: d, mode: 'web', version: 'test', clock: () => new Date((t += 250 + i)), log: () => {}, autoBackup: false })
  cleanups.unshift(() => core.db.open && core.close())
  return Object.assign(core, { dir: d })
}

async function importEvents(to: Laptop, events: unknown[]): Promise<void> {
  const content = JSON.stringify({ format: 'ninekeeper-export', version: 2, events })
  const bytes = Buffer.from(content)
  const begin = await may<{ uploadId: string }>(to, 'upload:begin', { purpose: 'import', size: bytes.length })
  if (!begin) throw new Error('upload refused')
  const chunk = 900 * 1024
  for (let i = 0, n = 0; i < bytes.length; i += chunk, n++) await may(to, 'upload:chunk', { uploadId: begin.uploadId, index: n, data: bytes.subarray(i, i + chunk).toString('base64') })
  const r = await to.dispatch('transfer:import', { uploadId: begin.uploadId })
  if (!r.ok) throw new Error(`import: ${r.error.message}`)
}

const allEvents = (l: Laptop) => (l.db.prepare('SELECT * FROM events ORDER BY hlc, id').all() as EventRow[]).map(toEvent)

async function exchange(ls: Laptop[], l: Laptop, o: Op): Promise<void> {
  if (o.kind !== 'exchange') return
  const i = ls.indexOf(l)
  const to = ls[(i + 1 + (o.b % (ls.length - 1))) % ls.length] as Laptop
  await importEvents(to, allEvents(l))
}

describe('event log properties over random multi-laptop histories', () => {
  it('rebuild equals incremental; any per-device-ordered arrival gives the same projections; nothing lost or duplicated', async () => {
    await fc.assert(
      fc.asyncProperty(fc.noBias(fc.array(Op, { minLength: 30, maxLength: 70 })), fc.integer({ min: 1, max: 2 ** 30 }), async (ops, seed) => {
        const ls = [laptop(0), laptop(1), laptop(2)]
        try {
          // Each laptop starts with its own table: three players and a match (names overlap across laptops).
          for (const [i, l] of ls.entries()) {
            const ids: string[] = []
            for (const name of [NAMES[i], NAMES[i + 1], NAMES[i + 2]]) ids.push(((await may<Player>(l, 'players:create', { name })) as Player).id)
            await may(l, 'matches:create', { gameId: 'nine', playerIds: ids })
          }
          for (const o of ops) await step(ls, o, (l, op) => exchange(ls, l, op))
          const made = ls.map((l) => l.db.prepare('SELECT count(*) FROM events').pluck().get() as number)
          // Everyone sends everything to everyone, twice.
          for (let pass = 0; pass < 2; pass++) for (const from of ls) for (const to of ls) if (from !== to) await importEvents(to, allEvents(from))
          const ids = eventIds(ls[0]!.db)
          const rows = projectionRows(ls[0]!.db)
          for (const l of ls.slice(1)) {
            expect(eventIds(l.db)).toEqual(ids)
            expect(projectionRows(l.db)).toEqual(rows)
          }
          // (c) every event any laptop made is there exactly once.
          expect(new Set(ids).size).toBe(ids.length)
          expect(ids.length).toBeGreaterThanOrEqual(Math.max(...made))

          // (b) a fresh laptop receives the same events in another order (each device's own order kept), in several files.
          const byDevice = new Map<string, ReturnType<typeof allEvents>>()
          for (const e of allEvents(ls[0]!).sort((x, y) => x.deviceSeq - y.deviceSeq)) byDevice.set(e.deviceId, [...(byDevice.get(e.deviceId) ?? []), e])
          let r = seed
          const rand = (k: number) => ((r = (r * 1103515245 + 12345) % 2 ** 31), r % k)
          const queues = [...byDevice.values()]
          const order: ReturnType<typeof allEvents> = []
          while (queues.some((q) => q.length)) {
            const live = queues.filter((q) => q.length)
            order.push((live[rand(live.length)] as ReturnType<typeof allEvents>).shift()!)
          }
          const fresh = laptop(3)
          const cuts = [0, rand(order.length + 1), order.length].sort((a, b) => a - b)
          for (let i = 0; i < cuts.length - 1; i++) if (cuts[i + 1]! > cuts[i]!) await importEvents(fresh, order.slice(cuts[i], cuts[i + 1]))
          expect(eventIds(fresh.db)).toEqual(ids)
          expect(projectionRows(fresh.db)).toEqual(rows)

          // (a) rebuilding from the events alone gives the same rows as the incremental writes.
          const dir = ls[0]!.dir
          ls[0]!.db.prepare("INSERT INTO meta (key, value) VALUES ('projections_rebuild_needed', '1')").run()
          ls[0]!.close()
          const rebuilt = laptop(0, dir)
          expect(projectionRows(rebuilt.db)).toEqual(rows)
        } finally {
          for (const c of cleanups.splice(0)) c()
        }
      }),
      { numRuns: Number(process.env.EVENT_LOG_RUNS ?? 12), seed: Number(process.env.EVENT_LOG_SEED ?? 20261201), endOnFailure: !process.env.EVENT_LOG_SHRINK },
    )
  })
})
