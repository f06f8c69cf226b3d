/**
 * The Markdown reader for the rules in docs/rules/: marked's lexer (CommonMark + GFM tables) reads the
 * file, and its tokens are turned here into plain data that Svelte renders as text nodes (MdBlocks.svelte).
 * Nothing is rendered by marked and there is no HTML node type at all: HTML in a file (`<b>`, a
 * `<div>` block) stays its characters as text, and links only ever point inside the app.
 *
 * Kept: headings, paragraphs, lists (nested), pipe tables, `---`, and inline strong, emphasis, code,
 * links and escapes. Rule IDs in text become rule references. Anything else marked recognises (a
 * quote, a code block, an image, strike-through) is shown as its text.
 *
 * Anchors: a rule is *defined* where its ID starts a heading (`### EN-R10 Stake`), a list item
 * (`- **EN-A5 ...**`), or the first cell of a table row (`| EN-V7 | ...`); a house-rule key in code
 * in a row's first cell (`` `nine.result` ``) is an anchor too. Every other mention is a reference.
 */
import { Lexer, type Token, type Tokens } from 'marked'
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

/** A rule ID standing on its own: not inside a longer word or ID (XEN-R1, EN-R1x). */
const RULE_ID = /(?<![A-Za-z0-9-])(?:EN|WN|NI|SE)-[A-Z]+[0-9]+(?![A-Za-z0-9])/g

/** Text with its rule IDs as references; a line break inside a paragraph reads as a space. */
function textNodes(text: string): Inline[] {
  const flat = text.replace(/[ \t]*\n[ \t]*/g, ' ')
  const out: Inline[] = []
  let from = 0
  for (const m of flat.matchAll(RULE_ID)) {
    if (m.index > from) out.push({ t: 'text', text: flat.slice(from, m.index) })
    out.push({ t: 'rule', id: m[0] })
    from = m.index + m[0].length
  }
  if (from < flat.length) out.push({ t: 'text', text: flat.slice(from) })
  return out
}

/** marked's inline tokens as our inline nodes; what has no node of its own is its source text. */
function inlineNodes(tokens: readonly Token[]): Inline[] {
  const out: Inline[] = []
  for (const token of tokens) {
    switch (token.type) {
      case 'text': {
        const t = token as Tokens.Text
        out.push(...(t.tokens ? inlineNodes(t.tokens) : textNodes(t.text)))
        break
      }
      case 'escape':
        out.push({ t: 'text', text: (token as Tokens.Escape).text })
        break
      case 'strong':
        out.push({ t: 'strong', children: inlineNodes((token as Tokens.Strong).tokens) })
        break
      case 'em':
        out.push({ t: 'em', children: inlineNodes((token as Tokens.Em).tokens) })
        break
      case 'codespan':
        out.push({ t: 'code', text: (token as Tokens.Codespan).text.replace(/\n/g, ' ') })
        break
      case 'link': {
        const t = token as Tokens.Link
        const label = inlineNodes(t.tokens)
        const href = appHref(t.href.trim())
        if (href) out.push({ t: 'link', href, children: label })
        else out.push(...label)
        break
      }
      case 'br':
        out.push({ t: 'text', text: ' ' })
        break
      default:
        // inline HTML, an image, strike-through...: its characters, as text
        out.push({ t: 'text', text: token.raw.replace(/[ \t]*\n[ \t]*/g, ' ') })
    }
  }
  return mergeText(out)
}

export function parseInline(src: string): Inline[] {
  return inlineNodes(new Lexer(OPTIONS).inlineTokens(src))
}

function mergeText(nodes: Inline[]): Inline[] {
  const out: Inline[] = []
  for (const n of nodes) {
    const last = out[out.length - 1]
    if (n.t === 'text' && last?.t === 'text') last.text += n.text
    else if (n.t !== 'text' || n.text !== '') out.push(n)
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

/** CommonMark with GitHub's tables, as the files are written for; no HTML is ever rendered from it. */
const OPTIONS = { gfm: true, breaks: false } as const

function blockNodes(tokens: readonly Token[], anchors: string[]): Block[] {
  const out: Block[] = []
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'def':
        break
      case 'heading': {
        const t = token as Tokens.Heading
        const children = inlineNodes(t.tokens)
        const id = leadingRuleId(children)
        if (id) anchors.push(id)
        out.push({ t: 'heading', level: t.depth, anchor: id, children: id ? unlinkLeading(children) : children })
        break
      }
      case 'paragraph':
      case 'text': {
        const t = token as Tokens.Paragraph | Tokens.Text
        const children = t.tokens ? inlineNodes(t.tokens) : textNodes(t.text)
        if (children.length) out.push({ t: 'para', children })
        break
      }
      case 'list': {
        const t = token as Tokens.List
        const items = t.items.map((item): ListItem => {
          const [first, ...rest] = item.tokens
          const lead = first && (first.type === 'text' || first.type === 'paragraph')
          const children = lead ? inlineNodes((first as Tokens.Text).tokens ?? []) : []
          if (lead && !(first as Tokens.Text).tokens) children.push(...textNodes((first as Tokens.Text).text))
          const id = leadingRuleId(children)
          if (id) anchors.push(id)
          const sub = blockNodes(lead ? rest : item.tokens, anchors)
          return { anchor: id, children: id ? unlinkLeading(children) : children, sub }
        })
        out.push({ t: 'list', ordered: t.ordered, items })
        break
      }
      case 'table': {
        const t = token as Tokens.Table
        const head = t.header.map((cell) => inlineNodes(cell.tokens))
        const rows: TableRow[] = t.rows.map((row) => {
          const cells = row.map((cell) => inlineNodes(cell.tokens))
          while (cells.length < head.length) cells.push([])
          cells.length = head.length
          const first = cells[0] ?? []
          let anchor = leadingRuleId(first)
          if (anchor && plainText(first).trim() === anchor) cells[0] = unlinkLeading(first)
          else anchor = null
          if (!anchor && first.length === 1 && first[0]!.t === 'code' && HOUSE_RULE_KEY.test(first[0]!.text))
            anchor = first[0]!.text
          if (anchor) anchors.push(anchor)
          return { anchor, cells }
        })
        out.push({ t: 'table', head, align: t.align.map((a) => a ?? null), rows })
        break
      }
      case 'hr':
        out.push({ t: 'rule-line' })
        break
      case 'blockquote':
        out.push(...blockNodes((token as Tokens.Blockquote).tokens, anchors))
        break
      case 'code':
        out.push({ t: 'para', children: [{ t: 'code', text: (token as Tokens.Code).text }] })
        break
      default: {
        // an HTML block (or anything else marked adds): its characters, as a paragraph of text
        const text = token.raw.trim().replace(/\s*\n\s*/g, ' ')
        if (text) out.push({ t: 'para', children: [{ t: 'text', text }] })
      }
    }
  }
  return out
}

export function parseMarkdown(src: string): ParsedDoc {
  const anchors: string[] = []
  const blocks = blockNodes(new Lexer(OPTIONS).lex(src), anchors)
  return { blocks, anchors }
}
