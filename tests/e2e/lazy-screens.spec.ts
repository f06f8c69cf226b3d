/**
 * Screens load on demand (issue 16): the start screen fetches none of the other screens or Chart.js;
 * each screen's chunk arrives when its route opens, served by the bridge and allowed by its CSP; a
 * chunk that cannot be fetched gives one clear message, and the app keeps working.
 */
import { expect, test } from '@playwright/test'
import { newDataDir, type RunningApp, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

const SCREEN =
  /\/assets\/(NewMatchScreen|MatchesScreen|MatchScreen|StatsScreen|RefereeScreen|SettingsScreen|RulesScreen|chart)-[\w-]+\.js$/

test('the start screen fetches no other screen; each arrives when opened, and focus moves to its heading', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  const fetched: string[] = []
  page.on('request', (r) => {
    const m = SCREEN.exec(new URL(r.url()).pathname)
    if (m?.[1]) fetched.push(m[1])
  })
  await page.goto(app.url)
  await expect(page.getByRole('heading', { name: 'Players' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(fetched).toEqual([])

  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeFocused()
  expect(fetched).toContain('SettingsScreen')

  await page.keyboard.press('Alt+5')
  await expect(page.getByRole('heading', { name: 'Referee', level: 1 })).toBeFocused()
  expect(fetched).toContain('RefereeScreen')
  expect(fetched).not.toContain('chart')

  await page.getByRole('link', { name: 'Stats' }).click()
  await expect(page.getByRole('heading', { name: 'Stats', level: 1 })).toBeVisible()
  expect(fetched).toContain('StatsScreen')
  expect(problems).toEqual([])
})

test('a screen whose chunk cannot be fetched says so, and the other screens still open', async ({ page }) => {
  app = await startApp(newDataDir())
  await page.route(/\/assets\/StatsScreen-[\w-]+\.js$/, (route) => route.abort())
  await page.goto(app.url)
  await expect(page.getByRole('heading', { name: 'Players' })).toBeVisible()
  await page.getByRole('link', { name: 'Stats' }).click()
  await expect(page.getByRole('alert')).toContainText('The stats could not be loaded')
  await expect(page.getByRole('alert')).toContainText('Reload the page to try again.')
  await page.getByRole('link', { name: 'Players' }).click()
  await expect(page.getByRole('heading', { name: 'Players' })).toBeVisible()
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
})
