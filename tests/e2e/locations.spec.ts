import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { newDataDir, type RunningApp, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp | null = null
test.afterEach(async () => {
  await app?.stop()
  app = null
})

const FIXTURE = readFileSync(join(__dirname, '../fixtures/bg-stats/two-locations.json'))

/** A player's matches and wins in the Overview table. */
async function row(page: Page, name: string): Promise<[string, string]> {
  const cells = page
    .getByTestId('player-stats')
    .getByRole('row', { name: new RegExp(`^${name} `) })
    .getByRole('cell')
  return [await cells.nth(0).innerText(), await cells.nth(1).innerText()]
}

test('BG Stats locations: the preview lists them, and the Stats venue filter narrows the numbers to one', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(`${app.url}#/settings`)
  await page.getByRole('button', { name: 'Import from BG Stats or a CSV file…' }).click()
  const box = page.getByTestId('external-import')
  await box
    .getByLabel('Choose a BG Stats backup or a CSV file…')
    .setInputFiles({ name: 'BGStatsExport.json', mimeType: 'application/json', buffer: FIXTURE })
  await expect(box.getByTestId('external-locations')).toContainText(
    "Played at: Bo's kitchen (2), The Crown, back room (2).",
  )
  await box.getByRole('button', { name: 'Import 5 plays' }).click()
  await expect(box.getByRole('status')).toContainText('Imported 5 plays')

  // A recorded match says where it was played.
  await page.goto(`${app.url}#/matches`)
  await expect(page.getByTestId('match-row')).toHaveCount(5)
  await page.getByTestId('match-row').filter({ hasText: 'Wild Nine' }).getByRole('link').click()
  await expect(page.getByTestId('recorded-match')).toContainText("Ana wins with 4. Played at Bo's kitchen.")

  await page.goto(`${app.url}#/stats`)
  await expect(page.getByTestId('player-stats')).toBeVisible()
  // Hand count over all five plays, then the Crown's two (plays 1 and 2).
  expect(await row(page, 'Ana')).toEqual(['4', '3'])
  const venue = page.getByLabel('Venue')
  await expect(venue.locator('option')).toHaveText(['Anywhere', "Bo's kitchen", 'The Crown, back room'])
  await venue.selectOption('The Crown, back room')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect.poll(() => row(page, 'Bo')).toEqual(['2', '1'])
  expect(await row(page, 'Ana')).toEqual(['1', '1'])
  expect(await row(page, 'Cy')).toEqual(['1', '0'])
  await expect(page.getByTestId('choices')).toContainText(
    "a whole win. A match's venue is where a BG Stats play says it was played, else its game night's venue. Ratings are always over all matches.",
  )
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('venue-filter.png'), fullPage: true })

  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(venue).toHaveValue('')
  await expect.poll(() => row(page, 'Ana')).toEqual(['4', '3'])
  expect(problems).toEqual([])
})
