/**
 * The event log's properties (as in event-log-properties.test.ts) over random multi-laptop histories
 * that also import plays from CSV files (match.recorded), often the same plays on several laptops
 * before they exchange: (a) rebuild equals incremental, (b) any per-device-ordered arrival gives the
 * same projections, (c) nothing lost or duplicated; and every laptop ends with one match per play.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/core'
import { toEvent, type EventRow } from '../../src/core/db/repos/events'
import { eventIds, projectionRows } from '../../src/core/services/digest'
import type { Player } from '../../src/shared/model/player'
import { tempDir } from '../helpers/tmp'
import { may, NAMES, opArbitrary, step, type Op } from '../helpers/random-ops'

const Op = opArbitrary(['exchange', 'import', 'import', 'import'])

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

/** A pool of plays (rows of the CSV layout); an import takes one to three of them. Some have a match key, some not. */
const POOL = Array.from({ length: 8 }, (_, i) => {
  const game = ['Nine', 'Wild Nine', 'ennea', 'Seven Eight Nine'][i % 4] as string
  const who = game === 'Seven Eight Nine' ? [NAMES[i % 5], NAMES[(i + 1) % 5]] : [NAMES[i % 5], NAMES[(i + 2) % 5], NAMES[(i + 3) % 5]]
  const key = i % 2 ? `p${i}` : ''
  return who.map((name, s) => `2026-10-${String(10 + i).padStart(2, '0')},20:${String(i * 5).padStart(2, '0')},${game},${s === 1 ? String(name).toUpperCase() : name},${10 + s * 7 + i},${s === 0 ? 'yes' : 'no'},,${key}`)
})

async function importPlays(l: Laptop, o: Op): Promise<void> {
  const picked = [o.a % POOL.length, ...(o.b % 3 ? [o.b % POOL.length] : []), ...(o.b % 3 === 2 ? [(o.a + o.b) % POOL.length] : [])]
  const text = `date,time,game,player,score,winner,rank,match\n${[...new Set(picked)].flatMap((i) => POOL[i] as string[]).join('\n')}\n`
  const bytes = Buffer.from(text)
  const begin = await may<{ uploadId: string }>(l, 'upload:begin', { purpose: 'external', size: bytes.length })
  if (!begin) throw new Error('upload refused')
  await may(l, 'upload:chunk', { uploadId: begin.uploadId, index: 0, data: bytes.toString('base64') })
  const r = await l.dispatch('import:external-apply', { uploadId: begin.uploadId })
  if (!r.ok) throw new Error(`external import: ${r.error.message}`)
}

async function exchange(ls: Laptop[], l: Laptop, o: Op): Promise<void> {
  if (o.kind === 'import') return importPlays(l, o)
  if (o.kind !== 'exchange') return
  const i = ls.indexOf(l)
  const to = ls[(i + 1 + (o.b % (ls.length - 1))) % ls.length] as Laptop
  await importEvents(to, allEvents(l))
}

describe('event log properties with imported plays', () => {
  it('rebuild equals incremental; any per-device-ordered arrival gives the same projections; nothing lost or duplicated', async () => {
    /** Runs where two laptops recorded the same play before they exchanged: the case this test is for. */
    let importedTwice = 0
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
          // One match per imported play, however many laptops imported it before they exchanged.
          const recorded = ls[0]!.db.prepare("SELECT count(DISTINCT subject) AS n, count(*) AS e FROM events WHERE kind = 'match.recorded'").get() as { n: number; e: number }
          if (recorded.e > recorded.n) importedTwice++
          expect(ls[0]!.db.prepare("SELECT count(*) FROM matches WHERE config_json LIKE '%\"recorded\"%'").pluck().get()).toBe(recorded.n)

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
      { numRuns: Number(process.env.EVENT_LOG_RUNS ?? 8), seed: Number(process.env.EVENT_LOG_SEED ?? 20261202), endOnFailure: !process.env.EVENT_LOG_SHRINK },
    )
    expect(importedTwice).toBeGreaterThan(0)
  })
})
