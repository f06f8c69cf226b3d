import { expect, test, type Page } from '@playwright/test'
import { newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

const lastLog = (page: Page) => page.getByTestId('round-log').locator('li').last()
const cellOf = (page: Page, row: number) => page.getByTestId(`player-${row}`)

/** Chooses a card by its number key (1–9) and presses an action key; waits for the engine's log line. */
async function act(page: Page, keys: string[], logLine: string | RegExp): Promise<void> {
  for (const k of keys) await page.keyboard.press(k)
  await expect(page.getByTestId('round-log').getByText(logLine)).toHaveCount(1)
}

async function expectRow(
  page: Page,
  seat: number,
  cols: { total: number; pool: number; aside: number; staked: number },
): Promise<void> {
  const row = cellOf(page, seat)
  await expect(row.locator('[data-col="total"]')).toHaveText(String(cols.total))
  await expect(row.locator('[data-col="pool"]')).toHaveText(String(cols.pool))
  await expect(row.locator('[data-col="aside"]')).toHaveText(String(cols.aside))
  await expect(row.locator('[data-col="staked"]')).toHaveText(String(cols.staked))
}

async function reveal(page: Page, digits: string): Promise<void> {
  const field = page.getByLabel('Card values, R1C1 to R3C3')
  await expect(field).toBeFocused()
  await field.fill('')
  await page.keyboard.type(digits)
  await expect(page.getByTestId('reveal-status')).toHaveText(
    'All 9 values check out against the deck. Press Enter to resolve.',
  )
  await page.keyboard.press('Enter')
}

test('ennea: a whole four-round game with three players, refusals, an ENNEA call, a deck error, undo and a restart', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const dataDir = newDataDir()
  app = await startApp(dataDir)
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'ennea', ['Ana', 'Bo', 'Cy'], {
    starter: 0,
    colours: ['#d7263d', '#1b6ec2', '#2e8540'],
    houseRules: { failedLineRemoval: 'STRICT', reshuffleEachRound: false },
  })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByRole('heading', { name: 'Ennea', level: 1 })).toBeVisible()
  await expect(page.getByTestId('game-message')).toHaveText('Round 1: Ana to act (9 cubes in pool).')
  // Nothing chosen yet: Peek and Stake wait for a card; Pass and ENNEA are possible.
  await expect(page.getByRole('button', { name: /^Stake/ })).toBeDisabled()
  await expect(page.getByRole('button', { name: /^Pass \(2\)/ })).toBeEnabled()

  // ---- Round 1: SPEC EN-G24, grid G1 = 2 7 4 / 5 3 6 / 1 8 9 ----
  await act(page, ['1', 's'], 'Ana stakes R1C1 (pool 8, set aside 0, staked 1).')
  await act(page, ['5', 'p'], 'Bo peeks at R2C2 (pool 8, set aside 1, staked 0).')
  await act(page, ['5', 's'], 'Cy stakes R2C2')
  await act(page, ['2', 's'], 'Ana stakes R1C2')
  await act(page, ['5', 's'], 'Bo stakes R2C2')
  await act(page, ['3', 'p'], 'Cy peeks at R1C3')
  // Ana tries to Peek at R2C2, which holds cubes: the Peek button is off and the key gives the SPEC message.
  await page.keyboard.press('5')
  await expect(page.getByRole('button', { name: /^Peek/ })).toBeDisabled()
  await page.keyboard.press('p')
  await expect(page.getByTestId('refusal')).toHaveText('You may only Peek at a card with no cubes on it.')
  await page.screenshot({ path: '/tmp/ennea-refused-peek-light.png' })
  await expectRow(page, 0, { total: 9, pool: 7, aside: 0, staked: 2 })
  // Staking her own card again is refused with the SPEC wording too.
  await page.keyboard.press('1')
  await page.keyboard.press('s')
  await expect(page.getByTestId('refusal')).toHaveText(
    'You already have a cube on R1C1 (max 1 of your colour per card).',
  )
  await page.getByRole('button', { name: /^Pass/ }).click()
  await expect(lastLog(page)).toHaveText('Ana passes and sets aside 2 cubes (pool 5, set aside 2, staked 2).')
  await expect(page.getByTestId('refusal')).toHaveCount(0)
  await act(page, ['6', 's'], 'Bo stakes R2C3')
  await act(page, ['e'], 'Cy calls ENNEA! and sets aside 7 cubes (pool 0, set aside 8, staked 1).')
  await expect(page.getByTestId('final-queue')).toContainText('ENNEA called by Cy')
  await expect(page.getByTestId('final-queue')).toContainText('Ana, then Bo')
  await expect(page.getByTestId('game-message')).toHaveText(
    'Round 1: Cy called ENNEA; Ana takes a final Stake or Pass.',
  )
  await page.screenshot({ path: '/tmp/ennea-final-actions-light.png', fullPage: true })
  // No Peek and no second call after the call.
  await expect(page.getByRole('button', { name: /^Peek/ })).toBeDisabled()
  await expect(page.getByRole('button', { name: /^ENNEA/ })).toBeDisabled()
  await page.keyboard.press('e')
  await expect(page.getByTestId('refusal')).toHaveText(
    'ENNEA was already called this round; you get one final Stake or Pass.',
  )
  await act(page, ['3', 's'], 'Final action: Ana stakes R1C3')
  await expect(page.getByTestId('final-queue')).toContainText('Bo')
  await page.keyboard.press('a')
  await expect(page.getByRole('heading', { name: 'Reveal round 1' })).toBeVisible()
  await reveal(page, '274536189')

  // Resolution: EN-G24's numbers and the engine's sentences.
  await expect(page.getByRole('heading', { name: 'Round 1 resolution' })).toBeVisible()
  const seats = page.getByTestId('seat-resolution')
  await expect(seats.nth(0).getByTestId('seat-result')).toHaveText('9 → 8 (−1)')
  await expect(seats.nth(0)).toContainText('Row 1: 2 + 7 + 4 = 13 ✗')
  await expect(seats.nth(1).getByTestId('seat-result')).toHaveText('9 → 9 (no loss)')
  await expect(seats.nth(1)).toContainText('Row 2: 3 + 6 = 9 ✓ protects R2C2 and R2C3.')
  await expect(seats.nth(2).getByTestId('seat-result')).toHaveText('9 → 8 (−1)')
  await expect(seats.nth(2)).toContainText('No 9-line this round: minimum loss of 1 cube (EN-R21)')
  await expect(page.getByTestId('game-message')).toHaveText('Round 2: Bo to act (9 cubes in pool).')
  await page.screenshot({ path: '/tmp/ennea-round1-light.png', fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  // ---- Round 2: Bo calls at once; a deck-count error at reveal, then corrected ----
  await act(page, ['e'], 'Bo calls ENNEA!')
  await act(page, ['a'], 'Final action: Cy passes')
  await page.keyboard.press('a')
  await expect(page.getByRole('heading', { name: 'Reveal round 2' })).toBeVisible()
  const field = page.getByLabel('Card values, R1C1 to R3C3')
  await page.keyboard.type('999912345')
  await expect(page.getByTestId('reveal-status')).toHaveText(
    'Too many 9s: one 9 was already revealed this game (round 1 R3C3) and this grid has 4 more. A 36-card Ennea deck has exactly four of each value. Check this grid or an earlier round.',
  )
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Reveal round 2' })).toBeVisible()
  await reveal(page, '987654321')
  await expect(page.getByRole('heading', { name: 'Round 2 resolution' })).toBeVisible()
  await expect(seats.nth(0).getByTestId('seat-result')).toHaveText('8 → 7 (−1)')
  await expect(seats.nth(1).getByTestId('seat-result')).toHaveText('9 → 8 (−1)')
  await expect(seats.nth(2).getByTestId('seat-result')).toHaveText('8 → 7 (−1)')

  // ---- Round 3: starter Cy; an undo (Ctrl+Z), then a restart of the server mid-round ----
  await expect(page.getByTestId('game-message')).toHaveText('Round 3: Cy to act (7 cubes in pool).')
  await act(page, ['1', 's'], 'Cy stakes R1C1')
  await expectRow(page, 2, { total: 7, pool: 6, aside: 0, staked: 1 })
  await page.keyboard.press('Control+z')
  await expect(page.getByTestId('round-log')).toHaveCount(0)
  await expectRow(page, 2, { total: 7, pool: 7, aside: 0, staked: 0 })
  await expect(page.getByTestId('game-message')).toHaveText('Round 3: Cy to act (7 cubes in pool).')
  await act(page, ['2', 's'], 'Cy stakes R1C2')
  await act(page, ['1', 's'], 'Ana stakes R1C1')

  // The page leaves first, so it never reaches for the stopped server (a refused connection in its console).
  await page.goto('about:blank')
  await app.stop()
  app = await startApp(dataDir)
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByTestId('game-message')).toHaveText('Round 3: Bo to act (8 cubes in pool).')
  await expect(page.getByTestId('round-log').locator('li')).toHaveCount(2)
  await expectRow(page, 0, { total: 7, pool: 6, aside: 0, staked: 1 })

  // Arrow keys choose cards too: from R1C1 (key 1) right twice is R1C3.
  await page.keyboard.press('1')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('selected-card')).toHaveText('Chosen card: R1C3.')
  await act(page, ['s'], 'Bo stakes R1C3')
  await act(page, ['1', 's'], 'Cy stakes R1C1')
  await act(page, ['e'], 'Ana calls ENNEA!')
  await expect(page.getByTestId('final-queue')).toContainText('Bo, then Cy')
  await act(page, ['a'], 'Final action: Bo passes')
  await page.keyboard.press('a')
  await reveal(page, '451523867')
  await expect(page.getByRole('heading', { name: 'Round 3 resolution' })).toBeVisible()
  await expect(seats.nth(0).getByTestId('seat-result')).toHaveText('7 → 6 (−1)')
  await expect(seats.nth(1).getByTestId('seat-result')).toHaveText('8 → 7 (−1)')
  await expect(seats.nth(2).getByTestId('seat-result')).toHaveText('7 → 7 (no loss)')
  await expect(seats.nth(2)).toContainText('Row 1: 4 + 5 = 9 ✓ protects R1C1 and R1C2.')

  // ---- Round 4: the expected last 9 cards with a one-key fill ----
  await expect(page.getByTestId('game-message')).toHaveText('Round 4: Ana to act (6 cubes in pool).')
  await act(page, ['e'], 'Ana calls ENNEA!')
  await act(page, ['a'], 'Final action: Bo passes')
  await page.keyboard.press('a')
  await expect(page.getByTestId('expected-cards')).toContainText('1, 2, 3, 4, 6, 7, 8, 9, 9')
  await page.keyboard.type('5')
  await expect(page.getByTestId('reveal-status')).toHaveText('1 of 9 values entered.')
  await page.keyboard.press('Backspace')
  // With more than one card left, F never invents positions (913 then F stays 913)
  await page.keyboard.type('913')
  await page.keyboard.press('f')
  await expect(page.getByLabel('Card values, R1C1 to R3C3')).toHaveValue('913')
  await expect(page.getByTestId('fill-hint')).toHaveText(
    'Type each card in its place; once 8 are in, the app fills the last one.',
  )
  await expect(page.getByRole('button', { name: /^Fill the last card/ })).toHaveCount(0)
  await page.getByLabel('Card values, R1C1 to R3C3').fill('')
  // 8 cards typed in their places: the last one is known, and its place is R3C3
  await page.keyboard.type('12346789')
  await expect(page.getByRole('button', { name: 'Fill the last card: R3C3 = 9 (F)' })).toBeVisible()
  await page.keyboard.press('f')
  await expect(page.getByLabel('Card values, R1C1 to R3C3')).toHaveValue('123467899')
  await expect(page.getByTestId('reveal-status')).toHaveText(
    'All 9 values check out against the deck. Press Enter to resolve.',
  )
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: '/tmp/ennea-reveal4-dark.png', fullPage: true })
  await page.keyboard.press('Enter')

  // ---- The end: Bo and Cy tie on 6; Bo's later ENNEA call (round 2) wins ----
  await expect(page.getByRole('heading', { name: 'Game over' })).toBeVisible()
  await expect(page.getByTestId('winners')).toHaveText(
    'Bo wins with 6 cubes, tie broken by the latest ENNEA call (round 2).',
  )
  await expect(page.getByTestId('standing').first()).toContainText('Bo')
  await expect(page.getByRole('heading', { name: 'Round 4 resolution' })).toBeVisible()
  await page.getByRole('button', { name: 'Round 1', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Round 1 resolution' })).toBeVisible()
  await page.screenshot({ path: '/tmp/ennea-over-dark.png', fullPage: true })
  await testInfo.attach('ennea-over', { path: '/tmp/ennea-over-dark.png', contentType: 'image/png' })
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})

test('ennea: four players, a full card refused in the SPEC words, a peek chosen with the arrow keys', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'ennea', ['Dee', 'Eli', 'Fay', 'Gus'], { starter: 2 })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByTestId('game-message')).toHaveText('Round 1: Fay to act (9 cubes in pool).')
  await act(page, ['5', 's'], 'Fay stakes R2C2')
  // the card choice ends with the action: each player chooses their own card
  await expect(page.getByTestId('selected-card')).toHaveText('No card chosen: arrow keys or 1–9.')
  await act(page, ['5', 's'], 'Gus stakes R2C2')
  await act(page, ['5', 's'], 'Dee stakes R2C2')
  // Eli: the centre card is full (EN-V7); the Stake button is off and the key says why
  await page.keyboard.press('5')
  await expect(page.getByRole('button', { name: /^Stake/ })).toBeDisabled()
  await expect(page.getByRole('button', { name: /^Peek/ })).toBeDisabled()
  await page.keyboard.press('s')
  await expect(page.getByTestId('refusal')).toHaveText('R2C2 already holds 3 cubes (the maximum).')
  await page.keyboard.press('ArrowUp')
  await expect(page.getByTestId('selected-card')).toHaveText('Chosen card: R1C2.')
  await act(page, ['p'], 'Eli peeks at R1C2')
  await expect(page.getByRole('button', { name: /^2 · R1C2: no cubes; peeked by Eli$/ })).toContainText('peeked: E')
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})
