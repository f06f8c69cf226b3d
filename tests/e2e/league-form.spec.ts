import { expect, test } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

test('club: the season form opens filled in to change a season, afresh for a new one, and keeps a refused entry', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  await page.getByRole('link', { name: 'Club' }).click()

  // A season by result points.
  await page.getByRole('button', { name: 'New season' }).click()
  await expect(page.getByRole('heading', { name: 'New season' })).toBeVisible()
  await page.getByLabel('Name').fill('Spring')
  await page.getByLabel('Starts').fill('2026-03-01')
  await page.getByLabel('Ends').fill('2026-05-31')
  await page.getByLabel('Win / shared win / other').check()
  await page.getByLabel('Win', { exact: true }).fill('2')
  // Pressed twice in a row (a double click): one season sent, so no refusal of a second one by the same name.
  const creates: string[] = []
  page.on('request', (r) => {
    if (/\/api\/seasons(:|%3A)create$/.test(r.url())) creates.push(r.url())
  })
  await page.getByRole('button', { name: 'Create season' }).dblclick()
  await expect(page.getByTestId('season-title')).toHaveText('Spring')
  await expect(page.getByRole('status').filter({ hasText: 'Saved “Spring”.' })).toBeVisible()
  expect(creates).toHaveLength(1)
  expect(await apiCall<unknown[]>(page, 'seasons:list', {})).toHaveLength(1)

  // Change: the form holds the season as saved.
  await page.getByRole('button', { name: 'Change' }).click()
  await expect(page.getByRole('heading', { name: 'Change “Spring”' })).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('Spring')
  await expect(page.getByLabel('Starts')).toHaveValue('2026-03-01')
  await expect(page.getByLabel('Win / shared win / other')).toBeChecked()
  await expect(page.getByLabel('Win', { exact: true })).toHaveValue('2')

  // A refused change (it ends before it starts) says why and keeps what was typed.
  await page.getByLabel('Name').fill('Spring cup')
  await page.getByLabel('Ends').fill('2026-02-01')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('Spring cup')
  await page.getByLabel('Ends').fill('2026-06-30')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByTestId('season-title')).toHaveText('Spring cup')
  await expect(page.getByRole('alert')).toHaveCount(0)

  // New season after typing into an abandoned one: an empty form again, placement points by default.
  await page.getByRole('button', { name: 'New season' }).click()
  await page.getByLabel('Name').fill('Half typed')
  await page.getByRole('button', { name: 'New season' }).click()
  await expect(page.getByLabel('Name')).toHaveValue('')
  await expect(page.getByLabel('By placement, scaled by table size')).toBeChecked()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('season-title')).toHaveText('Spring cup')
  expect(problems).toEqual([])
})
