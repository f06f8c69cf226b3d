/**
 * The table units' phone page (docs/TABLES.md) in WebKit, the engine Safari uses: WebKitGTK's MiniBrowser,
 * driven over W3C WebDriver (tests/e2e/webdriver.ts), beside the laptop in this run's Chromium. The table
 * units are opened on the laptop's network address when it has one, so the page runs as on a club night:
 * plain HTTP, not a secure context, no crypto.subtle. Where webkit2gtk-driver or xvfb is not installed the
 * test is reported as skipped with the reason.
 */
import { devices, expect, test, type BrowserContext } from '@playwright/test'
import { writeFileSync } from 'node:fs'
import type { LoggedAction } from '../../src/shared/model/match'
import type { AddedPhone, TablesStatus } from '../../src/shared/ipc/tables'
import { apiCall, newDataDir, type RunningApp, seedMatch, startApp, watchConsole } from './app'
import { groupAlive, startWebKit, until, webkitMissing, type WebKit, type WebKitPage } from './webdriver'

const reason = webkitMissing()
if (reason) console.log(`[webkit e2e] skipped: ${reason}`)

let app: RunningApp | undefined
let webkit: WebKit | undefined
let chromiumPhone: BrowserContext | undefined
test.afterEach(async () => {
  const info = test.info()
  try {
    // what WebKit showed when the test failed, beside Playwright's own screenshot of the laptop
    const shot = webkit && info.status !== info.expectedStatus ? await webkit.page.screenshot().catch(() => null) : null
    if (shot) {
      writeFileSync(info.outputPath('webkit.png'), shot)
      await info.attach('webkit', { path: info.outputPath('webkit.png'), contentType: 'image/png' })
    }
    await chromiumPhone?.close()
    // Xvfb, WebKitWebDriver, MiniBrowser and its web processes: none is left, also after a failure
    const groups = webkit?.groups ?? []
    await webkit?.stop()
    for (const g of groups) expect(groupAlive(g), `process group ${g} ended`).toBe(false)
  } finally {
    webkit = undefined
    chromiumPhone = undefined
    await app?.stop()
    app = undefined
  }
})

/**
 * Collects the page's uncaught errors, unhandled rejections, CSP violations and console errors (read with
 * `errors`), installed once the page has loaded: WebKit's WebDriver has no console log to read, so an error
 * while the page's script first runs shows only by what is then missing (the heading, the form).
 */
const COLLECT = `
  if (!window.__problems) {
    window.__problems = []
    addEventListener('error', (e) => window.__problems.push('error: ' + e.message))
    addEventListener('unhandledrejection', (e) => window.__problems.push('unhandled rejection: ' + String(e.reason)))
    document.addEventListener('securitypolicyviolation', (e) => window.__problems.push('CSP: ' + e.violatedDirective + ' ' + e.blockedURI))
    const consoleError = console.error.bind(console)
    console.error = (...a) => { window.__problems.push('console.error: ' + a.map(String).join(' ')); consoleError(...a) }
  }
  return true`
const errors = (w: WebKitPage): Promise<string[]> => w.execute('return window.__problems || ["no collector"]')

const text = async (w: WebKitPage, testId: string): Promise<string> =>
  w.execute(`return document.querySelector('[data-testid="${testId}"]')?.textContent ?? ''`)
/** The standings as the phone shows them: name → score. */
const standings = (w: WebKitPage): Promise<Record<string, string>> =>
  w.execute(`return Object.fromEntries([...document.querySelectorAll('[data-testid="phone-standings"] li')]
    .map((li) => [li.querySelector('.name').textContent, li.querySelector('.score').textContent]))`)
const choice = (name: string): string => `//label[contains(@class,"choice")][normalize-space()=${JSON.stringify(name)}]`
const field = (label: string): string => `//input[@aria-label=${JSON.stringify(label)}]`
const SAVE = '//button[starts-with(normalize-space(),"Save round") or starts-with(normalize-space(),"Save deal")]'
const UNDO = '//button[normalize-space()="Undo my last round"]'

/** Opens a pairing address in WebKit: the table's heading, the code gone from the address, the collector in. */
async function pairWebKit(w: WebKitPage, added: AddedPhone): Promise<void> {
  await w.goto(added.url)
  await w.find(`//h1[normalize-space()=${JSON.stringify(added.unit.label)}]`)
  await w.execute(COLLECT)
  expect(await w.url()).not.toContain('#')
  await w.find('//form[@data-testid="phone-round"]')
}

/** Waits for the phone's status line to start with `prefix`; on a timeout, says what the page's collector caught. */
async function status(w: WebKitPage, prefix: string, what: string): Promise<void> {
  try {
    await until(what, async () => (await text(w, 'phone-status')).startsWith(prefix))
  } catch (e) {
    throw new Error(
      `${(e as Error).message}; the page's errors: ${JSON.stringify(await errors(w).catch(() => ['(not read)']))}`,
      { cause: e },
    )
  }
}

async function saveAndWait(w: WebKitPage, round: number, word: 'Round' | 'Deal' = 'Round'): Promise<void> {
  await w.click(await w.find(SAVE))
  await status(w, word === 'Round' ? `Round ${round}:` : `Deal ${round}, dealt by`, `${word} ${round} on the phone`)
}

test('the phone page in WebKit enters, shows and undoes a Wild Nine round and a Nine deal over plain HTTP', async ({
  browser,
  page,
}) => {
  test.skip(reason !== null, reason ?? '')
  // a second browser to start and the laptop restarted once: 17 s alone, more beside other spec files
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  const dataDir = newDataDir()
  app = await startApp(dataDir)
  await page.goto(app.url)
  const wild = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'])
  const nine = await seedMatch(page, 'nine', ['Dee', 'Eli'])
  // The laptop's address on the venue's network, as on a club night (127.0.0.1 would be a secure context).
  const { interfaces } = await apiCall<TablesStatus>(page, 'tables:status', {})
  const lan = interfaces.find((i) => !i.address.startsWith('127.'))
  if (!lan) test.info().annotations.push({ type: 'note', description: 'no network address: tried on 127.0.0.1' })
  const host = lan?.address ?? '127.0.0.1'
  const opened = await apiCall<TablesStatus>(page, 'tables:open', { host, port: 0 })
  expect(opened.origin).toMatch(/^http:\/\//)
  const add = (matchId: string, label: string): Promise<AddedPhone> =>
    apiCall<AddedPhone>(page, 'tables:add-phone', { matchId, label })

  webkit = await startWebKit()
  const w = webkit.page
  expect(webkit.version).toMatch(/^\d+\.\d+/)
  const size = await w.setWindowSize(390, 844)
  const first = await add(wild, 'Table 1')
  await pairWebKit(w, first)
  const context = await w.execute<{ secure: boolean; subtle: string; width: number; scroll: number }>(
    'return { secure: isSecureContext, subtle: typeof crypto.subtle, width: innerWidth, scroll: document.documentElement.scrollWidth }',
  )
  test.info().annotations.push({
    type: 'webkit',
    description: `WebKitGTK ${webkit.version}, window ${size.width}×${size.height} asked 390×844, page ${context.width} px wide, on ${host}`,
  })
  // Over plain HTTP on the network WebKit has no crypto.subtle: the page works without it.
  if (lan) expect([context.secure, context.subtle]).toEqual([false, 'undefined'])
  // no sideways scrolling
  expect(context.scroll).toBeLessThanOrEqual(context.width)

  // A wrong value shows the laptop form's words, the same in Chromium's phone page (same match, its own phone).
  const wrong = "Bo's points"
  chromiumPhone = await browser.newContext((({ defaultBrowserType: _e, ...d }) => d)(devices['iPhone 14']))
  const cp = await chromiumPhone.newPage()
  const chromiumProblems = watchConsole(cp)
  await cp.goto((await add(wild, 'Table 1 spare')).url)
  await cp.getByRole('radio', { name: 'Ana' }).tap()
  await cp.getByLabel(wrong).fill('-3')
  await expect(cp.getByTestId('seat-error')).toHaveCount(1)
  const chromiumError = (await cp.getByTestId('seat-error').textContent()) ?? ''
  expect(chromiumError).toContain('never negative')
  await w.click(await w.find(choice('Ana')))
  await w.type(await w.find(field(wrong)), '-3')
  const webkitError = await until('the wrong value’s message in WebKit', async () => text(w, 'seat-error'))
  expect(webkitError).toBe(chromiumError)
  expect(await w.attribute(await w.find(field(wrong)), 'aria-invalid')).toBe('true')
  const chromiumLeft = [...chromiumProblems]
  await chromiumPhone.close()

  // Wild Nine by points: round 1 (Ana out, Bo 5, Cy 7), round 2 (Bo out, Ana 3, Cy 4), the standings after each.
  await w.type(await w.find(field(wrong)), '5')
  await w.type(await w.find(field("Cy's points")), '7')
  await saveAndWait(w, 2)
  expect(await standings(w)).toEqual({ Ana: '0', Bo: '5', Cy: '7' })
  await w.click(await w.find(choice('Bo')))
  await w.type(await w.find(field("Ana's points")), '3')
  // Enter in the last field sends the form, as a phone keyboard's Go/Return does (implicit submission).
  await w.type(await w.find(field("Cy's points")), '4\uE007')
  await status(w, 'Round 3:', 'round 3 on the phone')
  expect(await standings(w)).toEqual({ Ana: '3', Bo: '5', Cy: '11' })
  // its own last round taken back
  await w.click(await w.find(UNDO))
  await status(w, 'Round 2:', 'round 2 again after the undo')
  expect(await standings(w)).toEqual({ Ana: '0', Bo: '5', Cy: '7' })
  expect(await errors(w)).toEqual([])

  // The laptop's log: exactly round 1, and every event of the match's (round 1, round 2, its undo) named by the phone.
  const logOf = async (id: string): Promise<LoggedAction[]> =>
    (await apiCall<{ actions: LoggedAction[] }>(page, 'matches:get', { id })).actions
  const wildLog = await logOf(wild)
  expect(wildLog.map((a) => a.action)).toEqual([{ type: 'round', wentOut: 0, points: [0, 5, 7] }])
  const wildSources = await apiCall<Record<string, string>>(page, 'tables:sources', { matchId: wild })
  expect(wildSources[wildLog[0]!.eventId]).toBe('Table 1')
  expect(Object.values(wildSources)).toEqual(['Table 1', 'Table 1', 'Table 1'])

  // The laptop restarts while the phone enters round 2: the entry waits on the phone (localStorage) and is
  // sent once the laptop is back, exactly once (docs/TABLES.md, step 7 and the restart).
  await page.goto('about:blank')
  await app.stop()
  await w.click(await w.find(choice('Cy')))
  await w.type(await w.find(field("Ana's points")), '6')
  await w.type(await w.find(field("Bo's points")), '2')
  await w.click(await w.find(SAVE))
  await until('the entry waiting on the phone', async () =>
    (await text(w, 'phone-waiting')).includes('1 entry is waiting'),
  )
  app = await startApp(dataDir)
  await page.goto(app.url)
  await status(w, 'Round 3:', 'round 3 on the phone, sent after the restart')
  await until('nothing left waiting', async () => (await text(w, 'phone-waiting')) === '')
  expect((await logOf(wild)).map((a) => a.action)).toEqual([
    { type: 'round', wentOut: 0, points: [0, 5, 7] },
    { type: 'round', wentOut: 2, points: [6, 2, 0] },
  ])
  expect(await standings(w)).toEqual({ Ana: '6', Bo: '7', Cy: '7' })

  // Revoked on the laptop, the phone finds itself unpaired at its next look; it is given to the Nine table,
  // paired there by typing the code (no camera), all on the same page.
  await apiCall(page, 'tables:revoke', { unitId: first.unit.id })
  await w.find('//p[starts-with(normalize-space(),"Scan the QR code the organiser shows you")]')
  const second = await add(nine, 'Table 2')
  await w.type(await w.find('//input[@id="code"]'), second.code)
  await w.click(await w.find('//button[normalize-space()="Pair this phone"]'))
  await w.find('//h1[normalize-space()="Table 2"]')

  // Nine by hand totals: deal 1 (Dee declares with 2, Eli 8); deal 2 Eli declares above 9 and the phone
  // asks first (NI-V7), as the laptop does.
  await w.click(await w.find(choice('Dee')))
  await w.type(await w.find(field("Dee's hand total")), '2')
  await w.type(await w.find(field("Eli's hand total")), '8')
  await saveAndWait(w, 2, 'Deal')
  const afterOne = await standings(w)
  expect(afterOne).toEqual({ Dee: '0', Eli: '8' })
  await w.click(await w.find(choice('Eli')))
  await w.type(await w.find(field("Dee's hand total")), '9')
  await w.type(await w.find(field("Eli's hand total")), '12')
  await w.click(await w.find(SAVE))
  await w.click(await w.find('//button[normalize-space()="Yes, enter it as a failed declaration"]'))
  await status(w, 'Deal 3, dealt by', 'deal 3 on the phone')
  expect(await standings(w)).not.toEqual(afterOne)
  expect((await logOf(nine)).map((a) => a.action)[1]).toEqual({
    type: 'round',
    declarer: 1,
    totals: [9, 12],
    confirmOverNine: true,
  })
  await w.click(await w.find(UNDO))
  await status(w, 'Deal 2, dealt by', 'deal 2 again after the undo')
  expect(await standings(w)).toEqual(afterOne)
  const nineLog = await logOf(nine)
  expect(nineLog).toHaveLength(1)
  expect(nineLog[0]!.action).toEqual({ type: 'round', declarer: 0, totals: [2, 8] })
  const nineSources = await apiCall<Record<string, string>>(page, 'tables:sources', { matchId: nine })
  expect(nineSources[nineLog[0]!.eventId]).toBe('Table 2')
  expect(Object.values(nineSources)).toEqual(['Table 2', 'Table 2', 'Table 2'])

  // The laptop takes deal 1 back: the phone sees it from its own look at the match (every 3 s while visible).
  const { head } = await apiCall<{ head: string }>(page, 'matches:get', { id: nine })
  await apiCall(page, 'matches:undo', { id: nine, expected: head })
  await status(w, 'Deal 1, dealt by', 'deal 1 again on the phone, from the laptop')
  expect(await logOf(nine)).toEqual([])

  expect(await errors(w)).toEqual([])
  expect(await w.execute('return document.querySelectorAll("[role=alert]").length')).toBe(0)
  // Nothing in the console of either browser (src/web/http.ts sends no opener policy over plain HTTP on the LAN,
  // which Chromium would report as ignored on every page).
  expect([...problems, ...chromiumLeft]).toEqual([])
})
