import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { formatHlc, parseHlc } from '../../src/shared/events/hlc'
import type { MatchSummary, MatchView } from '../../src/shared/model/match'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'
import { importThroughSettings } from './import-file'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

interface ExportFile {
  format: 'ninekeeper-export'
  version: number
  events: {
    id: string
    deviceId: string
    deviceSeq: number
    hlc: string
    kind: string
    v: number
    subject: string
    payload: unknown
  }[]
}

test('a match whose log does not replay says why, on its Matches row and as a banner in the match', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)

  // Seven Eight Nine: Ana flips a 5 and discards it, so it is Bo's turn to flip. A Nine match beside it replays fine.
  const id = await seedMatch(page, 'seven-eight-nine', ['Ana', 'Bo'])
  await apiCall(page, 'matches:apply', { id, action: { type: 'flip', card: 5 } })
  await apiCall(page, 'matches:apply', { id, action: { type: 'discard' } })
  const fine = await seedMatch(page, 'nine', ['Ana', 'Bo'])
  await apiCall(page, 'matches:apply', { id: fine, action: { type: 'round', declarer: 0, totals: [3, 12] } })

  // Another laptop's export carries one more entry for that match: Ana discarding again, out of turn.
  const exported = JSON.parse(
    (await apiCall<{ content: string }>(page, 'transfer:export-json', {})).content,
  ) as ExportFile
  expect(exported).toMatchObject({ format: 'ninekeeper-export', version: 2 })
  const last = exported.events.filter((e) => e.subject === id).at(-1)
  const lastWall = parseHlc(last?.hlc ?? '')?.wall ?? 0
  const device = randomUUID()
  exported.events.push({
    id: randomUUID(),
    deviceId: device,
    deviceSeq: 1,
    hlc: formatHlc(lastWall + 1000, 0, device),
    kind: 'match.action',
    v: 1,
    subject: id,
    payload: { action: { type: 'discard', seat: 0 } },
  })
  await importThroughSettings(page, app.url, JSON.stringify(exported), 'other-laptop.json')

  // The main side's own words, shown unchanged.
  const summaries = await apiCall<MatchSummary[]>(page, 'matches:list', {})
  const broken = summaries.find((m) => m.id === id) as MatchSummary
  expect(broken.problem).toMatch(/^Entry 3 could not be applied and is left out: .+/)
  expect(summaries.find((m) => m.id === fine)?.problem).toBeNull()

  // Matches: the row says so in text (not colour only), and the game link carries it for screen readers.
  await page.goto(`${app.url}#/matches`)
  await expect(page.getByTestId('match-row')).toHaveCount(2)
  const notes = page.getByTestId('match-problem')
  await expect(notes).toHaveCount(1)
  await expect(notes).toContainText(`Does not replay in full: ${broken.problem as string}`)
  await expect(notes).toContainText(`(recorded under rules engine version ${broken.engineVersion})`)
  const link = page.getByRole('link', { name: 'Seven Eight Nine' })
  await expect(link).toHaveAccessibleDescription(
    new RegExp(`Does not replay in full: ${escapeRe(broken.problem as string)}`),
  )
  await expect(page.getByRole('link', { name: 'Nine', exact: true })).not.toHaveAttribute('aria-describedby')
  await page.screenshot({ path: testInfo.outputPath('matches-problem-light.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('matches-problem-dark.png'), fullPage: true })
  await page.emulateMedia({ colorScheme: 'light' })

  // The match: a banner at the top with the same reason; the refused entry stays in the history.
  await link.click()
  const view = await apiCall<MatchView>(page, 'matches:get', { id })
  expect(view.skipped).toHaveLength(1)
  const banner = page.getByRole('region', { name: 'Warning: part of this match does not replay' })
  await expect(banner).toBeVisible()
  await expect(banner).toContainText(view.problem as string)
  await expect(banner).toContainText('The score shown leaves that entry out')
  await expect(banner).toContainText(`rules engine version ${view.engineVersion}`)
  await page.screenshot({ path: testInfo.outputPath('match-banner-light.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('match-banner-dark.png'), fullPage: true })

  // A match that replays shows no banner.
  await page.goto(`${app.url}#/match/${fine}`)
  await expect(page.getByRole('heading', { name: 'Nine', level: 1 })).toBeVisible()
  await expect(page.getByTestId('replay-problem')).toHaveCount(0)

  expect(problems).toEqual([])
})

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
