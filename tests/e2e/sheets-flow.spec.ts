import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp | undefined
test.afterEach(async () => {
  await app?.stop()
  app = undefined
})

const form = (page: Page) => page.getByTestId('round-form')
const rows = (page: Page) => page.getByTestId('sheet-row')

test('wild nine tracking: Enter in Drawn card draws, an unplayable drawn card is kept by itself, the result form knows the outcome and where the seen card went', async ({ page }, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Ben'], { firstDealer: 1 })
  // A round already under way: Ana holds 2 cards, Ben 1, top 2♣.
  await apiCall(page, 'matches:apply', { id, action: { type: 'start-round', upcard: '2C', position: { handSizes: [2, 1], stock: 30, discard: 19, toAct: 0 } } })
  await page.goto(`${app.url}#/match/${id}`)
  const state = page.getByTestId('tracking-state')
  await expect(state).toContainText('Ana to play')

  // Ana cannot play: she types the drawn card and presses Enter; K♥ cannot go on 2♣, so it is kept.
  await page.getByLabel(/^Drawn card/).fill('kh')
  await page.getByLabel(/^Drawn card/).press('Enter')
  await expect(state).toContainText('Ben to play')
  await expect(state).toContainText('turns without a play 1')
  await expect(page.getByText('Hands: Ana 3 · Ben 1')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Keep the drawn card' })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // Ben goes out on 5♣; the result form already says so.
  await page.getByLabel('Ben plays').fill('5c')
  await page.getByLabel('Ben plays').press('Enter')
  const f = form(page)
  await expect(f.getByRole('radio', { name: 'Ben', exact: true })).toBeChecked()
  await expect(f).toContainText('From the tracked play: Ben went out.')
  // K♥ went into Ana's hand: a hand without it is refused next to her field.
  await f.getByLabel('Ana’s cards').fill('qh 3d 4d')
  await expect(f.getByText("Ana drew K♥ in this round (the tracker saw it): enter it in Ana's hand.")).toBeVisible()
  await f.getByLabel('Ana’s cards').fill('kh 3d 4d')
  await page.screenshot({ path: testInfo.outputPath('tracked-result.png'), fullPage: true })
  await f.getByLabel('Ana’s cards').press('Enter')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).nth(0).getByTestId('cell-total')).toHaveText(['17', '0'])
  expect(problems).toEqual([])
})

test('wild nine: under "a round ends only when no stock can be formed" the result form offers no deadlock', async ({ page }) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const strict = await seedMatch(page, 'wild-nine', ['Ana', 'Ben'], { houseRules: { deadlock: 'NO_STOCK_ONLY' } })
  await page.goto(`${app.url}#/match/${strict}`)
  await expect(form(page).getByRole('radio', { name: 'Ana', exact: true })).toBeVisible()
  await expect(form(page).getByRole('radio', { name: /Deadlock/ })).toHaveCount(0)
  const usual = await seedMatch(page, 'wild-nine', ['Ana', 'Ben'])
  await page.goto(`${app.url}#/match/${usual}`)
  await expect(form(page).getByRole('radio', { name: /Deadlock/ })).toHaveCount(1)
})
