/**
 * The service error codes are one list (src/shared/service-errors.ts), the renderer matches on them
 * through it: every code a refusal is written with in src/core, src/main, src/web, src/renderer's API
 * client and src/shared (a literal given to err, refuse or transportError, or a `code: '…'` field) is
 * in that list or the games' list (src/shared/games/errors.ts), and every code listed is used.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GAME_ERROR_CODES } from '../../../src/shared/games/errors'
import { SERVICE_ERROR_CODES } from '../../../src/shared/service-errors'

const ROOT = join(__dirname, '../../..')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.(ts|svelte)$/.test(path) ? [path] : []
  })
}

/** The codes named by a constant in the list's file (`export const NAME = 'code' satisfies ServiceErrorCode`). */
const NAMED = new Map(
  [
    ...readFileSync(join(ROOT, 'src/shared/service-errors.ts'), 'utf8').matchAll(
      /export const ([A-Z_]+) = '([a-z0-9-]+)' satisfies/g,
    ),
  ].map((m) => [m[1] as string, m[2] as string]),
)

/** The codes written in `source` (a literal, or one of the named constants), each with its file. */
export function codesIn(file: string, source: string): { code: string; where: string }[] {
  const out: { code: string; where: string }[] = []
  const call =
    /\b(?:err|refuse|transportError)(?:<[^>()]*>)?\(\s*(?:'([a-z0-9-]+)'|([A-Z_]+)\b)|\bcode:\s*(?:'([a-z0-9-]+)'|([A-Z_]+)\b)/g
  for (const m of source.matchAll(call)) {
    const code = m[1] ?? m[3] ?? NAMED.get(m[2] ?? m[4] ?? '')
    if (code !== undefined) out.push({ code, where: relative(ROOT, file) })
  }
  return out
}

const SOURCES = [
  ...files(join(ROOT, 'src/core')),
  ...files(join(ROOT, 'src/main')),
  ...files(join(ROOT, 'src/web')),
  ...files(join(ROOT, 'src/shared')).filter((f) => !f.includes(join('src', 'shared', 'games'))),
  join(ROOT, 'src/renderer/src/lib/api.ts'),
]

describe('service error codes', () => {
  const written = SOURCES.flatMap((f) => codesIn(f, readFileSync(f, 'utf8')))

  it('every code a refusal is written with is listed (here or among the games’)', () => {
    const known = new Set<string>([...SERVICE_ERROR_CODES, ...GAME_ERROR_CODES])
    expect(written.length).toBeGreaterThan(50)
    expect(written.filter((w) => !known.has(w.code)).map((w) => `${w.code} (${w.where})`)).toEqual([])
  })

  it('every listed service code is written somewhere, once in the list', () => {
    const used = new Set(written.map((w) => w.code))
    expect(SERVICE_ERROR_CODES.filter((c) => !used.has(c))).toEqual([])
    expect(new Set(SERVICE_ERROR_CODES).size).toBe(SERVICE_ERROR_CODES.length)
  })

  it('reads a refusal written over several lines, and a code field', () => {
    expect(
      codesIn('x.ts', "return err(\n  'nope',\n  'Why.',\n)\nconst e = { code: 'also' }").map((c) => c.code),
    ).toEqual(['nope', 'also'])
  })
})
