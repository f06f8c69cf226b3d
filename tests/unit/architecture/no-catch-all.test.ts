/**
 * The games' rules code catches nothing (docs/ARCHITECTURE.md § Engines: input, errors, status): input is
 * read into plain data by input.ts, whose functions are the only ones that catch, and only around reading
 * it; a rule that throws surfaces as an error instead of being turned into "invalid input". This lists
 * every `try` with a `catch` in src/shared/games, by the function it is in, against the few allowed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '../../..')
const GAMES = join(ROOT, 'src/shared/games')

/** file#function: reading untrusted input (input.ts), and the locale's number format (not a rule). */
const ALLOWED = ['input.ts#asData', 'input.ts#readData', 'sheets.ts#csvSeparatorFor']

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : []
  })
}

/** Every catch clause in `source`, named file#enclosing-function. */
export function catchesIn(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true)
  const out: string[] = []
  const visit = (node: ts.Node, fn: string): void => {
    let name = fn
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) name = node.name.getText(sf)
    else if (ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer))
      name = node.name.getText(sf)
    if (ts.isTryStatement(node) && node.catchClause) out.push(`${file}#${name}`)
    ts.forEachChild(node, (child) => visit(child, name))
  }
  visit(sf, '(top level)')
  return out
}

describe('no catch-all in the rules', () => {
  it('finds a catch where there is one', () => {
    const source = 'export function f(x: unknown) {\n  try {\n    return g(x)\n  } catch {\n    return null\n  }\n}\n'
    expect(catchesIn('a.ts', source)).toEqual(['a.ts#f'])
    expect(catchesIn('a.ts', 'const h = () => { try { g() } catch (e) { return e } }')).toEqual(['a.ts#h'])
    expect(catchesIn('a.ts', 'export function f() { try { g() } finally { h() } }')).toEqual([])
  })

  it('src/shared/games catches only where input is read', () => {
    const found = files(GAMES).flatMap((path) =>
      catchesIn(relative(GAMES, path).replace(/\\/g, '/'), readFileSync(path, 'utf8')),
    )
    expect(found.length).toBeGreaterThan(0)
    expect(found.filter((c) => !ALLOWED.includes(c))).toEqual([])
  })
})
