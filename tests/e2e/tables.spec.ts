import { devices, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { CHANNELS } from '../../src/shared/ipc/channels'
import { apiCall, newDataDir, type RunningApp, seedMatch, startApp, watchConsole } from './app'

/**
 * Table units (docs/TABLES.md): the organiser opens them in Settings → Club night and adds a phone to each of
 * four running matches; four phones (two Pixel 7, two iPhone 14 viewports, touch) pair from the QR code's address
 * and enter rounds at once; a revoked phone is refused; a phone reaches no IPC channel; a phone offline for a
 * round sends it once when it is back; the night board, open meanwhile, shows each phone's round. A phone at a
 * Seven Eight Nine table enters each game's result in one step (SE-R15), checked as the laptop checks it, and the
 * laptop shows and undoes it.
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
  await page.getByRole('button', { name: /^Save (round|deal) / }).tap()
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
    // The first one pressed twice in a row (a double click): still one phone.
    if (i === 0) await row.getByRole('button', { name: 'Add a phone' }).dblclick()
    else await row.getByRole('button', { name: 'Add a phone' }).click()
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
  await expect(night.getByTestId('tables-units').locator('tbody tr')).toHaveCount(4)

  // The phone page: no sideways scrolling, touch targets of 44 px or more, numeric keypads (measured once the
  // entry form, loaded after the page, is there).
  for (const { page: p } of phones) {
    await expect(p.getByTestId('phone-round')).toBeVisible()
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    for (const box of await p
      .locator('button, label.choice, input[type=text]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44)
    await expect(p.locator('input[type=text]').first()).toHaveAttribute('inputmode', 'numeric')
  }

  // The night board open on the laptop's projector (docs/TABLES.md § The live board): the four tables, at their first round.
  const boardContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } })
  contexts.push(boardContext)
  const board = await boardContext.newPage()
  const boardProblems = watchConsole(board)
  await board.goto(app.url)
  await board.getByRole('link', { name: 'Night board' }).click()
  const card = (id: string) => board.locator(`[data-testid="board-table"][data-match="${id}"] .round`)
  for (const id of matchIds) await expect(card(id)).toHaveText(/^(Round|Deal) 1$/i)

  // Four tables enter their first round at once.
  await Promise.all(phones.map(({ page: p }, i) => enterRound(p, TABLES[i]!.gameId, TABLES[i]!.names, [0, 5, 7])))
  // The board shows each phone's round without a reload.
  for (const id of matchIds) await expect(card(id)).toHaveText(/^(Round|Deal) 2$/i)
  // each in its game's words, as the laptop says them: Wild Nine's rounds, Nine's deals
  for (const [i, { page: p }] of phones.entries())
    await expect(p.getByTestId('phone-status')).toHaveText(
      TABLES[i]!.gameId === 'nine' ? /^Deal 2, dealt by / : /^Round 2: /,
    )
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

  // Revoked in the organiser's list: that phone's next round is refused and changes nothing. The phone
  // also learns of it by itself, from its next look at the match (every 3 s): held back here until the
  // round is sent, so the refusal of the round is what is checked, whichever would come first.
  const fourth = phones[3]!.page
  await fourth.route('**/phone/view', (r) => r.abort())
  await night
    .getByTestId('tables-units')
    .getByRole('row', { name: /Table 4/ })
    .getByRole('button', { name: 'Revoke' })
    .click()
  await expect(night.getByTestId('tables-units').getByRole('row', { name: /Table 4/ })).toContainText('removed at')
  await enterRound(fourth, 'nine', TABLES[3]!.names, [0, 3, 4])
  await expect(fourth.getByRole('alert')).toContainText('not paired')
  expect((await apiCall<{ actions: unknown[] }>(page, 'matches:get', { id: matchIds[3] })).actions).toHaveLength(1)
  // Let through, its look at the match finds it unpaired: the pairing screen, no form left to use.
  await fourth.unroute('**/phone/view')
  await expect(fourth.getByText('Scan the QR code the organiser shows you')).toBeVisible()
  await expect(fourth.getByRole('button', { name: /^Save (round|deal) / })).toHaveCount(0)

  // Wild Nine by cards: the cards left in each hand, scored on the laptop.
  const third = phones[2]!.page
  await third.getByRole('radio', { name: 'By cards' }).tap()
  await third.getByRole('radio', { name: 'Fay' }).tap()
  await third.getByLabel("Gus's cards").fill('9d qh')
  await third.getByRole('button', { name: /^Save round/ }).tap()
  await expect(third.getByTestId('phone-status')).toContainText('Round 3')
  const byCards = await apiCall<{ actions: { action: unknown }[] }>(page, 'matches:get', { id: matchIds[2] })
  // read as the laptop's form reads cards (the phone's form is the laptop's RoundFormState)
  expect(byCards.actions[1]?.action).toEqual({ type: 'round', wentOut: 0, hands: [[], ['9D', 'QH']] })

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
    await phones[1]!.page.evaluate(() => window.scrollTo(0, 0))
    await phones[1]!.page.screenshot({ path: 'docs/screenshot-tables-phone.png' })
    await night.screenshot({ path: 'docs/screenshot-tables-organiser.png' })
  }
  // The match's history on the laptop names the phone that entered the round.
  await page.evaluate((id) => (location.hash = `#/match/${encodeURIComponent(id)}`), matchIds[1] as string)
  await page.getByRole('button', { name: 'History', exact: true }).click()
  await expect(page.locator('.history li.action').getByTestId('history-device')).toHaveText(
    "entered on Table 2's phone",
  )
  expect([...problems, ...boardProblems]).toEqual([])
})

test('a Seven Eight Nine table enters game results from its phone; the laptop shows and undoes them', async ({
  browser,
  page,
}) => {
  const problems = watchConsole(page)
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const matchId = await seedMatch(page, 'seven-eight-nine', ['Ana', 'Bo'], { target: 2 })
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  const night = page.getByTestId('club-night')
  await night.getByTestId('tables-host').selectOption('127.0.0.1')
  await night.getByLabel('Port').fill('0')
  await night.getByRole('button', { name: 'Open table units' }).click()
  const row = night.getByRole('listitem').filter({ hasText: 'Ana, Bo' })
  await row.getByRole('textbox', { name: "Phone's name" }).fill('Table 9')
  await row.getByRole('button', { name: 'Add a phone' }).click()
  const url = (await night.getByTestId('pairing-url').getAttribute('href')) as string
  const { page: p } = await phone(browser, 'Pixel 7')
  await p.goto(url)
  await expect(p.getByRole('heading', { name: 'Table 9' })).toBeVisible()
  const actions = async () =>
    (await apiCall<{ actions: { action: unknown }[] }>(page, 'matches:get', { id: matchId })).actions

  // Game 1: Bo by a Declare.
  await p.getByRole('radio', { name: 'Bo', exact: true }).tap()
  await p.getByRole('radio', { name: 'By a Declare' }).tap()
  await p.getByRole('button', { name: 'Save game 1' }).tap()
  await expect(p.getByTestId('phone-status')).toContainText('Bo wins game 1 by a Declare')
  await expect(p.getByTestId('phone-standings')).toContainText('Bo1')
  expect((await actions()).map((a) => a.action)).toEqual([{ type: 'result', winner: 1, ending: 'declare' }])

  // Game 2: a draw by a swap is refused on the phone in the engine's words (SE-V12), nothing sent; at the tiebreaker it is entered.
  await p.getByRole('radio', { name: 'A draw' }).tap()
  await p.getByRole('radio', { name: 'By a swap' }).tap()
  await expect(p.getByRole('alert')).toContainText('A game is drawn only at the tiebreaker')
  await p.getByRole('button', { name: 'Save game 2' }).tap()
  expect(await actions()).toHaveLength(1)
  await p.getByRole('radio', { name: /^At the tiebreaker/ }).tap()
  await p.getByRole('button', { name: 'Save game 2' }).tap()
  await expect(p.getByTestId('phone-status')).toContainText('Game 2 is a draw at the tiebreaker')
  expect(await actions()).toHaveLength(2)

  // Its own last entry the phone takes back.
  await p.getByRole('button', { name: 'Undo my last entry' }).tap()
  await expect(p.getByTestId('phone-status')).toContainText('Bo wins game 1 by a Declare')
  expect(await actions()).toHaveLength(1)

  // The laptop shows the entered game (its flips not tracked) and undoes it like any entry.
  await page.evaluate((id) => (location.hash = `#/match/${encodeURIComponent(id)}`), matchId)
  await expect(page.getByTestId('sen-result')).toContainText('Bo wins game 1 by a Declare (the result as entered')
  await expect(page.getByTestId('game-record')).toHaveCount(1)
  await expect(page.getByTestId('game-record').first()).toContainText('Win by Declare')
  await expect(page.getByTestId('game-record').first()).toContainText('not tracked')
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(page.getByTestId('game-record')).toHaveCount(0)
  expect(await actions()).toHaveLength(0)
  // and the phone, asking again, is back at game 1
  await expect(p.getByRole('button', { name: 'Save game 1' })).toBeVisible()
  expect(problems).toEqual([])
})
