/**
 * Refreshes the README screenshots from the built app (npm run build first; NINEKEEPER_OUT_DIR for
 * another build folder): a finished Wild Nine scoresheet, an Ennea round with its resolution, and
 * the Players screen, at 1280 × 800 in Debian's Chromium (CHROMIUM_PATH).
 * Run: node --import tsx scripts/screenshots.ts
 */
import { chromium } from '@playwright/test'
import { join, resolve } from 'node:path'
import { apiCall, newDataDir, seedMatch, startApp } from '../tests/e2e/app'

const DOCS = resolve(__dirname, '../docs')

async function main(): Promise<void> {
  const app = await startApp(newDataDir())
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    await page.goto(app.url)
    for (const [name, color] of [
      ['Ana', '#d7263d'],
      ['Bo', '#1b6ec2'],
      ['Cy', '#2e8540'],
      ['Dee', '#c98a00'],
    ] as const) {
      await apiCall(page, 'players:create', { name, color })
    }
    const wn = await seedMatch(page, 'wild-nine', ['Ana', 'Bo', 'Cy'])
    for (const points of [
      [34, 12, 0],
      [0, 41, 47],
      [70, 0, 9],
    ]) {
      await apiCall(page, 'matches:apply', { id: wn, action: { type: 'round', wentOut: points.indexOf(0), points } })
    }
    await page.goto(`${app.url}#/match/${wn}`)
    await page.getByRole('heading', { name: 'Wild Nine', level: 1 }).waitFor()
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(DOCS, 'screenshot.png') })

    const en = await seedMatch(page, 'ennea', ['Ana', 'Bo', 'Cy'])
    for (const cell of [0, 4, 8, 2, 6]) {
      await apiCall(page, 'matches:apply', { id: en, action: { type: 'stake', cell } }).catch(() => undefined)
    }
    await page.goto(`${app.url}#/match/${en}`)
    await page.getByRole('heading', { name: 'Ennea', level: 1 }).waitFor()
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(DOCS, 'screenshot-ennea.png') })

    await page.goto(`${app.url}#/players`)
    await page.getByRole('heading', { name: 'Players', level: 1 }).waitFor()
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(DOCS, 'screenshot-players.png') })
    console.log(`wrote ${DOCS}/screenshot.png, screenshot-ennea.png, screenshot-players.png`)
  } finally {
    await browser.close()
    await app.stop()
  }
}

main().catch((e: unknown) => {
  console.error(`screenshots: ${(e as Error).stack ?? String(e)}`)
  process.exit(1)
})
