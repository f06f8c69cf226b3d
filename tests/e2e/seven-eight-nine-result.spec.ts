import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

/**
 * The laptop enters a Seven Eight Nine game played on paper in one step (SE-R15, SE-A15, SE-V12), by keyboard,
 * beside the move-by-move tracking.
 */
let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

const stored = async (page: Page, id: string): Promise<unknown[]> =>
  (await apiCall<{ actions: { action: unknown }[] }>(page, 'matches:get', { id })).actions.map((a) => a.action)

test('two games entered by keyboard, a refused draw, the form gone after a flip, the standings, the history and an undo', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'seven-eight-nine', ['Ana', 'Bo'], { starter: 0, target: 3 })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByRole('heading', { name: 'Game 1', exact: true })).toBeVisible()

  // The tracking stays the default: the form is behind its button, O opens it on its first choice.
  const form = page.getByTestId('sen-result-form')
  const toggle = page.getByRole('button', { name: /^Enter the result/ })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(form).toHaveCount(0)
  await expect(page.getByLabel('Ana flips')).toBeVisible()
  await page.keyboard.press('o')
  await expect(page.locator('#sen-result-winner-0')).toBeFocused()
  await expect(form.getByRole('heading')).toHaveText("Game 1's result, entered in one step")
  expect(await seriousViolations(page)).toEqual([])

  // Game 1: 1 (Ana), C (a Declare), Enter. E, the tracking's dealt 7-8-9 key, only picks the ending here.
  await page.keyboard.press('1')
  await page.keyboard.press('e')
  await expect(page.locator('#sen-result-ending-dealt-win')).toBeChecked()
  await expect(page.locator('#sen-result-ending-dealt-win')).toBeFocused()
  await page.keyboard.press('c')
  await expect(page.locator('#sen-result-ending-declare')).toBeChecked()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('sen-result')).toContainText(
    'Ana wins game 1 by a Declare (the result as entered; the moves were not tracked).',
  )
  await expect(page.getByTestId('wins-0')).toHaveText('1 win')
  // the next result is game 2's, with the keyboard back on the form's first choice
  await expect(form.getByRole('heading')).toHaveText("Game 2's result, entered in one step")
  await expect(page.locator('#sen-result-winner-0')).toBeFocused()

  // G typed on the form's button is the form's: it does not start game 2 (the tracking's G would).
  await form.getByRole('button', { name: "Enter game 2's result" }).focus()
  await page.keyboard.press('g')
  // Game 2: a draw by a swap is refused next to the winner in the engine's words, and nothing is sent.
  await page.keyboard.press('0')
  await expect(page.locator('#sen-result-winner-draw')).toBeFocused()
  await page.keyboard.press('w')
  const refusal =
    'A game is drawn only at the tiebreaker or when both players were dealt 7-8-9; a swap, a React or a Declare always has a winner.'
  await expect(page.locator('#sen-result-winner-error')).toHaveText(refusal)
  await page.keyboard.press('Enter')
  await expect(page.locator('#sen-result-winner-draw')).toBeFocused()
  expect(await seriousViolations(page)).toEqual([])
  expect(await stored(page, id)).toEqual([{ type: 'result', winner: 0, ending: 'declare' }])
  await expect(page.getByRole('heading', { name: 'Game 1', exact: true })).toBeVisible()

  // Bo by a React instead.
  await page.keyboard.press('2')
  await expect(page.locator('#sen-result-winner-error')).toHaveCount(0)
  await page.keyboard.press('r')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('sen-result')).toContainText('Bo wins game 2 by a React')
  await expect(page.getByRole('heading', { name: 'Game 2', exact: true })).toBeVisible()

  // The standings and the record: each game entered, its flips not tracked.
  await expect(page.getByTestId('wins-1')).toHaveText('1 win')
  await expect(page.getByTestId('tally')).toHaveText('Ana 1 · Bo 1 · 0 draws')
  const records = page.getByTestId('game-record')
  await expect(records).toHaveCount(2)
  await expect(records.nth(0)).toContainText('Ana wins')
  await expect(records.nth(1)).toContainText('Bo wins')
  await expect(records.nth(1)).toContainText('not tracked')
  expect(await stored(page, id)).toEqual([
    { type: 'result', winner: 0, ending: 'declare' },
    { type: 'result', winner: 1, ending: 'react' },
  ])
  // The history's lines.
  await page.getByRole('button', { name: 'History' }).click()
  const history = page.locator('.history')
  await expect(history.getByText('Result entered: Ana wins by a Declare')).toBeVisible()
  await expect(history.getByText('Result entered: Bo wins by a React')).toBeVisible()

  // Esc closes the form; G on its button starts game 3 for tracking; once a card is flipped the form is not offered.
  await page.locator('#sen-result-winner-0').focus()
  await page.keyboard.press('Escape')
  await expect(form).toHaveCount(0)
  await expect(toggle).toBeFocused()
  await page.keyboard.press('g')
  await expect(page.getByRole('heading', { name: 'Game 3', exact: true })).toBeVisible()
  await expect(toggle).toBeVisible()
  await page.keyboard.press('f')
  await page.keyboard.type('5')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Swap: give up')).toBeFocused()
  await expect(toggle).toHaveCount(0)
  await page.keyboard.press('Escape')
  await page.keyboard.press('o')
  await expect(form).toHaveCount(0)

  // Undo: the flip, game 3's start, then game 2's entered result.
  await page.keyboard.press('Control+z')
  await expect(toggle).toBeVisible()
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('heading', { name: 'Game 2', exact: true })).toBeVisible()
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('heading', { name: 'Game 1', exact: true })).toBeVisible()
  await expect(page.getByTestId('wins-1')).toHaveText('0 wins')
  await expect(records).toHaveCount(1)
  expect(await stored(page, id)).toEqual([{ type: 'result', winner: 0, ending: 'declare' }])
  expect(problems).toEqual([])
})
