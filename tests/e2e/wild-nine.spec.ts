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

/** Enters a round by points: who went out, then each other seat's penalty, then Enter. */
async function pointsRound(page: Page, out: string, points: Record<string, number>): Promise<void> {
  const f = form(page)
  await f.getByRole('radio', { name: out, exact: true }).check()
  await f.getByRole('radio', { name: /^Points/ }).check()
  for (const [name, p] of Object.entries(points)) await f.getByLabel(`${name}’s penalty`).fill(String(p))
  await f.getByLabel(`${Object.keys(points).at(-1)}’s penalty`).press('Enter')
}

test('wild nine: WN-G15 by points, undo, an edit that changes the winner, and a restart', async ({
  page,
}, testInfo) => {
  const dataDir = newDataDir()
  app = await startApp(dataDir)
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)

  await expect(page.getByRole('heading', { name: 'Wild Nine', level: 1 })).toBeVisible()
  await expect(page.getByTestId('deal-info')).toContainText('Ana deals, Bo starts.')
  await expect(page.getByTestId('deal-info')).toContainText('Deal 7 each; stock 30')
  const heads = page.getByTestId('seat-head')
  await expect(heads.nth(0)).toContainText('deals next')
  await expect(heads.nth(1)).toContainText('starts')

  // Round 1 (dealer Ana): Cy goes out; Ana 34, Bo 12. The preview comes from the engine.
  const f = form(page)
  await f.getByRole('radio', { name: 'Cy', exact: true }).check()
  await f.getByRole('radio', { name: /^Points/ }).check()
  await f.getByLabel('Ana’s penalty').fill('34')
  await f.getByLabel('Bo’s penalty').fill('0')
  // WN-V7: a loser's hand is worth at least 1 point, shown next to Bo's field.
  await expect(f.getByText('A losing hand is worth at least 1 point.')).toBeVisible()
  await expect(f.getByLabel('Bo’s penalty')).toHaveAttribute('aria-invalid', 'true')
  await f.getByLabel('Bo’s penalty').press('Enter')
  await expect(rows(page)).toHaveCount(0)
  await f.getByLabel('Bo’s penalty').fill('12')
  await expect(page.getByTestId('round-preview')).toContainText('Ana 34 · Bo 12 · Cy 0')
  await f.getByLabel('Bo’s penalty').press('Enter')
  await expect(rows(page)).toHaveCount(1)
  expect(await rowTotals(page, 0)).toEqual(['34', '12', '0'])
  await expect(rows(page).nth(0)).toContainText('Cy went out')
  // The next round's form keeps the points mode and takes the focus.
  await expect(form(page).getByRole('heading', { name: 'Round 2' })).toBeVisible()
  await expect(form(page).getByRole('radio', { name: 'Ana', exact: true })).toBeFocused()
  await expect(page.getByTestId('deal-info')).toContainText('Bo deals, Cy starts.')

  // Round 2 (dealer Bo): Ana goes out; Bo 41, Cy 27.
  await pointsRound(page, 'Ana', { Bo: 41, Cy: 27 })
  await expect(rows(page)).toHaveCount(2)
  expect(await rowTotals(page, 1)).toEqual(['34', '53', '27'])

  // A wrong round 3, undone with Ctrl+Z.
  await pointsRound(page, 'Bo', { Ana: 7, Cy: 9 })
  await expect(rows(page)).toHaveCount(3)
  await page.keyboard.press('Control+z')
  await expect(rows(page)).toHaveCount(2)
  await expect(page.getByTestId('deal-info')).toContainText('Cy deals, Ana starts.')

  // Round 3 (dealer Cy): Bo goes out; Ana 70, Cy 9 -> 104 / 53 / 36, the match ends, Cy wins.
  await pointsRound(page, 'Bo', { Ana: 70, Cy: 9 })
  await expect(rows(page)).toHaveCount(3)
  expect(await grandTotals(page)).toEqual(['104', '53', '36'])
  const end = page.getByTestId('match-end')
  await expect(end.getByRole('heading', { name: 'Cy wins' })).toBeVisible()
  await expect(end).toContainText('The match ended: Ana reached 104. Cy wins with 36.')
  await expect(end.getByRole('list', { name: 'Final ranking' }).getByRole('listitem')).toHaveText([
    /1\.\s*Cy\s*36/,
    /2\.\s*Bo\s*53/,
    /3\.\s*Ana\s*104/,
  ])
  await expect(form(page)).toHaveCount(0)
  await expect(page.getByTestId('deal-info')).toHaveCount(0)

  await page.screenshot({ path: testInfo.outputPath('wild-nine-over.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  // Edit round 2: Cy held 47, not 27 -> 104 / 53 / 56, and Bo wins instead.
  await page.getByRole('button', { name: 'Edit round 2' }).click()
  const edit = form(page)
  await expect(edit.getByRole('heading', { name: 'Edit round 2' })).toBeVisible()
  await expect(edit.getByLabel('Cy’s penalty')).toHaveValue('27')
  await edit.getByLabel('Cy’s penalty').fill('47')
  await expect(page.getByTestId('round-preview')).toContainText('Ana 34 · Bo 53 · Cy 47')
  await expect(page.getByTestId('round-preview')).toContainText('After every round: Ana 104 · Bo 53 · Cy 56')
  await expect(page.getByTestId('round-preview')).toContainText('Bo wins with 53.')
  await page.screenshot({ path: testInfo.outputPath('wild-nine-edit.png'), fullPage: true })
  await edit.getByLabel('Cy’s penalty').press('Enter')
  await expect(form(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Edit round 2' })).toBeFocused()
  expect(await grandTotals(page)).toEqual(['104', '53', '56'])
  await expect(end.getByRole('heading', { name: 'Bo wins' })).toBeVisible()
  await expect(rows(page).nth(1).locator('.edited')).toContainText('edited')
  await expect(rows(page).nth(0).locator('.edited')).toHaveCount(0)
  // The round's own edit history: when it was entered and each correction.
  const editHistory = rows(page).nth(1).getByTestId('edit-history')
  await editHistory.getByText('Edit history').click()
  await expect(editHistory.locator('ol > li')).toHaveText([/^Entered /, /^Corrected .*: Cy: 27 points → 47 points$/])
  // The frame's history lists the correction.
  await page.getByRole('button', { name: 'History' }).click()
  await expect(page.getByText('Round 2 corrected')).toBeVisible()

  // The table display: large totals, by keyboard, closed with Escape.
  await page.getByRole('button', { name: 'Table display' }).click()
  const display = page.getByTestId('table-display')
  await expect(display).toBeVisible()
  // Ranked by total, lowest first: Bo 53 (the winner), Cy 56, Ana 104.
  await expect(display.locator('.big')).toHaveText(['53', '56', '104'])
  await expect(display).toContainText('winner')
  await page.screenshot({ path: testInfo.outputPath('wild-nine-table.png') })
  await page.keyboard.press('Escape')
  await expect(display).toBeHidden()

  // Restart the server: the sheet, the edit mark and the result are all read back.
  // The page leaves first, so it never reaches for the stopped server (a refused connection in its console).
  await page.goto('about:blank')
  await app.stop()
  app = await startApp(dataDir)
  await page.goto(`${app.url}#/match/${id}`)
  await expect(rows(page)).toHaveCount(3)
  expect(await grandTotals(page)).toEqual(['104', '53', '56'])
  expect(await rowTotals(page, 1)).toEqual(['34', '53', '47'])
  await expect(rows(page).nth(1).locator('.edited')).toContainText('edited')
  await expect(page.getByTestId('match-end').getByRole('heading', { name: 'Bo wins' })).toBeVisible()

  // Download CSV: the file is the sheet.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  // Named after the match: the game, when it started (local date and time) and the players.
  expect(download.suggestedFilename()).toMatch(/^wild-nine_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}_Ana-Bo-Cy\.csv$/)
  const csvPath = testInfo.outputPath('sheet.csv')
  await download.saveAs(csvPath)
  const csv = (await import('node:fs')).readFileSync(csvPath, 'utf8').split('\r\n')
  // A byte-order mark so spreadsheets show accents; when each round was played and corrected, in local time; numbers as numbers.
  expect(csv[0]).toBe(
    '\ufeffRound,Played,Corrected,Dealer,Result,Ana points,Ana total,Bo points,Bo total,Cy points,Cy total',
  )
  expect(csv[1]).toMatch(/^1,\d{4}-\d{2}-\d{2} \d{2}:\d{2},,Ana,/)
  expect(csv[2]).toMatch(
    /^2,\d{4}-\d{2}-\d{2} \d{2}:\d{2},\d{4}-\d{2}-\d{2} \d{2}:\d{2},Bo,Ana went out,0,34,41,53,47,47$/,
  )
  expect(csv).toContain('Winner,,,,Bo')

  // Print: the entry form, buttons and navigation are hidden; the sheet stays.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden()
  await expect(page.getByTestId('scoresheet')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('wild-nine-print.png'), fullPage: true })
  await page.emulateMedia({ media: 'screen', colorScheme: 'dark' })
  await page.screenshot({ path: testInfo.outputPath('wild-nine-dark.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  expect(problems).toEqual([])
})

test('wild nine: a round by cards with a duplicate card, the card grid by keyboard, and a deadlock', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 1 })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByTestId('deal-info')).toContainText('Bo deals, Cy starts.')

  const f = form(page)
  await f.getByRole('radio', { name: 'Deadlock (nobody)' }).check()
  await f.getByRole('radio', { name: 'Cards', exact: true }).check()
  await f.getByLabel('Ana’s cards').fill('qh 3d')
  await expect(f.getByText('Ana: Q♥ (10) + 3♦ (3) = 13')).toHaveCount(0) // no preview until every hand is valid
  await f.getByLabel('Cy’s cards').fill('Q♥ 9s')
  // WN-V4, live, next to Cy's field, before anything is sent.
  const dup = 'Q♥ is entered for both Ana and Cy; each card exists only once.'
  await expect(f.getByText(dup)).toBeVisible()
  await expect(f.getByLabel('Cy’s cards')).toHaveAttribute('aria-invalid', 'true')
  await f.getByLabel('Cy’s cards').press('Enter')
  await expect(f.getByText(dup)).toBeVisible()
  await expect(rows(page)).toHaveCount(0)
  // A mistyped card gets the engine's card message.
  await f.getByLabel('Cy’s cards').fill('11s')
  await expect(f.getByText("'11s' is not a card. Use A, 2–10, J, Q or K plus a suit.")).toBeVisible()
  await f.getByLabel('Cy’s cards').fill('9s 10c')
  await expect(f.getByText(dup)).toHaveCount(0)

  // Bo's card from the 4 × 13 grid, by keyboard only: Q♥ shows as taken by Ana.
  await f.getByRole('button', { name: 'Pick cards for Bo' }).press('Enter')
  const grid = f.getByTestId('card-picker')
  await expect(grid.getByRole('button', { name: 'Q♥ (Queen of hearts), entered for Ana' })).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(grid.getByRole('button', { name: 'A♠ (Ace of spades)' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  await expect(grid.getByRole('button', { name: 'K♥ (King of hearts)' })).toBeFocused()
  await page.keyboard.press('Space')
  await expect(grid.getByRole('button', { name: 'K♥ (King of hearts)' })).toHaveAttribute('aria-pressed', 'true')
  await expect(f.getByLabel('Bo’s cards')).toHaveValue('K♥')

  // Penalties and explanations, live (a 9 costs 15).
  await expect(f.getByText('Ana: Q♥ (10) + 3♦ (3) = 13')).toBeVisible()
  await expect(f.getByText('Bo: K♥ (10) = 10')).toBeVisible()
  await expect(f.getByText('Cy: 9♠ (15) + 10♣ (10) = 25')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('wild-nine-cards.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  await f.getByLabel('Ana’s cards').press('Enter')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).nth(0)).toContainText('Deadlock')
  expect(await rowTotals(page, 0)).toEqual(['13', '10', '25'])
  // The row's explanation is one keypress away.
  await rows(page).nth(0).getByText('Why').click()
  await expect(rows(page).nth(0).getByText('Cy: 9♠ (15) + 10♣ (10) = 25')).toBeVisible()
  await expect(page.getByTestId('deal-info')).toContainText('Cy deals, Ana starts.')

  await page.emulateMedia({ colorScheme: 'dark' })
  await f.getByRole('radio', { name: 'Ana', exact: true }).check()
  await f.getByLabel('Bo’s cards').fill('9d 9d')
  await expect(f.getByText('9♦ is entered twice for Bo; each card exists only once.')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('wild-nine-cards-dark.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})
