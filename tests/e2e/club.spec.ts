/**
 * Settings → Club (issue 14) against a real hub (`tursodb --sync-server` on loopback) and two real web
 * bridges with their own data folders: create a club on one laptop, join it from the other with the
 * code read off the page, and a player added on one appears on the other after Sync now on both.
 * A mistyped code and a bad hub address are refused next to their fields, in the server's words.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { freePort } from '../helpers/net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { startHub, type Hub } from '../../src/core/hub/hub'
import { toWire } from '../../src/core/sync/sign'
import { decodeClubCode } from '../../src/core/sync/club-code'
import { hubToken } from '../../src/core/sync/hub-token'
import { tursoTransport } from '../../src/core/sync/turso'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

const VIEW = { width: 1280, height: 800 }

let hub: Hub | undefined
let hubDir = ''
const apps: RunningApp[] = []

test.afterEach(async () => {
  for (const a of apps.splice(0)) await a.stop()
  await hub?.stop()
  hub = undefined
  if (hubDir) rmSync(hubDir, { recursive: true, force: true })
})

async function laptop(
  browser: Browser,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; app: RunningApp; problems: string[] }> {
  const app = await startApp(newDataDir())
  apps.push(app)
  // Each laptop its own browser context: the bridges share the host 127.0.0.1, and cookies ignore ports.
  const context = await browser.newContext({ viewport: VIEW, colorScheme })
  const page = await context.newPage()
  const problems = watchConsole(page)
  await page.goto(app.url)
  await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible()
  return { page, app, problems }
}

async function openClub(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Club', level: 2, exact: true })).toBeVisible()
}

async function clubCode(page: Page): Promise<string> {
  return ((await page.getByTestId('club-code').textContent()) ?? '').replace(/\s+/g, '')
}

test('club: create on one laptop, join from another with the code, a player syncs across; a wrong code is refused next to its field', async ({
  browser,
}, testInfo) => {
  // Two apps, a hub and the whole club story (about 35 s on a quiet 2-core machine): room for a busy one.
  test.setTimeout(150_000)
  hubDir = mkdtempSync(join(tmpdir(), 'ninekeeper-e2e-hub-'))
  hub = await startHub({ port: await freePort(), dataDir: hubDir, host: '127.0.0.1' })
  const a = await laptop(browser)
  // Laptop B in the dark theme, so the axe checks on its page cover both themes.
  const b = await laptop(browser, 'dark')

  // Not in a club: no indicator in the navigation, and the two forms.
  await expect(a.page.getByTestId('sync-indicator')).toHaveCount(0)
  await openClub(a.page)
  const create = a.page.getByRole('form', { name: 'Create a club' })
  await expect(create).toBeVisible()
  await expect(a.page.getByRole('form', { name: 'Join a club' })).toBeVisible()
  expect(await seriousViolations(a.page)).toEqual([])
  await a.page.screenshot({ path: testInfo.outputPath('club-not-in-club.png'), fullPage: true })

  // A hub address that is not one is refused next to that field; nothing is created.
  await create.getByLabel('Hub address').fill('192.168.1.20 port 8800')
  await create.getByRole('button', { name: 'Create the club' }).click()
  await expect(create.getByRole('alert')).toHaveText(
    'The hub address must look like http://192.168.1.20:8800 (or a Turso Cloud libsql:// address).',
  )
  await expect(create.getByLabel('Hub address')).toHaveAttribute('aria-invalid', 'true')
  await expect(create.getByLabel('Hub address')).toHaveAttribute('aria-describedby', 'club-create-hub-error')
  expect((await apiCall<{ club: unknown }>(a.page, 'sync:status', {})).club).toBeNull()

  // Create the club.
  await create.getByLabel('Hub address').fill(hub.url)
  await create.getByLabel(/Club name/).fill('Thursday Club')
  await create.getByRole('button', { name: 'Create the club' }).click()
  await expect(a.page.getByTestId('club-code-card')).toContainText('Thursday Club')
  await expect(a.page.getByTestId('club-hub')).toHaveText(hub.url)
  const code = await clubCode(a.page)
  expect(code).toMatch(/^NK1(-[0-9A-Z]{1,5}){11}$/)
  await expect(a.page.getByTestId('club-state')).toHaveText('Connected')
  // The header's indicator appears within its 5 s poll and links here.
  const indicatorA = a.page.getByTestId('sync-indicator')
  await expect(indicatorA).toHaveText('Club: connected')
  await expect(indicatorA).toHaveAttribute('href', '#/settings?section=club')

  // Copy puts the code on the clipboard.
  await a.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(a.app.url).origin })
  await a.page.getByRole('button', { name: 'Copy the code' }).click()
  await expect(a.page.getByRole('status').filter({ hasText: 'The club code was copied.' })).toHaveCount(1)
  expect(await a.page.evaluate(() => navigator.clipboard.readText())).toBe(code)

  // Join from laptop B: a mistyped code (one letter changed, so its check letters do not match) is refused at the code field.
  await openClub(b.page)
  const joinForm = b.page.getByRole('form', { name: 'Join a club' })
  // (The 5th letter: part of the club id, so its check letters no longer match. The last letter would not
  // do: only its first bits count.)
  const typo = `${code.slice(0, 4)}${code[4] === 'A' ? 'B' : 'A'}${code.slice(5)}`
  await joinForm.getByLabel('Hub address').fill(hub.url)
  await joinForm.getByLabel('Club code').fill(typo)
  await joinForm.getByRole('button', { name: 'Join the club' }).click()
  await expect(joinForm.getByRole('alert')).toHaveText(
    'That club code has a typing mistake (its check letters do not match). Copy it again.',
  )
  await expect(joinForm.getByLabel('Club code')).toHaveAttribute('aria-invalid', 'true')
  await expect(joinForm.getByLabel('Hub address')).not.toHaveAttribute('aria-invalid', 'true')
  expect(await seriousViolations(b.page)).toEqual([])
  await b.page.screenshot({ path: testInfo.outputPath('club-wrong-code.png'), fullPage: true })
  expect((await apiCall<{ club: unknown }>(b.page, 'sync:status', {})).club).toBeNull()

  // The right code, lower case with spaces (as a person might type it): joined, and the hub gives the club's name.
  await joinForm.getByLabel('Club code').fill(code.toLowerCase().replace(/-/g, ' '))
  await joinForm.getByRole('button', { name: 'Join the club' }).click()
  await expect(b.page.getByTestId('club-code-card')).toContainText('Thursday Club')
  expect(await clubCode(b.page)).toBe(code)
  await expect(b.page.getByTestId('club-state')).toHaveText('Connected')

  // Laptop A adds a player through the Players screen; it goes up (Sync now) and B takes it (Sync now).
  await a.page.getByRole('link', { name: 'Players', exact: true }).click()
  await a.page.getByLabel('Name', { exact: true }).first().fill('Ana from table one')
  await a.page.keyboard.press('Enter')
  await expect(a.page.locator('[data-player-name="Ana from table one"]')).toBeVisible()
  await openClub(a.page)
  await a.page.getByRole('button', { name: 'Sync now' }).click()
  await expect(a.page.getByTestId('club-waiting')).toHaveText('0 events')
  await expect(a.page.getByTestId('club-state')).toHaveText('Connected')

  await b.page.getByRole('button', { name: 'Sync now' }).click()
  await expect(b.page.getByTestId('club-received')).not.toHaveText(/^0 events/)
  await b.page.getByRole('link', { name: 'Players', exact: true }).click()
  await expect(b.page.locator('[data-player-name="Ana from table one"]')).toBeVisible()

  // Both laptops are listed, each marking itself.
  await openClub(a.page)
  await a.page.getByRole('button', { name: 'Sync now' }).click()
  const devices = a.page.getByTestId('club-devices').locator('tbody tr')
  await expect(devices).toHaveCount(2)
  await expect(devices.filter({ hasText: 'this laptop' })).toHaveCount(1)
  expect(await seriousViolations(a.page)).toEqual([])
  await a.page.screenshot({ path: testInfo.outputPath('club-in-club.png'), fullPage: true })

  // A row another club's key signed reaches the hub (from a third replica): laptop A refuses it and lists it.
  const club = (await apiCall<{ club: { id: string; code: string } }>(a.page, 'sync:status', {})).club
  const clubId = club.id
  const secret = decodeClubCode(club.code)
  if (!secret.ok) throw new Error('the club code does not decode')
  const intruderDir = mkdtempSync(join(tmpdir(), 'ninekeeper-e2e-intruder-'))
  // (The hub lets in whoever holds the hub token; the laptops still check every row's signature.)
  const intruder = await tursoTransport.open({
    dir: intruderDir,
    url: hub.url,
    clientName: 'intruder',
    authToken: hubToken(secret.value.key),
  })
  const forged = {
    id: randomUUID(),
    device_id: 'intruder-laptop',
    device_seq: 1,
    hlc: '2026-12-01T00:00:00.000Z-0000-intruder',
    kind: 'player.created',
    v: 1,
    subject: randomUUID(),
    payload: '{"name":"Mallory"}',
  }
  await intruder.insert([toWire(randomBytes(16), clubId, forged)])
  await intruder.push()
  await intruder.close()
  rmSync(intruderDir, { recursive: true, force: true })
  await a.page.getByRole('button', { name: 'Sync now' }).click()
  await expect(a.page.getByRole('heading', { name: 'Refused events: 1' })).toBeVisible()
  const refused = a.page.getByTestId('club-refused').locator('tbody tr')
  await expect(refused).toHaveCount(1)
  await expect(refused).toContainText('intruder-laptop')
  await expect(refused).toContainText('its signature does not match the club key')
  expect(
    (await apiCall<{ name: string }[]>(a.page, 'players:list', { includeArchived: true })).map((p) => p.name),
  ).not.toContain('Mallory')
  await a.page.screenshot({ path: testInfo.outputPath('club-refused.png'), fullPage: true })

  // Settings → Club asks for the status every 2 s while shown (the header's indicator every 5 s); nothing while
  // the window is hidden, at once when it is shown again, and only the indicator's 5 s once the screen is left.
  // The page's own status requests, counted in the page as it makes them (a wrapper on fetch): a request
  // sent before a step is counted before it, so no pause is needed to let one pass.
  await a.page.evaluate(() => {
    const w = window as unknown as { statusAsked: number }
    w.statusAsked = 0
    const real = window.fetch.bind(window)
    window.fetch = (input, init) => {
      if (String(input).includes('sync%3Astatus')) w.statusAsked++
      return real(input, init)
    }
  })
  const asked = () => a.page.evaluate(() => (window as unknown as { statusAsked: number }).statusAsked)
  /** How many status requests the page makes in the next `ms` (the cadence is the thing measured). */
  const statusCalls = async (ms: number) => {
    const before = await asked()
    await new Promise((r) => setTimeout(r, ms))
    return (await asked()) - before
  }
  expect(await statusCalls(4500)).toBeGreaterThanOrEqual(2)
  const setHidden = (hidden: boolean) =>
    a.page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h })
      document.dispatchEvent(new Event('visibilitychange'))
      return (window as unknown as { statusAsked: number }).statusAsked
    }, hidden)
  const whenHidden = await setHidden(true)
  await new Promise((r) => setTimeout(r, 5500))
  expect(await asked()).toBe(whenHidden)
  const whenShown = await setHidden(false)
  // Shown again: it asks at once, in the visibility handler itself.
  expect(whenShown).toBeGreaterThanOrEqual(whenHidden + 1)
  await a.page.getByRole('link', { name: 'Players', exact: true }).click()
  await expect(a.page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible()
  expect(await statusCalls(4500)).toBeLessThanOrEqual(1)
  await indicatorA.click()
  await expect(a.page.getByRole('heading', { name: 'Club', level: 2, exact: true })).toBeFocused()

  // Print shows the code card alone (with the hub address).
  await a.page.evaluate(() => document.body.classList.add('print-club-code'))
  await a.page.emulateMedia({ media: 'print' })
  await expect(a.page.getByTestId('club-code-card')).toBeVisible()
  await expect(a.page.getByRole('button', { name: 'Sync now' })).toBeHidden()
  await expect(a.page.getByRole('button', { name: 'Copy the code' })).toBeHidden()
  await expect(a.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeHidden()
  await expect(a.page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(a.page.getByTestId('club-hub')).toBeVisible()
  await a.page.evaluate(() => window.scrollTo(0, 0))
  await a.page.screenshot({ path: testInfo.outputPath('club-print.png') })
  await a.page.emulateMedia({ media: 'screen' })
  await a.page.evaluate(() => document.body.classList.remove('print-club-code'))

  // A round corrected on laptop B: laptop A's match history says which laptop made the correction.
  const matchId = await seedMatch(a.page, 'nine', ['Ana from table one', 'Bo'])
  await apiCall(a.page, 'matches:apply', { id: matchId, action: { type: 'round', declarer: 0, totals: [3, 12] } })
  await a.page.getByRole('button', { name: 'Sync now' }).click()
  await expect(a.page.getByTestId('club-waiting')).toHaveText('0 events')
  await b.page.getByRole('link', { name: 'Settings', exact: true }).click()
  await b.page.getByRole('button', { name: 'Sync now' }).click()
  await expect
    .poll(
      async () =>
        (await apiCall<{ kind: string }[]>(b.page, 'matches:history', { id: matchId }).catch(() => [])).length,
    )
    .toBe(1)
  const [round] = await apiCall<{ eventId: string }[]>(b.page, 'matches:history', { id: matchId })
  await apiCall(b.page, 'matches:correct', {
    id: matchId,
    eventId: round?.eventId,
    action: { type: 'round', declarer: 0, totals: [4, 12] },
  })
  // Through the contract, so each sync has finished before the next starts (the page's "0 events"
  // could still be the status from before the correction).
  expect((await apiCall<{ waiting: number }>(b.page, 'sync:now', {})).waiting).toBe(0)
  await apiCall(a.page, 'sync:now', {})
  const bLabel = (
    await apiCall<{ devices: { label: string; thisLaptop: boolean }[] }>(a.page, 'sync:status', {})
  ).devices.find((d) => !d.thisLaptop)?.label
  expect(bLabel).toBeTruthy()
  for (const [page, words] of [
    [a.page, `on ${bLabel}`],
    [b.page, 'on this laptop'],
  ] as const) {
    await page.evaluate((id) => (location.hash = `#/match/${encodeURIComponent(id)}`), matchId)
    await page.getByRole('button', { name: 'History' }).click()
    const correction = page.locator('.history li.correction')
    await expect(correction).toHaveCount(1)
    await expect(correction.getByTestId('history-device')).toHaveText(words)
    // The round itself (an entry, not a correction) names no laptop.
    await expect(page.locator('.history li.action').getByTestId('history-device')).toHaveCount(0)
  }
  await a.page.screenshot({ path: testInfo.outputPath('club-history.png') })

  // Remove (confirmed): laptop A takes laptop B out; B is told so on its next sync and sends nothing more.
  await a.page.getByRole('link', { name: 'Settings', exact: true }).click()
  await a.page.getByRole('button', { name: `Remove ${bLabel} from the club` }).click()
  const removeDialog = a.page.getByRole('dialog', { name: `Remove ${bLabel} from the club?` })
  await expect(removeDialog).toContainText('cannot be undone')
  expect(await seriousViolations(a.page)).toEqual([])
  await removeDialog.getByRole('button', { name: 'Remove the laptop' }).click()
  await expect(a.page.getByTestId('club-devices').locator('tbody tr', { hasText: 'taken out' })).toHaveCount(1)
  await expect(a.page.getByTestId('club-removed')).toContainText(`${bLabel}: counted up to its event`)
  await expect(a.page.getByTestId('club-waiting')).toHaveText('0 events')
  await b.page.getByRole('link', { name: 'Settings', exact: true }).click()
  await b.page.getByRole('button', { name: 'Sync now' }).click()
  await expect(b.page.getByTestId('club-state')).toHaveText('Problem')
  await expect(b.page.getByTestId('club-error')).toContainText('This laptop was taken out of the club')
  await a.page.screenshot({ path: testInfo.outputPath('club-removed.png'), fullPage: true })

  // Change the code (confirmed): a new code shows, said to be made here; the old one no longer opens the hub.
  const oldCode = await clubCode(a.page)
  await a.page.getByRole('button', { name: 'Change the code…' }).click()
  const codeDialog = a.page.getByRole('dialog', { name: 'Change the club code?' })
  await expect(codeDialog).toContainText('the old code lets nobody in any more')
  expect(await seriousViolations(a.page)).toEqual([])
  await codeDialog.getByRole('button', { name: 'Change the code' }).click()
  await expect(a.page.getByTestId('club-code-changed')).toContainText('on this laptop')
  const newCode = await clubCode(a.page)
  expect(newCode).not.toBe(oldCode)
  expect(decodeClubCode(newCode).ok).toBe(true)
  const probeWith = (code: string) => {
    const s = decodeClubCode(code)
    if (!s.ok) throw new Error('not a code')
    return tursoTransport.probe({ dir: '', url: hub!.url, authToken: hubToken(s.value.key), clientName: 't' })
  }
  await expect(probeWith(oldCode)).rejects.toThrow(/refused/)
  expect((await probeWith(newCode))?.clubId).toBeTruthy()
  await a.page.screenshot({ path: testInfo.outputPath('club-code-changed.png'), fullPage: true })

  // Leave (confirmed): the forms come back, the indicator goes, and the player stays on this laptop.
  await b.page.getByRole('link', { name: 'Settings', exact: true }).click()
  await b.page.getByRole('button', { name: 'Leave the club' }).click()
  const dialog = b.page.getByRole('dialog', { name: 'Leave the club?' })
  await expect(dialog).toContainText('Everything already on it stays here')
  expect(await seriousViolations(b.page)).toEqual([])
  await dialog.getByRole('button', { name: 'Leave the club' }).click()
  await expect(b.page.getByRole('form', { name: 'Join a club' })).toBeVisible()
  await expect(b.page.getByTestId('sync-indicator')).toHaveCount(0)
  await b.page.getByRole('link', { name: 'Players', exact: true }).click()
  await expect(b.page.locator('[data-player-name="Ana from table one"]')).toBeVisible()

  // The hub goes away: laptop A says Offline, in the page and in the navigation, and keeps working.
  const port = Number(new URL(hub.url).port)
  await hub.stop('SIGKILL')
  await a.page.getByRole('link', { name: 'Settings', exact: true }).click()
  await a.page.getByRole('button', { name: 'Sync now' }).click()
  await expect(a.page.getByTestId('club-state')).toHaveText('Offline')
  await expect(a.page.getByTestId('club-error')).toContainText(`The hub at ${hub.url} does not answer.`)
  await expect(indicatorA).toHaveText('Club: offline')

  // It comes back empty (its data was lost): the next sync gives it the club again, with no button to find.
  rmSync(hubDir, { recursive: true, force: true })
  hub = await startHub({ port, dataDir: hubDir, host: '127.0.0.1' })
  await a.page.getByRole('button', { name: 'Sync now' }).click()
  await expect(a.page.getByTestId('club-state')).toHaveText('Connected')
  await expect(indicatorA).toHaveText('Club: connected')
  await expect(a.page.getByRole('button', { name: /Re-seed/ })).toHaveCount(0)
  // The laptop's clock agrees with the hub's: nothing is said about it.
  await expect(a.page.getByTestId('club-clock')).toHaveCount(0)
  expect(await seriousViolations(a.page)).toEqual([])
  await a.page.screenshot({ path: testInfo.outputPath('club-healed.png') })
  await expect(a.page.getByTestId('club-waiting')).toHaveText('0 events')

  expect(a.problems).toEqual([])
  expect(b.problems).toEqual([])
})
