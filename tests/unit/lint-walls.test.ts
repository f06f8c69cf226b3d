/** The import walls are real: ESLint refuses each forbidden import in the layer it guards. */
import { ESLint } from 'eslint'
import { join } from 'node:path'
import ts from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '../..')
// The probes are files that do not exist, which the type-aware rules cannot look up: those rules are
// off here (the walls are syntax), and checked below on the text of files that do exist.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: ts.configs.disableTypeChecked })
const typed = new ESLint({ cwd: ROOT })

async function messages(linter: ESLint, file: string, code: string, rules: readonly string[]): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: join(ROOT, file) })
  const fatal = (result?.messages ?? []).filter((m) => m.fatal)
  if (fatal.length > 0) throw new Error(fatal.map((m) => m.message).join('\n'))
  return (result?.messages ?? []).filter((m) => rules.includes(m.ruleId ?? '')).map((m) => `${m.ruleId}: ${m.message}`)
}

const restricted = (file: string, code: string): Promise<string[]> =>
  messages(eslint, file, code, ['no-restricted-imports'])

describe('import walls', () => {
  it.each([
    ["import { readFileSync } from 'node:fs'", /no Node built-ins/],
    ["import { join } from 'path'", /no Node built-ins/],
    ["import { app } from 'electron'", /no Electron/],
    ["import Database from 'better-sqlite3'", /no database/],
    ["import { mount } from 'svelte'", /no Svelte/],
    ["import { openDatabase } from '../../main/db/open'", /may only import src\/shared/],
  ])('src/shared refuses %s', async (code, message) => {
    const msgs = await restricted('src/shared/games/wall-probe.ts', `${code}\nexport const x = 1\n`)
    expect(msgs.join('\n')).toMatch(message)
  })

  it('src/shared may import src/shared', async () => {
    expect(
      await restricted(
        'src/shared/games/wall-probe.ts',
        "import { ok } from '../result'\nimport { sum } from '../util'\nexport const x = [ok, sum]\n",
      ),
    ).toEqual([])
  })

  it.each([
    ["import { ipcRenderer } from 'electron'", /never imports Electron/],
    ["import { readFile } from 'node:fs/promises'", /no Node built-ins/],
    ["import { createCore } from '../../../main/core'", /only src\/shared/],
  ])('the renderer refuses %s', async (code, message) => {
    const msgs = await restricted('src/renderer/src/lib/wall-probe.ts', `${code}\nexport const x = 1\n`)
    expect(msgs.join('\n')).toMatch(message)
  })

  it('only the IPC registrar imports ipcMain', async () => {
    expect(
      (
        await restricted(
          'src/main/index.ts',
          "import { ipcMain, app } from 'electron'\nexport const x = [ipcMain, app]\n",
        )
      ).join(),
    ).toMatch(/Only src\/main\/ipc\/register.ts/)
    expect(
      await restricted('src/main/ipc/register.ts', "import { ipcMain } from 'electron'\nexport const x = ipcMain\n"),
    ).toEqual([])
  })

  it('services stay free of Electron', async () => {
    expect(
      (
        await restricted('src/core/services/wall-probe.ts', "import { app } from 'electron'\nexport const x = app\n")
      ).join(),
    ).toMatch(/Electron stays at the edge/)
  })

  it('the core and the web bridge never import the Electron edge (src/main); the edge imports the core', async () => {
    expect(
      (
        await restricted(
          'src/core/services/wall-probe.ts',
          "import { electronNativeCandidates } from '../../main/native'\nexport const x = electronNativeCandidates\n",
        )
      ).join(),
    ).toMatch(/the Electron edge \(src\/main\) uses them/)
    expect(
      (
        await restricted(
          'src/web/wall-probe.ts',
          "import { createMainWindow } from '../main/window'\nexport const x = createMainWindow\n",
        )
      ).join(),
    ).toMatch(/the Electron edge/)
    expect(
      await restricted(
        'src/main/wall-probe.ts',
        "import { createCore } from '../core/core'\nexport const x = createCore\n",
      ),
    ).toEqual([])
  })
})

describe('src/shared reads no clock and draws no random numbers (issue 15)', () => {
  const clockRules = ['no-restricted-properties', 'no-restricted-syntax']
  it.each([
    ['export const t = Date.now()', /reads no clock/],
    ['export const t = Math.random()', /draws no random numbers/],
    ['export const t = new Date()', /`new Date\(\)` without an argument/],
    ['export const t = Date()', /`Date\(\)` is the current time/],
  ])('src/shared refuses %s', async (code, message) => {
    expect((await messages(eslint, 'src/shared/games/clock-probe.ts', `${code}\n`, clockRules)).join('\n')).toMatch(
      message,
    )
  })

  it('allows a date made from a given time, and the clock outside src/shared', async () => {
    expect(
      await messages(
        eslint,
        'src/shared/games/clock-probe.ts',
        'export const f = (t: number): string => new Date(t).toISOString()\n',
        clockRules,
      ),
    ).toEqual([])
    expect(
      await messages(
        eslint,
        'src/main/clock-probe.ts',
        'export const t = Date.now() + Math.random() + new Date().getTime()\n',
        clockRules,
      ),
    ).toEqual([])
  })
})

describe('type-aware rules (issue 15)', () => {
  // Linted as the text of a file that exists, so the project service knows its tsconfig.json.
  it('refuses a promise left floating, and takes one marked with void', async () => {
    const rule = ['@typescript-eslint/no-floating-promises']
    const code = 'const later = async (): Promise<number> => 1\n'
    expect((await messages(typed, 'src/shared/result.ts', `${code}later()\n`, rule)).join()).toMatch(
      /Promises must be awaited/,
    )
    expect(await messages(typed, 'src/shared/result.ts', `${code}void later()\n`, rule)).toEqual([])
  })

  it('refuses a switch over a union that leaves a member out, even with a default', async () => {
    const rule = ['@typescript-eslint/switch-exhaustiveness-check']
    const code = (cases: string): string =>
      `export function f(k: 'a' | 'b'): number {\n  switch (k) {\n${cases}  }\n}\n`
    expect(
      (
        await messages(
          typed,
          'src/renderer/src/lib/theme.ts',
          code("    case 'a':\n      return 1\n    default:\n      return 0\n"),
          rule,
        )
      ).join(),
    ).toMatch(/Cases not matched: "b"/)
    expect(
      await messages(
        typed,
        'src/renderer/src/lib/theme.ts',
        code("    case 'a':\n      return 1\n    case 'b':\n      return 2\n"),
        rule,
      ),
    ).toEqual([])
  })
})
