import { devices, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { CHANNELS } from '../../src/shared/ipc/channels'
import { apiCall, newDataDir, type RunningApp, seedMatch, startApp, watchConsole } from './app'

/**
 * Table units (docs/TABLES.md): the organiser opens them in Settings → Club night and adds a phone to each of
 * four running matches; four phones (two Pixel 7, two iPhone 14 viewports, touch) pair from the QR code's address
 * and enter rounds at once; a revoked phone is refused; a phone reaches no IPC channel; a phone offline for a
 * round sends it once when it is back.
 */
let app: RunningApp
const contexts: BrowserContext[] = []
test.afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close()
  await app?.stop()
})

/** A phone's browser: the device's viewport, touch and user agent, in this run's Chromium. */
async function phone(
  browser: Browser,
  device: 'Pixel 7' | 'iPhone 14',
): Promise<{ page: Page; context: BrowserContext }> {
  const { defaultBrowserType: _engine, ...descriptor } = devices[device]
  const context = await browser.newContext(descriptor)
  contexts.push(context)
  return { context, page: await context.newPage() }
}

async function enterRound(page: Page, gameId: string, names: string[], values: number[]): Promise<void> {
  await page.getByRole('radio', { name: names[0] }).tap()
  for (const [i, name] of names.entries()) {
    if (gameId === 'wild-nine' && i === 0) continue
    await page.getByLabel(`${name}'s ${gameId === 'wild-nine' ? 'points' : 'hand total'}`).fill(String(values[i]))
  }
  await page.getByRole('button', { name: /^Save round/ }).tap()
}

const TABLES = [
  { gameId: 'wild-nine', names: ['Ana', 'Bo', 'Cy'], device: 'Pixel 7' as const },
  { gameId: 'nine', names: ['Dee', 'Eli'], device: 'iPhone 14' as const },
  { gameId: 'wild-nine', names: ['Fay', 'Gus'], device: 'Pixel 7' as const },
  { gameId: 'nine', names: ['Hal', 'Ida', 'Jo'], device: 'iPhone 14' as const },
]

test('four phones enter rounds on four tables at once; revoke, other channels, offline', async ({ browser, page }) => {
  const problems = watchConsole(page)
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const matchIds: string[] = []
  for (const t of TABLES) matchIds.push(await seedMatch(page, t.gameId, t.names))

  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  const night = page.getByTestId('club-night')
  await night.getByTestId('tables-host').selectOption('127.0.0.1')
  await night.getByLabel('Port').fill('0')
  await night.getByRole('button', { name: 'Open table units' }).click()
  await expect(night.getByTestId('tables-open')).toContainText('http://127.0.0.1:')

  // One phone per match, each from its QR code's address.
  const phones: { page: Page; context: BrowserContext }[] = []
  for (const [i, t] of TABLES.entries()) {
    const row = night.getByRole('listitem').filter({ hasText: t.names.join(', ') })
    await row.getByRole('textbox', { name: "Phone's name" }).fill(`Table ${i + 1}`)
    await row.getByRole('button', { name: 'Add a phone' }).click()
    await expect(night.getByTestId('pairing')).toContainText(`Table ${i + 1}`)
    await expect(night.getByRole('img', { name: `QR code for Table ${i + 1}'s phone` })).toBeVisible()
    const url = (await night.getByTestId('pairing-url').getAttribute('href')) as string
    const p = await phone(browser, t.device)
    await p.page.goto(url)
    await expect(p.page.getByRole('heading', { name: `Table ${i + 1}` })).toBeVisible()
    // The code left the address bar.
    expect(p.page.url()).not.toContain('#')
    phones.push(p)
  }
  await expect(night.getByTestId('tables-units').getByText(/^paired/)).toHaveCount(4)

  // The phone page: no sideways scrolling, touch targets of 44 px or more, numeric keypads.
  for (const { page: p } of phones) {
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    for (const box of await p
      .locator('button, label.choice, input[type=text]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44)
    await expect(p.locator('input[type=text]').first()).toHaveAttribute('inputmode', 'numeric')
  }

  // Four tables enter their first round at once.
  await Promise.all(phones.map(({ page: p }, i) => enterRound(p, TABLES[i]!.gameId, TABLES[i]!.names, [0, 5, 7])))
  for (const { page: p } of phones) await expect(p.getByTestId('phone-status')).toContainText('Round 2')
  for (const id of matchIds)
    expect((await apiCall<{ actions: unknown[] }>(page, 'matches:get', { id })).actions).toHaveLength(1)
  // The history names the phone.
  const sources = await apiCall<Record<string, string>>(page, 'tables:sources', { matchId: matchIds[0] })
  expect(Object.values(sources)).toEqual(['Table 1'])

  // A phone reaches no IPC channel, whatever path it tries.
  const statuses = await phones[0]!.page.evaluate(async (channels) => {
    const out: number[] = []
    for (const c of channels)
      for (const path of [`/api/${c}`, `/phone/${c}`])
        out.push(
          (await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status,
        )
    return out
  }, CHANNELS as string[])
  expect(new Set(statuses)).toEqual(new Set([404]))

  // Revoked in the organiser's list: that phone's next round is refused and changes nothing.
  await night
    .getByTestId('tables-units')
    .getByRole('row', { name: /Table 4/ })
    .getByRole('button', { name: 'Revoke' })
    .click()
  await expect(night.getByTestId('tables-units').getByRole('row', { name: /Table 4/ })).toContainText('removed at')
  await enterRound(phones[3]!.page, 'nine', TABLES[3]!.names, [0, 3, 4])
  await expect(phones[3]!.page.getByRole('alert')).toContainText('not paired')
  expect((await apiCall<{ actions: unknown[] }>(page, 'matches:get', { id: matchIds[3] })).actions).toHaveLength(1)

  // Wild Nine by cards: the cards left in each hand, scored on the laptop.
  const third = phones[2]!.page
  await third.getByRole('radio', { name: 'By cards' }).tap()
  await third.getByRole('radio', { name: 'Fay' }).tap()
  await third.getByLabel("Gus's cards").fill('9d qh')
  await third.getByRole('button', { name: /^Save round/ }).tap()
  await expect(third.getByTestId('phone-status')).toContainText('Round 3')
  const byCards = await apiCall<{ actions: { action: unknown }[] }>(page, 'matches:get', { id: matchIds[2] })
  expect(byCards.actions[1]?.action).toEqual({ type: 'round', wentOut: 0, hands: [[], ['9d', 'qh']] })

  // Offline for a round: kept on the phone, sent once when the Wi-Fi is back.
  const first = phones[0]!
  await first.context.setOffline(true)
  await enterRound(first.page, 'wild-nine', TABLES[0]!.names, [0, 2, 9])
  await expect(first.page.getByTestId('phone-waiting')).toContainText('1 entry is waiting')
  expect((await apiCall<{ actions: unknown[] }>(page, 'matches:get', { id: matchIds[0] })).actions).toHaveLength(1)
  await first.context.setOffline(false)
  await expect(first.page.getByTestId('phone-status')).toContainText('Round 3')
  await expect(first.page.getByTestId('phone-waiting')).toBeHidden()
  expect((await apiCall<{ actions: unknown[] }>(page, 'matches:get', { id: matchIds[0] })).actions).toHaveLength(2)

  // Its own last round it can take back.
  await first.page.getByRole('button', { name: 'Undo my last round' }).tap()
  await expect(first.page.getByTestId('phone-status')).toContainText('Round 2')
  expect((await apiCall<{ actions: unknown[] }>(page, 'matches:get', { id: matchIds[0] })).actions).toHaveLength(1)

  if (process.env.NINEKEEPER_SCREENSHOTS) {
    await phones[1]!.page.screenshot({ path: 'docs/screenshot-tables-phone.png' })
    await night.screenshot({ path: 'docs/screenshot-tables-organiser.png' })
  }
  // The match's history on the laptop names the phone that entered the round.
  await page.evaluate((id) => (location.hash = `#/match/${encodeURIComponent(id)}`), matchIds[1] as string)
  await page.getByRole('button', { name: 'History', exact: true }).click()
  await expect(page.locator('.history li.action').getByTestId('history-device')).toHaveText(
    "entered on Table 2's phone",
  )
  expect(problems).toEqual([])
})
