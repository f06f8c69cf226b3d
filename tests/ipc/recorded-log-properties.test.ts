/**
 * The event log's properties (as in event-log-properties.test.ts) over random multi-laptop histories
 * that also import plays from CSV files (match.recorded), often the same plays on several laptops
 * before they exchange: (a) rebuild equals incremental, (b) any per-device-ordered arrival gives the
 * same projections, (c) nothing lost or duplicated; and every laptop ends with one match per play.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { may, NAMES, opArbitrary, type Op } from '../helpers/random-ops'
import { checkLogProperties, exchange, useLaptops, type Laptop } from '../helpers/log-properties'

const Op = opArbitrary(['exchange', 'import', 'import', 'import'])
const { laptop, closeAll } = useLaptops()

/** A pool of plays (rows of the CSV layout); an import takes one to three of them. Some have a match key, some not. */
const POOL = Array.from({ length: 8 }, (_, i) => {
  const game = ['Nine', 'Wild Nine', 'ennea', 'Seven Eight Nine'][i % 4] as string
  const who =
    game === 'Seven Eight Nine'
      ? [NAMES[i % 5], NAMES[(i + 1) % 5]]
      : [NAMES[i % 5], NAMES[(i + 2) % 5], NAMES[(i + 3) % 5]]
  const key = i % 2 ? `p${i}` : ''
  return who.map(
    (name, s) =>
      `2026-10-${String(10 + i).padStart(2, '0')},20:${String(i * 5).padStart(2, '0')},${game},${s === 1 ? String(name).toUpperCase() : name},${10 + s * 7 + i},${s === 0 ? 'yes' : 'no'},,${key}`,
  )
})

async function importPlays(l: Laptop, o: Op): Promise<void> {
  const picked = [
    o.a % POOL.length,
    ...(o.b % 3 ? [o.b % POOL.length] : []),
    ...(o.b % 3 === 2 ? [(o.a + o.b) % POOL.length] : []),
  ]
  const text = `date,time,game,player,score,winner,rank,match\n${[...new Set(picked)].flatMap((i) => POOL[i] as string[]).join('\n')}\n`
  const bytes = Buffer.from(text)
  const begin = await may<{ uploadId: string }>(l, 'upload:begin', { purpose: 'external', size: bytes.length })
  if (!begin) throw new Error('upload refused')
  await may(l, 'upload:chunk', { uploadId: begin.uploadId, index: 0, data: bytes.toString('base64') })
  const r = await l.dispatch('import:external-apply', { uploadId: begin.uploadId })
  if (!r.ok) throw new Error(`external import: ${r.error.message}`)
}

async function importOrExchange(ls: Laptop[], l: Laptop, o: Op): Promise<void> {
  if (o.kind === 'import') return importPlays(l, o)
  return exchange(ls, l, o)
}

describe('event log properties with imported plays', () => {
  it('rebuild equals incremental; any per-device-ordered arrival gives the same projections; nothing lost or duplicated', async () => {
    /** Runs where two laptops recorded the same play before they exchanged: the case this test is for. */
    let importedTwice = 0
    await fc.assert(
      fc.asyncProperty(
        fc.noBias(fc.array(Op, { minLength: 30, maxLength: 70 })),
        fc.integer({ min: 1, max: 2 ** 30 }),
        (ops, seed) =>
          checkLogProperties({
            laptop,
            closeAll,
            ops,
            seed,
            other: importOrExchange,
            // One match per imported play, however many laptops imported it before they exchanged.
            converged: (l) => {
              const recorded = l.db
                .prepare("SELECT count(DISTINCT subject) AS n, count(*) AS e FROM events WHERE kind = 'match.recorded'")
                .get() as { n: number; e: number }
              if (recorded.e > recorded.n) importedTwice++
              expect(
                l.db.prepare('SELECT count(*) FROM matches WHERE config_json LIKE \'%"recorded"%\'').pluck().get(),
              ).toBe(recorded.n)
            },
          }),
      ),
      {
        numRuns: Number(process.env.EVENT_LOG_RUNS ?? 8),
        seed: Number(process.env.EVENT_LOG_SEED ?? 20261202),
        endOnFailure: !process.env.EVENT_LOG_SHRINK,
      },
    )
    expect(importedTwice).toBeGreaterThan(0)
  })
})
