import { expect, test, type Page } from '@playwright/test'
import { newDataDir, type RunningApp, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

const cubesButton = (page: Page, cell: string) => page.getByRole('button', { name: new RegExp(`^${cell} cubes:`) })
const compareRow = (page: Page, seat: number) => page.getByTestId('compare-row').nth(seat)

async function typeGrid(page: Page, digits: string): Promise<void> {
  await page.getByLabel('R1C1 value').focus()
  await page.keyboard.type(digits)
}

async function expectTotals(
  page: Page,
  seat: number,
  strict: string,
  owner: string,
  shared: string,
  differs: boolean,
): Promise<void> {
  const row = compareRow(page, seat)
  await expect(row.locator('[data-rule="STRICT"] .total')).toHaveText(strict)
  await expect(row.locator('[data-rule="OWNER_SEQUENTIAL"] .total')).toHaveText(owner)
  await expect(row.locator('[data-rule="SHARED"] .total')).toHaveText(shared)
  await expect(row).toHaveAttribute('data-differs', String(differs))
}

test('referee: EN-G08 and EN-G15 under all three rules, impossible boards, a question, and a board code round trip', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(`${app.url}#/referee`)
  await expect(page.getByRole('heading', { name: 'Referee', level: 1 })).toBeVisible()

  // ---- EN-G08, entered by keyboard: grid 2 3 7 / 6 4 5 / 1 8 9; P1 on R1C1, R1C2, R2C2, R2C3 ----
  await page.getByRole('radio', { name: '2' }).check()
  await typeGrid(page, '237645189')
  await expect(page.getByLabel('R3C3 value')).toHaveValue('9')
  for (const cell of ['R1C1', 'R1C2', 'R2C2', 'R2C3']) {
    await cubesButton(page, cell).focus()
    await page.keyboard.press('1')
    await expect(cubesButton(page, cell)).toHaveAccessibleName(`${cell} cubes: P1`)
  }
  await expectTotals(page, 0, '7', '8', '8', true)
  await expectTotals(page, 1, '8', '8', '8', false)

  // Step by step under STRICT, then OWNER_SEQUENTIAL explains the failed line that removes nothing.
  const steps = page.getByTestId('step-seat').first()
  await expect(page.getByTestId('step-title')).toHaveText('Step 1 of 4: Staked lines')
  await expect(steps).toContainText('Row 1: R1C1, R1C2 → 2 + 3 = 5.')
  await expect(steps).toContainText('Column 2: R1C2, R2C2 → 3 + 4 = 7.')
  await page.getByRole('button', { name: 'Next step' }).click()
  await expect(steps).toContainText('Row 2: 4 + 5 = 9 ✓ protects R2C2 and R2C3.')
  await page.getByRole('button', { name: 'Next step' }).click()
  await expect(steps).toContainText('Row 1: 2 + 3 = 5 ✗ removes R1C1.')
  await expect(steps).toContainText('Column 2: 3 + 4 = 7 ✗ removes R1C2.')
  await page.getByLabel('Failed-line removal rule for the steps').selectOption('OWNER_SEQUENTIAL')
  await expect(steps).toContainText(
    'Column 2: 3 + 4 = 7 ✗ removes nothing: its only unprotected cube is already removed (R1C2 for Row 1).',
  )
  await page.getByLabel('Failed-line removal rule for the steps').selectOption('SHARED')
  await expect(steps).toContainText('settled by R1C2, already removed for Row 1')
  await page.getByRole('button', { name: 'Next step' }).click()
  await expect(page.getByTestId('step-title')).toHaveText('Step 4 of 4: Minimum loss and result')
  await expect(steps).toContainText('Loss 1: 9 → 8 cubes.')
  await expect(page.getByTestId('step-seat').nth(1)).toContainText(
    'No 9-line this round: minimum loss of 1 cube (EN-R21)',
  )
  await page.screenshot({ path: '/tmp/referee-g08-light.png', fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  // ---- A question: hide R2C3 (it holds P1's cube): the board cannot resolve, but the line can be asked about ----
  await page.getByLabel('R2C3 value').fill('')
  await expect(page.getByTestId('board-error')).toHaveText('Enter the value of R2C3; it holds cubes.')
  await expect(page.getByLabel('Line', { exact: true })).toContainText('P1: Row 2 (R2C2, R2C3; R2C3 not revealed)')
  await expect(page.getByLabel('Line', { exact: true })).toHaveValue('0-row-1')
  // the unfinished board travels as a code too
  const open = await page.getByTestId('board-code').inputValue()
  expect(open).toMatch(/^EN2-99-23764\?189-110011000-[0-9A-Z]{2}$/)
  await page.getByLabel('Paste a code').fill(open)
  await page.getByRole('button', { name: 'Load board' }).click()
  await expect(page.getByTestId('paste-status')).toHaveText('Board loaded from the code.')
  await expect(page.getByTestId('question-answer')).toHaveText(
    'Row 2: the known card is 4: only R2C3 = 5 makes 9 (4 of the four 5s not yet seen). Any other value fails.',
  )
  // three 5s seen in earlier rounds leave one
  await page.getByLabel('Cards revealed in earlier rounds').fill('555123')
  await expect(page.getByTestId('question-answer')).toHaveText(
    'Row 2: the known card is 4: only R2C3 = 5 makes 9 (1 of the four 5s not yet seen). Any other value fails.',
  )
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.getByTestId('question-answer').scrollIntoViewIfNeeded()
  await page.screenshot({ path: '/tmp/referee-question-dark.png' })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.getByLabel('Cards revealed in earlier rounds').fill('5555')
  await expect(page.getByTestId('question-answer')).toHaveText(
    'Row 2: the known card is 4: R2C3 would need to be 5, but all four 5s are already revealed. The line fails.',
  )
  await page.getByLabel('R2C3 value').fill('5')
  await expect(page.getByTestId('board-error')).toHaveCount(0)

  // ---- Impossible boards get the SPEC messages ----
  await page.getByLabel('P1 total').fill('3')
  await expect(page.getByTestId('board-error')).toHaveText('P1 has 4 cubes on the grid but only 3 cubes in total.')
  await page.getByLabel('P1 total').fill('9')
  await page.getByRole('radio', { name: '4' }).check()
  // clicking cycles the colours: none, P1, P2, P1+P2, P3, ... up to all four
  const corner = cubesButton(page, 'R3C3')
  for (let k = 0; k < 15; k++) await corner.click()
  await expect(corner).toHaveAccessibleName('R3C3 cubes: P1 P2 P3 P4')
  await expect(page.getByTestId('board-error')).toHaveText('R3C3 holds 4 cubes; a card holds at most 3.')
  await corner.focus()
  await page.keyboard.press('Delete')
  await expect(corner).toHaveAccessibleName('R3C3 cubes: none')
  await page.getByLabel('R1C1 value').fill('0')
  await expect(page.getByTestId('board-error')).toHaveText(
    'R1C1: Ennea uses only Ace–9. Enter 1–9 (Ace = 1); 10, J, Q, K and 0 are not in the deck.',
  )
  await page.getByLabel('R1C1 value').fill('2')
  await page.getByRole('radio', { name: '2' }).check()
  await expectTotals(page, 0, '7', '8', '8', true)

  // ---- Board code round trip: copy, clear, paste back ----
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const code = await page.getByTestId('board-code').inputValue()
  expect(code).toMatch(/^EN2-99-237645189-110011000-[0-9A-Z]{2}$/)
  await page.getByRole('button', { name: 'Copy code' }).click()
  await expect(page.getByText(/Copied the board code\.|code is selected in the field/)).toBeVisible()
  await page.getByRole('button', { name: 'Clear board' }).click()
  await expect(page.getByLabel('R1C1 value')).toHaveValue('')
  await expect(page.getByTestId('compare')).toHaveCount(0)
  // a damaged code is refused with the helper's message
  await page.getByLabel('Paste a code').fill(code.replace('237645189', '237645188'))
  await page.getByRole('button', { name: 'Load board' }).click()
  await expect(page.getByTestId('paste-status')).toHaveText(
    'The code’s check characters do not match: a character was changed, swapped or lost. Copy the whole code again.',
  )
  await page.getByLabel('Paste a code').fill(code.toLowerCase())
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('paste-status')).toHaveText('Board loaded from the code.')
  await expect(page.getByLabel('R1C1 value')).toHaveValue('2')
  await expect(page.getByTestId('board-code')).toHaveValue(code)
  await expectTotals(page, 0, '7', '8', '8', true)

  // ---- EN-G15 from a pasted code: 9 8 7 / 6 5 4 / 3 2 1, P1 on every card: 6 / 5 / 3 cubes lost ----
  // built by keyboard, then its code loads back identically
  await page.getByRole('button', { name: 'Clear board' }).click()
  await typeGrid(page, '987654321')
  for (const cell of ['R1C1', 'R1C2', 'R1C3', 'R2C1', 'R2C2', 'R2C3', 'R3C1', 'R3C2', 'R3C3']) {
    await cubesButton(page, cell).focus()
    await page.keyboard.press('1')
  }
  await expectTotals(page, 0, '3', '4', '6', true)
  await expectTotals(page, 1, '8', '8', '8', false)
  const g15 = await page.getByTestId('board-code').inputValue()
  expect(g15.startsWith('EN2-99-987654321-111111111-')).toBe(true)
  await page.getByRole('button', { name: 'Clear board' }).click()
  await page.getByLabel('Paste a code').fill(g15)
  await page.getByRole('button', { name: 'Load board' }).click()
  await expectTotals(page, 0, '3', '4', '6', true)
  await page.getByLabel('Failed-line removal rule for the steps').selectOption('OWNER_SEQUENTIAL')
  await page.getByRole('button', { name: /^3\. Removals/ }).click()
  await expect(page.getByTestId('step-seat').first()).toContainText(
    'Row 1: 9 + 8 + 7 = 24 ✗ removes nothing: its unprotected cubes are already removed (R1C1 for Column 1, R1C2 for Column 2, R1C3 for Column 3).',
  )

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: '/tmp/referee-g15-dark.png', fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})

test('referee: both lines through a hidden card, impossible earlier cards, only valid boards get a code, old and wrong codes', async ({
  page,
}) => {
  test.setTimeout(60_000)
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(`${app.url}#/referee`)
  await page.getByRole('radio', { name: '3' }).check()
  // grid 2 ? 4 / 5 3 6 / 1 8 9; P1 on R1C1, R1C2 and R2C2: R1C2 lies in Row 1 (needs 7) and Column 2 (needs 6)
  await typeGrid(page, '2')
  await page.getByLabel('R1C3 value').focus()
  await page.keyboard.type('4536189')
  for (const cell of ['R1C1', 'R1C2', 'R2C2']) {
    await cubesButton(page, cell).focus()
    await page.keyboard.press('1')
  }
  await expect(page.getByTestId('question-answer')).toHaveText(
    'Row 1: the known card is 2: only R1C2 = 7 makes 9 (4 of the four 7s not yet seen). Any other value fails.',
  )
  await expect(page.getByTestId('question-both')).toHaveText(
    'Both lines through R1C2: R1C2 lies in two staked lines: Row 1 needs 7, Column 2 needs 6. No value makes both succeed: R1C2 = 7 makes Row 1 succeed and Column 2 fail; R1C2 = 6 makes Column 2 succeed and Row 1 fail. Any other value fails both.',
  )
  await page.screenshot({ path: '/tmp/referee-both-light.png', fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  // impossible earlier cards: four 8s earlier plus the 8 on this grid
  const earlier = page.getByLabel('Cards revealed in earlier rounds')
  await earlier.fill('8888')
  await expect(page.getByTestId('question-answer')).toHaveText(
    'Too many 8s: four 8s in earlier rounds and one 8 on this grid make 5, but the deck has only four 8s. Check the earlier cards.',
  )
  await expect(earlier).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('question-both')).toHaveCount(0)
  await earlier.fill('1234567891234567891234567891')
  await expect(page.getByTestId('question-answer')).toHaveText(
    '28 cards from earlier rounds is too many: three earlier rounds reveal at most 27 cards (9 each).',
  )
  await earlier.fill('777')
  await expect(page.getByTestId('question-answer')).toContainText('(1 of the four 7s not yet seen)')
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })

  // only a valid board gets a code: a blank total, a total of 10, a card of 10
  const code = page.getByTestId('board-code')
  await expect(code).toHaveValue(/^EN2-999-2\?4536189-110010000-[0-9A-Z]{2}$/)
  const good = await code.inputValue()
  await page.getByLabel('P2 total').fill('')
  await expect(code).toHaveValue('')
  await expect(page.getByTestId('code-status')).toHaveText(
    "No code for this board: P2's cube total must be a whole number from 0 to 9 (each player starts with 9 cubes).",
  )
  await expect(page.getByRole('button', { name: 'Copy code' })).toBeDisabled()
  await page.getByLabel('P2 total').fill('10')
  await expect(code).toHaveValue('')
  await page.getByLabel('P2 total').fill('9')
  await page.getByLabel('R1C3 value').fill('10')
  await expect(code).toHaveValue('')
  await expect(page.getByTestId('code-status')).toHaveText(
    'No code for this board: R1C3: Ennea uses only Ace–9. Enter 1–9 (Ace = 1); 10, J, Q, K and 0 are not in the deck.',
  )
  await page.getByLabel('R1C3 value').fill('4')
  await expect(code).toHaveValue(good)

  // a typo in the code is refused (the example: the first card changed)
  const paste = page.getByLabel('Paste a code')
  await paste.fill(good.replace('-2?4', '-5?4'))
  await page.getByRole('button', { name: 'Load board' }).click()
  await expect(page.getByTestId('paste-status')).toHaveText(
    'The code’s check characters do not match: a character was changed, swapped or lost. Copy the whole code again.',
  )
  // a 3-player code with a cube for a fourth seat
  await paste.fill('EN1-999-274536189-800000000-Q')
  await page.getByRole('button', { name: 'Load board' }).click()
  await expect(page.getByTestId('paste-status')).toHaveText(
    'The code puts a cube of P4 on R1C1, but its totals list only 3 players (P1 to P3).',
  )
  // an old EN1 code with a typo its single check character lets through (the last card's cubes 0 → 4): its
  // board is shown beside the code, and nothing is used until the referee says it is the table
  await paste.fill('EN1-999-274536189-310000004-5')
  await page.getByRole('button', { name: 'Load board' }).click()
  await expect(page.getByTestId('paste-status')).toHaveText(
    'Old code (EN1): compare its board with the table below before it is used.',
  )
  const confirm = page.getByTestId('code-confirm')
  await expect(confirm.getByTestId('code-parts')).toContainText('310000004')
  await expect(confirm.getByRole('cell', { name: 'R3C3: 9, cubes: P3' })).toBeVisible()
  await expect(confirm.getByTestId('code-totals')).toHaveText('Cube totals: P1 9, P2 9, P3 9')
  await expect(code).toHaveValue(good)
  await confirm.scrollIntoViewIfNeeded()
  await page.screenshot({ path: '/tmp/referee-old-code-light.png' })
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Not the table: type the code again' }).click()
  await expect(page.getByTestId('paste-status')).toHaveText('The old code was not used; the board is as it was.')
  await expect(confirm).toHaveCount(0)
  await expect(code).toHaveValue(good)
  // the right old code, confirmed with Enter pressed twice: used once; the second press does nothing
  await paste.fill('EN1-999-274536189-310000000-5')
  await page.getByRole('button', { name: 'Load board' }).click()
  await expect(page.getByRole('button', { name: 'This is the table: use this board' })).toBeFocused()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('paste-status')).toHaveText(
    'Board loaded from the old code, confirmed against the table.',
  )
  await expect(page.getByTestId('paste-status')).toBeFocused()
  await expect(confirm).toHaveCount(0)
  await expect(page.getByLabel('R1C1 value')).toHaveValue('2')
  await expect(code).toHaveValue(/^EN2-999-274536189-310000000-/)
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})
