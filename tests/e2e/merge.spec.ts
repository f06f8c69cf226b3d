import { expect, test, type Page } from '@playwright/test'
import type { Player } from '../../src/shared/model/player'
import type { StatsOverview } from '../../src/shared/model/stats'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'
import { importThroughSettings } from './import-file'

let apps: RunningApp[] = []
test.afterEach(async () => {
  for (const a of apps) await a.stop()
  apps = []
})

async function start(): Promise<RunningApp> {
  const app = await startApp(newDataDir())
  apps.push(app)
  return app
}

/** A finished Nine match: one round where seat 0 declares with the lower total (so seat 0 wins). */
async function playNine(page: Page, names: string[]): Promise<string> {
  const id = await seedMatch(page, 'nine', names)
  await apiCall(page, 'matches:apply', {
    id,
    action: { type: 'round', declarer: 0, totals: names.map((_, i) => (i === 0 ? 3 : 12)) },
  })
  await apiCall(page, 'matches:close', { id, status: 'finished' })
  return id
}

const roster = (page: Page) => apiCall<Player[]>(page, 'players:list', { includeArchived: true })
const statsOf = async (page: Page, id: string) =>
  (await apiCall<StatsOverview>(page, 'stats:overview', {})).players.find((p) => p.playerId === id)
const dialog = (page: Page) => page.getByRole('dialog', { name: /^Merge .* into…$/ })

test('two Zoes after an import: the roster tells them apart; merge with a preview, by keyboard only; stats follow', async ({
  page,
}, testInfo) => {
  const problems = watchConsole(page)

  // Laptop B: Zoe beats Cy. Its export is what the club brings to laptop A.
  const b = await start()
  await page.goto(b.url)
  await playNine(page, ['Zoe', 'Cy'])
  const zoeB = (await roster(page)).find((p) => p.name === 'Zoe') as Player
  const { content } = await apiCall<{ content: string }>(page, 'transfer:export-json', {})

  // Laptop A: its own Zoe beats Bo; then B's export comes in through Settings.
  const a = await start()
  await page.goto(a.url)
  await playNine(page, ['Zoe', 'Bo'])
  const zoeA = (await roster(page)).find((p) => p.name === 'Zoe') as Player
  await importThroughSettings(page, a.url, content, 'laptop-b.json')
  expect((await roster(page)).map((p) => p.name).sort()).toEqual(['Bo', 'Cy', 'Zoe', 'Zoe'])
  const before = { a: await statsOf(page, zoeA.id), b: await statsOf(page, zoeB.id) }
  expect(before.a).toMatchObject({ matches: 1, wins: 1 })
  expect(before.b).toMatchObject({ matches: 1, wins: 1 })

  // The roster: both Zoes say when they were added, in words that differ; the others do not need to.
  await page.goto(`${a.url}#/players`)
  const rowA = page.locator(`[data-player-id="${zoeA.id}"]`)
  const rowB = page.locator(`[data-player-id="${zoeB.id}"]`)
  const twinA = (await rowA.getByTestId('same-name').textContent())?.trim() ?? ''
  const twinB = (await rowB.getByTestId('same-name').textContent())?.trim() ?? ''
  expect(twinA).toMatch(/^added .+ · another player has this name$/)
  expect(twinB).toMatch(/^added .+ · another player has this name$/)
  expect(twinA).not.toBe(twinB)
  await expect(page.locator('[data-player-name="Bo"]').getByTestId('same-name')).toHaveCount(0)
  // Each row's buttons name their own Zoe, so "Merge Zoe into…" is never ambiguous.
  const addedB = twinB.replace(' · another player has this name', '')
  const addedA = twinA.replace(' · another player has this name', '')
  const mergeB = page.getByRole('button', { name: `Merge Zoe (${addedB}) into…`, exact: true })
  await expect(mergeB).toHaveCount(1)
  await page.screenshot({ path: testInfo.outputPath('twins.png'), fullPage: true })
  // The Matches screen's player filter tells them apart the same way.
  await page.goto(`${a.url}#/matches`)
  const filterOptions = page.getByLabel('Player').getByRole('option')
  await expect(filterOptions).toHaveCount(5)
  expect((await filterOptions.allTextContents()).sort()).toEqual(
    ['Anyone', 'Bo', 'Cy', `Zoe (${addedA})`, `Zoe (${addedB})`].sort(),
  )
  await page.goto(`${a.url}#/players`)

  // Keyboard only: open the dialog, choose with the arrow keys, read the preview, confirm.
  await mergeB.focus()
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toBeVisible()
  const list = dialog(page).getByRole('listbox', { name: 'Merge into' })
  await expect(list).toBeFocused()
  // The list offers every other player, never Zoe (B) herself; the other Zoe shows when she was added.
  await expect(list.getByRole('option')).toHaveText(['Bo · 1 match', 'Cy · 1 match', `Zoe (${addedA}) · 1 match`])
  const preview = dialog(page).getByTestId('merge-preview')
  const merge = dialog(page).getByRole('button', { name: /^Merge/ })
  await expect(merge).toBeDisabled()
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown')
  await expect(list).toHaveValue(zoeA.id)
  await expect(preview).toContainText('1 match of Zoe will count for Zoe; Zoe leaves the roster.')
  await expect(preview).toContainText(`Afterwards Zoe (${addedA}) has 2 matches (now 1).`)
  await expect(merge).toHaveText('Merge into Zoe')
  await expect(merge).toBeEnabled()

  // The dialog passes axe in light and dark.
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('merge-preview-light.png') })
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('merge-preview-dark.png') })
  await page.emulateMedia({ colorScheme: 'light' })

  await page.keyboard.press('Tab') // Cancel
  await page.keyboard.press('Tab') // Merge into Zoe
  await expect(merge).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toBeHidden()

  // The roster refreshed: B's Zoe left, A's Zoe holds both matches; the message says so, politely.
  await expect(
    page.getByRole('status').filter({ hasText: 'Merged Zoe into Zoe: 1 match moved; Zoe now has 2 matches.' }),
  ).toHaveCount(1)
  await expect(page.getByTestId('player-row')).toHaveCount(3)
  await expect(rowB).toHaveCount(0)
  await expect(rowA.locator('.meta')).toContainText('2 matches')
  // With one Zoe left, no row needs telling apart; focus went to the Zoe who holds the history.
  await expect(page.getByTestId('same-name')).toHaveCount(0)
  await expect(rowA.getByRole('button', { name: 'Edit Zoe', exact: true })).toBeFocused()
  await page.screenshot({ path: testInfo.outputPath('merged.png'), fullPage: true })

  // Stats follow: both matches and both wins are Zoe (A)'s now; B's Zoe is gone from them.
  expect(await statsOf(page, zoeA.id)).toMatchObject({ matches: 2, wins: 2 })
  expect(await statsOf(page, zoeB.id)).toBeUndefined()
  await page.goto(`${a.url}#/stats`)
  await expect(page.getByTestId('player-stats').getByRole('row', { name: /^Zoe/ })).toHaveCount(1)

  expect(problems).toEqual([])
})

test('merge: Cancel and Escape change nothing; an error from the main side shows next to the list', async ({
  page,
}) => {
  const problems = watchConsole(page)
  const app = await start()
  await page.goto(app.url)
  await playNine(page, ['Ana', 'Bo'])
  await playNine(page, ['Cy', 'Di'])
  const players = await roster(page)
  const id = (name: string) => (players.find((p) => p.name === name) as Player).id
  const overview = () => apiCall<StatsOverview>(page, 'stats:overview', {})
  const statsBefore = await overview()

  await page.goto(`${app.url}#/players`)
  // Cancel after a preview: nothing changes.
  await page.getByRole('button', { name: 'Merge Ana into…' }).click()
  const list = dialog(page).getByRole('listbox', { name: 'Merge into' })
  await list.selectOption({ label: 'Bo · 1 match' })
  await expect(dialog(page).getByTestId('merge-preview')).toContainText(
    '1 match of Ana will count for Bo; Ana leaves the roster. In 1 match both sat at the table',
  )
  await dialog(page).getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog(page)).toBeHidden()
  await expect(page.getByRole('button', { name: 'Merge Ana into…' })).toBeFocused()
  // Escape after a preview: nothing changes either.
  await page.keyboard.press('Enter')
  await expect(list).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(dialog(page).getByTestId('merge-preview')).toContainText('will count for Bo')
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
  expect(await roster(page)).toEqual(players)
  expect(await overview()).toEqual(statsBefore)
  await expect(page.getByTestId('player-row')).toHaveCount(4)

  // Opening again starts afresh: no choice, no preview, Merge disabled.
  await page.getByRole('button', { name: 'Merge Ana into…' }).click()
  await expect(list).toHaveValue('')
  await expect(dialog(page).getByRole('button', { name: /^Merge/ })).toBeDisabled()

  // Meanwhile Cy is merged into Di elsewhere (another window; they sat at one table, so Di still has
  // one match): choosing Cy gets the main side's
  // refusal next to the list, the roster is refreshed, and nothing is merged.
  await apiCall(page, 'players:merge', { from: id('Cy'), into: id('Di') })
  await list.selectOption({ label: 'Cy · 1 match' })
  const error = dialog(page).getByRole('alert')
  await expect(error).toHaveText('That player no longer exists. The list has been refreshed.')
  await expect(list).toHaveAttribute('aria-invalid', 'true')
  await expect(list).toHaveAttribute('aria-describedby', (await error.getAttribute('id')) as string)
  await expect(list.getByRole('option')).toHaveText(['Bo · 1 match', 'Di · 1 match'])
  await expect(dialog(page).getByRole('button', { name: /^Merge/ })).toBeDisabled()
  // Choosing again clears the error.
  await list.selectOption({ label: 'Di · 1 match' })
  await expect(error).toHaveCount(0)
  await expect(dialog(page).getByTestId('merge-preview')).toContainText('1 match of Ana will count for Di')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('player-row')).toHaveCount(3)
  expect((await roster(page)).map((p) => p.name)).toEqual(['Ana', 'Bo', 'Di'])

  expect(problems).toEqual([])
})
