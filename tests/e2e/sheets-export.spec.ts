/**
 * Scoresheet exports (Wild Nine and Nine): the CSV speaks the screen's words (Deal in Nine), keeps
 * hand totals entered as totals and marks corrections; files are named after the match; the CSV
 * separator follows the locale (a semicolon where a decimal is written with a comma), or is chosen,
 * and the button says which.
 */
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { newDataDir, type RunningApp, seedMatch, startApp, watchConsole } from './app'

let app: RunningApp | undefined
test.afterEach(async () => {
  await app?.stop()
  app = undefined
})

const form = (page: Page) => page.getByTestId('round-form')
const rows = (page: Page) => page.getByTestId('sheet-row')
const STAMP = '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}'

async function totalsDeal(page: Page, declarer: string, totals: Record<string, string>): Promise<void> {
  const f = form(page)
  await f.getByRole('radio', { name: declarer, exact: true }).check()
  await f.getByRole('radio', { name: 'Hand totals' }).check()
  for (const [name, t] of Object.entries(totals)) await f.getByLabel(new RegExp(`^${name}’s hand total`)).fill(t)
  await f.getByLabel(new RegExp(`^${Object.keys(totals).at(-1)}’s hand total`)).press('Enter')
}

async function download(page: Page, button: RegExp | string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()])
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') }
}

test('nine: the CSV has Deal rows, the hand totals entered, the corrections, and semicolons when chosen', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'nine', ['Ana', 'Zoë', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  await totalsDeal(page, 'Ana', { Ana: '3', Zoë: '40', Cy: '20' })
  await expect(rows(page)).toHaveCount(1)
  await totalsDeal(page, 'Cy', { Ana: '12', Zoë: '7', Cy: '2' })
  await expect(rows(page)).toHaveCount(2)
  // Deal 1 corrected: Zoë held 41.
  await page.getByRole('button', { name: 'Edit deal 1' }).click()
  await form(page)
    .getByLabel(/^Zoë’s hand total/)
    .fill('41')
  await form(page)
    .getByLabel(/^Zoë’s hand total/)
    .press('Enter')
  await expect(rows(page).nth(0).locator('.edited')).toContainText('edited')

  // The browser speaks English: commas, and the button says so.
  await expect(page.getByTestId('download-csv')).toHaveText('Download CSV (commas)')
  const csv = await download(page, /^Download CSV/)
  expect(csv.name).toMatch(/^nine_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}_Ana-Zoë-Cy\.csv$/)
  const lines = csv.text.split('\r\n')
  expect(lines[0]).toBe(
    '\ufeffDeal,Played,Corrected,Dealer,Result,Ana points,Ana total,Ana hand,Zoë points,Zoë total,Zoë hand,Cy points,Cy total,Cy hand',
  )
  expect(lines[1]).toMatch(new RegExp(`^1,${STAMP},${STAMP},Ana,Ana declared NINE and won,0,0,3,41,41,41,20,20,20$`))
  expect(lines[2]).toMatch(new RegExp(`^2,${STAMP},,Zoë,Cy declared NINE and won,12,12,12,7,48,7,0,20,2$`))

  // Semicolons for a spreadsheet that writes 1,5: chosen, said on the button, kept for the next visit.
  await page.getByLabel('CSV separator').selectOption(';')
  await expect(page.getByTestId('download-csv')).toHaveText('Download CSV (semicolons)')
  const semi = await download(page, /^Download CSV/)
  expect(semi.text.split('\r\n')[0]).toBe(
    '\ufeffDeal;Played;Corrected;Dealer;Result;Ana points;Ana total;Ana hand;Zoë points;Zoë total;Zoë hand;Cy points;Cy total;Cy hand',
  )
  expect(semi.text.split('\r\n')[2]).toMatch(
    new RegExp(`^2;${STAMP};;Zoë;Cy declared NINE and won;12;12;12;7;48;7;0;20;2$`),
  )
  await page.reload()
  await expect(page.getByTestId('download-csv')).toHaveText('Download CSV (semicolons)')

  // The image is named after the match too.
  const png = await download(page, 'Save as image (PNG)')
  expect(png.name).toMatch(/^nine_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}_Ana-Zoë-Cy\.png$/)
  expect(problems).toEqual([])
})

test.describe('in a comma-decimal locale', () => {
  test.use({ locale: 'de-DE' })
  test('wild nine: the CSV follows the locale with semicolons, and the button says so', async ({ page }) => {
    app = await startApp(newDataDir())
    await page.goto(app.url)
    const id = await seedMatch(page, 'wild-nine', ['Ana', 'Bo'], { firstDealer: 0 })
    await page.goto(`${app.url}#/match/${id}`)
    const f = form(page)
    await f.getByRole('radio', { name: 'Bo', exact: true }).check()
    await f.getByRole('radio', { name: /^Points/ }).check()
    await f.getByLabel('Ana’s penalty').fill('12')
    await f.getByLabel('Ana’s penalty').press('Enter')
    await expect(rows(page)).toHaveCount(1)
    await expect(page.getByTestId('download-csv')).toHaveText('Download CSV (semicolons)')
    const csv = await download(page, /^Download CSV/)
    expect(csv.name).toMatch(/^wild-nine_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}_Ana-Bo\.csv$/)
    const lines = csv.text.split('\r\n')
    expect(lines[0]).toBe('\ufeffRound;Played;Corrected;Dealer;Result;Ana points;Ana total;Bo points;Bo total')
    expect(lines[1]).toMatch(new RegExp(`^1;${STAMP};;Ana;Bo went out;12;12;0;0$`))
  })
})
