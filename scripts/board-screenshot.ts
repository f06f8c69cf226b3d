/**
 * The README's picture of the night board (docs/screenshot-night-board.png) from the built app (npm run
 * build first): six tables of the four games in progress and three matches over, at 1280 × 720 in
 * Debian's Chromium (CHROMIUM_PATH). Run: node --import tsx scripts/board-screenshot.ts
 */
import { chromium } from '@playwright/test'
import { join, resolve } from 'node:path'
import { apiCall, newDataDir, seedMatch, startApp } from '../tests/e2e/app'

const DOCS = resolve(__dirname, '../docs')
const PLAYERS = [
  ['Ana', '#d7263d'],
  ['Bo', '#1b6ec2'],
  ['Cy', '#2e8540'],
  ['Dee', '#c98a00'],
  ['Ed', '#7b3fa0'],
  ['Flo', '#00838f'],
  ['Gus', '#ad1457'],
  ['Hal', '#5d4037'],
  ['Ida', '#546e7a'],
  ['Jo', '#ef6c00'],
  ['Kim', '#3949ab'],
  ['Lu', '#689f38'],
] as const

async function main(): Promise<void> {
  const app = await startApp(newDataDir())
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage()
    await page.goto(app.url)
    for (const [name, color] of PLAYERS) await apiCall(page, 'players:create', { name, color })
    const wild = { houseRules: { cutoff: 10000 } }
    // Over already: their winners go to the side column.
    for (const [game, names, action] of [
      ['nine', ['Ana', 'Bo', 'Cy'], { type: 'round', declarer: 1, totals: [14, 3, 9] }],
      ['wild-nine', ['Dee', 'Ed'], { type: 'round', wentOut: 0, points: [0, 22] }],
    ] as const) {
      const id = await seedMatch(page, game, [...names], game === 'wild-nine' ? wild : {})
      await apiCall(page, 'matches:apply', { id, action })
      await apiCall(page, 'matches:close', { id, status: 'finished' })
    }
    const w1 = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy', 'Dee'], wild)
    for (const points of [
      [0, 14, 6, 22],
      [9, 0, 17, 4],
      [12, 8, 0, 30],
    ])
      await apiCall(page, 'matches:apply', { id: w1, action: { type: 'round', wentOut: points.indexOf(0), points } })
    const n1 = await seedMatch(page, 'nine', ['Ed', 'Flo', 'Gus'])
    for (const [declarer, totals] of [
      [0, [2, 11, 7]],
      [2, [9, 6, 1]],
    ] as const)
      await apiCall(page, 'matches:apply', { id: n1, action: { type: 'round', declarer, totals } })
    const w2 = await seedMatch(page, 'wild-nine', ['Hal', 'Ida', 'Jo'], wild)
    await apiCall(page, 'matches:apply', { id: w2, action: { type: 'round', wentOut: 2, points: [18, 5, 0] } })
    await seedMatch(page, 'ennea', ['Kim', 'Lu'])
    const sen = await seedMatch(page, 'seven-eight-nine', ['Flo', 'Lu'])
    await apiCall(page, 'matches:apply', { id: sen, action: { type: 'dealt-win', seats: [0] } }).catch(() => undefined)
    await page.goto(`${app.url.split('?')[0]}#/board`)
    await page.getByTestId('board-table').first().waitFor()
    await page.getByTestId('board-result').nth(1).waitFor()
    // The heading has the focus after the navigation; its ring is not part of the picture.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.screenshot({ path: join(DOCS, 'screenshot-night-board.png') })
  } finally {
    await browser.close()
    await app.stop()
  }
}

void main()
