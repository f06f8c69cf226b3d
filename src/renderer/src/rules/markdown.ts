/**
 * A small Markdown reader for the rules in docs/rules/: just what those files use, parsed into plain
 * data that Svelte renders as text nodes (MarkdownBlocks.svelte). There is no HTML node type at all:
 * `<b>` in a file stays the five characters `<b>`, and links only ever point inside the app.
 *
 * Supported: `#` headings, paragraphs, `-` and `1.` lists (nested by two-space indents), pipe tables,
 * `---`, and inline `**strong**`, `*emphasis*`, `` `code` ``, `[text](target)` and `\` escapes.
 * Rule IDs in text become rule references.
 *
 * Anchors: a rule is *defined* where its ID starts a heading (`### EN-R10 Stake`), a list item
 * (`- **EN-A5 ...**`), or the first cell of a table row (`| EN-V7 | ...`); a house-rule key in code
 * in a row's first cell (`` `nine.result` ``) is an anchor too. Every other mention is a reference.
 */
import { GAME_FACTS, GAME_IDS } from '../../../shared/games/ids'
import { HOUSE_RULE_KEY, gameOfRule, ruleHref, type RuleGame } from './ids'

export type Inline =
  | { t: 'text'; text: string }
  | { t: 'strong'; children: Inline[] }
  | { t: 'em'; children: Inline[] }
  | { t: 'code'; text: string }
  | { t: 'link'; href: string; children: Inline[] }
  | { t: 'rule'; id: string }

export interface ListItem {
  anchor: string | null
  children: Inline[]
  sub: Block[]
}

export interface TableRow {
  anchor: string | null
  cells: Inline[][]
}

export type Align = 'left' | 'center' | 'right' | null

export type Block =
  | { t: 'heading'; level: number; anchor: string | null; children: Inline[] }
  | { t: 'para'; children: Inline[] }
  | { t: 'list'; ordered: boolean; items: ListItem[] }
  | { t: 'table'; head: Inline[][]; align: Align[]; rows: TableRow[] }
  | { t: 'rule-line' }

export interface ParsedDoc {
  blocks: Block[]
  /** Every anchor in document order (duplicates included, so a test can find them). */
  anchors: string[]
}

/** The text of inline nodes without any markup. */
export function plainText(nodes: readonly Inline[]): string {
  return nodes
    .map((n) => {
      switch (n.t) {
        case 'text':
        case 'code':
          return n.text
        case 'rule':
          return n.id
        case 'strong':
        case 'em':
        case 'link':
          return plainText(n.children)
      }
    })
    .join('')
}

// ---------------------------------------------------------------- links

/** Each rules file's page: the overview, or the game whose facts name it. */
const DOC_GAME: ReadonlyMap<string, RuleGame | 'index'> = new Map<string, RuleGame | 'index'>([
  ['README.md', 'index'],
  ...GAME_IDS.map((g) => [GAME_FACTS[g].rules.page, g] as const),
])

/**
 * Where a Markdown link goes in the app, or null when it must stay plain text. Only links between
 * the rules files (`nine.md`, `nine.md#NI-R12`, `#NI-R12`) are followed; anything else (another
 * scheme, another site, another file) is not a link in the app.
 */
export function appHref(target: string): string | null {
  const m = /^(?:\.\/)?([a-z-]+\.md|README\.md)?(?:#([A-Za-z0-9.-]+))?$/.exec(target)
  if (!m || (!m[1] && !m[2])) return null
  const file = m[1]
  const frag = m[2]
  if (frag) {
    const game = gameOfRule(frag)
    if (!game) return null
    if (file && DOC_GAME.get(file) !== game) return null
    return ruleHref(frag)
  }
  const game = file ? DOC_GAME.get(file) : undefined
  if (!game) return null
  return game === 'index' ? '#/rules' : `#/rules/${game}`
}

// ---------------------------------------------------------------- inline

const RULE_AT = /^(?:EN|WN|NI|SE)-[A-Z]+[0-9]+(?![A-Za-z0-9])/

export function parseInline(src: string): Inline[] {
  const out: Inline[] = []
  let buf = ''
  const flush = (): void => {
    if (buf) out.push({ t: 'text', text: buf })
    buf = ''
  }
  let i = 0
  while (i < src.length) {
    const c = src[i]!
    const prev = i > 0 ? src[i - 1]! : ''
    if (c === '\\' && i + 1 < src.length && /[\\`*_[\]()#|.!-]/.test(src[i + 1]!)) {
      buf += src[i + 1]
      i += 2
      continue
    }
    if (c === '`') {
      const end = src.indexOf('`', i + 1)
      if (end > i) {
        flush()
        out.push({ t: 'code', text: src.slice(i + 1, end) })
        i = end + 1
        continue
      }
    }
    if (c === '*' && src[i + 1] === '*') {
      const end = src.indexOf('**', i + 2)
      if (end > i + 2) {
        flush()
        out.push({ t: 'strong', children: parseInline(src.slice(i + 2, end)) })
        i = end + 2
        continue
      }
    }
    if (c === '*' && src[i + 1] !== ' ' && src[i + 1] !== '*') {
      const end = src.indexOf('*', i + 1)
      if (end > i + 1 && src[end - 1] !== ' ' && src[end + 1] !== '*') {
        flush()
        out.push({ t: 'em', children: parseInline(src.slice(i + 1, end)) })
        i = end + 1
        continue
      }
    }
    if (c === '[') {
      const close = src.indexOf('](', i + 1)
      const end = close > i ? closingParen(src, close + 2) : -1
      if (close > i && end > close) {
        const label = parseInline(src.slice(i + 1, close))
        const href = appHref(src.slice(close + 2, end).trim())
        flush()
        if (href) out.push({ t: 'link', href, children: label })
        else out.push(...label)
        i = end + 1
        continue
      }
    }
    if ((c === 'E' || c === 'W' || c === 'N' || c === 'S') && !/[A-Za-z0-9-]/.test(prev)) {
      const m = RULE_AT.exec(src.slice(i))
      if (m) {
        flush()
        out.push({ t: 'rule', id: m[0] })
        i += m[0].length
        continue
      }
    }
    buf += c
    i++
  }
  flush()
  return mergeText(out)
}

/** The index of the `)` closing a link target that starts at `from`, allowing nested parentheses. */
function closingParen(src: string, from: number): number {
  let depth = 0
  for (let j = from; j < src.length; j++) {
    if (src[j] === '(') depth++
    else if (src[j] === ')') {
      if (depth === 0) return j
      depth--
    }
  }
  return -1
}

function mergeText(nodes: Inline[]): Inline[] {
  const out: Inline[] = []
  for (const n of nodes) {
    const last = out[out.length - 1]
    if (n.t === 'text' && last?.t === 'text') last.text += n.text
    else out.push(n)
  }
  return out
}

/** The ID a run of inline nodes starts with, if its first word is a rule ID. */
function leadingRuleId(nodes: readonly Inline[]): string | null {
  const first = nodes[0]
  if (!first) return null
  if (first.t === 'rule') return first.id
  if (first.t === 'strong') return leadingRuleId(first.children)
  return null
}

/** A defining mention is plain text, not a link to itself. */
function unlinkLeading(nodes: Inline[]): Inline[] {
  const [first, ...rest] = nodes
  if (!first) return nodes
  if (first.t === 'rule') return mergeText([{ t: 'text', text: first.id }, ...rest])
  if (first.t === 'strong') return [{ t: 'strong', children: unlinkLeading(first.children) }, ...rest]
  return nodes
}

// ---------------------------------------------------------------- blocks

function splitCells(line: string): string[] {
  let s = line.trim()
  if (s.startsWith('|')) s = s.slice(1)
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1)
  const cells: string[] = []
  let cur = ''
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && s[i + 1] === '|') {
      cur += '\\|'
      i++
    } else if (s[i] === '|') {
      cells.push(cur.trim())
      cur = ''
    } else cur += s[i]
  }
  cells.push(cur.trim())
  return cells
}

const TABLE_SEP = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/
const LIST_ITEM = /^( *)([-*]|\d+\.) +(.*)$/
const HEADING = /^(#{1,6}) +(.*?) *#*$/

interface OpenList {
  indent: number
  list: { t: 'list'; ordered: boolean; items: ListItem[] }
}

export function parseMarkdown(src: string): ParsedDoc {
  const lines = src.replace(/\r\n?/g, '\n').split('\n')
  const blocks: Block[] = []
  const anchors: string[] = []
  let para: string[] = []
  let lists: OpenList[] = []
  /** Raw text of the list item being read (continuation lines are appended). */
  let itemText: { item: ListItem; text: string } | null = null

  const closeItem = (): void => {
    if (!itemText) return
    const children = parseInline(itemText.text)
    const id = leadingRuleId(children)
    itemText.item.anchor = id
    itemText.item.children = id ? unlinkLeading(children) : children
    if (id) anchors.push(id)
    itemText = null
  }
  const closeLists = (): void => {
    closeItem()
    lists = []
  }
  const closePara = (): void => {
    if (para.length) blocks.push({ t: 'para', children: parseInline(para.join(' ')) })
    para = []
  }

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === '') {
      closePara()
      // A blank line ends a list unless the next line continues it (indented or another item).
      const next = lines.slice(i + 1).find((l) => l.trim() !== '') ?? ''
      if (lists.length && !(LIST_ITEM.test(next) || /^ {2,}\S/.test(next))) closeLists()
      else closeItem()
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      closePara()
      closeLists()
      const children = parseInline(heading[2]!)
      const id = leadingRuleId(children)
      if (id) anchors.push(id)
      blocks.push({
        t: 'heading',
        level: heading[1]!.length,
        anchor: id,
        children: id ? unlinkLeading(children) : children,
      })
      continue
    }
    if (/^ {0,3}(-{3,}|\*{3,})\s*$/.test(line) && !lists.length) {
      closePara()
      blocks.push({ t: 'rule-line' })
      continue
    }
    if (line.trimStart().startsWith('|') && TABLE_SEP.test(lines[i + 1] ?? '')) {
      closePara()
      closeLists()
      const head = splitCells(line).map(parseInline)
      const align: Align[] = splitCells(lines[i + 1]!).map((c) =>
        c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : null,
      )
      const rows: TableRow[] = []
      i += 2
      for (; i < lines.length && lines[i]!.trimStart().startsWith('|'); i++) {
        const cells = splitCells(lines[i]!).map(parseInline)
        while (cells.length < head.length) cells.push([])
        cells.length = head.length
        const first = cells[0] ?? []
        let anchor = leadingRuleId(first)
        if (anchor && plainText(first).trim() === anchor) cells[0] = unlinkLeading(first)
        else anchor = null
        if (!anchor && first.length === 1 && first[0]!.t === 'code' && HOUSE_RULE_KEY.test(first[0]!.text))
          anchor = first[0]!.text
        if (anchor) anchors.push(anchor)
        rows.push({ anchor, cells })
      }
      i--
      blocks.push({ t: 'table', head, align, rows })
      continue
    }
    const item = LIST_ITEM.exec(line)
    if (item && (lists.length || !para.length)) {
      closePara()
      closeItem()
      const indent = item[1]!.length
      const ordered = /\d/.test(item[2]!)
      while (lists.length && lists[lists.length - 1]!.indent > indent) lists.pop()
      let top = lists[lists.length - 1]
      if (!top || top.indent < indent || top.list.ordered !== ordered) {
        const list: OpenList['list'] = { t: 'list', ordered, items: [] }
        const parent = top?.list.items[top.list.items.length - 1]
        if (top && top.indent < indent && parent) parent.sub.push(list)
        else {
          if (top && top.indent === indent) lists.pop()
          blocks.push(list)
        }
        top = { indent, list }
        lists.push(top)
      }
      const li: ListItem = { anchor: null, children: [], sub: [] }
      top.list.items.push(li)
      itemText = { item: li, text: item[3]! }
      continue
    }
    if (lists.length) {
      // A continuation line of the current item.
      if (itemText) itemText.text += ` ${line.trim()}`
      else {
        const open = lists[lists.length - 1]!.list
        const last = open.items[open.items.length - 1]
        if (last) last.sub.push({ t: 'para', children: parseInline(line.trim()) })
      }
      continue
    }
    para.push(line.trim())
  }
  closePara()
  closeLists()
  return { blocks, anchors }
}
