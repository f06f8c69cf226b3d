/**
 * Entry that never loses what was typed (issue 25): a half-typed round survives a Ctrl+Z outside the
 * form, and a round refused as stale stays in the form, marked as not saved, beside the current sheet.
 */
import { expect, test, type Page } from '@playwright/test'
import { newDataDir, type RunningApp, seedMatch, startApp, watchConsole } from './app'

let app: RunningApp | undefined
test.afterEach(async () => {
  await app?.stop()
  app = undefined
})

const form = (page: Page) => page.getByTestId('round-form')
const rows = (page: Page) => page.getByTestId('sheet-row')

async function pointsRound(page: Page, out: string, points: Record<string, number>): Promise<void> {
  const f = form(page)
  await f.getByRole('radio', { name: out, exact: true }).check()
  await f.getByRole('radio', { name: /^Points/ }).check()
  for (const [name, p] of Object.entries(points)) await f.getByLabel(`${name}’s penalty`).fill(String(p))
  await f.getByLabel(`${Object.keys(points).at(-1)}’s penalty`).press('Enter')
}

test('sheets: Ctrl+Z outside a field keeps the half-typed next round, and a redo brings it back', async ({ page }) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  await pointsRound(page, 'Cy', { Ana: 10, Bo: 12 })
  await expect(rows(page)).toHaveCount(1)

  // round 2 half typed by cards, then the heading clicked and Ctrl+Z
  const f = form(page)
  await expect(f.getByRole('heading', { name: 'Round 2' })).toBeVisible()
  await f.getByRole('radio', { name: 'Ana', exact: true }).check()
  await f.getByRole('radio', { name: 'Cards', exact: true }).check()
  await f.getByLabel('Bo’s cards').fill('kh qs')
  await page.getByRole('heading', { name: 'Wild Nine', level: 1 }).click()
  await page.keyboard.press('Control+z')
  await expect(rows(page)).toHaveCount(0)
  await expect(f.getByRole('heading', { name: 'Round 1' })).toBeVisible()
  await expect(f.getByTestId('later-draft')).toHaveText(
    'Round 2 as typed before the undo is kept: it comes back once round 1 is entered again.',
  )
  // the redo brings round 1 back, and round 2's form comes back as it was typed
  await page.getByRole('heading', { name: 'Wild Nine', level: 1 }).click()
  await page.keyboard.press('Control+Shift+z')
  await expect(rows(page)).toHaveCount(1)
  await expect(f.getByRole('heading', { name: 'Round 2' })).toBeVisible()
  await expect(f.getByRole('radio', { name: 'Ana', exact: true })).toBeChecked()
  await expect(f.getByLabel('Bo’s cards')).toHaveValue('kh qs')
  await expect(f.getByTestId('later-draft')).toHaveCount(0)

  // undone again and entered again by hand: the half-typed round 2 comes back the same way
  await page.getByRole('heading', { name: 'Wild Nine', level: 1 }).click()
  await page.keyboard.press('Control+z')
  await expect(rows(page)).toHaveCount(0)
  await pointsRound(page, 'Bo', { Ana: 3, Cy: 4 })
  await expect(rows(page)).toHaveCount(1)
  await expect(f.getByLabel('Bo’s cards')).toHaveValue('kh qs')
  expect(problems).toEqual([])
})
