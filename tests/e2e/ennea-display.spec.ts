/**
 * Ennea at game over: the game-over table says whether each player made a 9-line in each round (EN-R23), and
 * the table display (Alt+T) shows the winner large with the final table.
 */
import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

const GRID = [2, 7, 4, 5, 3, 6, 1, 8, 9]

/** A two-player game played through the API: in round 1 Ada stakes R1C1 and R1C2 (2 + 7 = 9); then calls and passes. */
async function playToTheEnd(page: Page): Promise<string> {
  const id = await seedMatch(page, 'ennea', ['Ada', 'Bo'], { starter: 0 })
  const act = (action: unknown) => apiCall(page, 'matches:apply', { id, action })
  await act({ type: 'stake', cell: 0, seat: 0 })
  await act({ type: 'pass', seat: 1 })
  await act({ type: 'stake', cell: 1, seat: 0 })
  await act({ type: 'ennea', seat: 1 })
  await act({ type: 'pass', seat: 0 })
  await act({ type: 'reveal', grid: GRID })
  // rounds 2 to 4: the starter calls at once, the other passes
  for (const starter of [1, 0, 1]) {
    await act({ type: 'ennea', seat: starter })
    await act({ type: 'pass', seat: 1 - starter })
    await act({ type: 'reveal', grid: GRID })
  }
  return id
}

test('ennea game over: the 9-lines by round, and the winner large on the table display', async ({ page }, testInfo) => {
  const problems = watchConsole(page)
  app = await startApp(newDataDir())
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto(app.url)
  const id = await playToTheEnd(page)
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByRole('heading', { name: 'Game over' })).toBeVisible()
  // EN-R23: the round's loss, the new total and whether the player made a 9-line
  await expect(page.getByTestId('round-1-seat-0')).toHaveText('9 ✓ 9-line')
  await expect(page.getByTestId('round-1-seat-1')).toHaveText('8 (−1) no 9-line')
  await expect(page.getByTestId('round-2-seat-0')).toHaveText('8 (−1) no 9-line')

  await page.keyboard.press('Alt+t')
  const display = page.getByTestId('ennea-table')
  await expect(display).toBeVisible()
  const winner = display.getByTestId('table-winner')
  await expect(winner).toHaveText(await page.getByTestId('winners').innerText())
  const size = await winner.evaluate((e) => parseFloat(getComputedStyle(e).fontSize))
  expect(size).toBeGreaterThanOrEqual(60)
  const rows = display.getByTestId('final-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.first().locator('.pname')).toHaveText('Ada')
  await expect(rows.first().locator('td').first()).toHaveText('9✓')
  await expect(rows.first().locator('[data-col="total"]')).toHaveText('6')
  // docs/screenshot-ennea-game-over.png is this picture
  await page.screenshot({ path: testInfo.outputPath('ennea-game-over.png') })
  expect(problems).toEqual([])
})

test('ennea table display at 1920×1080: cube letters and card labels at 60 px or more, on one screen', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto(app.url)
  const id = await seedMatch(page, 'ennea', ['Ada', 'Bo', 'Cy', 'Di'], { starter: 0 })
  const act = (action: unknown) => apiCall(page, 'matches:apply', { id, action })
  // three cubes on R2C2 (a full card), one on R1C1
  await act({ type: 'stake', cell: 4, seat: 0 })
  await act({ type: 'stake', cell: 4, seat: 1 })
  await act({ type: 'stake', cell: 4, seat: 2 })
  await act({ type: 'stake', cell: 0, seat: 3 })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByTestId('game-message')).toHaveText(/^Round 1: Ada to act/)
  await page.keyboard.press('Alt+t')
  const display = page.getByTestId('ennea-table')
  await expect(display).toBeVisible()
  const sizes = await display.evaluate((d) => ({
    letters: [...d.querySelectorAll('.grid .letter')].map((e) => parseFloat(getComputedStyle(e).fontSize)),
    labels: [...d.querySelectorAll('.card-face .name')].map((e) => parseFloat(getComputedStyle(e).fontSize)),
    overflow: d.scrollHeight - d.clientHeight,
    fullCardFits: (() => {
      const card = d.querySelector('[data-cell="4"]')
      const cubes = card?.querySelector('.cubes')
      return card && cubes ? cubes.scrollWidth <= card.clientWidth : false
    })(),
  }))
  expect(sizes.letters).toHaveLength(4)
  for (const px of sizes.letters) expect(px).toBeGreaterThanOrEqual(60)
  expect(sizes.labels).toHaveLength(9)
  for (const px of sizes.labels) expect(px).toBeGreaterThanOrEqual(60)
  // the display still fits the screen, and three cubes fit on one card
  expect(sizes.overflow).toBeLessThanOrEqual(0)
  expect(sizes.fullCardFits).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('ennea-table-1920.png') })
})

test('ennea table display after a reveal: the resolution with lines, cubes off and rule IDs, until a key moves on', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto(app.url)
  const id = await seedMatch(page, 'ennea', ['Ada', 'Bo'], { starter: 0 })
  const act = (action: unknown) => apiCall(page, 'matches:apply', { id, action })
  // Ada: R1C1 and R1C2 (2 + 7 = 9); Bo: R2C1 and R2C2 (5 + 3 = 8, failed), then calls
  await act({ type: 'stake', cell: 0, seat: 0 })
  await act({ type: 'stake', cell: 3, seat: 1 })
  await act({ type: 'stake', cell: 1, seat: 0 })
  await act({ type: 'stake', cell: 4, seat: 1 })
  await act({ type: 'pass', seat: 0 })
  await act({ type: 'ennea', seat: 1 })
  await act({ type: 'pass', seat: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  const field = page.getByLabel('Card values, R1C1 to R3C3')
  await expect(field).toBeFocused()
  await page.keyboard.type(GRID.join(''))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('game-message')).toHaveText(/^Round 2: Bo to act/)

  await page.keyboard.press('Alt+t')
  const display = page.getByTestId('ennea-table')
  const res = display.getByTestId('table-resolution')
  await expect(res).toBeVisible()
  await expect(res).toContainText('Round 1 resolved')
  const seats = res.getByTestId('table-resolution-seat')
  await expect(seats.nth(0)).toContainText('Row 1: 2 + 7 = 9 ✓')
  await expect(seats.nth(0)).toContainText('9 → 9')
  await expect(seats.nth(0)).toContainText('(EN-R18)')
  await expect(seats.nth(1)).toContainText('Row 2: 5 + 3 = 8 ✗')
  await expect(seats.nth(1)).toContainText('9 → 8')
  await expect(seats.nth(1)).toContainText('(EN-R17, EN-R19)')
  await expect(res.locator('[data-cell="0"]')).toContainText('2')
  // one failed line costs Bo one cube (STRICT)
  await expect(res.locator('.wrap.removed')).toHaveCount(1)
  // the whole resolution on one screen, the seats beside the grid
  expect(await display.evaluate((d) => d.scrollHeight - d.clientHeight)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: testInfo.outputPath('ennea-table-resolution.png') })
  // a key moves on to the next round's grid
  await page.keyboard.press('Enter')
  await expect(res).toBeHidden()
  await expect(display.getByTestId('table-turn')).toHaveText(/Bo to act$/)
  await expect(display).toBeVisible()
})
