#!/usr/bin/env node
// `npm run bench [-- --only <group>[,<group>…]] [-- --filter TEXT]`: runs the benchmark groups through tsx,
// each writing its own section of docs/BENCHMARKS.md and printing `BENCH <name> key=value … ratio=<x>` lines:
//   engines   bench/run.ts       the rules engines (--filter TEXT picks cases; the report is then not written)
//   stats     bench/stats.ts     stats at 10k / 100k / 1M rounds, against the sqlite3 CLI
//   renderer  bench/renderer.ts  the start screen's payload and first contentful paint, in Chromium
//   commit    bench/commit.ts    entering a round at 10 and 200 rounds, against a raw insert
//   import    bench/import.ts    importing a club history of events into an empty file, against a raw insert
//   sync      bench/sync.ts      club sync: convergence of random schedules, a first sync of 100k events, latency
//   mainthread bench/mainthread.ts the longest main-thread block of each long database operation at 1M rounds
//   club      bench/club.ts      every club screen's call on a generated club history at 1× and 10× (cached in the temp folder)
//   tables    bench/tables.ts    table units: a phone's round until the laptop shows it, 16 phones entering at once
//   board     bench/board.ts     the night board: a round until the board's page shows it, board:night at 10× (npm run build first)
// Without --only, every group runs in that order.
import { join } from 'node:path'
import { ROOT, run } from './lib.mjs'

const GROUPS = {
  engines: 'bench/run.ts',
  stats: 'bench/stats.ts',
  renderer: 'bench/renderer.ts',
  commit: 'bench/commit.ts',
  import: 'bench/import.ts',
  mainthread: 'bench/mainthread.ts',
  sync: 'bench/sync.ts',
  club: 'bench/club.ts',
  tables: 'bench/tables.ts',
  board: 'bench/board.ts',
}

const args = process.argv.slice(2)
const onlyAt = args.indexOf('--only')
let only = Object.keys(GROUPS)
const rest = [...args]
if (onlyAt >= 0) {
  const value = args[onlyAt + 1]
  only = (value ?? '').split(',').filter(Boolean)
  const unknown = only.filter((g) => !(g in GROUPS))
  if (only.length === 0 || unknown.length > 0) {
    console.error(
      `npm run bench: --only takes one or more of ${Object.keys(GROUPS).join(', ')} (comma-separated), not "${value ?? ''}".`,
    )
    process.exit(2)
  }
  rest.splice(onlyAt, 2)
}

let failed = 0
for (const group of only) {
  // Only the engines take the remaining arguments (--filter).
  // The main-thread bench collects its own garbage before each measurement (--expose-gc).
  const flags = group === 'mainthread' ? ['--expose-gc'] : []
  const code = await run(process.execPath, [
    ...flags,
    '--import',
    'tsx',
    join(ROOT, GROUPS[group]),
    ...(group === 'engines' ? rest : []),
  ])
  if (code !== 0) failed = code
}
process.exit(failed)
