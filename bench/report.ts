/** Writes one `## <title>` section of docs/BENCHMARKS.md in place (up to the next `## `), or appends it. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'

export function writeSection(title: string, markdown: string): string {
  const file = join(__dirname, '../docs/BENCHMARKS.md')
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n'
  const start = previous.indexOf(`\n## ${title}\n`)
  let next: string
  if (start >= 0) {
    const after = previous.indexOf('\n## ', start + 1)
    next = previous.slice(0, start + 1) + markdown + (after >= 0 ? previous.slice(after + 1) : '')
  } else next = `${previous.replace(/\n*$/, '')}\n\n${markdown}`
  writeFileSync(file, next)
  return file
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] as number
}

/** The last lines of a section: the machine's load when the run ended (ratios, not times, are what count). */
export const loadLine = (): string[] => [
  `Load average when the run ended: ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores.`,
  '',
  '',
]

/** Runs a benchmark's main and exits non-zero with its name on failure. */
export function runBench(name: string, main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    console.error(`${name} bench: ${(e as Error).stack ?? String(e)}`)
    process.exit(1)
  })
}
