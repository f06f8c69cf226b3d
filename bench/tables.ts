/**
 * Table units (docs/TABLES.md): phones entering rounds against one laptop over HTTP, the laptop in a
 * process of its own (bench/tables-laptop.ts).
 *
 * - latency: one phone enters 40 rounds, one at a time; each is timed from the phone's send until the
 *   laptop's view of the match (matches:get on the laptop) shows it. Median ≤ 500 ms.
 * - load: 16 phones, each on its own table, enter 25 rounds each all at once (each phone sends its
 *   next round when the last is answered); p95 of the phones' answer times ≤ 200 ms, and the laptop's
 *   longest main-thread block meanwhile (event loop delay) ≤ 50 ms.
 *
 * Prints `BENCH table-unit-latency ms=<median>` and `BENCH table-units-load units=16 p95_ms=<x> block_ms=<y>`
 * and writes docs/BENCHMARKS.md § Table units.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { performance } from 'node:perf_hooks'
import { cookieOf, phoneRequest } from '../tests/helpers/phone'
import { loadLine, median, runBench, writeSection } from './report'

const UNITS = 16
const ROUNDS_EACH = 25
const LATENCY_ROUNDS = 40

const round = (i: number) => ({
  type: 'round',
  wentOut: i % 4,
  points: [0, 1, 2, 3].map((k) => (k === i % 4 ? 0 : 1 + ((i + k) % 7))),
})

const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number
}

runBench('tables', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ninekeeper-bench-tables-'))
  const rendererDir = join(dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'phone.html'), '<!doctype html><title>phone</title>')
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'tables-laptop.ts'), join(dir, 'data'), rendererDir],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  const waiting = new Map<number, (v: unknown) => void>()
  let origin = ''
  let ready: () => void = () => {}
  const isReady = new Promise<void>((done) => (ready = done))
  createInterface({ input: child.stdout }).on('line', (line) => {
    const msg = JSON.parse(line) as {
      ready?: boolean
      origin?: string
      id?: number
      result?: { ok: boolean; value?: unknown }
    }
    if (msg.ready) {
      origin = msg.origin as string
      ready()
    } else waiting.get(msg.id as number)?.(msg.result?.value)
  })
  await isReady
  let next = 0
  const ask = <T>(msg: Record<string, unknown>): Promise<T> =>
    new Promise((resolve) => {
      const id = ++next
      waiting.set(id, (v) => resolve(v as T))
      child.stdin.write(`${JSON.stringify({ ...msg, id })}\n`)
    })

  const { codes, matchIds } = await ask<{ codes: string[]; matchIds: string[] }>({ setup: UNITS })
  const cookies: string[] = []
  for (const code of codes) cookies.push(cookieOf(await phoneRequest(origin, '/pair', { body: { code } })))

  // Latency: the phone's send → the laptop's view shows the round.
  const latencies: number[] = []
  for (let i = 0; i < LATENCY_ROUNDS; i++) {
    const t0 = performance.now()
    const r = await phoneRequest(origin, '/phone/enter', {
      cookie: cookies[0],
      body: { key: `latency-${i}`, action: round(i) },
    })
    if (!r.json.ok) throw new Error(`round ${i} refused: ${JSON.stringify(r.json)}`)
    while ((await ask<number>({ rounds: matchIds[0] })) < i + 1) {
      // the view does not show it yet: ask again
    }
    latencies.push(performance.now() - t0)
  }

  // Load: 16 phones at once.
  await ask({ block: 'reset' })
  const times: number[] = []
  const loadStart = performance.now()
  await Promise.all(
    cookies.map(async (cookie, u) => {
      for (let i = 0; i < ROUNDS_EACH; i++) {
        const t0 = performance.now()
        const r = await phoneRequest(origin, '/phone/enter', {
          cookie,
          body: { key: `load-${u}-${i}`, action: round(i) },
        })
        if (!r.json.ok) throw new Error(`phone ${u} round ${i} refused: ${JSON.stringify(r.json)}`)
        times.push(performance.now() - t0)
      }
    }),
  )
  const loadMs = performance.now() - loadStart
  const blockMs = await ask<number>({ block: 'read' })
  // The same laptop's own commit, for scale: on a loaded machine every time above grows with it.
  const commitMs = await ask<number>({ calibrate: 100 })
  for (const [u, id] of matchIds.entries()) {
    const expected = u === 0 ? LATENCY_ROUNDS + ROUNDS_EACH : ROUNDS_EACH
    const got = await ask<number>({ rounds: id })
    if (got !== expected) throw new Error(`table ${u + 1} holds ${got} rounds, not ${expected}`)
  }
  child.stdin.end()
  await new Promise<void>((done) => child.once('exit', () => done()))
  rmSync(dir, { recursive: true, force: true })

  const latency = median(latencies)
  const p95 = percentile(times, 95)
  console.log(`BENCH table-unit-latency ms=${latency.toFixed(1)}`)
  console.log(
    `BENCH table-units-load units=${UNITS} p95_ms=${p95.toFixed(1)} block_ms=${blockMs.toFixed(1)} commit_ms=${commitMs.toFixed(2)}`,
  )
  const file = writeSection(
    'Table units',
    [
      '## Table units',
      '',
      '`npm run bench -- --only tables` (bench/tables.ts): phones entering rounds over HTTP against one laptop',
      "(a real core and the phones' listener in a process of their own, bench/tables-laptop.ts), each round a",
      'Wild Nine round of four players with its idempotency key. Targets: latency ≤ 500 ms, p95 under load ≤ 200 ms,',
      'no main-thread block over 50 ms.',
      '',
      '| Measure | Result |',
      '|---|---|',
      `| table-unit-latency: a phone's send until the laptop's view (matches:get) shows the round, median of ${LATENCY_ROUNDS} | ${latency.toFixed(1)} ms |`,
      `| table-units-load: ${UNITS} phones at once, ${ROUNDS_EACH} rounds each (${UNITS * ROUNDS_EACH} entries in ${(loadMs / 1000).toFixed(1)} s), p95 of the answer times | ${p95.toFixed(1)} ms |`,
      `| the same, median answer time | ${median(times).toFixed(1)} ms |`,
      `| the laptop's longest main-thread block during the load (event loop delay) | ${blockMs.toFixed(1)} ms |`,
      `| for scale: a round entered through the laptop's own dispatcher (matches:apply, no HTTP), median of 100 | ${commitMs.toFixed(2)} ms |`,
      '',
      ...loadLine(),
    ].join('\n'),
  )
  console.log(`wrote ${file}`)
  if (latency > 500 || p95 > 200 || blockMs > 50) {
    console.error('tables bench: over a target (latency 500 ms, p95 200 ms, block 50 ms)')
    process.exitCode = 1
  }
})
