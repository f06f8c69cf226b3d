/**
 * The Markdown reader behind the Rules screen: what it recognises, that nothing in a file can become
 * markup or a link out of the app, and the rule-ID helpers that RuleLink and RuleText use.
 */
import { describe, expect, it } from 'vitest'
import { chunksOf, entriesOf } from '../../src/renderer/src/rules/docs'
import {
  gameOfRule,
  highlightParts,
  parseRulesParam,
  ruleHref,
  searchTerms,
  splitRuleIds,
} from '../../src/renderer/src/rules/ids'
import {
  appHref,
  parseInline,
  parseMarkdown,
  plainText,
  type Block,
  type Inline,
} from '../../src/renderer/src/rules/markdown'

/** Every node type that occurs anywhere in a parsed document. */
function nodeTypes(blocks: readonly Block[], out = new Set<string>()): Set<string> {
  const inl = (nodes: readonly Inline[]): void => {
    for (const n of nodes) {
      out.add(n.t)
      if ('children' in n) inl(n.children)
    }
  }
  for (const b of blocks) {
    out.add(b.t)
    if (b.t === 'heading' || b.t === 'para') inl(b.children)
    if (b.t === 'list')
      for (const i of b.items) {
        inl(i.children)
        nodeTypes(i.sub, out)
      }
    if (b.t === 'table') for (const cells of [b.head, ...b.rows.map((r) => r.cells)]) cells.forEach(inl)
  }
  return out
}

function links(blocks: readonly Block[]): string[] {
  const out: string[] = []
  const inl = (nodes: readonly Inline[]): void => {
    for (const n of nodes) {
      if (n.t === 'link') out.push(n.href)
      if ('children' in n) inl(n.children)
    }
  }
  for (const b of blocks) {
    if (b.t === 'heading' || b.t === 'para') inl(b.children)
    if (b.t === 'list') for (const i of b.items) inl(i.children)
    if (b.t === 'table') for (const cells of [b.head, ...b.rows.map((r) => r.cells)]) cells.forEach(inl)
  }
  return out
}

describe('parseInline', () => {
  it('reads strong, emphasis, code, escapes and rule references', () => {
    expect(parseInline('a **b *c* d** `x*y` \\*z\\* EN-R21.')).toEqual([
      { t: 'text', text: 'a ' },
      {
        t: 'strong',
        children: [
          { t: 'text', text: 'b ' },
          { t: 'em', children: [{ t: 'text', text: 'c' }] },
          { t: 'text', text: ' d' },
        ],
      },
      { t: 'text', text: ' ' },
      { t: 'code', text: 'x*y' },
      { t: 'text', text: ' *z* ' },
      { t: 'rule', id: 'EN-R21' },
      { t: 'text', text: '.' },
    ])
  })

  it('takes only whole rule IDs as references', () => {
    const ids = (s: string) => parseInline(s).flatMap((n) => (n.t === 'rule' ? [n.id] : []))
    expect(ids('(NI-R12) and WN-V8, SE-G01; EN-A5')).toEqual(['NI-R12', 'WN-V8', 'SE-G01', 'EN-A5'])
    expect(ids('XEN-R1 EN-R1x EN-r1 OPEN-R2 EN-R')).toEqual([])
    expect(ids('in `EN-R10` code')).toEqual([])
  })

  it('keeps markup characters of HTML as text', () => {
    const nodes = parseInline('<img src=x onerror=alert(1)> & <b>bold</b>')
    expect(nodes).toEqual([{ t: 'text', text: '<img src=x onerror=alert(1)> & <b>bold</b>' }])
  })

  it('follows links between the rules pages only', () => {
    expect(parseInline('[Nine](nine.md)')).toEqual([
      { t: 'link', href: '#/rules/nine', children: [{ t: 'text', text: 'Nine' }] },
    ])
    expect(parseInline('[the limit](nine.md#NI-R15)')[0]).toMatchObject({ t: 'link', href: '#/rules/nine/NI-R15' })
    // Any other target keeps the label as text and drops the link.
    for (const target of [
      'javascript:alert(1)',
      'https://example.com/',
      '//evil.test/x',
      'data:text/html,x',
      '../../etc/passwd.md',
      'ennea.md#WN-R2',
      'BENCHMARKS.md',
      '#nothing',
    ]) {
      expect(parseInline(`[label](${target})`), target).toEqual([{ t: 'text', text: 'label' }])
    }
  })
})

describe('appHref', () => {
  it('maps page and rule links to app routes', () => {
    expect(appHref('README.md')).toBe('#/rules')
    expect(appHref('./wild-nine.md')).toBe('#/rules/wild-nine')
    expect(appHref('#SE-A3')).toBe('#/rules/seven-eight-nine/SE-A3')
    expect(appHref('ennea.md#ennea.failedLineRemoval')).toBe('#/rules/ennea/ennea.failedLineRemoval')
    expect(appHref('JAVASCRIPT:alert(1)')).toBeNull()
    expect(appHref('')).toBeNull()
  })
})

describe('parseMarkdown', () => {
  const src = [
    '# Game',
    '',
    'Intro with <script>alert(1)</script> and EN-R2.',
    'Second line of the same paragraph.',
    '',
    '## Setup',
    '',
    '### EN-R10 Stake',
    '',
    '- **EN-A5 Shared cubes.** One',
    '  continued.',
    '  - nested EN-R2',
    '- plain item',
    '',
    '1. first',
    '2. second',
    '',
    '| ID | Check |',
    '|---|:---:|',
    '| EN-V7 | a \\| b |',
    '| `ennea.reshuffleEachRound` | x |',
    '| not an ID | EN-V7 again |',
    '',
    '---',
  ].join('\n')
  const doc = parseMarkdown(src)

  it('builds headings, paragraphs, nested lists, tables and rules', () => {
    expect(doc.blocks.map((b) => b.t)).toEqual([
      'heading',
      'para',
      'heading',
      'heading',
      'list',
      'list',
      'table',
      'rule-line',
    ])
    const para = doc.blocks[1]!
    expect(para.t === 'para' && plainText(para.children)).toBe(
      'Intro with <script>alert(1)</script> and EN-R2. Second line of the same paragraph.',
    )
    const list = doc.blocks[4]!
    if (list.t !== 'list') throw new Error('not a list')
    expect(list.items).toHaveLength(2)
    expect(plainText(list.items[0]!.children)).toBe('EN-A5 Shared cubes. One continued.')
    expect(list.items[0]!.sub[0]).toMatchObject({ t: 'list', ordered: false })
    expect(doc.blocks[5]).toMatchObject({ t: 'list', ordered: true })
    const table = doc.blocks[6]!
    if (table.t !== 'table') throw new Error('not a table')
    expect(table.align).toEqual([null, 'center'])
    expect(table.rows.map((r) => plainText(r.cells[1]!))).toEqual(['a | b', 'x', 'EN-V7 again'])
  })

  it('anchors rules where they are defined, not where they are mentioned', () => {
    expect(doc.anchors).toEqual(['EN-R10', 'EN-A5', 'EN-V7', 'ennea.reshuffleEachRound'])
    const heading = doc.blocks[3]!
    // The defining ID is plain text (not a link to itself); later mentions stay references.
    expect(heading).toEqual({
      t: 'heading',
      level: 3,
      anchor: 'EN-R10',
      children: [{ t: 'text', text: 'EN-R10 Stake' }],
    })
    const table = doc.blocks[6]!
    expect(table.t === 'table' && table.rows[2]!.cells[1]).toEqual([
      { t: 'rule', id: 'EN-V7' },
      { t: 'text', text: ' again' },
    ])
  })

  it('has no node type that could carry markup, and no link out of the app, for any input', () => {
    const hostile = [
      '<div onclick="x()">**<i>hi</i>**</div>',
      '[a](javascript:alert(1)) [b](https://x.test) [c](nine.md)',
      '| <b>x</b> | [y](data:text/html,1) |\n|---|---|\n| `</td>` | ](( |',
      '- <li>\n  - [z](file:///etc/passwd)',
      '### <h1>EN-R1</h1>',
    ].join('\n\n')
    const parsed = parseMarkdown(hostile)
    const allowed = new Set([
      'heading',
      'para',
      'list',
      'table',
      'rule-line',
      'text',
      'strong',
      'em',
      'code',
      'link',
      'rule',
    ])
    for (const t of nodeTypes(parsed.blocks)) expect(allowed.has(t), t).toBe(true)
    expect(links(parsed.blocks)).toEqual(['#/rules/nine'])
  })

  it('shows what marked reads beyond the rules files as text: an HTML block, a quote, code, an image, an autolink', () => {
    const parsed = parseMarkdown(
      [
        '<div onclick="x()">',
        '**hi**',
        '</div>',
        '',
        '> quoted EN-R2',
        '',
        '```',
        '<b>code</b>',
        '```',
        '',
        '![alt](https://x.test/i.png) ~~gone~~ https://x.test/ <i>x</i>',
      ].join('\n'),
    )
    expect(parsed.blocks).toEqual([
      { t: 'para', children: [{ t: 'text', text: '<div onclick="x()"> **hi** </div>' }] },
      {
        t: 'para',
        children: [
          { t: 'text', text: 'quoted ' },
          { t: 'rule', id: 'EN-R2' },
        ],
      },
      { t: 'para', children: [{ t: 'code', text: '<b>code</b>' }] },
      { t: 'para', children: [{ t: 'text', text: '![alt](https://x.test/i.png) ~~gone~~ https://x.test/ <i>x</i>' }] },
    ])
    expect(parsed.anchors).toEqual([])
  })

  it('reads Windows line ends and an empty file', () => {
    expect(parseMarkdown('# A\r\n\r\ntext\r\n').blocks.map((b) => b.t)).toEqual(['heading', 'para'])
    expect(parseMarkdown('')).toEqual({ blocks: [], anchors: [] })
  })
})

describe('rule IDs in the app', () => {
  it('knows the game of each ID and house-rule key', () => {
    expect(gameOfRule('EN-R21')).toBe('ennea')
    expect(gameOfRule('WN-G01')).toBe('wild-nine')
    expect(gameOfRule('NI-V7')).toBe('nine')
    expect(gameOfRule('SE-A3')).toBe('seven-eight-nine')
    expect(gameOfRule('sen.declareGap')).toBe('seven-eight-nine')
    expect(gameOfRule('wildNine.cutoff')).toBe('wild-nine')
    expect(gameOfRule('XX-R1')).toBeNull()
    expect(gameOfRule('EN-R21; x')).toBeNull()
  })

  it('links each rule to its place on the Rules screen', () => {
    expect(ruleHref('NI-R12')).toBe('#/rules/nine/NI-R12')
    expect(ruleHref('ennea.failedLineRemoval')).toBe('#/rules/ennea/ennea.failedLineRemoval')
    expect(ruleHref('nonsense')).toBe('#/rules')
  })

  it('reads the rules route back', () => {
    expect(parseRulesParam('nine/NI-R12')).toEqual({ game: 'nine', id: 'NI-R12' })
    expect(parseRulesParam('nine')).toEqual({ game: 'nine', id: null })
    expect(parseRulesParam('NI-R12')).toEqual({ game: 'nine', id: 'NI-R12' })
    // A rule of another game, or an unknown page, is not followed.
    expect(parseRulesParam('ennea/NI-R12')).toEqual({ game: 'ennea', id: null })
    expect(parseRulesParam('chess/EN-R1')).toEqual({ game: null, id: null })
    expect(parseRulesParam('')).toEqual({ game: null, id: null })
  })

  it('splits engine sentences into text and rule IDs', () => {
    expect(splitRuleIds('No 9-line this round: minimum loss of 1 cube (EN-R21); take a lone cube.')).toEqual([
      { kind: 'text', text: 'No 9-line this round: minimum loss of 1 cube (' },
      { kind: 'rule', id: 'EN-R21' },
      { kind: 'text', text: '); take a lone cube.' },
    ])
    expect(splitRuleIds('EN-A19')).toEqual([{ kind: 'rule', id: 'EN-A19' }])
    expect(splitRuleIds('P1 on R1C1, R2C2 (no rule here)')).toEqual([
      { kind: 'text', text: 'P1 on R1C1, R2C2 (no rule here)' },
    ])
    expect(splitRuleIds('')).toEqual([])
  })
})

describe('search helpers', () => {
  it('marks every occurrence of every word, in any case, and merges touching marks', () => {
    expect(highlightParts('At 99 or more: 99 loses', searchTerms('99'))).toEqual([
      { text: 'At ', mark: false },
      { text: '99', mark: true },
      { text: ' or more: ', mark: false },
      { text: '99', mark: true },
      { text: ' loses', mark: false },
    ])
    expect(highlightParts('Minimum Loss', searchTerms('loss MIN'))).toEqual([
      { text: 'Min', mark: true },
      { text: 'imum ', mark: false },
      { text: 'Loss', mark: true },
    ])
    expect(highlightParts('abcabc', ['bca', 'ab'])).toEqual([
      { text: 'abcab', mark: true },
      { text: 'c', mark: false },
    ])
    expect(highlightParts('text', [])).toEqual([{ text: 'text', mark: false }])
    expect(highlightParts('', ['x'])).toEqual([])
    expect(searchTerms('  Minimum   LOSS ')).toEqual(['minimum', 'loss'])
  })

  it('cuts a page into rule sections, rows and items that can be shown and found on their own', () => {
    const doc = parseMarkdown(
      [
        '# Nine',
        '',
        'Intro.',
        '',
        '## Setup',
        '',
        '### NI-R1 The deck',
        '',
        'Fifty-four cards.',
        '',
        '- **NI-A1 Players.** Two to eight.',
        '',
        '## Checks',
        '',
        '| ID | Check |',
        '|---|---|',
        '| NI-V1 | 2 to 8 players |',
        '| note | not a rule |',
      ].join('\n'),
    )
    const chunks = chunksOf(doc)
    expect(chunks.map((c) => c.anchor)).toEqual([null, 'NI-R1', null])
    expect(chunks[1]!.blocks.map((b) => b.t)).toEqual(['heading', 'para', 'list'])
    const entries = entriesOf('nine', doc)
    expect(entries.map((e) => [e.anchor, e.title])).toEqual([
      ['NI-R1', 'NI-R1 The deck'],
      ['NI-A1', 'NI-A1 Players.'],
      ['NI-V1', 'NI-V1'],
    ])
    // A row is found by its own text and by its table's header, never by its neighbours' text.
    const row = entries[2]!
    expect(row.haystack).toContain('2 to 8 players')
    expect(row.haystack).toContain('check')
    expect(row.haystack).not.toContain('not a rule')
    expect(row.blocks).toHaveLength(1)
    expect(row.blocks[0]!.t === 'table' && row.blocks[0]!.rows).toHaveLength(1)
  })
})
