/**
 * The real desktop window, driven by Playwright's Electron support. It needs Electron's binary and
 * an Electron-ABI better-sqlite3 (npm run build:electron-native); where either is missing, as on
 * our CI machines, it is reported as skipped with the reason.
 */
import { _electron as electron, expect, test } from '@playwright/test'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { newDataDir } from './app'

const ROOT = resolve(__dirname, '../..')

function missing(): string | null {
  const pathFile = join(ROOT, 'node_modules/electron/path.txt')
  if (
    !existsSync(pathFile) ||
    !existsSync(join(ROOT, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim()))
  ) {
    return 'the Electron binary is not installed (node_modules/electron/dist is missing and cannot be downloaded here)'
  }
  const abi = readFileSync(join(ROOT, 'node_modules/electron/abi_version'), 'utf8').trim()
  if (!existsSync(join(ROOT, `.native/electron-abi${abi}/better_sqlite3.node`))) {
    return `better-sqlite3 is not built for Electron's ABI ${abi} (run npm run build:electron-native)`
  }
  return null
}

const reason = missing()
if (reason) console.log(`[electron e2e] skipped: ${reason}`)

test('the desktop window opens on the Players screen and keeps a player across a restart', async () => {
  test.skip(reason !== null, reason ?? '')
  const dataDir = newDataDir()
  const env = { ...process.env, NINEKEEPER_DATA_DIR: dataDir }
  let app = await electron.launch({ args: [ROOT], env })
  let win = await app.firstWindow()
  await expect(win).toHaveTitle(/Ninekeeper/)
  await win.getByLabel('Name', { exact: true }).fill('Ana')
  await win.keyboard.press('Enter')
  await expect(win.getByTestId('player-row')).toHaveCount(1)
  // No Node in the page, and the bridge offers only invoke().
  expect(
    await win.evaluate(() => [
      typeof (globalThis as { require?: unknown }).require,
      typeof (globalThis as { process?: unknown }).process,
    ]),
  ).toEqual(['undefined', 'undefined'])
  expect(await win.evaluate(() => Object.keys((window as unknown as { ninekeeper: object }).ninekeeper))).toEqual([
    'invoke',
  ])
  await app.close()
  app = await electron.launch({ args: [ROOT], env })
  win = await app.firstWindow()
  await expect(win.getByTestId('player-row')).toHaveText(/Ana/)
  await app.close()
})
