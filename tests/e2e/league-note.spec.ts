import { expect, test } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, startApp } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

/** A note about one season (“Saved Spring-league.png”) does not stay under another season once it is picked. */
test('club: the saved-image note belongs to its season', async ({ page }) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  for (const [name, startDate] of [
    ['Spring league', '2026-03-01'],
    ['Autumn league', '2026-09-01'],
  ] as const)
    await apiCall(page, 'seasons:create', {
      name,
      startDate,
      endDate: `${startDate.slice(0, 5)}12-31`,
      gameIds: null,
      playerIds: null,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    })
  await page.getByRole('link', { name: 'Club' }).click()
  await page.getByRole('button', { name: 'Spring league' }).first().click()
  await expect(page.getByTestId('season-title')).toHaveText('Spring league')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Share as image (PNG)' }).click()
  expect((await download).suggestedFilename()).toBe('Spring-league.png')
  const status = page.getByRole('status').filter({ hasText: 'Spring-league.png' })
  await expect(status).toBeVisible()
  await page.getByRole('button', { name: 'Autumn league' }).first().click()
  await expect(page.getByTestId('season-title')).toHaveText('Autumn league')
  await expect(page.getByText('Spring-league.png')).toHaveCount(0)
})
