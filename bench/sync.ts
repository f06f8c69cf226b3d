/**
 * Club sync benchmarks (docs/BENCHMARKS.md § Sync), all on loopback with a real hub (tursodb --sync-server):
 *
 *   BENCH sync-converge laptops=3 schedules=<n> converged=<k>/<n> lost=<m>
 *     n random schedules (the harness's: writes, offline spells, hub restarts and losses, rows deleted
 *     and renumbered on the hub, skewed clocks), how many ended with
 *     three identical laptops, and how many acknowledged events went missing. n: NINEKEEPER_BENCH_SYNC_SCHEDULES (200).
 *   BENCH sync-initial-100k events=<e> ms=<t> import_ms=<i> ratio=<t/i>
 *     an empty laptop joining a club whose hub holds about 100k events, until its first sync is done,
 *     against importing the same events from a JSON export into an empty laptop. Also how long the
 *     first laptop took to seed the hub with them.
 *   BENCH sync-heal laptops=3 ms=<t>
 *     a hub lost and started again empty at the same address, nobody pressing anything, until three
 *     laptops (the app's own 2 s timers) hold the same history again with nothing waiting; median of 5.
 *   BENCH sync-latency ms=<t>
 *     a round committed on one laptop until it shows on another, both online with the app's own
 *     automatic sync (nothing calls sync:now); median of 15.
 *
 * Writes the `## Sync` section of docs/BENCHMARKS.md, with the disk and package size the engine adds.
 */
import fc from 'fast-check'
import { execSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { SyncStatus } from '../src/shared/model/sync'
import type { MatchView } from '../src/shared/model/match'
import { createCore } from '../src/core/core'
import { digest, laptop, testHub, type Laptop } from '../tests/helpers/club'
import { runSchedule, Schedule } from '../tests/helpers/club-schedule'
import { tempDir } from '../tests/helpers/tmp'
import { generate } from './club-history'
import { loadLine, median, runBench, writeSection } from './report'

const SCHEDULES = Number(process.env.NINEKEEPER_BENCH_SYNC_SCHEDULES ?? 200)
const INITIAL_MATCHES = Number(process.env.NINEKEEPER_BENCH_SYNC_MATCHES ?? 12_500)

async function importText(l: { dispatch: Laptop['dispatch'] }, text: string): Promise<number> {
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const r = await l.dispatch(channel, input)
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
    return r.value as T
  }
  const bytes = Buffer.from(text)
  const { uploadId } = await call<{ uploadId: string }>('upload:begin', { purpose: 'import', size: bytes.length })
  for (let i = 0, n = 0; i < bytes.length; i += 1024 * 1024, n++)
    await call('upload:chunk', { uploadId, index: n, data: bytes.subarray(i, i + 1024 * 1024).toString('base64') })
  const t0 = performance.now()
  await call('transfer:import', { uploadId })
  return performance.now() - t0
}

function du(path: string): number {
  const st = statSync(path)
  if (!st.isDirectory()) return st.size
  return readdirSync(path).reduce((sum, f) => sum + du(join(path, f)), 0)
}

async function converge(): Promise<{
  n: number
  converged: number
  lost: number
  ms: number
  changes: number
  rejoined: number
}> {
  const hub = await testHub()
  const samples = fc.sample(Schedule, { numRuns: SCHEDULES, seed: 20261215 })
  let converged = 0
  let lost = 0
  let changes = 0
  let rejoined = 0
  const t0 = performance.now()
  try {
    for (const ops of samples) {
      const r = await runSchedule(hub, ops)
      if (r.converged && r.states.every((s) => s === 'connected') && new Set(r.codes).size === 1) converged++
      changes += r.codeChanges
      rejoined += r.rejoined
      lost += r.lost
    }
  } finally {
    await hub.stop()
  }
  return { n: samples.length, converged, lost, ms: performance.now() - t0, changes, rejoined }
}

async function initial(): Promise<{
  events: number
  seedMs: number
  joinMs: number
  importMs: number
  replicaBytes: number
  hubBytes: number
}> {
  const { events } = generate({ matches: INITIAL_MATCHES })
  const text = JSON.stringify({ format: 'ninekeeper-export', version: 2, events })
  // The import it is compared with: the same events into an empty laptop.
  const t = tempDir('ninekeeper-bench-sync-import-')
  const plain = createCore({ dataDir: t.dir, mode: 'web', version: 'bench', log: () => {}, autoBackup: false })
  const importMs = await importText(plain, text)
  plain.close()
  t.cleanup()

  const hub = await testHub()
  // A long history goes up in many requests; on a busy machine one can take a while.
  const seeder = laptop('seeder', undefined, { timeoutMs: 120_000 })
  const joiner = laptop('joiner', undefined, { timeoutMs: 120_000 })
  try {
    await importText(seeder, text)
    let t0 = performance.now()
    const made = await seeder.call<SyncStatus>('club:create', { hubUrl: hub.url, name: 'Big club' })
    const seedMs = performance.now() - t0
    if (made.state !== 'connected' || made.waiting !== 0) throw new Error(`seeding: ${made.state} ${made.error ?? ''}`)
    t0 = performance.now()
    const joined = await joiner.call<SyncStatus>('club:join', { hubUrl: hub.url, code: made.club!.code })
    const joinMs = performance.now() - t0
    const have = joiner.db.prepare('SELECT count(*) FROM events').pluck().get() as number
    if (joined.state !== 'connected' || have < events.length)
      throw new Error(`joining: ${joined.state}, ${have} of ${events.length} events`)
    return {
      events: events.length,
      seedMs,
      joinMs,
      importMs,
      replicaBytes: du(join(joiner.dir, 'club-replica')),
      hubBytes: du(hub.dir),
    }
  } finally {
    await seeder.shutdown()
    await joiner.shutdown()
    await hub.stop()
  }
}

async function latency(): Promise<number> {
  const hub = await testHub()
  // The app's own timing (src/core/sync/service.ts): sync soon after a write, and every 2 s.
  const a = laptop('a', undefined, { intervalMs: 2000 })
  const b = laptop('b', undefined, { intervalMs: 2000 })
  try {
    const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
    await b.call('club:join', { hubUrl: hub.url, code: made.club!.code })
    const ids: string[] = []
    for (const name of ['Ana', 'Bo']) ids.push((await a.call<{ id: string }>('players:create', { name })).id)
    const m = await a.call<MatchView>('matches:create', { gameId: 'wild-nine', playerIds: ids })
    await a.call('sync:now')
    await b.call('sync:now')
    const times: number[] = []
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now()
      await a.call('matches:apply', {
        id: m.id,
        action: { type: 'round', wentOut: i % 2, points: i % 2 ? [3, 0] : [0, 3] },
      })
      for (;;) {
        const v = await b.dispatch('matches:get', { id: m.id })
        if (v.ok && (v.value as MatchView).actions.length === i + 1) break
        if (performance.now() - t0 > 30_000) throw new Error('a round did not arrive within 30 s')
        await new Promise((r) => setTimeout(r, 10))
      }
      times.push(performance.now() - t0)
      // Rounds a few seconds apart, as at a table.
      await new Promise((r) => setTimeout(r, 500 + (i % 3) * 700))
    }
    return median(times)
  } finally {
    await a.shutdown()
    await b.shutdown()
    await hub.stop()
  }
}

/**
 * A hub lost and started again empty at the same address; no button pressed: the laptops' own timers
 * (the app's 2 s) seed it again and send what it lacks. From the new hub's start until all three
 * laptops hold the same events and projections with nothing waiting (median of 5).
 */
async function heal(): Promise<number> {
  const hub = await testHub()
  const ls = ['a', 'b', 'c'].map((n) => laptop(n, undefined, { intervalMs: 2000 }))
  const times: number[] = []
  try {
    const made = await ls[0]!.call<SyncStatus>('club:create', { hubUrl: hub.url })
    for (const l of ls.slice(1)) await l.call('club:join', { hubUrl: hub.url, code: made.club!.code })
    for (let round = 0; round < 5; round++) {
      for (const [i, l] of ls.entries()) await l.call('players:create', { name: `P${round}-${i}` })
      for (const l of ls) await l.call('sync:now')
      await hub.lose()
      const t0 = performance.now()
      for (;;) {
        const ds = ls.map((l) => JSON.stringify(digest(l)))
        let waiting = 0
        for (const l of ls) waiting += (await l.call<SyncStatus>('sync:status')).waiting
        const states = await Promise.all(ls.map((l) => l.call<SyncStatus>('sync:status')))
        if (waiting === 0 && ds.every((d) => d === ds[0]) && states.every((x) => x.state === 'connected')) break
        if (performance.now() - t0 > 120_000) throw new Error('the laptops did not heal within 120 s')
        await new Promise((r) => setTimeout(r, 20))
      }
      times.push(performance.now() - t0)
    }
    return median(times)
  } finally {
    for (const l of ls) await l.shutdown()
    await hub.stop()
  }
}

async function main(): Promise<void> {
  const healMs = await heal()
  console.log(`BENCH sync-heal laptops=3 ms=${healMs.toFixed(0)}`)
  const lat = await latency()
  console.log(`BENCH sync-latency ms=${lat.toFixed(0)}`)
  const init = await initial()
  const ratio = init.joinMs / init.importMs
  console.log(
    `BENCH sync-initial-100k events=${init.events} ms=${init.joinMs.toFixed(0)} import_ms=${init.importMs.toFixed(0)} ratio=${ratio.toFixed(2)} seed_ms=${init.seedMs.toFixed(0)}`,
  )
  const conv = await converge()
  console.log(
    `BENCH sync-converge laptops=3 schedules=${conv.n} converged=${conv.converged}/${conv.n} lost=${conv.lost} code_changes=${conv.changes} rejoined=${conv.rejoined}`,
  )

  const pkg = (name: string): number => {
    try {
      return du(join(process.cwd(), 'node_modules', name))
    } catch {
      return 0
    }
  }
  const platform = execSync('node -p "process.platform + \'-\' + process.arch"').toString().trim()
  const clientMB =
    (pkg('@tursodatabase/sync') +
      pkg('@tursodatabase/sync-common') +
      pkg('@tursodatabase/database-common') +
      pkg('@tursodatabase/serverless') +
      pkg(`@tursodatabase/sync-${platform === 'linux-x64' ? 'linux-x64-gnu' : platform}`)) /
    2 ** 20
  const hubMB =
    (pkg('turso') + pkg(`@tursodatabase/cli-${platform === 'linux-x64' ? 'linux-x64-gnu' : platform}`)) / 2 ** 20
  const MB = (b: number): string => (b / 2 ** 20).toFixed(1)
  const file = writeSection(
    'Sync',
    [
      '## Sync',
      '',
      `Generated by \`bench/sync.ts\` (\`npm run bench -- --only sync\`) on ${new Date().toISOString().slice(0, 10)}; Node ${process.version}; a hub`,
      '(`tursodb --sync-server`, turso 0.6.0) and laptops (real cores, `@tursodatabase/sync` 0.7.2) on loopback.',
      '',
      '| Benchmark | Result | Target |',
      '|---|---|---|',
      `| sync-converge: ${conv.n} random schedules of 3 laptops (writes, offline spells, hub restarts, hubs lost with no button pressed, rows deleted and renumbered on the hub; clocks 10 min ahead and 23 h 45 min behind; a fourth laptop playing until it is removed; the join code changed by any laptop, ${conv.changes} times in all; one laptop rebuilt; every laptop on one code at the end) | ${conv.converged}/${conv.n} converged, ${conv.lost} acknowledged events lost, ${conv.rejoined} laptops joined again with the new code because a change could not keep them (${(conv.ms / 1000).toFixed(0)} s) | all converge, none lost: ${conv.converged === conv.n && conv.lost === 0 ? 'met' : 'NOT met'} |`,
      `| sync-initial-100k: an empty laptop joins a hub holding ${init.events} events, until its first sync is done | ${init.joinMs.toFixed(0)} ms; importing the same events from a JSON export: ${init.importMs.toFixed(0)} ms (ratio ${ratio.toFixed(2)}) | — |`,
      `| the first laptop seeding that hub with the same events (club:create) | ${init.seedMs.toFixed(0)} ms | — |`,
      `| sync-heal: a hub lost and started again empty; no button pressed, until 3 laptops hold the same history again (median of 5) | ${healMs.toFixed(0)} ms | by itself |`,
      `| sync-latency: a round committed on one laptop until it shows on another, automatic sync only (median of 15) | ${lat.toFixed(0)} ms | ≤ 300 ms: ${lat <= 300 ? 'met' : 'NOT met'} |`,
      '',
      `Disk: the joined laptop's replica takes ${MB(init.replicaBytes)} MB for ${init.events} events (its data file holds them again as events and projections); the hub's folder ${MB(init.hubBytes)} MB.`,
      `Package: the sync client adds ${clientMB.toFixed(0)} MB to \`node_modules\` on ${platform} (mostly its native module, loaded only when a club is used); the hub's server (\`turso\`, a dev dependency for \`npm run hub\`) ${hubMB.toFixed(0)} MB.`,
      '',
      ...loadLine(),
    ].join('\n'),
  )
  console.log(`wrote ${file}`)
}

runBench('sync', main)
