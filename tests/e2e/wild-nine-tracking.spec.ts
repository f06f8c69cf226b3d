import { expect, test } from '@playwright/test'
import { newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

test('wild nine: a round tracked card by card, with the active suit after a 9, an illegal card, a draw, undo and the table display', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)

  await page.getByText('Track this round card by card (optional)').click()
  await expect(page.getByText('Ana deals 7 each; Bo plays first.')).toBeVisible()
  await page.getByLabel('Up card').fill('7h')
  await page.getByRole('button', { name: 'Start tracking' }).click()
  const state = page.getByTestId('tracking-state')
  await expect(state).toContainText('Bo to play')
  await expect(state).toContainText('active suit ♥ hearts')
  await expect(state).toContainText('stock 30')

  // A 9 names a suit.
  await page.getByLabel('Bo plays').fill('9s')
  await page.getByLabel('Suit named').selectOption('D')
  await page.keyboard.press('Enter')
  await expect(state).toContainText('Cy to play')
  await expect(state).toContainText('active suit ♦ diamonds')

  // An illegal card is refused in the engine's words and changes nothing.
  await page.getByLabel('Cy plays').fill('ks')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toContainText('not legal')
  await expect(state).toContainText('Cy to play')

  // Cy draws once, and keeps the card; then Ana plays a diamond.
  await page.getByRole('button', { name: 'Draw' }).click()
  await page.getByRole('button', { name: 'Keep the drawn card' }).click()
  await expect(state).toContainText('Ana to play')
  await expect(state).toContainText('stock 29')
  await page.getByLabel('Ana plays').fill('3d')
  await page.keyboard.press('Enter')
  await expect(state).toContainText('Bo to play')
  await expect(state).toContainText('Top 3♦')
  await page.screenshot({ path: testInfo.outputPath('tracking.png'), fullPage: true })

  // Ctrl+Z takes the play back.
  await page.getByRole('heading', { name: 'Round in play' }).click()
  await page.keyboard.press('Control+z')
  await expect(state).toContainText('Ana to play')

  // The table display shows the active suit.
  await page.keyboard.press('Alt+t')
  await expect(page.getByText('Active suit: ♦ diamonds').first()).toBeVisible()
  await page.keyboard.press('Escape')

  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'Stop tracking and enter the result' }).click()
  await expect(page.getByTestId('round-form')).toBeVisible()
  expect(problems).toEqual([])
})
