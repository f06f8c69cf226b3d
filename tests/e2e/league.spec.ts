import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

/** Three finished Nine matches: a 2-player, a 4-player and a 3-player table (lower totals place higher). */
async function seed(page: Page): Promise<void> {
  const plays: [string[], number[]][] = [
    [
      ['Ana', 'Bo'],
      [2, 9],
    ],
    [
      ['Cy', 'Di', 'Ana', 'Bo'],
      [1, 2, 3, 4],
    ],
    [
      ['Bo', 'Cy', 'Di'],
      [1, 5, 7],
    ],
  ]
  for (const [names, totals] of plays) {
    const id = await seedMatch(page, 'nine', names)
    await apiCall(page, 'matches:apply', {
      id,
      action: { type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals },
    })
    await apiCall(page, 'matches:close', { id, status: 'finished' })
  }
}

test('club: a season with its league table, game nights and ratings explained', async ({ page }, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(app.url)
  await seed(page)
  await page.getByRole('link', { name: 'Club' }).click()
  await expect(page.getByRole('heading', { name: 'Club', level: 1 })).toBeVisible()
  await expect(page.getByText('No season yet.')).toBeVisible()

  // A season through the form: placement points (top 10), every game, everyone.
  await page.getByRole('button', { name: 'New season' }).click()
  await page.getByLabel('Name').fill('Winter league')
  await page.getByLabel('Starts').fill('2026-01-01')
  await page.getByLabel('Ends').fill('2030-12-31')
  await page.getByLabel('Points for first').fill('10')
  await expect(page.getByText('A seat earns 5 on average at any table size')).toBeVisible()
  await page.getByRole('button', { name: 'Create season' }).click()
  await expect(page.getByTestId('season-title')).toHaveText('Winter league')

  // Ana 10 + 3.33 = 13.33; Bo 0 + 0 + 10 = 10; Cy 10 + 5 = 15; Di 6.67 + 0 = 6.67.
  const table = page.getByTestId('league-table')
  const row = (n: number) => table.getByRole('row').nth(n).getByRole('cell')
  await expect(table.getByRole('row')).toHaveCount(5)
  await expect(table.getByRole('row').nth(1)).toContainText('Cy')
  await expect(row(1).nth(0)).toHaveText('1')
  await expect(row(1).nth(1)).toHaveText('15')
  await expect(table.getByRole('row').nth(2)).toContainText('Ana')
  await expect(row(2).nth(1)).toHaveText('13.33')
  await expect(table.getByRole('row').nth(3)).toContainText('Bo')
  await expect(table.getByRole('row').nth(4)).toContainText('Di')
  await expect(page.getByTestId('tie-breaks')).toContainText('1. more points; 2. more wins')
  await expect(page.getByTestId('scheme-text')).toContainText('10 × (n − p) / (n − 1)')
  // The page fits a laptop screen without a long scroll.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(1200)
  await page.screenshot({ path: testInfo.outputPath('club-seasons.png') })
  expect(await seriousViolations(page)).toEqual([])

  // The printed table (the PDF): no navigation, no buttons, the table and its rules.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'New season' })).toBeHidden()
  await expect(table).toBeVisible()
  await expect(page.getByTestId('tie-breaks')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('club-print.png') })
  await page.emulateMedia({ media: 'screen' })

  // The league table as an image, and archiving it.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Share as image (PNG)' }).click()
  expect((await download).suggestedFilename()).toBe('Winter-league.png')
  await page.getByRole('button', { name: 'Archive' }).click()
  await expect(page.getByText('archived: final standings')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change' })).toHaveCount(0)

  // Game nights: all three matches tonight, attendance and winners; a venue.
  await page.getByRole('tab', { name: 'Game nights' }).click()
  await expect(page.getByTestId('nights').getByRole('listitem')).toHaveCount(1)
  await expect(page.getByTestId('night-matches').getByRole('row')).toHaveCount(4)
  const bo = page.getByTestId('night-players').getByRole('row', { name: /^Bo/ })
  await expect(bo.getByRole('cell')).toHaveText(['3', '1'])
  await page.getByRole('textbox', { name: 'Venue' }).fill('The Anchor')
  await page.getByRole('button', { name: 'Save venue' }).click()
  await expect(page.getByTestId('night-title')).toContainText('at The Anchor')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('club-nights.png') })

  // Ratings explained, then the club's choice of Elo.
  await page.getByRole('tab', { name: 'Ratings' }).click()
  await expect(page.getByTestId('rating-explained')).toContainText('μ − 3σ')
  await expect(page.getByTestId('ratings-table').getByRole('row')).toHaveCount(5)
  await expect(page.getByTestId('ratings-table').getByRole('img').first()).toHaveAttribute('aria-label', /^μ /)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByLabel('Elo').check()
  await expect(page.getByTestId('rating-explained')).toContainText('everyone starts at 1500')
  await expect(page.getByRole('columnheader', { name: 'Elo' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('club-ratings.png') })
  expect(await seriousViolations(page)).toEqual([])

  // The Stats screen's ratings point here.
  await page.getByRole('link', { name: 'Stats' }).click()
  await page.getByRole('tab', { name: 'Ratings', exact: true }).click()
  await page.getByRole('link', { name: /why each player ranks where they do/ }).click()
  await expect(page.getByRole('tab', { name: 'Ratings' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('rating-explained')).toBeVisible()
  expect(problems).toEqual([])
})
