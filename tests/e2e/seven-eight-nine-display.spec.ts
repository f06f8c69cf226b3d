/** The Seven Eight Nine table display read from across the room: at 1920×1080 the discard top is at least 60 px. */
import { expect, test } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, startApp } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

test('seven eight nine table display: the top of the discard pile at 60 px or more at 1920×1080', async ({ page }) => {
  app = await startApp(newDataDir())
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto(app.url)
  const id = await seedMatch(page, 'seven-eight-nine', ['Ana', 'Bo'], { starter: 0 })
  await apiCall(page, 'matches:apply', { id, action: { type: 'flip', card: 12 } })
  await apiCall(page, 'matches:apply', { id, action: { type: 'discard' } })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByRole('heading', { name: 'Seven Eight Nine', level: 1 })).toBeVisible()
  await page.keyboard.press('Alt+t')
  const top = page.getByTestId('sen-table').getByTestId('sen-table-top')
  await expect(top).toHaveText('top: Q')
  expect(await top.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(60)
})
