/**
 * The night board (docs/ARCHITECTURE.md § The night board) in Chromium against the built web bridge:
 * reached from the sidebar, eight tables filling a 1080p screen with standings of at least 40 px and
 * no card cut off (and at 720p), an entry on this laptop shown from the change stream (the fallback
 * poll is 30 s, longer than any wait here), F for full screen and Escape back, "last entry … ago"
 * moving on with the clock and no call; and another laptop's entry shown through club sync.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startHub, type Hub } from '../../src/core/hub/hub'
import { freePort } from '../helpers/net'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

const apps: RunningApp[] = []
let hub: Hub | undefined
let hubDir = ''
test.afterEach(async () => {
  for (const a of apps.splice(0)) await a.stop()
  await hub?.stop()
  hub = undefined
  if (hubDir) rmSync(hubDir, { recursive: true, force: true })
})

const NAMES = ['Ana', 'Bo', 'Cy', 'Dee', 'Ed', 'Flo', 'Gus', 'Hal', 'Ida', 'Jo', 'Kim', 'Lu']

/** The standings rows of a card, as "name score" lines. */
async function rows(page: Page, matchId: string): Promise<string[]> {
  return page
    .locator(`[data-match="${matchId}"] [data-testid="board-seat"]`)
    .evaluateAll((lis) =>
      lis.map(
        (li) => `${li.querySelector('.who')?.textContent ?? ''} ${li.querySelector('.score')?.textContent ?? ''}`,
      ),
    )
}

/** Every card fits its box, and the standings' type size in px. */
async function fit(page: Page): Promise<{ cut: number; smallest: number }> {
  return page.locator('[data-testid="board-table"]').evaluateAll((cards) => ({
    cut: cards.filter((c) => c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1).length,
    smallest: Math.min(
      ...cards.flatMap((c) =>
        [...c.querySelectorAll('[data-testid="board-seat"]')].map((li) => parseFloat(getComputedStyle(li).fontSize)),
      ),
    ),
  }))
}

test('night board: eight tables fill the projector, an entry here shows from the change stream, F and Escape', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const app = await startApp(newDataDir())
  apps.push(app)
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } })
  const page = await context.newPage()
  const problems = watchConsole(page)
  await page.goto(app.url)
  await page.getByRole('link', { name: 'Night board' }).click()
  await expect(page.getByRole('heading', { name: 'Night board', level: 1 })).toBeVisible()
  await expect(page.getByText('No match in progress tonight.')).toBeVisible()

  // Eight tables of four, started while the board is open: each start is a change the board hears of.
  const ids: string[] = []
  for (let t = 0; t < 8; t++) {
    const seats = [0, 1, 2, 3].map((k) => NAMES[(t + k * 3) % NAMES.length] as string)
    ids.push(await seedMatch(page, 'wild-nine', seats, { houseRules: { cutoff: 10000 } }))
  }
  await expect(page.getByTestId('board-table')).toHaveCount(8)
  const big = await fit(page)
  expect(big.cut).toBe(0)
  expect(big.smallest).toBeGreaterThanOrEqual(40)

  // A round entered on this laptop: the card re-ranks (lower totals first) without a reload.
  const first = ids[0] as string
  await apiCall(page, 'matches:apply', {
    id: first,
    action: { type: 'round', wentOut: 2, points: [12, 5, 0, 30] },
  })
  await expect.poll(() => rows(page, first)).toEqual(['Gus 0', 'Dee 5', 'Ana 12', 'Jo 30'])
  await expect(page.locator(`[data-match="${first}"]`)).toContainText('Round 2')
  await expect(page.locator(`[data-match="${first}"]`)).toContainText('Dee deals')
  await expect(page.locator(`[data-match="${first}"] [data-testid="board-ago"]`)).toHaveText('last entry just now')
  // The side column: a finished match is listed with its winner, and its card leaves the grid.
  await apiCall(page, 'matches:close', { id: first, status: 'finished' })
  await expect(page.getByTestId('board-table')).toHaveCount(7)
  await expect(page.getByTestId('board-result')).toHaveCount(1)
  await expect(page.getByTestId('board-result')).toContainText('★ Gus')
  expect(await seriousViolations(page)).toEqual([])

  // 1280 × 720: still no card cut off.
  await page.setViewportSize({ width: 1280, height: 720 })
  await expect.poll(async () => (await fit(page)).cut).toBe(0)
  expect((await fit(page)).smallest).toBeGreaterThanOrEqual(24)

  // F: full screen; Escape: out of it; Escape again: back to the Club screen.
  await page.keyboard.press('f')
  await page.waitForFunction(() => document.fullscreenElement !== null)
  await page.keyboard.press('Escape')
  await page.waitForFunction(() => document.fullscreenElement === null)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { name: 'Club', level: 1 })).toBeVisible()
  expect(problems).toEqual([])
})

test('night board: "last entry … ago" moves on with the clock, with no call', async ({ browser }) => {
  const app = await startApp(newDataDir())
  apps.push(app)
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage()
  await page.clock.install()
  await page.goto(app.url)
  const id = await seedMatch(page, 'nine', ['Ana', 'Bo'])
  await page.goto(`${app.url}#/board`)
  const ago = page.locator(`[data-match="${id}"] [data-testid="board-ago"]`)
  await expect(ago).toHaveText('last entry just now')
  // Calls counted in the page as it makes them (a wrapper on fetch).
  await page.evaluate(() => {
    const w = window as unknown as { boardCalls: number }
    w.boardCalls = 0
    const real = window.fetch.bind(window)
    window.fetch = (input, init) => {
      if (String(input).includes('board%3Anight')) w.boardCalls++
      return real(input, init)
    }
  })
  // The page's clock three minutes on (no timer fires), then one tick of the words' timer, well before the slow poll.
  await page.clock.setSystemTime(Date.now() + 3 * 60_000 + 1000)
  await page.clock.runFor(15_000)
  await expect(ago).toHaveText('last entry 3 min ago')
  expect(await page.evaluate(() => (window as unknown as { boardCalls: number }).boardCalls)).toBe(0)
})

test('night board: another laptop’s entry shows through club sync', async ({ browser }) => {
  test.setTimeout(120_000)
  hubDir = mkdtempSync(join(tmpdir(), 'ninekeeper-e2e-hub-'))
  hub = await startHub({ port: await freePort(), dataDir: hubDir, host: '127.0.0.1' })
  const open = async (): Promise<Page> => {
    const app = await startApp(newDataDir())
    apps.push(app)
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage()
    await page.goto(app.url)
    return page
  }
  const a = await open()
  const b = await open()
  const made = await apiCall<{ club: { code: string } }>(a, 'club:create', { hubUrl: hub.url, name: 'Thursday club' })
  await apiCall(b, 'club:join', { hubUrl: hub.url, code: made.club.code })
  await a.goto(`${a.url().split('#')[0]}#/board`)
  await expect(a.getByRole('heading', { name: 'Night board', level: 1 })).toBeVisible()

  // Laptop B starts a match and enters a round; A's board shows both, by B's sync and A's merge.
  const id = await seedMatch(b, 'wild-nine', ['Mo', 'Ned', 'Oz'], { houseRules: { cutoff: 10000 } })
  await expect(a.locator(`[data-match="${id}"]`)).toBeVisible({ timeout: 20_000 })
  await apiCall(b, 'matches:apply', { id, action: { type: 'round', wentOut: 1, points: [8, 0, 3] } })
  await expect.poll(() => rows(a, id), { timeout: 20_000 }).toEqual(['Ned 0', 'Oz 3', 'Mo 8'])
  await expect(a.locator(`[data-match="${id}"]`)).toContainText('Round 2')
})
