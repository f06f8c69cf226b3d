/** Writes one `## <title>` section of docs/BENCHMARKS.md in place (up to the next `## `), or appends it. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
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
