/**
 * Settings → Club → Host the club on this laptop (docs/SYNC.md § Hosting the hub from the app), through two
 * real web bridges with their own data folders: the organiser starts the hub for the club's network,
 * creates the club on it, another laptop joins at the address the page shows with the code, a player
 * syncs across; the organiser's app starts again and the hub is back on the same port by itself; Stop
 * leaves the other laptop offline. A port another program holds is refused next to the port field.
 */
import { createServer, type Server } from 'node:net'
import { expect, test, type Browser, type Page } from '@playwright/test'
import type { Player } from '../../src/shared/model/player'
import { freePort } from '../helpers/net'
import { apiCall, newDataDir, type RunningApp, seriousViolations, startApp, watchConsole } from './app'

const apps: RunningApp[] = []
const servers: Server[] = []

test.afterEach(async () => {
  for (const a of apps.splice(0)) await a.stop()
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r))
})

async function open(browser: Browser, app: RunningApp): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const problems = watchConsole(page)
  await page.goto(app.url)
  await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Host the club on this laptop', level: 2 })).toBeVisible()
  return { page, problems }
}

async function running(dataDir?: string): Promise<RunningApp> {
  const app = await startApp(dataDir ?? newDataDir())
  apps.push(app)
  return app
}

test('host the club on this laptop: others join at its address, it comes back after a restart, Stop leaves them offline', async ({
  browser,
}) => {
  // Two apps, a hub and a restart (about 20 s on a quiet 2-core machine): room for a busy one.
  test.setTimeout(150_000)
  const organiser = await running()
  const a = await open(browser, organiser)
  const host = a.page.getByTestId('host-hub')

  // A port another program holds: refused at the port field, nothing started.
  const squatter = createServer()
  servers.push(squatter)
  const taken = await freePort()
  await new Promise<void>((r) => squatter.listen(taken, '127.0.0.1', () => r()))
  await expect(host.getByLabel('Port')).toHaveValue('8800')
  await host.getByLabel('Port').fill(String(taken))
  await host.getByRole('button', { name: 'Start the hub' }).click()
  await expect(host.getByRole('alert')).toHaveText(
    `Port ${taken} is taken by another program on this laptop. Pick another port, or close that program.`,
  )
  await expect(host.getByLabel('Port')).toHaveAttribute('aria-invalid', 'true')
  expect((await apiCall<{ state: string }>(a.page, 'hub:host-status', {})).state).toBe('off')

  // Started for the club's network: the addresses to give the others, and the folder.
  const port = await freePort()
  await host.getByLabel('Port').fill(String(port))
  await host.getByLabel('Other laptops on this network').check()
  await host.getByRole('button', { name: 'Start the hub' }).click()
  await expect(host.getByTestId('host-state')).toHaveText(/This laptop hosts the club’s hub/)
  const address = ((await host.getByTestId('host-addresses').locator('code').first().textContent()) ?? '').trim()
  expect(address).toMatch(new RegExp(`^http://(\\d+\\.){3}\\d+:${port}$`))
  await expect(host.getByTestId('host-folder')).toHaveText(/[/\\]hub$/)
  expect(await seriousViolations(a.page)).toEqual([])

  // Not in a club yet: create it on this hub, here.
  const next = host.getByRole('form', { name: 'Next: create the club on this hub' })
  await next.getByLabel(/Club name/).fill('Hosted Club')
  await next.getByRole('button', { name: 'Create the club on this hub' }).click()
  await expect(a.page.getByTestId('club-code-card')).toContainText('Hosted Club')
  await expect(next).toHaveCount(0)
  const code = ((await a.page.getByTestId('club-code').textContent()) ?? '').replace(/\s+/g, '')

  // Another laptop joins at the address shown, with the code, and its player reaches the organiser.
  const other = await running()
  const b = await open(browser, other)
  const join = b.page.getByRole('form', { name: 'Join a club' })
  await join.getByLabel('Hub address').fill(address)
  await join.getByLabel('Club code').fill(code)
  await join.getByRole('button', { name: 'Join the club' }).click()
  await expect(b.page.getByTestId('club-code-card')).toContainText('Hosted Club')
  await apiCall(b.page, 'players:create', { name: 'Zoe' })
  await b.page.getByRole('button', { name: 'Sync now' }).click()
  await expect(b.page.getByTestId('club-state')).toHaveText('Connected')
  await a.page.getByRole('button', { name: 'Sync now' }).click()
  await expect
    .poll(async () => (await apiCall<Player[]>(a.page, 'players:list', {})).map((p) => p.name))
    .toEqual(['Zoe'])

  // The organiser's app starts again: the hub is back by itself, on the same port, with the club.
  expect(a.problems).toEqual([])
  await a.page.context().close()
  await organiser.stop()
  apps.splice(apps.indexOf(organiser), 1)
  const again = await running(organiser.dataDir)
  const a2 = await open(browser, again)
  const host2 = a2.page.getByTestId('host-hub')
  await expect(host2.getByTestId('host-state')).toHaveText(/This laptop hosts the club’s hub/)
  await expect(host2.getByTestId('host-addresses')).toContainText(address)
  await apiCall(b.page, 'players:create', { name: 'Yan' })
  await b.page.getByRole('button', { name: 'Sync now' }).click()
  await expect(b.page.getByTestId('club-state')).toHaveText('Connected')

  // Stop: the other laptop's sync finds no hub, and it keeps going offline.
  await host2.getByRole('button', { name: 'Stop the hub' }).click()
  await expect(host2.getByRole('button', { name: 'Start the hub' })).toBeVisible()
  await b.page.getByRole('button', { name: 'Sync now' }).click()
  await expect(b.page.getByTestId('club-state')).toHaveText('Offline')
  expect([...a2.problems, ...b.problems]).toEqual([])
})
