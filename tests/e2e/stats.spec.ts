import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

/** A small club history through the API: Nine matches among four players, one left in progress. */
async function seedHistory(page: Page): Promise<void> {
  const plays: [string[], [number, number[]][]][] = [
    [['Ana', 'Bo', 'Cy'], [[0, [3, 10, 12]], [1, [8, 5, 5]]]],
    [['Ana', 'Bo'], [[0, [3, 10]], [1, [10, 4]]]],
    [['Bo', 'Cy', 'Di'], [[0, [3, 10, 20]], [2, [12, 9, 4]]]],
    [['Ana', 'Di'], [[1, [11, 2]]]],
    [['Ana', 'Bo', 'Di'], [[0, [1, 9, 14]], [0, [2, 30, 8]], [1, [20, 3, 9]]]],
  ]
  for (const [names, rounds] of plays) {
    const id = await seedMatch(page, 'nine', names)
    for (const [declarer, totals] of rounds) await apiCall(page, 'matches:apply', { id, action: { type: 'round', declarer, totals } })
    await apiCall(page, 'matches:close', { id, status: 'finished' })
  }
  const open = await seedMatch(page, 'nine', ['Cy', 'Ana'])
  await apiCall(page, 'matches:apply', { id: open, action: { type: 'round', declarer: 0, totals: [2, 9] } })
}

async function noSeriousA11y(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([])
}

test('stats: players, leaderboard, rule events, head-to-head, charts and history for a seeded club', async ({ page }, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  await seedHistory(page)
  await page.goto(`${app.url}#/stats`)
  await expect(page.getByRole('heading', { name: 'Stats', level: 1 })).toBeVisible()

  const players = page.getByTestId('player-stats')
  await expect(players.getByRole('row', { name: /^Ana/ })).toBeVisible()
  // Ana: 4 finished matches; M1, M2 (shared with Bo) and M5 won, M4 lost to Di.
  await expect(players.getByRole('row', { name: /^Ana/ }).getByRole('cell').nth(0)).toHaveText('4')
  const nine = page.getByTestId('game-nine')
  await expect(nine.getByRole('heading', { name: 'Leaderboard' })).toBeVisible()
  await expect(nine.getByRole('columnheader', { name: 'NINE declared and won' })).toBeVisible()
  await expect(page.getByTestId('rating-chart').locator('canvas')).toBeVisible()
  await expect(page.getByTestId('monthly-chart').locator('canvas')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('stats-light.png'), fullPage: true })

  await page.getByLabel('Player', { exact: true }).first().selectOption({ label: 'Ana' })
  await page.getByLabel('Against').selectOption({ label: 'Bo' })
  await page.getByRole('button', { name: 'Compare' }).click()
  const h2h = page.getByTestId('h2h')
  await expect(h2h.getByRole('row', { name: /^All games/ })).toBeVisible()
  // Together in M1, M2 and M5.
  await expect(h2h.getByRole('row', { name: /^All games/ }).getByRole('cell').nth(0)).toHaveText('3')

  const history = page.getByTestId('history')
  await expect(history.getByRole('row')).toHaveCount(7)
  await history.getByRole('button', { name: /Chart/ }).first().click()
  await expect(page.getByTestId('progress-chart').locator('canvas')).toBeVisible()
  await page.getByTestId('progress-chart').getByText('Show the numbers').click()
  await expect(page.getByTestId('progress-chart').getByRole('table')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('stats-h2h-progress-light.png'), fullPage: true })
  await noSeriousA11y(page)

  // Filters: only Di, then a date range with nothing in it.
  await page.getByRole('checkbox', { name: 'Di' }).check()
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(players.getByRole('row')).toHaveCount(2)
  await page.getByLabel('From', { exact: true }).fill('2001-01-01')
  await page.getByLabel('To', { exact: true }).fill('2001-12-31')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByText(/No statistics yet/)).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(players.getByRole('row')).toHaveCount(5)

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await expect(page.getByTestId('rating-chart').locator('canvas')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('stats-dark.png'), fullPage: true })
  await noSeriousA11y(page)

  const link = history.getByRole('link', { name: /Open scoresheet/ }).first()
  const href = await link.getAttribute('href')
  expect(href).toMatch(/^#\/match\/[0-9a-f-]{36}$/)
  await link.click()
  await expect(page).toHaveURL(new RegExp(`${href?.replace(/[#/]/g, '\\$&') ?? ''}$`))
  expect(problems).toEqual([])
})

test('settings: back up now, export, and importing the same export changes nothing', async ({ page }, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  await seedHistory(page)
  await page.goto(`${app.url}#/settings`)
  await page.getByRole('button', { name: 'Back up now' }).click()
  await expect(page.getByRole('status').filter({ hasText: /Backed up to ninekeeper\..*\.manual\.sqlite/ })).toBeVisible()
  await expect(page.getByTestId('backups').getByRole('row')).toHaveCount(2)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export everything (JSON)' }).click()
  const file = await download
  const path = await file.path()
  await page.getByLabel('Import a Ninekeeper JSON export…').setInputFiles(path)
  await expect(page.getByRole('status').filter({ hasText: /0 players, 0 matches and 0 entries added/ })).toBeVisible()

  await page.getByLabel('Import a Ninekeeper JSON export…').setInputFiles({ name: 'junk.json', mimeType: 'application/json', buffer: Buffer.from('{"not": "ours"}') })
  await expect(page.getByRole('alert')).toContainText('not a Ninekeeper export')
  await page.screenshot({ path: testInfo.outputPath('settings-light.png'), fullPage: true })
  await noSeriousA11y(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: testInfo.outputPath('settings-dark.png'), fullPage: true })
  await noSeriousA11y(page)
  expect(problems).toEqual([])
})
