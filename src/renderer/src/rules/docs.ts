/**
 * The rules pages of docs/rules/, bundled as text at build time and parsed once: the Rules screen
 * shows them and searches them. The repository's Markdown files are the only source; which page is
 * whose comes from each game's facts (`rules.page`).
 */
import { GAME_IDS, mapFacts } from '../../../shared/games/ids'
import { RULE_GAME_NAMES, searchTerms, type RuleGame } from './ids'
import { parseMarkdown, plainText, type Block, type Inline, type ParsedDoc } from './markdown'

export type RulesPage = 'overview' | RuleGame

/** Every page of docs/rules/ by file name; each game's facts name its page. */
const FILES: Record<string, string> = import.meta.glob('../../../../docs/rules/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
})

function source(file: string): string {
  const text = FILES[`../../../../docs/rules/${file}`]
  if (text === undefined) throw new Error(`docs/rules/${file} is missing: every game needs its rules page.`)
  return text
}

export const PAGE_SOURCES: Record<RulesPage, string> = {
  overview: source('README.md'),
  ...mapFacts((f) => source(f.rules.page)),
}

export const PAGE_NAMES: Record<RulesPage, string> = { overview: 'Overview', ...RULE_GAME_NAMES }
export const PAGES: readonly RulesPage[] = ['overview', ...GAME_IDS]

/** One searchable, linkable rule: a rule heading with its text, or a table row with its header. */
export interface RuleEntry {
  page: RulesPage
  anchor: string
  /** The heading or first cell, e.g. "EN-R10 Stake". */
  title: string
  /** The blocks that show this entry on its own (a heading entry's section, a row as a one-row table). */
  blocks: Block[]
  /** Lower-case text searched for the query: ID, title and body. */
  haystack: string
}

/** A page cut for display: each rule heading with its text becomes one linkable section. */
export type PageChunk = { anchor: string; blocks: Block[] } | { anchor: null; blocks: Block[] }

export interface RulesDoc {
  page: RulesPage
  doc: ParsedDoc
  chunks: PageChunk[]
  entries: RuleEntry[]
}

export function chunksOf(doc: ParsedDoc): PageChunk[] {
  const out: PageChunk[] = []
  let plain: Block[] = []
  const blocks = doc.blocks
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!
    if (b.t === 'heading' && b.anchor) {
      if (plain.length) out.push({ anchor: null, blocks: plain })
      plain = []
      let j = i + 1
      while (j < blocks.length && blocks[j]!.t !== 'heading') j++
      out.push({ anchor: b.anchor, blocks: blocks.slice(i, j) })
      i = j - 1
    } else plain.push(b)
  }
  if (plain.length) out.push({ anchor: null, blocks: plain })
  return out
}

function blockText(b: Block): string {
  switch (b.t) {
    case 'heading':
    case 'para':
      return plainText(b.children)
    case 'list':
      return b.items.map((i) => `${plainText(i.children)} ${i.sub.map(blockText).join(' ')}`).join(' ')
    case 'table':
      return [b.head, ...b.rows.map((r) => r.cells)].map((cells) => cells.map(plainText).join(' ')).join(' ')
    case 'rule-line':
      return ''
  }
}

/** Splits a parsed page into its rules: every anchored heading (up to the next heading) and every anchored row or list item. */
export function entriesOf(page: RulesPage, doc: ParsedDoc): RuleEntry[] {
  const out: RuleEntry[] = []
  const blocks = doc.blocks
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!
    if (b.t === 'heading' && b.anchor) {
      let j = i + 1
      while (j < blocks.length && blocks[j]!.t !== 'heading') j++
      const section = blocks.slice(i, j)
      const title = plainText(b.children)
      out.push({
        page,
        anchor: b.anchor,
        title,
        blocks: section,
        haystack: section.map(blockText).join(' ').toLowerCase(),
      })
    } else if (b.t === 'table') {
      for (const row of b.rows) {
        if (!row.anchor) continue
        const one: Block = { ...b, rows: [row] }
        const title = plainText(row.cells[0] ?? [])
        out.push({ page, anchor: row.anchor, title, blocks: [one], haystack: blockText(one).toLowerCase() })
      }
    } else if (b.t === 'list') {
      for (const item of b.items) {
        if (!item.anchor) continue
        const one: Block = { ...b, items: [item] }
        const title = plainText(firstStrong(item.children))
        out.push({ page, anchor: item.anchor, title, blocks: [one], haystack: blockText(one).toLowerCase() })
      }
    }
  }
  return out
}

function firstStrong(nodes: Inline[]): Inline[] {
  const first = nodes[0]
  return first?.t === 'strong' ? first.children : nodes
}

export const RULES: Record<RulesPage, RulesDoc> = Object.fromEntries(
  PAGES.map((page) => {
    const doc = parseMarkdown(PAGE_SOURCES[page])
    return [page, { page, doc, chunks: chunksOf(doc), entries: page === 'overview' ? [] : entriesOf(page, doc) }]
  }),
) as Record<RulesPage, RulesDoc>

/**
 * The rules matching a query: every word must appear (any case) in the rule's ID, title or text.
 * A query that is a rule ID ("en-r10") puts that rule first.
 */
export function searchRules(query: string, page: RulesPage | 'all' = 'all'): RuleEntry[] {
  const words = searchTerms(query)
  if (words.length === 0) return []
  const pool = page === 'all' ? PAGES.flatMap((p) => RULES[p].entries) : RULES[page].entries
  const hits = pool.filter((e) => words.every((w) => e.haystack.includes(w)))
  const exact = query.trim().toUpperCase()
  return hits.sort((a, b) => Number(b.anchor === exact) - Number(a.anchor === exact))
}
