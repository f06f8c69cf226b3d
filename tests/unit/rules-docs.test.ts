/**
 * docs/rules/ is the rules reference the code cites: every rule ID used anywhere in src/ and tests/
 * must be defined there (as a heading, list item or table row the app can link to), every reference
 * inside the pages must resolve, and nothing in the repository may point at documents outside it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HOUSE_RULES } from '../../src/shared/games/house-rules'
import { PAGES, PAGE_SOURCES, RULES, searchRules } from '../../src/renderer/src/rules/docs'
import { RULE_GAMES, gameOfRule } from '../../src/renderer/src/rules/ids'
import type { Block, Inline } from '../../src/renderer/src/rules/markdown'

const ROOT = resolve(__dirname, '../..')
const DOCS = join(ROOT, 'docs/rules')
const CITED_ID = /\b(EN|WN|NI|SE)-[A-Z]+[0-9]+\b/g
const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  'out',
  'dist',
  'release',
  'test-results',
  'playwright-report',
  '.native',
  '.tmp',
])

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.out-')) continue
    const p = join(dir, name)
    if (statSync(p).isDirectory()) walk(p, out)
    else if (/\.(ts|mts|mjs|cjs|js|svelte|md|json|html|css|yml|yaml|sql)$/.test(name)) out.push(p)
  }
  return out
}

const rel = (p: string): string => relative(ROOT, p).split(sep).join('/')

/** Anchors of each game page, from the same parser the app uses. */
const anchorsByPage = Object.fromEntries(RULE_GAMES.map((g) => [g, RULES[g].doc.anchors]))
const defined = new Set(RULE_GAMES.flatMap((g) => RULES[g].doc.anchors))

function inlineRefs(nodes: readonly Inline[], out: string[]): void {
  for (const n of nodes) {
    if (n.t === 'rule') out.push(n.id)
    else if (n.t === 'strong' || n.t === 'em' || n.t === 'link') inlineRefs(n.children, out)
  }
}
function blockRefs(blocks: readonly Block[], out: string[] = []): string[] {
  for (const b of blocks) {
    if (b.t === 'heading' || b.t === 'para') inlineRefs(b.children, out)
    else if (b.t === 'list')
      for (const i of b.items) {
        inlineRefs(i.children, out)
        blockRefs(i.sub, out)
      }
    else if (b.t === 'table')
      for (const cells of [b.head, ...b.rows.map((r) => r.cells)]) for (const c of cells) inlineRefs(c, out)
  }
  return out
}

describe('docs/rules', () => {
  it('has one page per game plus the index, and the app bundles exactly those files', () => {
    const files = readdirSync(DOCS)
      .filter((f) => f.endsWith('.md'))
      .sort()
    expect(files).toEqual(['README.md', 'ennea.md', 'nine.md', 'seven-eight-nine.md', 'wild-nine.md'])
    for (const page of PAGES) {
      const file = page === 'overview' ? 'README.md' : `${page}.md`
      expect(PAGE_SOURCES[page], file).toBe(readFileSync(join(DOCS, file), 'utf8'))
    }
    const index = readFileSync(join(DOCS, 'README.md'), 'utf8')
    for (const g of RULE_GAMES) expect(index, `README.md links ${g}.md`).toContain(`](${g}.md)`)
  })

  it('defines every rule ID cited in src/ and tests/', () => {
    const cited = new Map<string, string>()
    for (const file of [...walk(join(ROOT, 'src')), ...walk(join(ROOT, 'tests'))]) {
      for (const m of readFileSync(file, 'utf8').matchAll(CITED_ID)) if (!cited.has(m[0])) cited.set(m[0], rel(file))
    }
    expect(cited.size).toBeGreaterThan(100)
    const missing = [...cited].filter(([id]) => !defined.has(id)).map(([id, file]) => `${id} (cited in ${file})`)
    expect(missing).toEqual([])
  })

  it('defines each rule once, on its own game page', () => {
    for (const g of RULE_GAMES) {
      const anchors = anchorsByPage[g]!
      const dupes = anchors.filter((a, i) => anchors.indexOf(a) !== i)
      expect(dupes, `${g}.md defines these twice`).toEqual([])
      const elsewhere = anchors.filter((a) => gameOfRule(a) !== g)
      expect(elsewhere, `${g}.md defines another game's rules`).toEqual([])
    }
  })

  it('numbers each kind of rule 1, 2, 3, … without gaps', () => {
    for (const g of RULE_GAMES) {
      const byKind = new Map<string, number[]>()
      for (const a of anchorsByPage[g]!) {
        const m = /^[A-Z]{2}-([A-Z]+)([0-9]+)$/.exec(a)
        if (!m) continue
        byKind.set(m[1]!, [...(byKind.get(m[1]!) ?? []), Number(m[2])])
      }
      expect([...byKind.keys()].sort(), g).toEqual(['A', 'G', 'R', 'V'])
      for (const [kind, nums] of byKind)
        expect(
          [...nums].sort((a, b) => a - b),
          `${g} ${kind}`,
        ).toEqual(nums.map((_, i) => i + 1))
    }
  })

  it('resolves every rule reference inside the pages', () => {
    for (const page of PAGES) {
      const dangling = blockRefs(RULES[page].doc.blocks).filter((id) => !defined.has(id))
      expect(dangling, `${page}: references to undefined rules`).toEqual([])
    }
  })

  it('documents every house rule with its default, on its game page and in the index', () => {
    const prefix = { ennea: 'ennea', 'wild-nine': 'wildNine', nine: 'nine', 'seven-eight-nine': 'sen' } as const
    const index = RULES.overview.doc
    for (const g of RULE_GAMES) {
      const page = RULES[g].doc
      for (const rule of HOUSE_RULES[g]) {
        const key = `${prefix[g]}.${rule.key}`
        for (const [where, doc] of [
          [`${g}.md`, page],
          ['README.md', index],
        ] as const) {
          const row = doc.blocks.flatMap((b) => (b.t === 'table' ? b.rows : [])).find((r) => r.anchor === key)
          expect(row, `${where} has a row for ${key}`).toBeDefined()
          const defaultCell = row!.cells[where === 'README.md' ? 2 : 1] ?? []
          const first = defaultCell[0]
          expect(first?.t === 'code' ? first.text : null, `${where}: default of ${key}`).toBe(String(rule.default))
        }
      }
      const keys = page.anchors.filter((a) => a.includes('.'))
      expect(keys.sort(), `${g}.md documents no other house rules`).toEqual(
        HOUSE_RULES[g].map((r) => `${prefix[g]}.${r.key}`).sort(),
      )
    }
  })

  it('finds rules by text and by ID', () => {
    const ninety = searchRules('99')
    expect(ninety.some((e) => e.anchor === 'NI-R15')).toBe(true)
    expect(ninety.every((e) => e.haystack.includes('99'))).toBe(true)
    expect(searchRules('en-r21')[0]?.anchor).toBe('EN-R21')
    expect(searchRules('minimum loss').map((e) => e.anchor)).toContain('EN-R21')
    expect(searchRules('   ')).toEqual([])
    expect(searchRules('zzzz-nothing-like-this')).toEqual([])
  })
})

// ---------------------------------------------------------------- the repository stands alone

/** Paths to documents outside the repository, however they are written. */
const OUTSIDE_PATH =
  /(?:\.\.\/)+shared\/[\w./-]*|(?<![\w/-]src\/)(?<![\w-])shared\/(?:rules|design)\b[\w./-]*|\/work\/shared\b[\w./-]*/g
/** A Markdown file named in text, e.g. `docs/BENCHMARKS.md` or `RULES-API.md`. */
const MD_NAME = /(?<![\w.-])(?:\.{1,2}\/)*[\w-]+(?:\/[\w.-]+)*\.md\b/g

function outsideRefs(file: string, text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(OUTSIDE_PATH)) {
    const ref = m[0]
    // A relative path into a folder of this repository (src/renderer/... importing ../../../shared/...) is fine.
    const target = resolve(dirname(file), ref)
    if (ref.startsWith('..') && !rel(target).startsWith('..') && existsSync(dirname(target))) continue
    found.push(ref)
  }
  for (const m of text.matchAll(MD_NAME)) {
    const ref = m[0]
    if (ref.includes('node_modules')) continue
    if (ref.includes('/')) {
      // A path: only one that climbs out of the repository is wrong (a relative path that stays inside is fine).
      if (ref.startsWith('..') && rel(resolve(dirname(file), ref)).startsWith('..') && !found.includes(ref))
        found.push(ref)
      continue
    }
    // A bare file name must be a file of this repository.
    if (!allFiles.some((f) => f.endsWith(`/${ref}`) || f === ref)) found.push(ref)
  }
  return found
}

/** Everything that ships or builds: the source folders, CI, and the configuration files at the root. */
const ROOT_FILES = readdirSync(ROOT).filter(
  (f) => /\.(ts|mts|mjs|cjs|js|json|yml|yaml|md)$/.test(f) && f !== 'package-lock.json',
)
const CI_FILES = existsSync(join(ROOT, '.ci'))
  ? readdirSync(join(ROOT, '.ci'))
      .map((f) => join(ROOT, '.ci', f))
      .filter((f) => statSync(f).isFile())
  : []
const SCANNED = ['src', 'tests', 'scripts', 'docs', 'bench', 'resources']
  .flatMap((d) => walk(join(ROOT, d)))
  .concat(
    ROOT_FILES.map((f) => join(ROOT, f)),
    CI_FILES,
  )
const allFiles = walk(ROOT).map(rel)

describe('the repository stands alone', () => {
  it('refers to no document outside the repository (src, tests, scripts, docs, bench, resources, CI, root files)', () => {
    const offenders: string[] = []
    for (const file of SCANNED) {
      const name = rel(file)
      // This file spells out offending references on purpose, as test data.
      if (name === 'tests/unit/rules-docs.test.ts') continue
      for (const ref of outsideRefs(file, readFileSync(file, 'utf8'))) offenders.push(`${name}: ${ref}`)
    }
    expect(offenders).toEqual([])
  })

  it('recognises references that leave the repository and ignores those that stay inside', () => {
    const here = join(ROOT, 'src/renderer/src/lib/api.ts')
    expect(outsideRefs(here, "import type { Result } from '../../../shared/result'")).toEqual([])
    expect(outsideRefs(here, 'see ../../../../../shared/rules/SPEC.md')).not.toEqual([])
    expect(outsideRefs(join(ROOT, 'README.md'), 'Design notes: `../shared/design/ARCHITECTURE.md`')).not.toEqual([])
    expect(outsideRefs(here, '(see shared/design/SYNC-NOTES.md)')).not.toEqual([])
    // one level up from a folder at the root is the root: ../shared/design is no folder of the repository
    expect(outsideRefs(join(ROOT, '.ci/run'), '# notes in ../shared/design/CI.md')).not.toEqual([])
    expect(outsideRefs(here, 'public rules API (RULES-API.md)')).toEqual(['RULES-API.md'])
    expect(outsideRefs(here, 'results in docs/BENCHMARKS.md; rules in docs/rules/nine.md')).toEqual([])
    expect(outsideRefs(here, 'the rules of src/shared/games/ennea/engine.ts')).toEqual([])
  })
})
