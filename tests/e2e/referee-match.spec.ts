/**
 * Referee opened with R from a live round knows the whole match: the earlier rounds' revealed cards fill the
 * earlier-rounds box (they count against the four of each value, EN-A21), and the players keep their names and
 * cube colours.
 */
import { expect, test } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

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

test('a mis-entered round 1 grid is corrected: every later entry it changes is listed first, and Enter twice on Apply applies it once', async ({
  page,
}) => {
  const problems = watchConsole(page)
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const id = await seedMatch(page, 'ennea', ['Ana', 'Bo'], { starter: 0 })
  const act = (action: unknown) => apiCall(page, 'matches:apply', { id, action })
  const corrections = async () =>
    (await apiCall<{ kind: string }[]>(page, 'matches:history', { id })).filter((h) => h.kind === 'correction')
  // round 1: Ana stakes R1C1 and R1C2, Bo stakes R3C3 and calls, Ana's final Pass; entered as 2 7 4 / 5 3 6 / 1 8 9
  await act({ type: 'stake', cell: 0, seat: 0 })
  await act({ type: 'stake', cell: 8, seat: 1 })
  await act({ type: 'stake', cell: 1, seat: 0 })
  await act({ type: 'ennea', seat: 1 })
  await act({ type: 'pass', seat: 0 })
  await act({ type: 'reveal', grid: [2, 7, 4, 5, 3, 6, 1, 8, 9] })
  // round 2: Bo calls, Ana's final Pass
  await act({ type: 'ennea', seat: 1 })
  await act({ type: 'pass', seat: 0 })
  await act({ type: 'reveal', grid: [9, 8, 7, 6, 5, 4, 3, 2, 1] })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByTestId('game-message')).toHaveText(/^Round 3: Ana to act/)
  const total = (seat: number) => page.getByTestId(`player-${seat}`).locator('[data-col="total"]')
  await expect(total(0)).toHaveText('8')

  // the table saw R1C2 = 6 and R2C3 = 7: Ana's Row 1 was 8, not 9
  await page.getByRole('button', { name: 'Round 1', exact: true }).click()
  await page.getByRole('button', { name: 'Correct the round 1 grid' }).click()
  const field = page.getByLabel('Round 1 card values, R1C1 to R3C3')
  await expect(field).toBeFocused()
  await expect(field).toHaveValue('274536189')
  await field.fill('264537189')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('correct-status')).toHaveText(
    'Correcting Round 1 reveal changes 2 later entries: 8 and 9.',
  )
  const preview = page.getByTestId('correct-preview')
  await expect(preview).toContainText('Ana: 9 → 8 cubes, loses 1 cube (was 9 → 9, lost 0 cubes).')
  const later = page.getByTestId('correct-later').locator(':scope > li')
  await expect(later).toHaveCount(2)
  await expect(later.nth(0)).toHaveText(/^Entry 8: Ana's pass\s*Ana: 6 left in the pool after it \(was 7\)\.$/)
  await expect(later.nth(1)).toHaveText(
    /^Entry 9: Round 2 reveal\s*Ana: 8 → 7 cubes, loses 1 cube \(was 9 → 8, lost 1 cube\)\.$/,
  )
  // nothing is written before the confirm
  expect(await corrections()).toHaveLength(0)
  await expect(total(0)).toHaveText('8')
  await preview.scrollIntoViewIfNeeded()
  await page.screenshot({ path: '/tmp/ennea-correct-preview-light.png' })
  expect(await seriousViolations(page)).toEqual([])

  // Enter pressed twice on Apply: one correction
  const apply = page.getByRole('button', { name: 'Apply the correction' })
  await expect(apply).toBeFocused()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('correct-grid')).toHaveCount(0)
  await expect(total(0)).toHaveText('7')
  await page.getByRole('button', { name: 'Round 1', exact: true }).click()
  await expect(page.getByTestId('round-summary')).toContainText('Grid 2 6 4 / 5 3 7 / 1 8 9.')
  expect(await corrections()).toHaveLength(1)
  await expect(page.getByRole('alert')).toHaveCount(0)

  // Undo takes it back like any correction
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(total(0)).toHaveText('8')

  // four 1s in round 1 and the 1 of round 2 make five: the later entry is listed as left out before anything
  // is applied; applied, it is left out (kept in the log, shown with the match's problems), and Undo brings it back
  await page.getByRole('button', { name: 'Round 1', exact: true }).click()
  await page.getByRole('button', { name: 'Correct the round 1 grid' }).click()
  await field.fill('111136289')
  await page.getByRole('button', { name: 'Show what changes' }).click()
  await expect(page.getByTestId('correct-status')).toHaveText(
    /; entry 9 becomes impossible and is left out \(kept in the log, not counted; undoing the correction brings it back\)\.$/,
  )
  const leftOut = page.getByTestId('correct-left-out').locator(':scope > li')
  await expect(leftOut).toHaveCount(1)
  await expect(leftOut.first()).toHaveText(/^Entry 9: Round 2 reveal — Too many 1s/)
  await expect(page.getByRole('button', { name: 'Apply the correction' })).toHaveCount(0)
  expect(await corrections()).toHaveLength(1)
  await page.getByRole('button', { name: 'Apply, leaving out 1 entry' }).click()
  await expect(page.getByTestId('correct-grid')).toHaveCount(0)
  await expect(page.getByTestId('replay-problem')).toBeVisible()
  await expect(page.getByTestId('game-message')).toHaveText(/^Round 2: reveal/i)
  expect(await corrections()).toHaveLength(2)
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(page.getByTestId('replay-problem')).toHaveCount(0)
  await expect(total(0)).toHaveText('8')
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})
