import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

/**
 * "Publish club page…" in Settings → Export and import (docs/ARCHITECTURE.md § The club page): the folder it writes,
 * opened from disk (file://) in Chromium with JavaScript off, read by following its links: a player's page, an
 * archived season's final table, a game night and the records.
 */
let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

const today = (): string => new Date().toISOString().slice(0, 10)

/** Three finished Nine matches tonight, one player with a name that is markup; a season open and one archived. */
async function seed(page: Page): Promise<void> {
  for (const [names, totals] of [
    [
      ['Ana', 'Bo'],
      [2, 9],
    ],
    [
      ['Cy', '<b>Di</b>', 'Ana', 'Bo'],
      [1, 2, 3, 4],
    ],
    [
      ['Bo', 'Cy', '<b>Di</b>'],
      [1, 5, 7],
    ],
  ] as [string[], number[]][]) {
    const id = await seedMatch(page, 'nine', names)
    await apiCall(page, 'matches:apply', {
      id,
      action: { type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals },
    })
    await apiCall(page, 'matches:close', { id, status: 'finished' })
  }
  const year = today().slice(0, 4)
  const season = (name: string) =>
    apiCall<{ id: string }>(page, 'seasons:create', {
      name,
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      gameIds: null,
      playerIds: null,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    })
  const cup = await season('Autumn cup')
  await apiCall(page, 'seasons:set-archived', { id: cup.id, archived: true })
  await season('Winter league')
}

test('club page: published from Settings, then read from disk without a script by following its links', async ({
  page,
  browser,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  await seed(page)
  await page.getByRole('link', { name: 'Settings' }).click()
  const publish = page.getByTestId('club-page')
  await publish.getByRole('button', { name: 'Publish club page…' }).click()

  // A folder that holds something else is refused, and left as it was.
  const busy = join(app.dataDir, 'holiday')
  mkdirSync(busy)
  writeFileSync(join(busy, 'beach.jpg'), 'sand')
  await publish.getByLabel('Club name on the page').fill('The Nine Club')
  await publish.getByLabel('Folder').fill(busy)
  await publish.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(publish.getByRole('alert')).toContainText('is not empty and is not a club page')
  expect(readdirSync(busy)).toEqual(['beach.jpg'])

  const folder = join(app.dataDir, 'club-page')
  await publish.getByLabel('Folder').fill(folder)
  await publish.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(publish.getByRole('status')).toContainText(/^Wrote \d+ pages to /)
  await expect(publish.getByRole('status')).toContainText(folder)
  await expect(publish.getByRole('alert')).toHaveCount(0)
  expect(problems).toEqual([])

  // The page, opened from disk with JavaScript off: everything a reader needs is in the HTML.
  const reader = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
  const seen = watchConsole(reader)
  // axe needs scripts to run: each page read is checked again in a page that may run them (the page's own
  // Content-Security-Policy still forbids its scripts; axe comes in through DevTools).
  const checker = await (await browser.newContext()).newPage()
  const accessible = async (): Promise<void> => {
    await checker.goto(reader.url())
    expect(await seriousViolations(checker), reader.url()).toEqual([])
  }
  await reader.goto(pathToFileURL(join(folder, 'index.html')).href)
  await expect(reader.getByRole('heading', { name: 'League tables', level: 1 })).toBeVisible()
  await expect(reader.getByRole('banner')).toContainText('The Nine Club')
  // The style sheet is applied (the page is centred and narrow), and no script or CSP problem was reported.
  expect(await reader.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('960px')
  const league = reader.getByRole('table', { name: 'Winter league: league table' })
  await expect(league.getByRole('row')).toHaveCount(5)
  // A name that is markup shows as its text.
  await expect(league).toContainText('<b>Di</b>')
  await accessible()

  // A player's page, from the league table.
  await league.getByRole('link', { name: 'Ana' }).click()
  await expect(reader).toHaveURL(/\/players\/ana\.html$/)
  await expect(reader.getByRole('heading', { name: 'Ana', level: 1 })).toBeVisible()
  await expect(reader.getByRole('table', { name: 'By game' })).toContainText('Nine')
  await expect(reader.getByRole('table', { name: 'Last finished matches' }).getByRole('row')).toHaveCount(3)
  await accessible()

  // The archive, and the archived season's final table.
  await reader.getByRole('navigation', { name: 'Club page' }).getByRole('link', { name: 'Archive' }).click()
  await reader.getByRole('link', { name: 'Autumn cup' }).click()
  await expect(reader).toHaveURL(/\/seasons\/autumn-cup\.html$/)
  await expect(reader.getByRole('heading', { name: 'Autumn cup', level: 1 })).toBeVisible()
  await expect(reader.getByText('Archived: this is its final table.')).toBeVisible()
  await expect(reader.getByRole('table', { name: 'League table' }).getByRole('row')).toHaveCount(5)
  await accessible()

  // Back to a player from the season, then the game nights and the records.
  await reader.getByRole('table', { name: 'League table' }).getByRole('link', { name: '<b>Di</b>' }).click()
  await expect(reader.getByRole('heading', { name: '<b>Di</b>', level: 1 })).toBeVisible()
  await reader.getByRole('navigation', { name: 'Club page' }).getByRole('link', { name: 'Game nights' }).click()
  await reader.getByRole('link', { name: today().slice(0, 4) }).click()
  await expect(reader.getByRole('table').first().getByRole('row')).toHaveCount(4)
  await accessible()
  await reader.getByRole('navigation', { name: 'Club page' }).getByRole('link', { name: 'Records' }).click()
  await expect(reader.getByRole('heading', { name: 'Most wins', level: 2 })).toBeVisible()
  await accessible()
  await reader.screenshot({ path: testInfo.outputPath('club-page-records.png') })
  expect(seen).toEqual([])
})
