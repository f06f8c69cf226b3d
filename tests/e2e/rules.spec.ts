import { expect, test, type Page } from '@playwright/test'
import { newDataDir, type RunningApp, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}\\b`) })
const panel = (page: Page) => page.getByRole('tabpanel')
const hits = (page: Page) => page.getByTestId('rule-hit')

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    expect(await seriousViolations(page), `${what}, ${scheme}`).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

test('rules: the overview, per-game tabs, search as you type, deep links, and axe in light and dark', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)

  // ---- From the navigation (Alt+7) to the overview ----
  await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible()
  await page.keyboard.press('Alt+7')
  await expect(page).toHaveURL(/#\/rules$/)
  await expect(page.getByRole('heading', { name: 'Rules', level: 1 })).toBeFocused()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rules' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(tab(page, 'Overview')).toHaveAttribute('aria-selected', 'true')
  await expect(panel(page).getByRole('heading', { name: 'Rules of the four games', level: 2 })).toBeVisible()
  await expect(panel(page).getByRole('row', { name: /sen\.declareGap/ })).toContainText('SE-A3')
  await page.screenshot({ path: testInfo.outputPath('rules-overview-light.png'), fullPage: false })
  await expectNoSeriousViolations(page, 'overview')

  // ---- Switch games by click and by arrow keys; the address follows ----
  await tab(page, 'Nine').click()
  await expect(tab(page, 'Nine')).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/#\/rules\/nine$/)
  await expect(panel(page).getByRole('heading', { name: 'Nine', level: 2 })).toBeVisible()
  await expect(panel(page).getByRole('heading', { name: 'NI-R14 Exactly 90 goes back to 45', level: 4 })).toBeVisible()
  await expect(panel(page).getByRole('row', { name: /^NI-G13\b/ })).toContainText('50 / 45 / 100')
  await tab(page, 'Nine').focus()
  await page.keyboard.press('ArrowRight')
  await expect(tab(page, 'Seven Eight Nine')).toBeFocused()
  await expect(tab(page, 'Seven Eight Nine')).toHaveAttribute('aria-selected', 'true')
  await expect(panel(page).getByRole('heading', { name: 'SE-R9 Declare', level: 4 })).toBeVisible()
  await page.keyboard.press('Home')
  await expect(tab(page, 'Overview')).toHaveAttribute('aria-selected', 'true')
  await tab(page, 'Ennea').click()
  await expect(panel(page).getByRole('heading', { name: 'EN-R21 Minimum loss', level: 4 })).toBeVisible()
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: testInfo.outputPath('rules-ennea-dark.png'), fullPage: false })
  await expectNoSeriousViolations(page, 'the Ennea page')

  // ---- Search "99" as you type: every game's matches counted on the tabs; this tab's matches shown ----
  const search = page.getByLabel('Search the rules')
  await search.click()
  await page.keyboard.type('99')
  await expect(page.getByTestId('rules-status')).toHaveText(
    /^0 rules in Ennea match “99”; \d+ more in other games \(see the tabs\)\.$/,
  )
  await expect(hits(page)).toHaveCount(0)
  await expect(tab(page, 'Nine').getByTestId('tab-count')).not.toHaveText(/^0/)
  await tab(page, 'Nine').click()
  await expect(hits(page).first()).toBeVisible()
  const ids = await hits(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-rule') ?? ''))
  expect(ids).toContain('NI-R15')
  expect(ids.every((id) => id.startsWith('NI-') || id.startsWith('nine.'))).toBe(true)
  for (const text of await hits(page).allTextContents()) expect(text).toContain('99')
  await expect(tab(page, 'Nine').getByTestId('tab-count')).toHaveText(`${ids.length} matches`)
  await expect(page.getByTestId('rules-status')).toHaveText(new RegExp(`^${ids.length} rules in Nine match “99”`))
  await expect(hits(page).locator('mark').first()).toHaveText('99')
  await page.emulateMedia({ colorScheme: 'light' })
  await page.screenshot({ path: testInfo.outputPath('rules-search-99-light.png'), fullPage: false })
  await expectNoSeriousViolations(page, 'search results')

  // more words narrow the search; the overview tab lists every game's matches
  await search.fill('minimum loss')
  await tab(page, 'Overview').click()
  await expect(panel(page).getByRole('heading', { name: 'Ennea', level: 2 })).toBeVisible()
  await expect(page.locator('[data-testid="rule-hit"][data-rule="EN-R21"]')).toBeVisible()
  await search.fill('zzzz no such rule')
  await expect(page.getByTestId('rules-status')).toHaveText('No rule matches “zzzz no such rule”.')

  // ---- From a search hit to the rule in its page ----
  await search.fill('99')
  await tab(page, 'Nine').click()
  await page.getByRole('link', { name: 'Show NI-R15 in the Nine rules' }).click()
  await expect(page).toHaveURL(/#\/rules\/nine\/NI-R15$/)
  await expect(search).toHaveValue('')
  const r15 = page.locator('#rule-NI-R15')
  await expect(r15).toHaveClass(/target/)
  await expect(r15).toBeFocused()
  await expect(r15).toBeInViewport()

  // ---- A deep link straight to a checks-table row; references inside the text are links too ----
  await page.goto(`${app.url}#/rules/ennea/EN-V7`)
  await expect(tab(page, 'Ennea')).toHaveAttribute('aria-selected', 'true')
  const v7 = page.locator('#rule-EN-V7')
  await expect(v7).toHaveClass(/target/)
  await expect(v7).toBeFocused()
  await expect(v7).toBeInViewport()
  await expect(v7).toContainText('R2C2 already holds 3 cubes (the maximum).')
  await page.screenshot({ path: testInfo.outputPath('rules-deep-link-light.png'), fullPage: false })
  await expectNoSeriousViolations(page, 'a deep link')
  await page.locator('#rule-EN-R19').getByRole('link', { name: 'Rule EN-A5' }).click()
  await expect(page).toHaveURL(/#\/rules\/ennea\/EN-A5$/)
  await expect(page.locator('#rule-EN-A5')).toBeFocused()
  await expect(page.locator('#rule-EN-A5')).toContainText('OWNER_SEQUENTIAL')

  // A link to a page, and a link to nothing known, land on the page / the overview.
  await page.goto(`${app.url}#/rules/wild-nine`)
  await expect(tab(page, 'Wild Nine')).toHaveAttribute('aria-selected', 'true')
  await page.goto(`${app.url}#/rules/chess/XX-1`)
  await expect(tab(page, 'Overview')).toHaveAttribute('aria-selected', 'true')

  expect(problems).toEqual([])
})

test('rules: an engine explanation links to the rule it applies, and Back returns', async ({ page }) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(`${app.url}#/referee`)
  await expect(page.getByRole('heading', { name: 'Referee', level: 1 })).toBeVisible()
  await page.getByRole('radio', { name: '2' }).check()
  await page.getByLabel('R1C1 value').focus()
  await page.keyboard.type('274536189')
  const cube = page.getByRole('button', { name: /^R1C1 cubes:/ })
  await cube.focus()
  await page.keyboard.press('1')
  await expect(cube).toHaveAccessibleName('R1C1 cubes: P1')

  // P2 has no cubes on the board: the engine says "minimum loss of 1 cube (EN-R21)", with EN-R21 as a link.
  const p2 = page.getByTestId('seat-resolution').nth(1)
  await expect(p2).toContainText('No 9-line this round: minimum loss of 1 cube (EN-R21)')
  await p2.getByRole('link', { name: 'Rule EN-R21' }).click()
  await expect(page).toHaveURL(/#\/rules\/ennea\/EN-R21$/)
  const rule = page.locator('#rule-EN-R21')
  await expect(rule).toBeFocused()
  await expect(rule).toContainText('EN-R21 Minimum loss')
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/#\/referee$/)
  await expect(page.getByRole('heading', { name: 'Referee', level: 1 })).toBeVisible()
  expect(problems).toEqual([])
})
