/**
 * No source file over 500 lines (docs/ARCHITECTURE.md, below the folder table): a longer file is
 * split by what its parts do. This counts the lines of every .ts, .mts, .mjs, .js and .svelte file
 * under src/, scripts/ and bench/, as `wc -l` does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '../../..')
const FOLDERS = ['src', 'scripts', 'bench']
const COUNTED = /\.(ts|mts|mjs|js|svelte)$/
const MAX_LINES = 500

/**
 * Files over the limit while they are being split, each capped at its length so it cannot grow; none
 * today. A file split under the limit comes off this list (the last test says so).
 */
const KNOWN: Readonly<Record<string, number>> = {}

function lineCount(text: string): number {
  if (text === '') return 0
  const breaks = text.split('\n').length - 1
  return text.endsWith('\n') ? breaks : breaks + 1
}

function files(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...files(path))
    else if (COUNTED.test(name)) out.push(path)
  }
  return out
}

/** Each file over its limit (500, or its cap in `known`), as "path: lines (limit)". */
function overLimit(lengths: Readonly<Record<string, number>>, known: Readonly<Record<string, number>>): string[] {
  return Object.entries(lengths)
    .filter(([path, lines]) => lines > (known[path] ?? MAX_LINES))
    .map(([path, lines]) => `${path}: ${lines} lines (at most ${known[path] ?? MAX_LINES})`)
}

const lengths: Record<string, number> = Object.fromEntries(
  FOLDERS.flatMap((folder) => files(join(ROOT, folder))).map((path) => [
    relative(ROOT, path).split('\\').join('/'),
    lineCount(readFileSync(path, 'utf8')),
  ]),
)

describe('file length', () => {
  it('counts lines as wc -l does', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\nb\n')]).toEqual([
      0, 1, 1, 2, 2,
    ])
  })

  it('finds a file over 500 lines, and a known one grown past its cap', () => {
    expect(overLimit({ 'src/a.ts': 500, 'src/b.svelte': 501 }, {})).toEqual(['src/b.svelte: 501 lines (at most 500)'])
    expect(overLimit({ 'src/c.ts': 554, 'src/d.ts': 555 }, { 'src/c.ts': 554, 'src/d.ts': 554 })).toEqual([
      'src/d.ts: 555 lines (at most 554)',
    ])
  })

  it('reads the whole tree', () => {
    // the folders are there and their files are counted (a wrong root would find nothing)
    expect(lengths['src/core/sync/service.ts']).toBeGreaterThan(0)
    expect(Object.keys(lengths).some((p) => p.startsWith('scripts/'))).toBe(true)
    expect(Object.keys(lengths).some((p) => p.startsWith('bench/') && p.endsWith('.ts'))).toBe(true)
    expect(Object.keys(lengths).some((p) => p.endsWith('.svelte'))).toBe(true)
  })

  it('no file under src/, scripts/ or bench/ is over 500 lines, and the known ones do not grow', () => {
    expect(overLimit(lengths, KNOWN)).toEqual([])
  })

  it('lists as known only files still over 500 lines', () => {
    const split = Object.keys(KNOWN).filter((path) => (lengths[path] ?? 0) <= MAX_LINES)
    expect(split).toEqual([])
  })
})
