import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp | undefined
test.afterEach(async () => {
  await app?.stop()
  app = undefined
})
test.use({ viewport: { width: 1280, height: 800 } })

const rows = (page: Page) => page.getByTestId('sheet-row')
const tracker = (page: Page) => page.getByTestId('nine-tracker')
const state = (page: Page) => page.getByTestId('nine-tracking-state')
const drawPile = (page: Page) => page.getByTestId('draw-pile')

/** Types a discard into the focused field and presses Enter; waits until it is taken (unless refused). */
async function discard(page: Page, values: string, refused = false): Promise<void> {
  const field = page.getByLabel(/ discards$/)
  await expect(field).toBeFocused()
  await page.keyboard.type(values)
  await page.keyboard.press('Enter')
  if (!refused) await expect(field).toHaveCount(0)
}

test('nine: a whole match tracked turn by turn, by keyboard only: take, discard, snap, declare, reveal, the 99 limit', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'nine', ['Ana', 'Bo'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByRole('heading', { name: 'Nine', level: 1 })).toBeVisible()

  // ---- Deal 1: Ana deals, Bo starts. Alt+K starts tracking with the first face-up discard. ----
  // The game's view loads after the frame's heading: press once it is there, as a person would.
  await expect(page.getByLabel(/^First face-up discard/)).toBeVisible()
  await page.keyboard.press('Alt+k')
  await expect(page.getByLabel(/^First face-up discard/)).toBeFocused()
  await page.keyboard.type('7')
  await page.keyboard.press('Enter')
  await expect(state(page)).toHaveText('Bo to take a card.')
  await expect(drawPile(page)).toHaveText('Draw pile 43')
  await expect(tracker(page)).toContainText('First round of turns: nobody may declare before turn 3.')
  expect(await seriousViolations(page)).toEqual([])

  // Turn 1, Bo: D takes from the draw pile, then a single 5.
  await page.keyboard.press('d')
  await expect(state(page)).toContainText('Bo took from the draw pile: now discard.')
  await expect(drawPile(page)).toHaveText('Draw pile 42')
  await discard(page, '5')
  // Turn 2, Ana: N does nothing in the first round of turns; T takes the 5 on top.
  await expect(state(page)).toHaveText('Ana to take a card.')
  await page.keyboard.press('n')
  await expect(state(page)).toHaveText('Ana to take a card.')
  await page.keyboard.press('t')
  await expect(state(page)).toContainText('Ana took the top discard (5): now discard.')
  // A group that is not a legal discard is refused in the engine's words.
  await discard(page, '5 6', true)
  await expect(page.getByTestId('nine-tracker-error')).toHaveText('A sequence must be exactly 5 consecutive values.')
  await page.keyboard.press('Control+a')
  await discard(page, '9')
  // Turn 3, Bo: draws, discards a pair of 4s and snaps the drawn 4 before Ana acts.
  await expect(state(page)).toHaveText('Bo to take a card or declare NINE.')
  await page.keyboard.press('d')
  await discard(page, '4 4')
  await expect(page.getByRole('button', { name: 'Bo snaps a 4 (S)' })).toBeVisible()
  await page.keyboard.press('s')
  await expect(tracker(page)).toContainText('Hands: Ana 5 · Bo 3')
  await expect(drawPile(page)).toHaveText('Draw pile 41')
  await page.screenshot({ path: testInfo.outputPath('nine-tracking.png') })
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })

  // The table display says whose turn it is; Escape returns to the tracker.
  await page.keyboard.press('Alt+t')
  const table = page.getByTestId('table-display')
  await expect(table).toContainText("Ana's turn (turn 4) · draw pile 41")
  await expect(table.locator('li.turn')).toContainText('Ana')
  await expect(table.locator('li.turn')).toContainText('to play')
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(table).toBeHidden()

  // Turn 4, Ana declares NINE; the revealed hands are typed next (sizes from the tracking).
  await page.keyboard.press('n')
  const form = page.getByTestId('round-form')
  await expect(form.getByRole('radio', { name: 'Ana', exact: true })).toBeChecked()
  await expect(form).toContainText('From the tracked deal: Ana declared NINE; hands Ana 5 · Bo 3 cards.')
  await expect(form.getByLabel(/^Ana’s cards/)).toBeFocused()
  // Ana took the 5 from the discard pile: her hand holds it (NI-R6)
  await page.keyboard.type('1 1 2 0 5')
  await page.keyboard.press('Tab')
  await page.keyboard.type('13 13')
  await page.keyboard.press('Enter')
  await expect(form.getByText('Bo holds 3 cards, but 2 were entered.')).toBeVisible()
  await page.keyboard.type(' 12')
  await page.keyboard.press('Enter')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).nth(0).getByTestId('cell-total')).toHaveText(['0', '38'])

  // ---- Deal 2: Bo deals, Ana starts. A run of 5 gives no snap (house rule default). ----
  await expect(page.getByTestId('round-form').getByRole('radio', { name: 'Ana', exact: true })).toBeFocused()
  await page.keyboard.press('Alt+k')
  await page.keyboard.press('Enter')
  await expect(state(page)).toHaveText('Ana to take a card.')
  await expect(drawPile(page)).toHaveText('Draw pile 43')
  await page.keyboard.press('d')
  await discard(page, '3 4 5 6 7')
  await expect(page.getByRole('button', { name: /snaps/ })).toHaveCount(0)
  await page.keyboard.press('s')
  await expect(state(page)).toHaveText('Bo to take a card.')
  await page.keyboard.press('d')
  await discard(page, '1')
  await expect(tracker(page)).toContainText('Hands: Ana 1 · Bo 5')
  await expect(drawPile(page)).toHaveText('Draw pile 41')
  // Turn 3, Ana declares with one card; Bo's 61 takes him to 99: he loses, Ana wins.
  await page.keyboard.press('n')
  await expect(page.getByTestId('round-form').getByLabel(/^Ana’s cards/)).toBeFocused()
  await page.keyboard.type('2')
  await page.keyboard.press('Tab')
  await page.keyboard.type('13 13 13 12 10')
  await page.keyboard.press('Enter')
  await expect(rows(page)).toHaveCount(2)
  const end = page.getByTestId('match-end')
  await expect(end.getByRole('heading', { name: 'Ana wins' })).toBeVisible()
  await expect(page.getByTestId('grand-total').locator('.total')).toHaveText(['0', '99'])
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})

test('nine tracking: the Snap source and Snap after run house rules, and a void deal when the draw pile runs out', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  // Default rules: taking the top discard and discarding its value gives no snap.
  const plain = await seedMatch(page, 'nine', ['Ana', 'Bo'], { firstDealer: 1 })
  await apiCall(page, 'matches:apply', { id: plain, action: { type: 'deal', top: 6 } })
  await page.goto(`${app.url}#/match/${plain}`)
  await expect(state(page)).toHaveText('Ana to take a card.')
  await page.keyboard.press('t')
  await discard(page, '6')
  await expect(page.getByRole('button', { name: /snaps/ })).toHaveCount(0)

  // ANY_TAKEN_CARD and ANY_RUN_VALUE: the same take offers the snap; after a run a value is asked.
  const loose = await seedMatch(page, 'nine', ['Ana', 'Bo'], {
    firstDealer: 1,
    houseRules: { snapSource: 'ANY_TAKEN_CARD', snapAfterRun: 'ANY_RUN_VALUE' },
  })
  await apiCall(page, 'matches:apply', { id: loose, action: { type: 'deal', top: 6 } })
  await page.goto(`${app.url}#/match/${loose}`)
  await expect(state(page)).toHaveText('Ana to take a card.')
  await page.keyboard.press('t')
  await discard(page, '6')
  await expect(page.getByRole('button', { name: 'Ana snaps a 6 (S)' })).toBeVisible()
  await page.keyboard.press('d')
  await discard(page, '2 3 4 5 6')
  await expect(page.getByRole('button', { name: /^Bo snaps/ })).toBeVisible()
  await page.getByLabel('Snapped value').fill('9')
  await page.getByRole('button', { name: /^Bo snaps/ }).click()
  await expect(page.getByTestId('nine-tracker-error')).toHaveText('Say which value Bo snapped: 2, 3, 4, 5, 6.')
  await page.getByLabel('Snapped value').fill('4')
  await page.getByRole('button', { name: /^Bo snaps/ }).click()
  await expect(tracker(page)).toContainText('Hands: Ana 5 · Bo 0')
  await expect(state(page)).toHaveText('Ana to take a card or declare NINE.')
  expect(await seriousViolations(page)).toEqual([])

  // VOID_ROUND: the draw pile is run down (through the API), then the last take voids the deal.
  const voiding = await seedMatch(page, 'nine', ['Ana', 'Bo'], {
    firstDealer: 1,
    houseRules: { emptyDrawPile: 'VOID_ROUND' },
  })
  await apiCall(page, 'matches:apply', { id: voiding, action: { type: 'deal' } })
  for (let i = 0; i < 43; i++) {
    await apiCall(page, 'matches:apply', { id: voiding, action: { type: 'take', source: 'draw' } })
    await apiCall(page, 'matches:apply', { id: voiding, action: { type: 'discard', cards: [1 + (i % 13)] } })
  }
  await page.goto(`${app.url}#/match/${voiding}`)
  await expect(drawPile(page)).toHaveText('Draw pile 0')
  await expect(page.getByRole('button', { name: 'Draw pile empty: the deal is void (D)' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('nine-void.png') })
  await page.getByRole('heading', { name: /^Deal 1, turn 44/ }).click()
  await page.keyboard.press('d')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).nth(0)).toContainText('Void deal')
  await expect(rows(page).nth(0).getByTestId('cell-total')).toHaveText(['0', '0'])
  await expect(page.getByTestId('round-form').getByRole('heading', { name: 'Deal 2' })).toBeVisible()
})
