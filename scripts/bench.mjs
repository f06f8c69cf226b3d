#!/usr/bin/env node
// `npm run bench`: runs bench/run.ts (the engines), then bench/stats.ts (stats at 10k / 100k / 1M rounds,
// against the sqlite3 CLI), both through tsx; each writes its part of docs/BENCHMARKS.md.
import { join } from 'node:path'
import { ROOT, run } from './lib.mjs'

const engines = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/run.ts'), ...process.argv.slice(2)])
const stats = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/stats.ts')])
process.exit(engines || stats)
