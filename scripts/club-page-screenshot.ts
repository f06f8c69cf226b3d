/**
 * Makes the README's club page screenshot (docs/screenshot-club-page.png) from the built app (npm run build
 * first; NINEKEEPER_OUT_DIR for another build folder): a club's autumn of Thursday nights imported from a CSV
 * file, one season archived and one running, published with club:publish-page and opened from disk
 * (file://) at 1280 × 800 in Debian's Chromium (CHROMIUM_PATH). The data is fixed, so the picture changes
 * only when the page does.
 * Run: node --import tsx scripts/club-page-screenshot.ts
 */
import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { apiCall, newDataDir, startApp } from '../tests/e2e/app'

const DOCS = resolve(__dirname, '../docs')
const PLAYERS = ['Ana', 'Bo', 'Cy', 'Dee', 'Esme', 'Farid']

/** Thursdays from 3 Sep to 3 Dec 2026, three plays a night, places drawn by a fixed sequence. */
function csv(): string {
  const rows = ['date,time,game,player,rank,match,location']
  let seed = 7
  const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648)
  for (let day = Date.parse('2026-09-03T12:00:00Z'); day <= Date.parse('2026-12-03T12:00:00Z'); day += 7 * 86_400_000) {
    const date = new Date(day).toISOString().slice(0, 10)
    for (const [n, time, game] of [
      [0, '19:30', 'Nine'],
      [1, '20:45', 'Wild Nine'],
      [2, '22:00', 'Nine'],
    ] as const) {
      const table = [...PLAYERS]
      for (let i = table.length - 1; i > 0; i--) {
        const j = next() % (i + 1)
        ;[table[i], table[j]] = [table[j] as string, table[i] as string]
      }
      table.length = 3 + (next() % 3)
      table.forEach((player, i) => rows.push(`${date},${time},${game},${player},${i + 1},${date}-${n},The Crown`))
    }
  }
  return `${rows.join('\n')}\n`
}

async function main(): Promise<void> {
  const app = await startApp(newDataDir())
  const out = mkdtempSync(join(tmpdir(), 'ninekeeper-club-page-'))
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    await page.goto(app.url)
    const bytes = Buffer.from(csv(), 'utf8')
    const { uploadId } = await apiCall<{ uploadId: string }>(page, 'upload:begin', {
      purpose: 'external',
      size: bytes.length,
    })
    await apiCall(page, 'upload:chunk', { uploadId, index: 0, data: bytes.toString('base64') })
    await apiCall(page, 'import:external-apply', { uploadId })
    const season = (name: string, startDate: string, endDate: string) =>
      apiCall<{ id: string }>(page, 'seasons:create', {
        name,
        startDate,
        endDate,
        gameIds: null,
        playerIds: null,
        scheme: { kind: 'placement', top: 10 },
      })
    const autumn = await season('Autumn 2026', '2026-09-01', '2026-11-30')
    await apiCall(page, 'seasons:set-archived', { id: autumn.id, archived: true })
    await season('Winter 2026–27', '2026-10-01', '2027-02-28')
    const folder = join(out, 'club-page')
    await apiCall(page, 'club:publish-page', { folder, title: 'The Crown Nine Club' })
    await page.goto(pathToFileURL(join(folder, 'index.html')).href)
    await page.getByRole('heading', { name: 'League tables', level: 1 }).waitFor()
    await page.screenshot({ path: join(DOCS, 'screenshot-club-page.png') })
    console.log(`wrote ${DOCS}/screenshot-club-page.png`)
  } finally {
    await browser.close()
    await app.stop()
    rmSync(out, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(`club-page-screenshot: ${(e as Error).stack ?? String(e)}`)
  process.exit(1)
})
