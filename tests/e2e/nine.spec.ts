import { expect, test, type Page } from '@playwright/test'
import { newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

const form = (page: Page) => page.getByTestId('round-form')
const rows = (page: Page) => page.getByTestId('sheet-row')
const grandTotals = (page: Page) => page.getByTestId('grand-total').locator('.total').allTextContents()
const rowTotals = (page: Page, i: number) => rows(page).nth(i).getByTestId('cell-total').allTextContents()

/** Fills a deal: the declarer, then each seat's cards (or totals, in that mode). */
async function fillDeal(
  page: Page,
  declarer: string,
  hands: Record<string, string>,
  mode: 'cards' | 'totals' = 'cards',
): Promise<void> {
  const f = form(page)
  await f.getByRole('radio', { name: declarer, exact: true }).check()
  await f.getByRole('radio', { name: mode === 'cards' ? 'Card values' : 'Hand totals' }).check()
  for (const [name, text] of Object.entries(hands)) {
    await f.getByLabel(new RegExp(`^${name}’s ${mode === 'cards' ? 'cards' : 'hand total'}`)).fill(text)
  }
}

const field = (page: Page, name: string, mode: 'cards' | 'totals' = 'cards') =>
  form(page).getByLabel(new RegExp(`^${name}’s ${mode === 'cards' ? 'cards' : 'hand total'}`))

test('nine: a whole match with a 90 → 45 reset, the over-nine prompt, an undo and two losers at 99', async ({
  page,
}, testInfo) => {
  const dataDir = newDataDir()
  app = await startApp(dataDir)
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByRole('heading', { name: 'Nine', level: 1 })).toBeVisible()
  await expect(page.getByTestId('deal-info')).toContainText('Ana deals, Bo starts.')
  await expect(page.getByTestId('deal-info')).toContainText('Deal 5 each; draw pile 38')

  // Deal 1: Ana declares 3 and wins. A card above 13 is refused next to Bo's field, live.
  await fillDeal(page, 'Ana', { Ana: '1 2', Bo: '13 14', Cy: '10 10 10 10' })
  await expect(form(page).getByText('Nine cards are numbered 0 to 13. Bo entered 14.')).toBeVisible()
  await expect(field(page, 'Bo')).toHaveAttribute('aria-invalid', 'true')
  await field(page, 'Bo').fill('13 13 12')
  const preview = page.getByTestId('round-preview')
  await expect(preview).toContainText(
    'Ana declared NINE with 3; Bo has 38, Cy has 40: all higher, so Ana wins the round.',
  )
  await field(page, 'Bo').press('Enter')
  await expect(rows(page)).toHaveCount(1)
  expect(await rowTotals(page, 0)).toEqual(['0', '38', '40'])
  await expect(rows(page).nth(0)).toContainText('Ana declared NINE and won')
  await expect(page.getByTestId('deal-info')).toContainText('Bo deals, Cy starts.')

  // Deal 2: too many 13s (NI-V3), then Bo lands on exactly 90 and goes back to 45.
  await fillDeal(page, 'Ana', { Ana: '2 2', Bo: '13 13 13 13', Cy: '13 12 12' })
  await expect(form(page).getByText('Five 13s entered; the deck has four of each value 1–13.')).toBeVisible()
  await field(page, 'Cy').fill('12 12 12')
  await expect(preview).toContainText('Bo: 38 + 52 = 90 → 45.')
  await field(page, 'Cy').press('Enter')
  await expect(rows(page)).toHaveCount(2)
  expect(await rowTotals(page, 1)).toEqual(['0', '90 → 45', '76'])
  await expect(rows(page).nth(1).locator('.cell').nth(1)).toContainText('reset')

  // Deal 3: Bo declares with 11. The NI-V7 prompt; Enter does not score it; confirming does.
  await fillDeal(page, 'Bo', { Ana: '3', Bo: '5 6', Cy: '7 7' })
  const prompt = page.getByTestId('over-nine')
  await expect(prompt).toContainText(
    'Bo declared NINE with 11. NINE needs 9 or less. Fix the entry, or score it as a failed declaration (Bo +25, others 0)?',
  )
  await field(page, 'Cy').press('Enter')
  await expect(rows(page)).toHaveCount(2)
  await expect(prompt.getByRole('button', { name: 'Score as a failed declaration' })).toBeFocused()
  await page.screenshot({ path: testInfo.outputPath('nine-over-nine.png'), fullPage: true })
  // "Fix the entry" takes the keyboard back to the declarer's hand.
  await prompt.getByRole('button', { name: 'Fix the entry' }).click()
  await expect(field(page, 'Bo')).toBeFocused()
  await prompt.getByRole('button', { name: 'Score as a failed declaration' }).click()
  await expect(rows(page)).toHaveCount(3)
  expect(await rowTotals(page, 2)).toEqual(['0', '70', '76'])
  await expect(rows(page).nth(2)).toContainText('Bo declared NINE over 9: failed')

  // Deal 4 by hand totals: a wrong one first, undone with Ctrl+Z.
  await fillDeal(page, 'Ana', { Ana: '0', Bo: '5', Cy: '6' }, 'totals')
  await field(page, 'Cy', 'totals').press('Enter')
  await expect(rows(page)).toHaveCount(4)
  await page.keyboard.press('Control+z')
  await expect(rows(page)).toHaveCount(3)

  // Deal 4 again: Bo and Cy both reach 99 and lose; Ana wins.
  await fillDeal(page, 'Ana', { Ana: '0', Bo: '29', Cy: '23' }, 'totals')
  await expect(preview).toContainText('Bo: 70 + 29 = 99, 99 or more: Bo loses.')
  await field(page, 'Cy', 'totals').press('Enter')
  await expect(rows(page)).toHaveCount(4)
  expect(await grandTotals(page)).toEqual(['0', '99', '99'])
  const end = page.getByTestId('match-end')
  await expect(end.getByRole('heading', { name: 'Ana wins' })).toBeVisible()
  await expect(end).toContainText('The game is over: Bo reached 99 and Cy reached 99. Ana wins with 0.')
  await expect(end.getByRole('listitem')).toHaveText([
    /1\.\s*Ana\s*0\s*winner/,
    /2\.\s*Bo\s*99\s*lost/,
    /2\.\s*Cy\s*99\s*lost/,
  ])
  await expect(page.getByTestId('grand-total').nth(1)).toContainText('lost')
  await expect(page.getByTestId('grand-total').nth(2)).toContainText('lost')
  await expect(form(page)).toHaveCount(0)

  await page.screenshot({ path: testInfo.outputPath('nine-over.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  // An edit that would break a later deal is refused before it is sent: with 51 Bo would reach
  // 114 in deal 3, which ends the game, so deal 4 could not be played.
  await page.getByRole('button', { name: 'Edit deal 2' }).click()
  await expect(form(page).getByRole('heading', { name: 'Edit deal 2' })).toBeVisible()
  await expect(field(page, 'Bo')).toHaveValue('13 13 13 13')
  await field(page, 'Bo').fill('13 13 13 12')
  await expect(
    form(page).getByText('That change makes deal 4 invalid: The game is over: Bo reached 114.'),
  ).toBeVisible()
  await field(page, 'Bo').press('Escape')
  await expect(form(page)).toHaveCount(0)

  // Edit deal 1: Cy held 39, not 40 -> Cy ends on 98 and only Bo loses.
  await page.getByRole('button', { name: 'Edit deal 1' }).click()
  await field(page, 'Cy').fill('10 10 10 9')
  await expect(preview).toContainText('Cy: 0 + 39 = 39.')
  await expect(preview).toContainText('After every deal: Ana 0 · Bo 99 · Cy 98')
  await field(page, 'Cy').press('Enter')
  await expect(form(page)).toHaveCount(0)
  expect(await rowTotals(page, 0)).toEqual(['0', '38', '39'])
  expect(await grandTotals(page)).toEqual(['0', '99', '98'])
  await expect(end).toContainText('The game is over: Bo reached 99. Ana wins with 0.')
  await expect(rows(page).nth(0).locator('.edited')).toContainText('edited')
  await expect(rows(page).nth(1).locator('.edited')).toHaveCount(0)

  // The table display, opened with Alt+T.
  await page.keyboard.press('Alt+t')
  const display = page.getByTestId('table-display')
  // Ranked by total: Ana 0 wins, Cy 98, Bo 99 lost.
  await expect(display.locator('.big')).toHaveText(['0', '98', '99'])
  await expect(display.locator('.role')).toHaveText(['★ winner', '', 'lost'])
  await page.keyboard.press('Escape')
  await expect(display).toBeHidden()

  // Reload and restart: the sheet reads back the same, reset mark and edit included.
  // The page leaves first, so it never reaches for the stopped server (a refused connection in its console).
  await page.goto('about:blank')
  await app.stop()
  app = await startApp(dataDir)
  await page.goto(`${app.url}#/match/${id}`)
  await expect(rows(page)).toHaveCount(4)
  expect(await grandTotals(page)).toEqual(['0', '99', '98'])
  await expect(rows(page).nth(1)).toContainText('90 → 45')
  await expect(rows(page).nth(0).locator('.edited')).toContainText('edited')

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: testInfo.outputPath('nine-over-dark.png'), fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark', media: 'print' })
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await page.screenshot({ path: testInfo.outputPath('nine-print-dark.png'), fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark', media: 'screen' })
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})

test('nine: a deal entered by keyboard only, with the live preview, in the dark theme', async ({ page }, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto(app.url)
  const id = await seedMatch(page, 'nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 2 })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByTestId('deal-info')).toContainText('Cy deals, Ana starts.')

  // Keyboard only: the declarer radio, Tab to the mode, Tab through the hands, Enter commits.
  await form(page).getByRole('radio', { name: 'Ana', exact: true }).focus()
  await page.keyboard.press('ArrowRight') // Bo
  await expect(form(page).getByRole('radio', { name: 'Bo', exact: true })).toBeChecked()
  await page.keyboard.press('Tab') // mode group
  await page.keyboard.press('Tab')
  await expect(field(page, 'Ana')).toBeFocused()
  await page.keyboard.type('6 7')
  await page.keyboard.press('Tab')
  await page.keyboard.type('4')
  await page.keyboard.press('Tab')
  await page.keyboard.type('5 5')
  await expect(page.getByTestId('round-preview')).toContainText(
    'Bo declared NINE with 4; Ana has 13, Cy has 10: all higher, so Bo wins the round.',
  )
  await page.screenshot({ path: testInfo.outputPath('nine-entry-dark.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Enter')
  await expect(rows(page)).toHaveCount(1)
  expect(await rowTotals(page, 0)).toEqual(['13', '0', '10'])
  // The focus is back on the next deal's first choice.
  await expect(form(page).getByRole('radio', { name: 'Ana', exact: true })).toBeFocused()

  // The table display says whose deal it is; Escape returns the focus where it was.
  await page.keyboard.press('Alt+t')
  const display = page.getByTestId('table-display')
  await expect(display.getByRole('heading', { name: 'Nine — deal 2' })).toBeVisible()
  // Ranked: Bo 0, Cy 10, Ana 13 (who deals).
  await expect(display.locator('.big')).toHaveText(['0', '10', '13'])
  await expect(display.locator('.role')).toHaveText(['starts', '', 'deals'])
  await expect(display).toContainText('Ana deals, Bo starts. Deal 5 each; draw pile 38.')
  await page.screenshot({ path: testInfo.outputPath('nine-table-dark.png') })
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(display).toBeHidden()
  await expect(form(page).getByRole('radio', { name: 'Ana', exact: true })).toBeFocused()
  expect(problems).toEqual([])
})
