/** The import walls are real: ESLint refuses each forbidden import in the layer it guards. */
import { ESLint } from 'eslint'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: join(__dirname, '../..') })

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(__dirname, '../..', file) })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

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
    expect(await restricted('src/shared/games/wall-probe.ts', "import { ok } from '../result'\nimport { sum } from '../util'\nexport const x = [ok, sum]\n")).toEqual([])
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
    expect((await restricted('src/main/index.ts', "import { ipcMain, app } from 'electron'\nexport const x = [ipcMain, app]\n")).join()).toMatch(/Only src\/main\/ipc\/register.ts/)
    expect(await restricted('src/main/ipc/register.ts', "import { ipcMain } from 'electron'\nexport const x = ipcMain\n")).toEqual([])
  })

  it('services stay free of Electron', async () => {
    expect((await restricted('src/main/services/wall-probe.ts', "import { app } from 'electron'\nexport const x = app\n")).join()).toMatch(/Electron stays at the edge/)
  })
})
