import { spawn } from 'node:child_process'
import { freePort } from '../helpers/net'
import { join, resolve } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp | undefined
test.afterEach(async () => {
  await app?.stop()
  app = undefined
})

const form = (page: Page) => page.getByTestId('round-form')
const rows = (page: Page) => page.getByTestId('sheet-row')
const rowTotals = (page: Page, i: number) => rows(page).nth(i).getByTestId('cell-total').allTextContents()

async function pointsRound(page: Page, out: string, points: Record<string, number>): Promise<void> {
  const f = form(page)
  await f.getByRole('radio', { name: out, exact: true }).check()
  await f.getByRole('radio', { name: /^Points/ }).check()
  for (const [name, p] of Object.entries(points)) await f.getByLabel(`${name}’s penalty`).fill(String(p))
  await f.getByLabel(`${Object.keys(points).at(-1)}’s penalty`).press('Enter')
}

test('sheets: Ctrl+Z in a field edits text only; outside it undoes a round whose values can be put back; Abandon asks', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  await pointsRound(page, 'Cy', { Ana: 10, Bo: 12 })
  await pointsRound(page, 'Ana', { Bo: 5, Cy: 7 })
  await expect(rows(page)).toHaveCount(2)

  // Round 3 by cards: type in Bo's field, then Ctrl+Z three times (once more than there is text).
  const f = form(page)
  await f.getByRole('radio', { name: 'Ana', exact: true }).check()
  await f.getByRole('radio', { name: 'Cards', exact: true }).check()
  const bo = f.getByLabel('Bo’s cards')
  await bo.click()
  await page.keyboard.type('qh')
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+z')
  await expect(rows(page)).toHaveCount(2)
  await expect(page.getByTestId('undone')).toHaveCount(0)
  await expect(bo).toBeFocused()

  // Round 3 goes in, then Ctrl+Z outside any field undoes it and says so, keeping its values.
  await bo.fill('qh 9s')
  await f.getByLabel('Cy’s cards').fill('2c')
  await f.getByLabel('Cy’s cards').press('Enter')
  await expect(rows(page)).toHaveCount(3)
  expect(await rowTotals(page, 2)).toEqual(['10', '42', '9'])
  await page.getByRole('heading', { name: 'Wild Nine', level: 1 }).focus()
  await page.keyboard.press('Control+z')
  await expect(rows(page)).toHaveCount(2)
  const undone = page.getByTestId('undone')
  await expect(undone.getByRole('heading', { name: 'Round 3 undone' })).toBeVisible()
  await expect(undone).toContainText('Ana went out')
  await expect(undone).toContainText('Bo: Q♥ 9♠')
  await expect(undone).toContainText('Cy: 2♣')
  await expect(undone).toContainText('Redo: Ctrl+Shift+Z')
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })
  await page.screenshot({ path: testInfo.outputPath('undone.png') })

  // Ctrl+Shift+Z inside a text field is the field's own redo, not the match's.
  await f.getByLabel('Bo’s cards').click()
  await page.keyboard.press('Control+Shift+z')
  await page.keyboard.press('Control+y')
  await expect(rows(page)).toHaveCount(2)
  // Outside a field it brings round 3 back, as an event of the log.
  await page.getByRole('heading', { name: 'Wild Nine', level: 1 }).focus()
  await page.keyboard.press('Control+Shift+z')
  await expect(rows(page)).toHaveCount(3)
  expect(await rowTotals(page, 2)).toEqual(['10', '42', '9'])
  await expect(undone).toHaveCount(0)

  // Undone again, then put back in the form: the same round goes in again with Enter.
  await page.getByRole('heading', { name: 'Wild Nine', level: 1 }).focus()
  await page.keyboard.press('Control+z')
  await expect(rows(page)).toHaveCount(2)
  await undone.getByRole('button', { name: 'Put back in the form' }).click()
  await expect(f.getByRole('radio', { name: 'Ana', exact: true })).toBeChecked()
  await expect(f.getByLabel('Bo’s cards')).toHaveValue('Q♥ 9♠')
  await expect(f.getByLabel('Cy’s cards')).toHaveValue('2♣')
  await f.getByLabel('Cy’s cards').press('Enter')
  await expect(rows(page)).toHaveCount(3)
  expect(await rowTotals(page, 2)).toEqual(['10', '42', '9'])
  await expect(undone).toHaveCount(0)

  // Abandon asks first; Cancel (or Escape) keeps the match going.
  await page.getByRole('button', { name: 'Abandon', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Abandon this match?' })
  await expect(dialog).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.locator('.badge')).toHaveText('In progress')
  await page.getByRole('button', { name: 'Abandon', exact: true }).click()
  await dialog.getByRole('button', { name: 'Abandon the match' }).click()
  await expect(page.locator('.badge')).toHaveText('Abandoned')
  expect(problems).toEqual([])
})

test('sheets: a form left open in a second window does not record its round: the write is refused and the current sheet shown', async ({
  page,
  context,
}) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  const other = await context.newPage()
  await other.goto(`${app.url}#/match/${id}`)
  await expect(form(other).getByRole('heading', { name: 'Round 1' })).toBeVisible()
  await pointsRound(page, 'Cy', { Ana: 10, Bo: 12 })
  await expect(rows(page)).toHaveCount(1)
  // The second window still shows round 1's form; its round is refused, not recorded as round 2.
  await pointsRound(other, 'Ana', { Bo: 5, Cy: 7 })
  await expect(
    other
      .getByText(
        'This match changed in another window or on another computer — here is the current sheet. Nothing was saved.',
      )
      .first(),
  ).toBeVisible()
  await expect(rows(other)).toHaveCount(1)
  expect(await rowTotals(other, 0)).toEqual(['10', '12', '0'])
  await page.reload()
  await expect(rows(page)).toHaveCount(1)
  await other.close()
})

test("sheets: the over-nine prompt focuses its confirm button, which a fresh Enter presses and the deal's own Enter never does", async ({
  page,
}) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const id = await seedMatch(page, 'nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  const f = form(page)
  await f.getByRole('radio', { name: 'Bo', exact: true }).check()
  await f.getByLabel(/^Ana’s cards/).fill('3')
  await f.getByLabel(/^Bo’s cards/).fill('5 6')
  await f.getByLabel(/^Cy’s cards/).fill('7 7')
  await f.getByLabel(/^Cy’s cards/).focus()
  // Enter goes down for the deal and stays down: the prompt comes up with its button focused.
  await page.keyboard.down('Enter')
  const prompt = page.getByTestId('over-nine')
  const confirm = prompt.getByRole('button', { name: 'Score as a failed declaration' })
  await expect(confirm).toBeFocused()
  const hint = prompt.getByTestId('over-nine-hint')
  await expect(hint).toContainText('Enter on the focused button scores it')
  // The held key repeats: the same press never confirms.
  await page.keyboard.down('Enter')
  await expect(hint).toContainText('That was still the Enter that entered the deal')
  await expect(hint).toHaveAttribute('data-refused', '1')
  // The other Enter key (the keypad's) pressed while the deal's Enter is still down: not a new press either.
  await page.keyboard.press('NumpadEnter')
  await expect(hint).toHaveAttribute('data-refused', '2')
  await expect(rows(page)).toHaveCount(0)
  await expect(confirm).toBeFocused()
  // Released, then pressed again on the focused, labelled button: scored as a failed declaration.
  await page.keyboard.up('Enter')
  await page.keyboard.press('Enter')
  await expect(rows(page)).toHaveCount(1)
  expect(await rowTotals(page, 0)).toEqual(['0', '25', '0'])
})

const ROOT = resolve(__dirname, '../..')
const WEB_ENTRY = join(ROOT, process.env.NINEKEEPER_OUT_DIR ?? 'out', 'main/web.js')

/** The web bridge on a fixed port, as after a restart of `npm run web -- --port N`. */
async function startOnPort(dataDir: string, port: number): Promise<RunningApp> {
  const child = spawn(process.execPath, [WEB_ENTRY, '--port', String(port), '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const url = await new Promise<string>((ok, fail) => {
    let out = ''
    const timer = setTimeout(() => fail(new Error(`no start: ${out}`)), 15_000)
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      // The printed address, with its per-start key where the service prints one.
      const m = /running at (http:\/\/127\.0\.0\.1:\d+\/(?:\?k=[A-Za-z0-9_-]+)?)\s/.exec(out)
      if (m?.[1]) {
        clearTimeout(timer)
        ok(m[1])
      }
    })
    child.on('exit', (code) => fail(new Error(`exited ${code}`)))
  })
  return {
    url,
    dataDir,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  }
}

test('sheets: after a restart of the service the page reconnects and keeps the deal being typed, also across a reload', async ({
  page,
}) => {
  const dataDir = newDataDir()
  const port = await freePort()
  app = await startOnPort(dataDir, port)
  await page.goto(app.url)
  const id = await seedMatch(page, 'nine', ['Ana', 'Bo', 'Cy'], { firstDealer: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  const f = form(page)
  await f.getByRole('radio', { name: 'Ana', exact: true }).check()
  await f.getByLabel(/^Ana’s cards/).fill('1 2')
  await f.getByLabel(/^Bo’s cards/).fill('13 13 12')

  // The service restarts (a new session token). Where the page carries its token, it fetches the
  // new one and the Enter goes through without a reload.
  await app.stop()
  app = await startOnPort(dataDir, port)
  await f.getByLabel(/^Cy’s cards/).fill('10 10')
  await f.getByLabel(/^Cy’s cards/).press('Enter')
  if ((await page.locator('meta[name="ninekeeper-token"]').count()) > 0) {
    await expect(rows(page)).toHaveCount(1)
  } else {
    // Otherwise the new address is opened in the same tab, and the typed deal is still there.
    await expect(rows(page)).toHaveCount(0)
    await expect(
      form(page).getByText('What you typed is kept in this tab and comes back when the page is opened again.'),
    ).toBeVisible()
    await page.goto(`${app.url}#/match/${id}`)
    await expect(form(page).getByLabel(/^Cy’s cards/)).toHaveValue('10 10')
    await form(page)
      .getByLabel(/^Cy’s cards/)
      .press('Enter')
    await expect(rows(page)).toHaveCount(1)
  }
  expect(await rowTotals(page, 0)).toEqual(['0', '38', '20'])

  // Deal 2 half typed, then a restart and the address opened again: the draft comes back.
  await f.getByRole('radio', { name: 'Cy', exact: true }).check()
  await f.getByLabel(/^Ana’s cards/).fill('4 5')
  await app.stop()
  app = await startOnPort(dataDir, port)
  await page.goto(`${app.url}#/match/${id}`)
  await page.reload()
  await expect(form(page).getByRole('heading', { name: 'Deal 2' })).toBeVisible()
  await expect(form(page).getByRole('radio', { name: 'Cy', exact: true })).toBeChecked()
  await expect(form(page).getByLabel(/^Ana’s cards/)).toHaveValue('4 5')
  // Once entered, the draft is gone: a reload shows an empty form for deal 3.
  await form(page)
    .getByLabel(/^Bo’s cards/)
    .fill('9 9')
  await form(page)
    .getByLabel(/^Cy’s cards/)
    .fill('1')
  await form(page)
    .getByLabel(/^Cy’s cards/)
    .press('Enter')
  await expect(rows(page)).toHaveCount(2)
  await page.reload()
  await expect(form(page).getByRole('heading', { name: 'Deal 3' })).toBeVisible()
  await expect(form(page).getByLabel(/^Ana’s cards/)).toHaveValue('')
})
