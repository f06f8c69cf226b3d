#!/usr/bin/env node
// Which existing files a new game must touch, as the compiler says (docs/ARCHITECTURE.md, "Adding a game").
// In a copy of the program held in memory (src/ is never written), the tests' toy game
// (tests/fixtures/toy-game/) is added to the facts list; every file that then stops compiling is a file
// the new game must touch. Each gets the toy's entry (tests/fixtures/toy-game/entries.mjs) and the
// program must compile again: so nothing else needs the game. Prints the files; exits 1 when they are
// more than 4, when a file needs an entry the toy does not give, or when the program still fails.
// `node scripts/new-game-touches.mjs`; tests/unit/architecture/new-game.test.ts runs it.
import { readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'

const ROOT = resolve(fileURLToPath(import.meta.url), '../..')
export const MAX_TOUCHES = 4

function sourcesUnder(dir) {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name))
}

function options() {
  const base = ts.readConfigFile(join(ROOT, 'tsconfig.base.json'), ts.sys.readFile).config.compilerOptions
  const { options: opts, errors } = ts.convertCompilerOptionsFromJson(
    { ...base, lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: ['node'] },
    ROOT,
  )
  if (errors.length) throw new Error(ts.flattenDiagnosticMessageText(errors[0].messageText, '\n'))
  return opts
}

/** Compiles the sources with some files' text replaced; returns the errors as "file: message" lines by file. */
function compile(roots, opts, replaced, old) {
  const host = ts.createCompilerHost(opts)
  const read = host.readFile.bind(host)
  const getSourceFile = host.getSourceFile.bind(host)
  host.readFile = (f) => replaced.get(resolve(f)) ?? read(f)
  host.getSourceFile = (f, lang, onError, fresh) => {
    const text = replaced.get(resolve(f))
    return text === undefined ? getSourceFile(f, lang, onError, fresh) : ts.createSourceFile(f, text, lang, true)
  }
  const program = ts.createProgram({ rootNames: roots, options: opts, host, oldProgram: old })
  const errors = new Map()
  for (const sf of program.getSourceFiles()) {
    if (sf.isDeclarationFile && sf.fileName.includes('node_modules')) continue
    const diags = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]
    for (const d of diags) {
      const file = relative(ROOT, sf.fileName)
      const list = errors.get(file) ?? []
      list.push({ start: d.start ?? 0, text: ts.flattenDiagnosticMessageText(d.messageText, ' ') })
      errors.set(file, list)
    }
  }
  return { program, errors }
}

/** Errors of `after` that `before` did not have, by file (compared by message, so moved lines do not count). */
function newErrors(before, after) {
  const out = new Map()
  for (const [file, list] of after) {
    const known = new Set((before.get(file) ?? []).map((e) => e.text))
    const fresh = list.filter((e) => !known.has(e.text))
    if (fresh.length) out.set(file, fresh)
  }
  return out
}

/** The object literal of the declaration (or call argument) around `pos`, or null. */
function objectAround(sf, pos) {
  let node = sf
  const find = (n) => (n.pos <= pos && pos < n.end ? n : undefined)
  for (let next = ts.forEachChild(node, find); next; next = ts.forEachChild(node, find)) node = next
  for (let n = node; n; n = n.parent) {
    if (ts.isVariableDeclaration(n) && n.initializer) return literalIn(n.initializer)
  }
  return null
}

function literalIn(e) {
  if (ts.isObjectLiteralExpression(e)) return e
  if (ts.isCallExpression(e)) return e.arguments.map(literalIn).find(Boolean) ?? null
  if (ts.isSatisfiesExpression(e) || ts.isAsExpression(e) || ts.isParenthesizedExpression(e))
    return literalIn(e.expression)
  return null
}

/** `text` with `imports` on top and `entry` first in the object literal at `pos`. */
function withEntry(file, text, pos, { imports, entry }) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true)
  const literal = objectAround(sf, pos)
  if (!literal) throw new Error(`${file}: no object literal where the compiler asks for the game`)
  const at = literal.getStart(sf) + 1
  const body = `${text.slice(0, at)}\n  ${entry},${text.slice(at)}`
  return `${imports.map((i) => `${i}\n`).join('')}${body}`
}

export async function newGameTouches() {
  const { LIST, ENTRIES } = await import(pathToFileURL(join(ROOT, 'tests/fixtures/toy-game/entries.mjs')).href)
  const opts = options()
  const roots = [...sourcesUnder('src'), ...sourcesUnder('tests/fixtures/toy-game')]
  const base = compile(roots, opts, new Map())

  // The toy's facts in the list: the game exists; the compiler names every file that must know it.
  const listPath = join(ROOT, LIST.file)
  const listText = ts.sys.readFile(listPath)
  const listSf = ts.createSourceFile(listPath, listText, ts.ScriptTarget.ES2022, true)
  const listDecl = listSf.statements
    .flatMap((s) => (ts.isVariableStatement(s) ? s.declarationList.declarations : []))
    .find((d) => d.name.getText(listSf) === 'GAME_FACTS')
  if (!listDecl) throw new Error(`${LIST.file}: GAME_FACTS not found`)
  const replaced = new Map([[listPath, withEntry(listPath, listText, listDecl.getStart(listSf), LIST)]])
  // Each file the compiler names gets the toy's entry, until it names no file the toy has an entry for
  // (a file failing only because another lacks its entry, e.g. every view's state type while the
  // registry lacks the module, compiles again once that entry is in: it is not a touch).
  let last = compile(roots, opts, replaced, base.program)
  const needs = new Map()
  for (;;) {
    const fresh = [...newErrors(base.errors, last.errors)].filter(([f]) => ENTRIES[f] && !needs.has(f))
    if (fresh.length === 0) break
    for (const [file, errs] of fresh) {
      const path = join(ROOT, file)
      needs.set(file, errs)
      replaced.set(path, withEntry(path, ts.sys.readFile(path), errs[0].start, ENTRIES[file]))
    }
    last = compile(roots, opts, replaced, last.program)
  }
  const remaining = newErrors(base.errors, last.errors)
  const missing = [...remaining.keys()].filter((f) => !needs.has(f))
  return { touched: [LIST.file, ...needs.keys()], missing, remaining, needs }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { touched, missing, remaining, needs } = await newGameTouches()
  console.log(`A new game touches ${touched.length} existing files (at most ${MAX_TOUCHES}):`)
  for (const f of touched)
    console.log(`  ${f}${needs.has(f) ? `  (${needs.get(f)[0].text.slice(0, 100)})` : '  (the facts list)'}`)
  for (const f of missing) console.error(`✖ ${f} needs the game, and the toy game gives it no entry`)
  for (const [f, errs] of remaining) for (const e of errs) console.error(`✖ still failing: ${f}: ${e.text}`)
  process.exit(touched.length <= MAX_TOUCHES && missing.length === 0 && remaining.size === 0 ? 0 : 1)
}
