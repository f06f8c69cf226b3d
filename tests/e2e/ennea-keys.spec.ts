/**
 * A bounced key never spends another player's turn (EN-V11): each key carries the seat it was pressed for and
 * the match head it was pressed on. The save of the first press is held back (page.route), so the second, real
 * key press (page.keyboard) deterministically arrives while the first is being stored.
 */
import { expect, test, type Page, type Route } from '@playwright/test'
import { newDataDir, type RunningApp, seedMatch, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

/** Holds the next `matches:apply` request until `release` is called; counts every one. */
async function holdFirstApply(page: Page): Promise<{ release: () => void; count: () => number }> {
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  let n = 0
  await page.route(
    (url) => url.pathname.endsWith('/api/matches%3Aapply'),
    async (route: Route) => {
      n++
      if (n === 1) await held
      await route.continue()
    },
  )
  return { release, count: () => n }
}

async function openMatch(page: Page): Promise<void> {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const id = await seedMatch(page, 'ennea', ['Ada', 'Bo', 'Cy'], { starter: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByTestId('game-message')).toHaveText('Round 1: Ada to act (9 cubes in pool).')
}

const log = (page: Page) => page.getByTestId('round-log').locator('li')

test('ennea: A pressed twice quickly passes for Ada only; the second press says it was hers', async ({ page }) => {
  const problems = watchConsole(page)
  await openMatch(page)
  const hold = await holdFirstApply(page)
  await page.keyboard.press('a')
  await page.keyboard.press('a')
  hold.release()
  await expect(page.getByTestId('refusal')).toHaveText("That was Ada's pass; it is Bo's turn now.")
  await expect(log(page)).toHaveCount(1)
  await expect(log(page).first()).toHaveText(/^Ada passes/)
  await expect(page.getByTestId('game-message')).toHaveText('Round 1: Bo to act (9 cubes in pool).')
  // the bounce never reached the service
  expect(hold.count()).toBe(1)
  // Bo's own A is his pass
  await page.keyboard.press('a')
  await expect(log(page).last()).toHaveText(/^Bo passes/)
  await expect(page.getByTestId('refusal')).toHaveCount(0)
  expect(problems.filter((p) => !/409|stale/.test(p))).toEqual([])
})

test('ennea: 5 S 5 S typed fast stakes R2C2 for Ada only, not for Bo', async ({ page }) => {
  await openMatch(page)
  const hold = await holdFirstApply(page)
  for (const k of ['5', 's', '5', 's']) await page.keyboard.press(k)
  hold.release()
  await expect(page.getByTestId('refusal')).toHaveText("That was Ada's stake; it is Bo's turn now.")
  await expect(log(page)).toHaveCount(1)
  await expect(log(page).first()).toHaveText(/^Ada stakes R2C2/)
})

test('ennea: a key held down (auto-repeat) acts once', async ({ page }) => {
  await openMatch(page)
  const hold = await holdFirstApply(page)
  await page.keyboard.down('a')
  await page.keyboard.down('a') // a repeat of the held key
  await page.keyboard.up('a')
  hold.release()
  await expect(log(page).first()).toHaveText(/^Ada passes/)
  await expect(page.getByTestId('refusal')).toHaveCount(0)
  await expect(log(page)).toHaveCount(1)
})
