#!/usr/bin/env node
// `npm run bench`: runs bench/run.ts (TypeScript, through tsx) and writes docs/BENCHMARKS.md.
import { join } from 'node:path'
import { ROOT, run } from './lib.mjs'

process.exit(await run(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/run.ts'), ...process.argv.slice(2)]))
