import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp | undefined
test.afterEach(async () => {
  await app?.stop()
  app = undefined
})
test.use({ viewport: { width: 1280, height: 800 } })

const form = (page: Page) => page.getByTestId('round-form')
const rows = (page: Page) => page.getByTestId('sheet-row')
const LONG = 'Maximiliana Wolkenstein-Fürstenberg III.' // 40 characters
const COLORS = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#46f0f0', '#f032e6', '#808000']

async function seed(
  page: Page,
  gameId: string,
  names: string[],
  options: Record<string, unknown> = {},
): Promise<string> {
  const ids: string[] = []
  for (const [i, name] of names.entries())
    ids.push((await apiCall<{ id: string }>(page, 'players:create', { name, color: COLORS[i] })).id)
  return (await apiCall<{ id: string }>(page, 'matches:create', { gameId, playerIds: ids, options })).id
}

/** True when the element's box lies inside the viewport (1280 × 800). */
async function inView(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox()
  return box !== null && box.y >= 0 && box.y + box.height <= 800
}

test('sheets at 1280×800: 8 Nine players with a 40-character name, standings in view while typing, colours, no sideways scroll, the table display', async ({
  page,
}, testInfo) => {
  expect(LONG.length).toBe(40)
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const names = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', LONG]
  const id = await seed(page, 'nine', names, { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByRole('heading', { name: 'Nine', level: 1 })).toBeVisible()

  // Two deals, typed to the last seat's field: the standings stay in view the whole time.
  for (const [deal, declarer] of [
    [1, 'Bo'],
    [2, 'Cy'],
  ] as const) {
    const f = form(page)
    await f.getByRole('radio', { name: declarer, exact: true }).check()
    for (const [s, n] of names.entries()) {
      const field = f.getByLabel(new RegExp(`^${n.replace(/[.]/g, '\\.')}’s cards`))
      await field.fill(n === declarer ? '1' : String(2 + s))
      expect(await inView(page, 'standings'), `deal ${deal}, ${n}'s field`).toBe(true)
    }
    await f.getByLabel(new RegExp(`^${LONG.replace(/[.]/g, '\\.')}’s cards`)).press('Enter')
    await expect(rows(page)).toHaveCount(deal)
  }
  const standings = page.getByTestId('standing')
  await expect(standings).toHaveCount(8)
  // Totals, rank and the gap to 99, in seat order.
  // Deal 1: Bo wins with 1, the others score 2, 4, 5…; deal 2: Cy wins, Bo scores 3.
  await expect(standings.nth(0).locator('.total')).toHaveText('4')
  await expect(standings.nth(1).locator('.total')).toHaveText('3')
  await expect(standings.nth(1)).toContainText('1st')
  await expect(standings.nth(1)).toContainText('96 to go')
  await expect(standings.nth(7).locator('.total')).toHaveText('18')
  await expect(standings.nth(7)).toContainText('81 to go')
  // Roster colours on the standings and the sheet's columns.
  await expect(standings.nth(2).locator('.swatch')).toHaveCSS('background-color', 'rgb(67, 99, 216)')
  await expect(page.getByTestId('seat-head').nth(2).locator('.swatch')).toHaveCSS(
    'background-color',
    'rgb(67, 99, 216)',
  )
  // Nothing scrolls the page sideways at 1280 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
  await page.screenshot({ path: testInfo.outputPath('nine-8-players.png') })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('nine-8-players-dark.png') })
  await page.emulateMedia({ colorScheme: 'light' })

  // The table display: ranked, whose deal, the long name inside its box, the screen filled.
  await page.keyboard.press('Alt+t')
  const table = page.getByTestId('table-display')
  await expect(table).toBeVisible()
  const seats = table.getByTestId('table-seat')
  await expect(seats).toHaveCount(8)
  await expect(seats.nth(0)).toContainText('Bo')
  await expect(seats.nth(0)).toContainText('1')
  await expect(seats.nth(7)).toContainText(LONG)
  const dealer = table.locator('li.dealer')
  await expect(dealer).toHaveCount(1)
  await expect(dealer).toContainText('Cy')
  await expect(dealer).toContainText('deals')
  for (let i = 0; i < 8; i++) {
    const fits = await seats.nth(i).evaluate((li) => {
      const box = li.getBoundingClientRect()
      return [...li.children].every((c) => {
        const r = c.getBoundingClientRect()
        return r.left >= box.left - 0.5 && r.right <= box.right + 0.5
      })
    })
    expect(fits, `seat ${i} content inside its box`).toBe(true)
  }
  const box = await table.boundingBox()
  expect(box && box.width >= 1270 && box.height >= 790).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('table-display-8.png') })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })
  await page.keyboard.press('Escape')
  await expect(table).toBeHidden()
  expect(problems).toEqual([])
})

test('sheets: the winner on the table display is marked apart from the dealer; Wild Nine standings show the gap to the cutoff', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const id = await seed(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  const f = form(page)
  await f.getByRole('radio', { name: 'Cy', exact: true }).check()
  await f.getByRole('radio', { name: /^Points/ }).check()
  await f.getByLabel('Ana’s penalty').fill('30')
  await f.getByLabel('Bo’s penalty').fill('12')
  await f.getByLabel('Bo’s penalty').press('Enter')
  await expect(rows(page)).toHaveCount(1)
  const standings = page.getByTestId('standing')
  await expect(standings.nth(0)).toContainText('70 to go')
  await expect(standings.nth(0).locator('.total')).toHaveAttribute(
    'aria-label',
    'Ana: total 30, 3rd, 70 to go before 100',
  )
  await expect(standings.nth(0)).toContainText('3rd')
  await expect(standings.nth(1)).toContainText('deals')
  // An edit of round 1: its history says what changed, old → new.
  await page.getByRole('button', { name: 'Edit round 1' }).click()
  await form(page).getByLabel('Bo’s penalty').fill('15')
  await form(page).getByLabel('Bo’s penalty').press('Enter')
  await expect(rows(page).nth(0).getByTestId('cell-total').nth(1)).toHaveText('15')
  const history = rows(page).nth(0).getByTestId('edit-history')
  await history.locator('summary').click()
  await expect(history).toContainText('Bo: 12 points → 15 points')
  // The match's History panel says the same.
  await page.getByRole('button', { name: 'History' }).click()
  await expect(page.locator('.history')).toContainText('Bo: 12 points → 15 points')
  await page.getByRole('button', { name: 'History' }).click()
  await form(page).getByRole('radio', { name: 'Ana', exact: true }).check()
  await form(page).getByLabel('Bo’s penalty').fill('90')
  await form(page).getByLabel('Cy’s penalty').fill('5')
  await form(page).getByLabel('Cy’s penalty').press('Enter')
  await expect(page.getByTestId('match-end')).toBeVisible()
  await page.getByRole('button', { name: 'Table display' }).click()
  const table = page.getByTestId('table-display')
  const won = table.locator('li.won')
  await expect(won).toHaveCount(1)
  await expect(won).toContainText('Cy')
  await expect(won).toContainText('winner')
  await expect(table.locator('li.dealer')).toHaveCount(0)
  const style = await won.evaluate((li) => getComputedStyle(li).borderTopStyle)
  expect(style).toBe('double')
  await page.screenshot({ path: testInfo.outputPath('table-display-winner.png') })
})

test('settings: the theme switch (light, dark, system) is kept and applied at start', async ({ page }, testInfo) => {
  app = await startApp(newDataDir())
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(`${app.url}#/settings`)
  const bg = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
  expect(await bg()).toBe('rgb(244, 245, 247)')
  await page.getByRole('radio', { name: 'Dark' }).check()
  expect(await bg()).toBe('rgb(21, 24, 28)')
  expect(await seriousViolations(page)).toEqual([])
  await page.reload()
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
  expect(await bg()).toBe('rgb(21, 24, 28)')
  // Light wins over a dark system; "Follow the system" follows it again.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.getByRole('radio', { name: 'Light' }).check()
  expect(await bg()).toBe('rgb(244, 245, 247)')
  await page.screenshot({ path: testInfo.outputPath('settings-light.png') })
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('radio', { name: 'Follow the system' }).check()
  expect(await bg()).toBe('rgb(21, 24, 28)')
  await page.reload()
  expect(await bg()).toBe('rgb(21, 24, 28)')
})
