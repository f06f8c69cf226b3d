/**
 * Runs every benchmark and writes docs/BENCHMARKS.md. Speed targets are checked here, never by timed
 * assertions in tests. Usage: npm run bench [-- --filter TEXT]
 */
import { execSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import type { BenchCase } from './engines/types'

interface Row {
  group: string
  name: string
  ops: number
  usPerOp: number
  runs: number
  target?: string
  met?: boolean
}

/** Times fn: one warm-up call, then repeats until 1.5 s or 25 runs (at least 5); the median. */
function measure(c: BenchCase): { usPerOp: number; runs: number } {
  c.fn()
  const times: number[] = []
  const started = performance.now()
  while (times.length < 5 || (times.length < 25 && performance.now() - started < 1500)) {
    const t0 = performance.now()
    c.fn()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)] as number
  return { usPerOp: (median * 1000) / c.ops, runs: times.length }
}

const GROUPS: {
  group: string
  module: string
  targets?: (name: string) => { target: string; limitUs: number } | undefined
}[] = [
  {
    group: 'Ennea',
    module: './engines/ennea',
    targets: (name) => (name.includes('resolve') ? { target: '< 50 µs per resolution', limitUs: 50 } : undefined),
  },
  { group: 'Wild Nine', module: './engines/wild-nine' },
  { group: 'Nine', module: './engines/nine' },
  { group: 'Seven Eight Nine', module: './engines/seven-eight-nine' },
]

async function main(): Promise<void> {
  const filterIndex = process.argv.indexOf('--filter')
  const filter = filterIndex > 0 ? process.argv[filterIndex + 1] : undefined
  const rows: Row[] = []
  for (const g of GROUPS) {
    const mod = (await import(g.module)) as { cases: () => BenchCase[] }
    for (const c of mod.cases()) {
      if (filter && !c.name.includes(filter)) continue
      const m = measure(c)
      const t = g.targets?.(c.name)
      const row: Row = {
        group: g.group,
        name: c.name,
        ops: c.ops,
        ...m,
        ...(t ? { target: t.target, met: m.usPerOp < t.limitUs } : {}),
      }
      rows.push(row)
      console.log(
        `BENCH ${c.name.replace(/\s+/g, '_')} us_per_op=${m.usPerOp.toFixed(2)} ops=${c.ops} runs=${m.runs}${t ? ` target=${row.met ? 'met' : 'MISSED'}` : ''}`,
      )
    }
  }
  if (filter) return
  writeReport(rows)
}

function writeReport(rows: Row[]): void {
  const file = join(__dirname, '../docs/BENCHMARKS.md')
  const commit = (() => {
    try {
      return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim()
    } catch {
      return 'unknown'
    }
  })()
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts). Numbers are medians of repeated runs on the machine named below;',
    'compare ratios, not absolute times, across machines.',
    '',
    `- Date: ${new Date().toISOString().slice(0, 10)}, commit ${commit}`,
    `- Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
    '',
    '## Rules engines',
    '',
    '| Game | Case | Operations | µs per operation | Target |',
    '|---|---|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.group} | ${r.name} | ${r.ops} | ${r.usPerOp.toFixed(2)} | ${r.target ? `${r.target}: ${r.met ? 'met' : '**missed**'}` : ''} |`,
    ),
    '',
  ]
  const previous = (() => {
    try {
      return readFileSync(file, 'utf8')
    } catch {
      return ''
    }
  })()
  // Keep any sections other benchmarks wrote after ours.
  const rest = previous.indexOf('\n## Stats') >= 0 ? previous.slice(previous.indexOf('\n## Stats') + 1) : ''
  writeFileSync(file, lines.join('\n') + (rest ? `\n${rest}` : ''))
  console.log(`wrote ${file}`)
}

void main()
