/**
 * The laptop of bench/tables.ts, in a process of its own so its main thread is measured alone: a real
 * core over a fresh data folder and the phones' listener on 127.0.0.5. Prints { ready, origin } and answers
 * JSON lines on stdin:
 *   { id, setup: n }     → n Wild Nine matches (no cutoff), the evening opened, a phone added to each: { codes, matchIds }
 *   { id, rounds: id }   → the match's rounds as the laptop's view shows them (matches:get)
 *   { id, block: 'reset' | 'read' } → the longest main-thread block (event loop delay) since the reset, in ms
 *   { id, calibrate: n } → the median time of n rounds entered through the laptop's own dispatcher (matches:apply), in ms
 *
 *   node --import tsx bench/tables-laptop.ts <data dir> <renderer dir>
 */
import { createInterface } from 'node:readline'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { createCore } from '../src/core/core'
import { startTablesServer } from '../src/web/tables/server'
import { tablesOf } from '../src/web/tables/service'

const [dir, rendererDir] = process.argv.slice(2) as [string, string]
const core = createCore({ dataDir: dir, mode: 'web', version: 'bench', log: () => {}, autoBackup: false })
const tables = tablesOf(core)
const delay = monitorEventLoopDelay({ resolution: 1 })
delay.enable()

async function setup(n: number, prefix = ''): Promise<unknown> {
  tables.store.open(new Date(Date.now() + 3600_000))
  const codes: string[] = []
  const matchIds: string[] = []
  for (let t = 0; t < n; t++) {
    const ids: string[] = []
    for (const name of ['A', 'B', 'C', 'D']) {
      const r = await core.dispatch('players:create', { name: `${prefix}${name}${t}` })
      if (!r.ok) return r
      ids.push((r.value as { id: string }).id)
    }
    const m = await core.dispatch('matches:create', {
      gameId: 'wild-nine',
      playerIds: ids,
      options: { houseRules: { cutoff: 10000 } },
    })
    if (!m.ok) return m
    const id = (m.value as { id: string }).id
    matchIds.push(id)
    codes.push(tables.store.addPhone(id, `Table ${t + 1}`).code)
  }
  return { ok: true, value: { codes, matchIds } }
}

/** The plain commit on this laptop: rounds entered through its own dispatcher, no HTTP, no phone. */
async function calibrate(n: number): Promise<unknown> {
  const made = (await setup(1, 'calibration ')) as { ok: boolean; value: { matchIds: string[] } }
  const id = made.value.matchIds[0] as string
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    const r = await core.dispatch('matches:apply', {
      id,
      action: { type: 'round', wentOut: i % 4, points: [0, 1, 2, 3].map((k) => (k === i % 4 ? 0 : 1 + ((i + k) % 7))) },
    })
    if (!r.ok) return r
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return { ok: true, value: times[Math.floor(n / 2)] }
}

void startTablesServer({ tables, host: '127.0.0.5', rendererDir }).then((server) => {
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      const msg = JSON.parse(line) as {
        id: number
        setup?: number
        rounds?: string
        block?: 'reset' | 'read'
        calibrate?: number
      }
      const answer = async (): Promise<unknown> => {
        if (msg.setup !== undefined) return setup(msg.setup)
        if (msg.calibrate !== undefined) return calibrate(msg.calibrate)
        if (msg.rounds !== undefined) {
          const r = await core.dispatch('matches:get', { id: msg.rounds })
          return r.ok ? { ok: true, value: (r.value as { actions: unknown[] }).actions.length } : r
        }
        if (msg.block === 'reset') delay.reset()
        return { ok: true, value: delay.max / 1e6 }
      }
      void answer().then((result) => process.stdout.write(`${JSON.stringify({ id: msg.id, result })}\n`))
    })
    .on('close', () => {
      void server.close().then(() => {
        core.close()
        process.exit(0)
      })
    })
  process.stdout.write(`${JSON.stringify({ ready: true, origin: server.origin })}\n`)
})
