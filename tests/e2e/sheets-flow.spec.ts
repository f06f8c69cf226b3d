import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp | undefined
test.afterEach(async () => {
  await app?.stop()
  app = undefined
})

const form = (page: Page) => page.getByTestId('round-form')
const rows = (page: Page) => page.getByTestId('sheet-row')

test('wild nine tracking: Enter in Drawn card draws, an unplayable drawn card is kept by itself, the result form knows the outcome and where the seen card went', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Ben'], { firstDealer: 1 })
  // A round already under way: Ana holds 2 cards, Ben 1, top 2♣.
  await apiCall(page, 'matches:apply', {
    id,
    action: { type: 'start-round', upcard: '2C', position: { handSizes: [2, 1], stock: 30, discard: 19, toAct: 0 } },
  })
  await page.goto(`${app.url}#/match/${id}`)
  const state = page.getByTestId('tracking-state')
  await expect(state).toContainText('Ana to play')

  // Ana cannot play: she types the drawn card and presses Enter; K♥ cannot go on 2♣, so it is kept.
  await page.getByLabel(/^Drawn card/).fill('kh')
  await page.getByLabel(/^Drawn card/).press('Enter')
  await expect(state).toContainText('Ben to play')
  await expect(state).toContainText('turns without a play 1')
  await expect(page.getByText('Hands: Ana 3 · Ben 1')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Keep the drawn card' })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // Ben goes out on 5♣; the result form already says so.
  await page.getByLabel('Ben plays').fill('5c')
  await page.getByLabel('Ben plays').press('Enter')
  const f = form(page)
  await expect(f.getByRole('radio', { name: 'Ben', exact: true })).toBeChecked()
  await expect(f).toContainText('From the tracked play: Ben went out.')
  // K♥ went into Ana's hand: a hand without it is refused next to her field.
  await f.getByLabel('Ana’s cards').fill('qh 3d 4d')
  await expect(f.getByText("Ana drew K♥ in this round (the tracker saw it): enter it in Ana's hand.")).toBeVisible()
  await f.getByLabel('Ana’s cards').fill('kh 3d 4d')
  await page.screenshot({ path: testInfo.outputPath('tracked-result.png'), fullPage: true })
  await f.getByLabel('Ana’s cards').press('Enter')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).nth(0).getByTestId('cell-total')).toHaveText(['17', '0'])
  expect(problems).toEqual([])
})

test('wild nine: under "a round ends only when no stock can be formed" the result form offers no deadlock', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const strict = await seedMatch(page, 'wild-nine', ['Ana', 'Ben'], { houseRules: { deadlock: 'NO_STOCK_ONLY' } })
  await page.goto(`${app.url}#/match/${strict}`)
  await expect(form(page).getByRole('radio', { name: 'Ana', exact: true })).toBeVisible()
  await expect(form(page).getByRole('radio', { name: /Deadlock/ })).toHaveCount(0)
  const usual = await seedMatch(page, 'wild-nine', ['Ana', 'Ben'])
  await page.goto(`${app.url}#/match/${usual}`)
  await expect(form(page).getByRole('radio', { name: /Deadlock/ })).toHaveCount(1)
})

test('new match: Add and seat on a full table says what happened; Seven Eight Nine keeps 2 and says so; the Cutoff error gives its real range', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const names = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal']
  for (const name of names) await apiCall(page, 'players:create', { name })
  await page.goto(`${app.url}#/new-match`)
  await page.getByRole('radio', { name: /^Nine/ }).check()
  for (const name of names) await page.getByRole('button', { name: `Seat ${name}` }).click()
  await expect(page.getByTestId('seat')).toHaveCount(8)
  const notice = page.getByTestId('setup-notice')
  await page.getByRole('textbox', { name: 'New player' }).fill('Ivy')
  await page.getByRole('button', { name: 'Add and seat' }).click()
  await expect(notice).toHaveText(
    'Added Ivy to the players, but not seated: the table is full (8 players for Nine). Unseat someone to seat them.',
  )
  await expect(page.getByTestId('seat')).toHaveCount(8)
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })

  await page.getByRole('radio', { name: /^Seven Eight Nine/ }).check()
  await expect(notice).toHaveText(
    'Seven Eight Nine seats at most 2: kept Ana and Bo (the first 2 seats); Cy, Di, Ed, Flo, Gus and Hal are no longer seated.',
  )
  await expect(page.getByTestId('seat')).toHaveText([/Ana/, /Bo/])

  await page.getByRole('radio', { name: /^Wild Nine/ }).check()
  await expect(notice).toBeHidden()
  await page.getByLabel('Cutoff', { exact: true }).fill('20000')
  await page.getByRole('button', { name: 'Start Wild Nine' }).click()
  await expect(page.getByText('Cutoff must be a whole number from 1 to 10,000.')).toBeVisible()
  await expect(page).toHaveURL(/#\/new-match/)
  await page.screenshot({ path: testInfo.outputPath('new-match-notices.png'), fullPage: true })
  await page.getByLabel('Cutoff', { exact: true }).fill('150')
  await page.getByRole('button', { name: 'Start Wild Nine' }).click()
  await expect(page).toHaveURL(/#\/match\//)
})

test('a finished Wild Nine match: Rematch (same players, seats and rules, the next dealer) and Share the result as a PNG image', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  await page.goto(app.url)
  const id = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'], {
    firstDealer: 1,
    houseRules: { cutoff: 50, drawnCardPlay: 'MANDATORY' },
  })
  await apiCall(page, 'matches:apply', { id, action: { type: 'round', wentOut: 0, points: [0, 60, 12] } })
  await page.goto(`${app.url}#/match/${id}`)
  const end = page.getByTestId('match-end')
  await expect(end.getByRole('heading', { name: 'Ana wins' })).toBeVisible()

  // Share the result: a PNG drawn in the page, the sheet's size (3 players → 2 × 650 px wide).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Share the result (PNG)' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^wild-nine_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}_Ana-Bo-Cy\.png$/)
  const path = await download.path()
  const { readFileSync } = await import('node:fs')
  const png = readFileSync(path)
  await download.saveAs(testInfo.outputPath('shared-result.png'))
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  expect(png.readUInt32BE(16)).toBe(2 * (24 * 2 + 70 + 230 + 110 * 3))
  expect(png.length).toBeGreaterThan(5000)

  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })
  await page.screenshot({ path: testInfo.outputPath('match-end-rematch.png'), fullPage: true })
  // Pressed twice in a row (a double click): one rematch, not two.
  await end.getByRole('button', { name: 'Rematch' }).dblclick()
  await expect(page).not.toHaveURL(new RegExp(id))
  await expect(page.getByRole('heading', { name: 'Wild Nine', level: 1 })).toBeVisible()
  await expect(page.getByTestId('deal-info')).toContainText('Cy deals, Ana starts.')
  await expect(page.getByTestId('deal-info')).toContainText('Cutoff 50.')
  await expect(page.getByTestId('seat-head')).toHaveText([/Ana/, /Bo/, /Cy/])
  const newId = /#\/match\/([^/?#]+)/.exec(page.url())?.[1] ?? ''
  const view = await apiCall<{ config: { houseRules: Record<string, unknown>; firstDealer: number } }>(
    page,
    'matches:get',
    { id: newId },
  )
  expect(view.config.firstDealer).toBe(2)
  expect(view.config.houseRules).toMatchObject({ cutoff: 50, drawnCardPlay: 'MANDATORY' })
  expect((await apiCall<{ id: string }[]>(page, 'matches:list', {})).map((m) => m.id).sort()).toEqual(
    [id, newId].sort(),
  )
})
