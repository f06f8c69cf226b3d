import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

/** A finished Nine match of one round (lower totals place higher); `close` false leaves it under way. */
async function play(page: Page, names: string[], totals: number[], close = true): Promise<string> {
  const id = await seedMatch(page, 'nine', names)
  await apiCall(page, 'matches:apply', {
    id,
    action: { type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals },
  })
  if (close) await apiCall(page, 'matches:close', { id, status: 'finished' })
  return id
}

test('club: season rules set in the form; the table shows qualification, dropped results and the final', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(app.url)
  // Ana beats Bo twice and Cy once; Bo beats Cy; the final (Ana against Bo) is under way.
  await play(page, ['Ana', 'Bo'], [2, 9])
  await play(page, ['Ana', 'Bo'], [2, 9])
  await play(page, ['Ana', 'Cy'], [2, 9])
  await play(page, ['Bo', 'Cy'], [2, 9])
  const final = await play(page, ['Ana', 'Bo'], [9, 2], false)
  await page.getByRole('link', { name: 'Club' }).click()

  await page.getByRole('button', { name: 'New season' }).click()
  await page.getByLabel('Name').fill('Cup')
  await page.getByLabel('Starts').fill('2020-01-01')
  await page.getByLabel('Ends').fill('2035-12-31')
  await page.getByLabel('Win / shared win / other').check()
  await page.getByLabel('Matches to qualify').fill('3')
  await page.getByLabel('Best results that count').fill('2')
  await page.getByLabel('Final among the top').fill('2')
  await page.getByRole('checkbox', { name: /under way/ }).check()
  await page.getByRole('button', { name: 'Create season' }).click()
  await expect(page.getByTestId('season-title')).toHaveText('Cup')

  const table = page.getByTestId('league-table')
  await expect(table.getByRole('row')).toHaveCount(4)
  // Ana: best 2 of 3, 3, 3 (one 3 dropped); Bo: 3 matches, best 3 + 0 (one 0 dropped); Cy: 2 matches, not qualified.
  await expect(page.getByTestId('row-rules')).toHaveText([
    '1 result dropped (3)',
    '1 result dropped (0)',
    'not qualified yet (2 of 3)',
  ])
  await expect(page.getByTestId('season-rule')).toContainText([
    "Best 2: only each player's 2 best match results count",
    'Qualifying: 3 matches played',
    "Final: one match among the top 2; its result decides the season's winner.",
    'The final among the top 2 is not played yet (0 of 1 finished)',
  ])

  // The final finished: Bo won it and heads the table.
  await apiCall(page, 'matches:close', { id: final, status: 'finished' })
  await page.getByRole('button', { name: 'Change' }).click()
  await expect(page.getByLabel('Matches to qualify')).toHaveValue('3')
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(1)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(table.getByRole('row').nth(1)).toContainText('Bo')
  await expect(page.getByTestId('row-rules').first()).toHaveText('won the final; 1 result dropped (0)')
  await expect(page.getByTestId('season-rule').last()).toHaveText(
    "Bo won the season in the final (one match among the top 2): the final's result decides the places of its players.",
  )
  expect(problems).toEqual([])
})
