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

test('sheets: a round refused as stale stays in the form, marked as not saved, beside the current sheet', async ({
  page,
  context,
}) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  const other = await context.newPage()
  const problems = watchConsole(other)
  await other.goto(`${app.url}#/match/${id}`)
  await expect(form(other).getByRole('heading', { name: 'Round 1' })).toBeVisible()
  await pointsRound(page, 'Cy', { Ana: 10, Bo: 12 })
  await expect(rows(page)).toHaveCount(1)
  // the second window still shows round 1's form: its round is refused, the current sheet is shown,
  // and what was typed is still in the form (now round 2's), marked as not saved
  await pointsRound(other, 'Ana', { Bo: 5, Cy: 7 })
  await expect(rows(other)).toHaveCount(1)
  const f = form(other)
  await expect(f.getByRole('heading', { name: 'Round 2' })).toBeVisible()
  await expect(f.getByTestId('not-saved')).toHaveText(
    'Not saved: the match changed elsewhere before this round was entered, and the sheet now shows it as it is. The round you typed is still here: check it, then enter it again.',
  )
  await expect(f.getByRole('radio', { name: 'Ana', exact: true })).toBeChecked()
  await expect(f.getByLabel('Bo’s penalty')).toHaveValue('5')
  await expect(f.getByLabel('Cy’s penalty')).toHaveValue('7')
  // entered again, it is round 2
  await f.getByLabel('Cy’s penalty').press('Enter')
  await expect(rows(other)).toHaveCount(2)
  await expect(f.getByTestId('not-saved')).toHaveCount(0)
  expect(problems).toEqual([])
})

test('nine: a deal refused as stale stays in the form, marked as not saved', async ({ page, context }) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const id = await seedMatch(page, 'nine', ['Ana', 'Bo'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  const other = await context.newPage()
  await other.goto(`${app.url}#/match/${id}`)
  const deal = async (p: Page, declarer: string, totals: [string, string]): Promise<void> => {
    const f = form(p)
    await f.getByRole('radio', { name: declarer, exact: true }).check()
    await f.getByRole('radio', { name: 'Hand totals' }).check()
    await f.getByLabel(/^Ana’s hand total/).fill(totals[0])
    await f.getByLabel(/^Bo’s hand total/).fill(totals[1])
    await f.getByLabel(/^Bo’s hand total/).press('Enter')
  }
  await expect(form(other).getByRole('heading', { name: 'Deal 1' })).toBeVisible()
  await deal(page, 'Ana', ['5', '20'])
  await expect(rows(page)).toHaveCount(1)
  await deal(other, 'Bo', ['30', '4'])
  await expect(rows(other)).toHaveCount(1)
  const f = form(other)
  await expect(f.getByRole('heading', { name: 'Deal 2' })).toBeVisible()
  await expect(f.getByTestId('not-saved')).toContainText('Not saved: the match changed elsewhere')
  await expect(f.getByRole('radio', { name: 'Bo', exact: true })).toBeChecked()
  await expect(f.getByLabel(/^Ana’s hand total/)).toHaveValue('30')
  await expect(f.getByLabel(/^Bo’s hand total/)).toHaveValue('4')
})

test('sheets: an abandoned match says so, and no longer asks for the next round', async ({ page }) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  await pointsRound(page, 'Cy', { Ana: 10, Bo: 12 })
  await pointsRound(page, 'Ana', { Bo: 5, Cy: 7 })
  await expect(rows(page)).toHaveCount(2)
  await expect(page.getByTestId('status-message')).toContainText('Track the play or enter the round result.')
  await page.getByRole('button', { name: 'Abandon', exact: true }).click()
  await page
    .getByRole('dialog', { name: 'Abandon this match?' })
    .getByRole('button', { name: 'Abandon the match' })
    .click()
  await expect(page.locator('.badge')).toHaveText('Abandoned')
  await expect(page.getByTestId('status-message')).toHaveText(
    'This match was abandoned after round 2: nothing more is entered.',
  )
  await expect(page.getByTestId('deal-info')).toHaveCount(0)
  await expect(page.getByText('Track the play or enter the round result')).toHaveCount(0)
  await expect(form(page)).toHaveCount(0)

  // Nine, abandoned before its first deal
  const nine = await seedMatch(page, 'nine', ['Ana', 'Bo'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${nine}`)
  await expect(form(page).getByRole('heading', { name: 'Deal 1' })).toBeVisible()
  await page.getByRole('button', { name: 'Abandon', exact: true }).click()
  await page
    .getByRole('dialog', { name: 'Abandon this match?' })
    .getByRole('button', { name: 'Abandon the match' })
    .click()
  await expect(page.getByTestId('status-message')).toHaveText(
    'This match was abandoned before any deal was entered: nothing more is entered.',
  )
  await expect(page.getByTestId('deal-info')).toHaveCount(0)
  expect(problems).toEqual([])
})

test('sheets: points fields take sums like 10+15, and a minus sign gets a message about the sign', async ({ page }) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  const f = form(page)
  await f.getByRole('radio', { name: 'Cy', exact: true }).check()
  await f.getByRole('radio', { name: /^Points/ }).check()
  await f.getByLabel('Ana’s penalty').fill('-5')
  await expect(f.getByText("Ana's penalty is never negative: enter it without the minus sign.")).toBeVisible()
  await f.getByLabel('Ana’s penalty').fill('10+15')
  await f.getByLabel('Bo’s penalty').fill('3+6+2')
  await f.getByLabel('Bo’s penalty').press('Enter')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).nth(0).getByTestId('cell-total')).toHaveText(['25', '11', '0'])

  // Nine hand totals too
  const nine = await seedMatch(page, 'nine', ['Ana', 'Bo'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${nine}`)
  await f.getByRole('radio', { name: 'Ana', exact: true }).check()
  await f.getByRole('radio', { name: 'Hand totals' }).check()
  await f.getByLabel(/^Ana’s hand total/).fill('2+3')
  await f.getByLabel(/^Bo’s hand total/).fill('-12')
  await expect(f.getByText("Bo's hand total is never negative: enter it without the minus sign.")).toBeVisible()
  await f.getByLabel(/^Bo’s hand total/).fill('12+13')
  await f.getByLabel(/^Bo’s hand total/).press('Enter')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).nth(0).getByTestId('cell-total')).toHaveText(['0', '25'])
  expect(problems).toEqual([])
})

test('nine: the PNG wraps a long result onto a second line instead of cutting it', async ({ page }, testInfo) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const id = await seedMatch(page, 'nine', ['Ana', 'Bo'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  const f = form(page)
  await f.getByRole('radio', { name: 'Ana', exact: true }).check()
  await f.getByRole('radio', { name: 'Hand totals' }).check()
  await f.getByLabel(/^Ana’s hand total/).fill('11')
  await f.getByLabel(/^Bo’s hand total/).fill('20')
  await f.getByLabel(/^Bo’s hand total/).press('Enter')
  await page.getByRole('button', { name: 'Score as a failed declaration' }).click()
  await expect(rows(page)).toHaveCount(1)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save as image (PNG)' }).click(),
  ])
  const { readFileSync } = await import('node:fs')
  const png = readFileSync(await download.path())
  await download.saveAs(testInfo.outputPath('nine-over-nine.png'))
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  // one row whose result ("Ana declared NINE over 9: failed") takes two lines: 18 px more than one line
  const oneLine = 96 + 28 * 3 + 24 * 2 + 24
  expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(2 * (oneLine + 18))
})

test('sheets: opening a match puts the keyboard in the form, where a digit picks the seat', async ({ page }) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const nine = await seedMatch(page, 'nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${nine}`)
  const f = form(page)
  await expect(f.getByRole('radio', { name: 'Ana', exact: true })).toBeFocused()
  await page.keyboard.press('3')
  await expect(f.getByRole('radio', { name: 'Cy', exact: true })).toBeChecked()
  await expect(f.getByRole('radio', { name: 'Cy', exact: true })).toBeFocused()
  await page.keyboard.press('2')
  await expect(f.getByRole('radio', { name: 'Bo', exact: true })).toBeChecked()
  // a digit past the table's seats does nothing
  await page.keyboard.press('4')
  await expect(f.getByRole('radio', { name: 'Bo', exact: true })).toBeChecked()
  // the tracker's draw-pile button is the primary one, not the rare declaration
  await page.keyboard.press('Alt+k')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('nine-tracker').locator('button.primary')).toHaveText('Take from the draw pile (D)')

  const wild = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${wild}`)
  await expect(f.getByRole('radio', { name: 'Ana', exact: true })).toBeFocused()
  await page.keyboard.press('2')
  await expect(f.getByRole('radio', { name: 'Bo', exact: true })).toBeChecked()
  // the standings say how far each player is from the cutoff without "100 to 100"
  const ana = page.getByTestId('standing').nth(0)
  await expect(ana).toContainText('100 to go')
  await expect(ana.locator('.total')).toHaveAttribute('aria-label', 'Ana: total 0, 1st, 100 to go before 100')
  expect(problems).toEqual([])
})

test('nine: the table display gives the gap to 99 and the 90 warning, in type readable across the table', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1920, height: 1080 })
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const id = await seedMatch(page, 'nine', ['Ana', 'Bo'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  const f = form(page)
  await f.getByRole('radio', { name: 'Ana', exact: true }).check()
  await f.getByRole('radio', { name: 'Hand totals' }).check()
  await f.getByLabel(/^Ana’s hand total/).fill('3')
  await f.getByLabel(/^Bo’s hand total/).fill('40')
  await f.getByLabel(/^Bo’s hand total/).press('Enter')
  await expect(rows(page)).toHaveCount(1)
  await page.keyboard.press('Alt+t')
  const table = page.getByTestId('table-display')
  await expect(table).toBeVisible()
  const seats = table.getByTestId('table-seat')
  // ranked: Ana 0 first, Bo 40 second
  await expect(seats.nth(0).getByTestId('table-note')).toHaveText(['99 to go (99 loses)'])
  await expect(seats.nth(1).getByTestId('table-note')).toHaveText(['59 to go (99 loses)', '⚠ +50 lands on 90 → 45'])
  const px = async (selector: string): Promise<number> =>
    Number.parseFloat(
      await table
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).fontSize),
    )
  expect(await px('.rank')).toBeGreaterThanOrEqual(40)
  expect(await px('.message')).toBeGreaterThanOrEqual(40)
  await page.screenshot({ path: testInfo.outputPath('table-display-notes.png') })
})
