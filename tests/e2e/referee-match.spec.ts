/**
 * Referee opened with R from a live round knows the whole match: the earlier rounds' revealed cards fill the
 * earlier-rounds box (they count against the four of each value, EN-A21), and the players keep their names and
 * cube colours.
 */
import { expect, test } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

test('referee from a live round: the earlier rounds count, and Ada, Bo and Cy keep their names and colours', async ({
  page,
}) => {
  const problems = watchConsole(page)
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const colours = ['#1b6ec2', '#d7263d', '#2e8540']
  const id = await seedMatch(page, 'ennea', ['Ada', 'Bo', 'Cy'], { starter: 0, colours })
  const act = (action: unknown) => apiCall(page, 'matches:apply', { id, action })
  // round 1: Ada calls at once, the others pass; the grid shows all four 7s
  await act({ type: 'ennea', seat: 0 })
  await act({ type: 'pass', seat: 1 })
  await act({ type: 'pass', seat: 2 })
  await act({ type: 'reveal', grid: [7, 7, 7, 7, 1, 2, 3, 4, 5] })
  // round 2 (Bo starts): Bo stakes R1C1, the others pass, Bo stakes R1C2
  await act({ type: 'stake', cell: 0, seat: 1 })
  await act({ type: 'pass', seat: 2 })
  await act({ type: 'pass', seat: 0 })
  await act({ type: 'stake', cell: 1, seat: 1 })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByTestId('game-message')).toHaveText(/^Round 2: Cy to act/)
  await page.keyboard.press('r')
  await expect(page.getByRole('heading', { name: 'Referee', level: 1 })).toBeVisible()
  await expect(page.getByTestId('from-match')).toContainText('Round 2 of the match')

  // the match's names and colours, not P1..P3 in red, blue, green
  await expect(page.getByLabel('Ada total')).toHaveValue('8')
  await expect(page.getByLabel('Bo total')).toBeVisible()
  await expect(page.getByLabel('Cy total')).toBeVisible()
  await expect(page.getByRole('button', { name: /^R1C1 cubes:/ })).toHaveAccessibleName('R1C1 cubes: B (Bo)')
  const cubeColour = await page
    .locator('.totals .cube')
    .evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor))
  expect(cubeColour).toEqual(['rgb(27, 110, 194)', 'rgb(215, 38, 61)', 'rgb(46, 133, 64)'])

  // R1C1 = 2: Row 1 needs R1C2 = 7, and all four 7s were seen in round 1
  await page.getByLabel('R1C1 value').fill('2')
  await expect(page.getByLabel('Line', { exact: true })).toContainText('Bo: Row 1 (R1C1, R1C2; R1C2 not revealed)')
  await expect(page.getByLabel('Cards revealed in earlier rounds')).toHaveValue('777712345')
  await expect(page.getByTestId('question-answer')).toHaveText(
    'Row 1: the known card is 2: R1C2 would need to be 7, but all four 7s are already revealed. The line fails.',
  )
  expect(problems).toEqual([])
})
