import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

/** A finished Nine match of one round (lower totals place higher). */
async function play(page: Page, names: string[], totals: number[]): Promise<void> {
  const id = await seedMatch(page, 'nine', names)
  await apiCall(page, 'matches:apply', {
    id,
    action: { type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals },
  })
  await apiCall(page, 'matches:close', { id, status: 'finished' })
}

test('club: the Records view shows margins, streaks, pairings, champions, badges with thresholds and the year', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(app.url)
  // Ana wins three in a row against Bo, then Bo beats Cy.
  await play(page, ['Ana', 'Bo'], [2, 9])
  await play(page, ['Ana', 'Bo'], [1, 9])
  await play(page, ['Ana', 'Bo'], [3, 7])
  await play(page, ['Bo', 'Cy'], [2, 5])
  await page.getByRole('link', { name: 'Club' }).click()
  await page.getByRole('tab', { name: 'Records' }).click()

  const margins = page.getByTestId('records-margins')
  await expect(margins.getByRole('row')).toHaveCount(2)
  await expect(margins.getByRole('row').nth(1)).toContainText('Nine')
  await expect(margins.getByRole('row').nth(1)).toContainText('Ana')
  const streaks = page.getByTestId('records-streaks')
  await expect(streaks.getByRole('row').nth(1)).toContainText('Ana')
  await expect(streaks.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
    /^3 \(\d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d\)$/,
  )
  await expect(page.getByTestId('records-pairings').getByRole('listitem').first()).toHaveText(
    'Ana and Bo: 3 matches together',
  )
  await expect(page.getByTestId('records-champions')).toContainText('Nine: most wins Ana (3 of 3)')
  await expect(page.getByTestId('records-badges').getByRole('listitem').nth(1)).toHaveText(
    'Hat-trick (3 outright wins in a row): Ana',
  )
  await expect(page.getByTestId('records-badges').getByRole('listitem').first()).toHaveText(
    'Century (100 matches played): nobody yet',
  )
  await expect(page.getByTestId('year-in-review')).toContainText(
    /4 matches on \d+ game nights?\. Most active: Bo \(4 matches\)\. New players: Ana, Bo, Cy\./,
  )
  // Per game: the streaks for Nine alone are the same here.
  await page.getByTestId('records-game').selectOption('nine')
  await expect(streaks.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/^3 /)
  expect(problems).toEqual([])
})
