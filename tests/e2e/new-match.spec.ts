import { expect, test } from '@playwright/test'
import type { MatchView } from '../../src/shared/model/match'
import { apiCall, newDataDir, type RunningApp, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

test('new match: game, players with an inline add, seat order, first dealer and house rules are stored', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  for (const name of ['Ana', 'Bo', 'Cy']) await apiCall(page, 'players:create', { name })

  await page.getByRole('link', { name: 'New match' }).click()
  await page.getByRole('radio', { name: /^Nine/ }).check()
  await page.getByRole('button', { name: 'Seat Ana' }).click()
  await page.getByRole('button', { name: 'Seat Bo' }).click()
  await page.getByRole('button', { name: 'Seat Cy' }).click()
  // Inline add: seated at once; a duplicate name is refused next to the field.
  await page.getByRole('textbox', { name: 'New player' }).fill('ana')
  await page.getByRole('button', { name: 'Add and seat' }).click()
  await expect(page.getByText('There is already a player called “Ana”.', { exact: false })).toBeVisible()
  await page.getByRole('textbox', { name: 'New player' }).fill('Dee')
  await page.getByRole('button', { name: 'Add and seat' }).click()
  await expect(page.getByTestId('seat')).toHaveCount(4)
  await page.getByRole('button', { name: 'Unseat Dee' }).click()

  // Seat order by keyboard: Cy moves up twice to seat 1; focus follows the moved player.
  await page.getByRole('button', { name: 'Move Cy up' }).click()
  await expect(page.getByRole('button', { name: 'Move Cy up' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('seat')).toHaveText([/Cy/, /Ana/, /Bo/])

  await page.getByLabel('First dealer').selectOption({ label: 'Bo' })
  const rule = page.getByLabel('Declarer above 9')
  await expect(page.getByText(/Default: Score it as a failed declaration/)).toBeVisible()
  await rule.selectOption('REJECT')

  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('new-match.png'), fullPage: true })

  await page.getByRole('button', { name: 'Start Nine' }).click()
  await expect(page).toHaveURL(/#\/match\//)
  await expect(page.getByRole('heading', { name: 'Nine' })).toBeVisible()
  const id = decodeURIComponent(page.url().split('#/match/')[1] ?? '')
  const match = await apiCall<MatchView>(page, 'matches:get', { id })
  expect(match.seats.map((s) => s.name)).toEqual(['Cy', 'Ana', 'Bo'])
  expect(match.config).toMatchObject({
    firstDealer: 2,
    houseRules: { overNineDeclaration: 'REJECT', result: 'LOWEST_WINS' },
  })

  // The Matches list shows it; filters narrow it down.
  await page.getByRole('link', { name: 'Matches' }).click()
  await expect(page.getByTestId('match-row')).toHaveCount(1)
  await expect(page.getByTestId('match-row')).toContainText('Cy, Ana, Bo')
  await page.getByLabel('Game').selectOption({ label: 'Wild Nine' })
  await expect(page.getByText('No match fits these filters.')).toBeVisible()
  await page.getByLabel('Game').selectOption({ label: 'Nine' })
  await page.getByLabel('Player').selectOption({ label: 'Dee' })
  await expect(page.getByText('No match fits these filters.')).toBeVisible()
  await page.getByLabel('Player').selectOption({ label: 'Ana' })
  await expect(page.getByTestId('match-row')).toHaveCount(1)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('link', { name: 'Nine' }).click()
  await expect(page).toHaveURL(new RegExp(`#/match/${id}`))

  expect(problems).toEqual([])
})

test('new match: Ennea colours stay distinct, Seven Eight Nine takes exactly two and a target', async ({ page }) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  for (const name of ['Ana', 'Bo', 'Cy']) await apiCall(page, 'players:create', { name })
  await page.goto(`${app.url}#/new-match?game=ennea`)
  await expect(page.getByRole('radio', { name: /^Ennea/ })).toBeChecked()
  for (const n of ['Ana', 'Bo', 'Cy']) await page.getByRole('button', { name: `Seat ${n}` }).click()
  await page.getByLabel('Cube colour for Bo').selectOption({ label: 'Red' })
  await page.getByLabel('Cube colour for Ana').selectOption({ label: 'Red' })
  await page.getByRole('button', { name: 'Start Ennea' }).click()
  // Two seats with one colour: refused with the engine's message, nothing created.
  await expect(page.getByRole('alert')).toBeVisible()
  expect(await apiCall<unknown[]>(page, 'matches:list', {})).toHaveLength(0)
  await page.getByLabel('Cube colour for Ana').selectOption({ label: 'Amber' })
  await page.getByRole('button', { name: 'Start Ennea' }).click()
  await expect(page).toHaveURL(/#\/match\//)

  await page.goto(`${app.url}#/new-match?game=seven-eight-nine`)
  for (const n of ['Ana', 'Bo']) await page.getByRole('button', { name: `Seat ${n}` }).click()
  await expect(page.getByRole('button', { name: 'Seat Cy' })).toBeDisabled()
  await page.getByLabel('Wins needed').fill('5')
  await page.getByRole('button', { name: 'Start Seven Eight Nine' }).click()
  await expect(page).toHaveURL(/#\/match\//)
  const id = decodeURIComponent(page.url().split('#/match/')[1] ?? '')
  const match = await apiCall<MatchView>(page, 'matches:get', { id })
  expect(match.config).toMatchObject({ target: 5, starter: 0 })
  expect(problems).toEqual([])
})
