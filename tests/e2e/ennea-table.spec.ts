/**
 * Ennea at the table (issue 12): a repeated key press never acts for the next player, Ctrl+Z inside the reveal
 * field only edits text, unknown cards at reveal, any round opened in Referee mode under the match's removal rule,
 * and the large-type table display with readable card labels and cube letters.
 */
import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

const log = (page: Page) => page.getByTestId('round-log').locator('li')

async function open(page: Page, rule = 'STRICT'): Promise<string> {
  await page.goto(app.url)
  const id = await seedMatch(page, 'ennea', ['Ana', 'Bo', 'Cy'], {
    starter: 0,
    houseRules: { failedLineRemoval: rule },
  })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByTestId('game-message')).toHaveText('Round 1: Ana to act (9 cubes in pool).')
  return id
}

test('a double key press never stakes for the next player; a stale seat is refused in words', async ({ page }) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  const id = await open(page)
  await page.keyboard.press('1')
  await page.keyboard.press('s')
  await expect(log(page)).toHaveCount(1)
  // Bo chooses R1C2 and presses S twice, 250 ms apart: Bo stakes, Cy does not
  await page.keyboard.press('2')
  await page.keyboard.press('s')
  await page.waitForTimeout(250) // the second press, a quarter of a second later (the input, not a wait)
  await page.keyboard.press('s')
  // The refusal is the second press's answer: once it shows, that press has been handled
  await expect(page.getByTestId('refusal')).toHaveText('Choose a card first: arrow keys or 1–9.')
  await expect(log(page)).toHaveCount(2)
  await expect(log(page).last()).toContainText('Bo stakes R1C2')
  await expect(page.getByTestId('game-message')).toHaveText('Round 1: Cy to act (9 cubes in pool).')
  await expect(page.getByTestId('player-2').locator('[data-col="staked"]')).toHaveText('0')
  // an action sent for Bo when it is Cy's turn (a key press that raced the update) is refused by the engine
  const refused = await page.evaluate(
    async ([matchId]) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="ninekeeper-token"]')?.content ?? ''
      const res = await fetch('/api/matches:apply', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Ninekeeper-Token': token },
        body: JSON.stringify({ id: matchId, action: { type: 'stake', cell: 1, seat: 1 } }),
      })
      return (await res.json()) as { ok: boolean; error?: { message: string } }
    },
    [id] as const,
  )
  expect(refused).toEqual({
    ok: false,
    error: expect.objectContaining({ message: "That was Bo's stake; it is Cy's turn now." }),
  })
  await page.reload()
  await expect(log(page)).toHaveCount(2)
  expect(problems).toEqual([])
})

test('Ctrl+Z in the reveal field edits text only; unknown cards at reveal; round opened in Referee mode', async ({
  page,
}) => {
  test.setTimeout(90_000)
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  const id = await open(page, 'OWNER_SEQUENTIAL')
  // Ana R1C1, Bo R2C2, Cy R1C2, Ana R1C2... then Ana calls
  for (const [k, who] of [
    ['1', 'Ana'],
    ['5', 'Bo'],
    ['2', 'Cy'],
    ['2', 'Ana'],
  ] as const) {
    await page.keyboard.press(k)
    await page.keyboard.press('s')
    await expect(log(page).last()).toContainText(`${who} stakes`)
  }

  // ---- the live round opens in Referee mode: the cubes as they lie, the match's rule ----
  await page.keyboard.press('r')
  await expect(page.getByRole('heading', { name: 'Referee', level: 1 })).toBeVisible()
  await expect(page.getByTestId('from-match')).toHaveText(
    /Round 1 of the match, under the match's failed-line removal rule OWNER_SEQUENTIAL\./,
  )
  await expect(page.getByRole('button', { name: 'R1C2 cubes: A C (Ana, Cy)' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'R1C1 cubes: A (Ana)' })).toBeVisible()
  await expect(page.getByLabel('R1C1 value')).toHaveValue('')
  await page.screenshot({ path: '/tmp/ennea-live-referee-light.png', fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('link', { name: 'Back to the match' }).click()
  await expect(page.getByTestId('game-message')).toHaveText('Round 1: Bo to act (8 cubes in pool).')

  await page.keyboard.press('e')
  await expect(log(page)).toHaveCount(5)
  await page.keyboard.press('a')
  await expect(log(page)).toHaveCount(6)
  await page.keyboard.press('a')
  await expect(page.getByRole('heading', { name: 'Reveal round 1' })).toBeVisible()
  const field = page.getByLabel('Card values, R1C1 to R3C3')
  await expect(field).toBeFocused()

  // ---- Ctrl+Z in the empty field: no game move is undone ----
  // An undo, once started, disables Undo at once (in the key's own handler); so Undo still enabled
  // after the key means none started, and the entries left as they were means none happened.
  const undo = page.getByRole('button', { name: 'Undo', exact: true })
  await expect(undo).toBeEnabled()
  const entries = await log(page).count()
  await page.keyboard.press('Control+z')
  await expect(undo).toBeEnabled()
  await expect(log(page)).toHaveCount(entries)
  await expect(page.getByRole('heading', { name: 'Reveal round 1' })).toBeVisible()
  await page.keyboard.type('27')
  await page.keyboard.press('Control+z')
  await expect(undo).toBeEnabled()
  await expect(log(page)).toHaveCount(entries)
  await expect(page.getByRole('heading', { name: 'Reveal round 1' })).toBeVisible()
  await field.fill('')

  // ---- unknown cards: a card with cubes cannot stay unknown, a card without may ----
  await page.keyboard.type('?7')
  await expect(page.getByTestId('reveal-status')).toHaveText(
    'Enter the value of R1C1; it holds cubes, so it cannot stay unknown.',
  )
  await field.fill('')
  await page.keyboard.type('27?536?89')
  await expect(page.getByTestId('reveal-status')).toHaveText(
    'All 9 values check out against the deck. Press Enter to resolve.',
  )
  await expect(page.getByTestId('unknown-note')).toContainText('Unknown: R1C3, R3C1 (no cubes, so allowed; EN-A21).')
  await page.screenshot({ path: '/tmp/ennea-unknown-light.png', fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Round 1 resolution' })).toBeVisible()
  await expect(page.getByTestId('round-summary')).toContainText('Grid 2 7 ? / 5 3 6 / ? 8 9.')
  await expect(page.getByTestId('round-summary')).toContainText('Left unknown: R1C3, R3C1.')
  await expect(page.getByTestId('round-rule')).toHaveText('Failed-line removal: OWNER_SEQUENTIAL')
  // round 2 then shows no exact round-4 list (an unknown card is one of the remaining ones)
  const seats = page.getByTestId('seat-resolution')
  await expect(seats.nth(0).getByTestId('seat-result')).toHaveText('9 → 9 (no loss)')

  // ---- a finished round opens in Referee mode, with its grid, cubes, totals and the rule ----
  await page.getByTestId('open-referee').click()
  await expect(page.getByTestId('from-match')).toContainText('OWNER_SEQUENTIAL')
  await expect(page.getByLabel('R1C1 value')).toHaveValue('2')
  await expect(page.getByLabel('R1C3 value')).toHaveValue('')
  await expect(page.getByLabel('Failed-line removal rule for the steps')).toHaveValue('OWNER_SEQUENTIAL')
  await expect(page.getByTestId('compare-row').nth(0).locator('[data-rule="OWNER_SEQUENTIAL"] .total')).toHaveText('9')
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Round 1 resolution' })).toBeVisible()

  // Ctrl+Z outside a field still undoes the last move (the reveal)
  await page.getByRole('heading', { name: 'Ennea', level: 1 }).focus()
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('heading', { name: 'Reveal round 1' })).toBeVisible()
  void id
  expect(problems).toEqual([])
})

test('the table display: grid, cubes, whose turn and pools in large type; labels and cube letters at least 16 px', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await open(page)
  // Two stakes at a person's pace (a key pressed while the previous entry saves is dropped on purpose).
  for (const [i, k] of ['1', '5'].entries()) {
    await page.keyboard.press(k)
    await page.keyboard.press('s')
    await expect(log(page)).toHaveCount(i + 1)
  }
  // in the tracker: card labels and cube letters are at least 16 px
  const px = async (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize))
  expect(await px('.tracker [data-cell="0"] .name')).toBeGreaterThanOrEqual(16)
  expect(await px('.tracker [data-cell="0"] .letter')).toBeGreaterThanOrEqual(16)

  await page.keyboard.press('Alt+t')
  const table = page.getByTestId('ennea-table')
  await expect(table).toBeVisible()
  await expect(table.getByTestId('table-turn')).toHaveText(/Cy to act$/)
  await expect(table.getByTestId('table-player-0').locator('[data-col="pool"]')).toHaveText('8')
  await expect(table.getByTestId('table-player-2').locator('[data-col="pool"]')).toHaveText('9')
  await expect(table.locator('[data-cell="4"] .letter')).toHaveText('B')
  expect(
    await table.locator('[data-cell="4"] .letter').evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
  ).toBeGreaterThanOrEqual(24)
  expect(
    await table
      .locator('.name')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
  ).toBeGreaterThanOrEqual(19)
  await page.screenshot({ path: '/tmp/ennea-table-light.png' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: '/tmp/ennea-table-dark.png' })
  expect(await seriousViolations(page)).toEqual([])
  // keys do not act behind the display
  await page.keyboard.press('s')
  await expect(log(page)).toHaveCount(2)
  await page.keyboard.press('Escape')
  await expect(table).toBeHidden()
  // opened by its button, Escape returns focus to the button
  await page.getByRole('button', { name: /^Table display/ }).click()
  await expect(table).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(table).toBeHidden()
  await expect(page.getByRole('button', { name: /^Table display/ })).toBeFocused()
  expect(problems).toEqual([])
})

test('the removed cube keeps its letter in a resolution', async ({ page }) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const id = await seedMatch(page, 'ennea', ['Ana', 'Bo'], { starter: 0 })
  // Ana stakes R1C1 and R1C2 (2 + 3 = 5 fails: one cube comes off)
  for (const action of [
    { type: 'stake', cell: 0 },
    { type: 'pass' },
    { type: 'stake', cell: 1 },
    { type: 'ennea' },
    { type: 'pass' },
    { type: 'reveal', grid: [2, 3, 4, 5, 6, 7, 8, 9, 1] },
  ]) {
    await apiCall(page, 'matches:apply', { id, action })
  }
  await page.goto(`${app.url}#/match/${id}`)
  const ana = page.getByTestId('seat-resolution').first()
  await expect(ana.getByTestId('seat-result')).toHaveText('9 → 8 (−1)')
  const removed = ana.locator('.wrap.removed')
  await expect(removed).toHaveCount(1)
  await expect(removed.locator('.letter')).toHaveText('A')
  const style = await removed.locator('.letter').evaluate((el) => {
    const cs = getComputedStyle(el)
    let o = 1
    for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity)
    return { size: parseFloat(cs.fontSize), opacity: o }
  })
  expect(style.size).toBeGreaterThanOrEqual(16)
  expect(style.opacity).toBe(1)
  await ana.screenshot({ path: '/tmp/ennea-removed-cube.png' })
})

test('the table display closed by Escape gives the keys back at once, and the focus to its opener', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await open(page)
  const table = page.getByTestId('ennea-table')
  // Escape (the cancel event, then the close event a task later) with 5 pressed in between, in one turn of the
  // page's event loop, as a quick hand does it: the card is chosen, not lost behind a display already gone.
  await page.keyboard.press('Alt+t')
  await expect(table).toBeVisible()
  await page.evaluate(() => {
    const dialog = document.querySelector<HTMLDialogElement>('[data-testid="ennea-table"]') as HTMLDialogElement
    dialog.dispatchEvent(new Event('cancel'))
    dialog.close()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '5', bubbles: true }))
  })
  await expect(table).toBeHidden()
  await expect(page.getByTestId('selected-card')).toHaveText('Chosen card: R2C2.')
  await page.keyboard.press('s')
  await expect(log(page)).toHaveCount(1)
  await expect(log(page).last()).toContainText('Ana stakes R2C2')
  expect(problems).toEqual([])
})
