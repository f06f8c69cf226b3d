/**
 * Comments cite what a reader of the repository can open: rule IDs from docs/rules/ and docs sections
 * (docs/ARCHITECTURE.md § Merge rules, docs/SYNC.md § Removing a laptop, …), never a SPEC section or an
 * issue number. This scans every comment in src/, scripts/, bench/ and the root build configs (line,
 * block and HTML comments, found by TypeScript's scanner, so strings and regular expressions are not
 * read as comments) and lists each reference as file:line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '../../..')
const FOLDERS = ['src', 'scripts', 'bench']
const ROOT_FILES = /^(electron\.vite\.config\.ts|vitest.*\.mts|playwright\.config\.ts|stryker(\.core)?\.config\.mjs)$/
const SCANNED = /\.(ts|mts|cts|js|mjs|cjs|svelte|html)$/

/** "SPEC section 4", "SPEC § 5", "SPEC 3.4", the SPEC's file, "the SPEC's words" (SPEC in capitals: a
 * Playwright spec is fine); "issue 16", "Issues 13 and 14", "issue #23". */
const REFERENCE = /\bSPEC\b(?:\s*(?:section|§)\s*[\d.]+|\.md|'s|\s+\d[\d.]*)?|\b[Ii]ssues?\s+#?\d+/g

interface Comment {
  /** Offset of the comment's first character in the file. */
  start: number
  text: string
}

/** Tokens after which a `/` divides; after anything else it starts a regular expression. */
const ENDS_OPERAND = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.PrivateIdentifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.SuperKeyword,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.PlusPlusToken,
  ts.SyntaxKind.MinusMinusToken,
])

/** The `//` and `/* *\/` comments of a script, `offset` being where it starts in its file. */
function scriptComments(code: string, offset: number): Comment[] {
  const out: Comment[] = []
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, code)
  // Template literals: a `}` closes a `${` when the innermost open brace is one.
  const braces: boolean[] = []
  let previous = ts.SyntaxKind.Unknown
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      out.push({ start: offset + scanner.getTokenStart(), text: scanner.getTokenText() })
      continue
    }
    if (kind === ts.SyntaxKind.NewLineTrivia || kind === ts.SyntaxKind.WhitespaceTrivia) continue
    if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && !ENDS_OPERAND.has(previous)) {
      kind = scanner.reScanSlashToken()
    } else if (kind === ts.SyntaxKind.TemplateHead) {
      braces.push(true)
    } else if (kind === ts.SyntaxKind.OpenBraceToken) {
      braces.push(false)
    } else if (kind === ts.SyntaxKind.CloseBraceToken) {
      if (braces.pop()) {
        kind = scanner.reScanTemplateToken(false)
        if (kind === ts.SyntaxKind.TemplateMiddle) braces.push(true)
      }
    }
    previous = kind
  }
  return out
}

/** The comments of a file: scripts whole; Svelte and HTML by their `<!-- -->`, `<script>` and `<style>` parts. */
function commentsOf(path: string, text: string): Comment[] {
  if (!/\.(svelte|html)$/.test(path)) return scriptComments(text, 0)
  const out: Comment[] = []
  for (const m of text.matchAll(/<!--[\s\S]*?-->/g)) out.push({ start: m.index, text: m[0] })
  for (const m of text.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
    const [, open = '', body = ''] = m
    out.push(...scriptComments(body, m.index + open.length))
  }
  for (const m of text.matchAll(/(<style\b[^>]*>)([\s\S]*?)<\/style>/g)) {
    const [, open = '', body = ''] = m
    for (const c of body.matchAll(/\/\*[\s\S]*?\*\//g)) out.push({ start: m.index + open.length + c.index, text: c[0] })
  }
  return out.sort((a, b) => a.start - b.start)
}

/** Each reference to a SPEC section or an issue in the comments of `text`, as "line: the reference". */
function referencesIn(path: string, text: string): string[] {
  const found: string[] = []
  for (const c of commentsOf(path, text)) {
    for (const m of c.text.matchAll(REFERENCE)) {
      const at = c.start + m.index
      const line = text.slice(0, at).split('\n').length
      found.push(`${line}: ${m[0]}`)
    }
  }
  return found
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const p = join(dir, name)
    if (statSync(p).isDirectory()) walk(p, out)
    else if (SCANNED.test(name)) out.push(p)
  }
  return out
}

function scannedFiles(): string[] {
  return [
    ...FOLDERS.flatMap((d) => walk(join(ROOT, d))),
    ...readdirSync(ROOT)
      .filter((n) => ROOT_FILES.test(n))
      .map((n) => join(ROOT, n)),
  ]
}

describe('comments cite docs/rules IDs and docs sections, never SPEC sections or issue numbers', () => {
  it('finds none in src, scripts, bench and the build configs', () => {
    const files = scannedFiles()
    const names = files.map((f) => relative(ROOT, f))
    // The scan reaches every kind of file that holds comments, and the root configs.
    for (const expected of [
      'electron.vite.config.ts',
      'playwright.config.ts',
      'stryker.config.mjs',
      'stryker.core.config.mjs',
      'vitest.config.mts',
      'src/renderer/index.html',
      'src/renderer/src/App.svelte',
      'scripts/test.mjs',
      'bench/renderer.ts',
    ]) {
      expect(names).toContain(expected)
    }
    let comments = 0
    const found = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8')
      comments += commentsOf(f, text).length
      return referencesIn(f, text).map((r) => `${relative(ROOT, f)}:${r}`)
    })
    // About 2,700 today: a scanner that finds none cannot pass.
    expect(comments).toBeGreaterThan(1500)
    expect(found).toEqual([])
  })

  it('reads line, block and HTML comments, and not strings, templates or regular expressions', () => {
    // Spelt in two parts: rules-docs.test.ts refuses the name of a Markdown file that is not in the repository.
    const SPEC_FILE = ['SPEC', 'md'].join('.')
    const code = [
      "const a = 'issue 5' // SPEC section 4",
      'const b = `issue 6 ${c /* issue 7 */} still a template: issue 8`',
      'const r = /issue 9 /g.test(x) / 2 // see issue #10',
      '/**',
      ` * Deals (${SPEC_FILE} § 3), as Issues 13 and 14 asked; a round spec 2 is fine.`,
      ' */',
      'const s = "// issue 11 is no comment" + \'/* nor issue 12 */\'',
    ].join('\n')
    expect(referencesIn('x.ts', code)).toEqual([
      '1: SPEC section 4',
      '2: issue 7',
      '3: issue #10',
      `5: ${SPEC_FILE}`,
      '5: Issues 13',
    ])
    const svelte = [
      '<script lang="ts">',
      "  const t = 'issue 1' // issue 2",
      '</script>',
      '<p>issue 3 is text</p>',
      '<!-- the clock check (issue 23) -->',
      '<style>',
      '  p { color: red; } /* SPEC section 9 */',
      '</style>',
    ].join('\n')
    expect(referencesIn('x.svelte', svelte)).toEqual(['2: issue 2', '5: issue 23', '7: SPEC section 9'])
    // What comments should cite instead passes.
    expect(referencesIn('x.ts', '// minimum loss (EN-R21, docs/ARCHITECTURE.md § Merge rules)')).toEqual([])
  })
})
