import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import type { StatsOverview } from '../../src/shared/model/stats'
import { apiCall, newDataDir, type RunningApp, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp | null = null
test.afterEach(async () => {
  await app?.stop()
  app = null
})

const SAMPLE = readFileSync(join(__dirname, '../fixtures/bg-stats/club-backup.json'))

test('import a BG Stats backup: preview, a game chosen for an unmatched name, a player mapped, confirm, then the recorded matches', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  await apiCall(page, 'players:create', { name: 'Ana' })
  await apiCall(page, 'players:create', { name: 'Cyrus' })
  await page.goto(`${app.url}#/settings`)
  await page.getByRole('button', { name: 'Import from BG Stats or a CSV file…' }).click()
  const box = page.getByTestId('external-import')
  await box
    .getByLabel('Choose a BG Stats backup or a CSV file…')
    .setInputFiles({ name: 'BGStatsExport.json', mimeType: 'application/json', buffer: SAMPLE })

  const preview = box.getByTestId('external-preview')
  await expect(preview.getByRole('heading', { name: 'Preview of BGStatsExport.json (BG Stats backup)' })).toBeVisible()
  await expect(box.getByTestId('external-summary')).toContainText(
    '3 plays to import (Wild Nine 2, Seven Eight Nine 1). 1 duplicate in the file. 4 skipped.',
  )
  await expect(preview.getByRole('row', { name: /^Ana 1 Existing player Ana/ })).toBeVisible()
  await expect(preview.getByRole('row', { name: /^Cy Twombly 2 New player Cy Twombly/ })).toBeVisible()

  // "Nine (club rules)" has no game of that name here: import it as Nine.
  await preview.getByLabel('Import Nine (club rules) as').selectOption('nine')
  await expect(box.getByTestId('external-summary')).toContainText(
    '4 plays to import (Wild Nine 2, Nine 1, Seven Eight Nine 1).',
  )
  // Cy Twombly is the club's Cyrus.
  await preview.getByLabel('Player for Cy Twombly').selectOption({ label: 'Cyrus' })
  await expect(preview.getByRole('row', { name: /^Cy Twombly 3 Existing player Cyrus/ })).toBeVisible()
  await preview.getByText('3 plays skipped, and why').click()
  await expect(
    preview.getByText(/play 3 \(2024-03-14 19:00, Catan\): the game “Catan” is not one of Ninekeeper's games/),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('external-import-preview.png'), fullPage: true })

  // Nothing is written before the confirmation.
  expect(await apiCall<unknown[]>(page, 'matches:list', {})).toEqual([])
  await preview.getByRole('button', { name: 'Import 4 plays' }).click()
  await expect(box.getByRole('status')).toContainText(
    'Imported 4 plays from BGStatsExport.json as recorded matches; 2 new players.',
  )

  const stats = await apiCall<StatsOverview>(page, 'stats:overview', {})
  expect(stats.players.find((p) => p.name === 'Cyrus')).toMatchObject({ matches: 3, wins: 1 })

  await page.goto(`${app.url}#/matches`)
  await expect(page.getByTestId('match-row')).toHaveCount(4)
  await expect(page.getByTestId('recorded-label').first()).toHaveText('recorded (imported from BG Stats)')
  await page.getByTestId('match-row').filter({ hasText: 'Seven Eight Nine' }).getByRole('link').click()
  await expect(page.getByTestId('recorded-match')).toContainText('Recorded (imported from BG Stats)')
  await expect(page.getByTestId('recorded-match')).toContainText('bo wins.')

  // The same file again: the preview says it is all here already, and nothing can be imported.
  await page.goto(`${app.url}#/settings`)
  await page.getByRole('button', { name: 'Import from BG Stats or a CSV file…' }).click()
  await page
    .getByTestId('external-import')
    .getByLabel('Choose a BG Stats backup or a CSV file…')
    .setInputFiles({ name: 'BGStatsExport.json', mimeType: 'application/json', buffer: SAMPLE })
  await expect(page.getByTestId('external-summary')).toContainText('0 plays to import. 3 already imported.')
  await expect(page.getByRole('button', { name: 'Import 0 plays' })).toBeDisabled()
  expect(problems).toEqual([])
})

test('import a CSV file: a bad row is shown with its line and blocks the import; the fixed file imports', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(`${app.url}#/settings`)
  await page.getByRole('button', { name: 'Import from BG Stats or a CSV file…' }).click()
  const box = page.getByTestId('external-import')
  const file = (text: string) => ({
    name: 'league.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${text}`, 'utf8'),
  })
  const rows = [
    'date;time;game;player;score;winner;rank;match',
    '2026-01-08;19:30;Wild Nine;Ana;12;yes;;n1',
    '2026-01-08;19:30;Wild Nine;Bo;57;no;;n1',
  ]
  await box
    .getByLabel('Choose a BG Stats backup or a CSV file…')
    .setInputFiles(
      file([...rows, '2026-01-08;21:00;Nine;Ana;lots;no;;n2', '2026-01-08;21:00;Nine;Bo;3;yes;;n2'].join('\r\n')),
    )
  await expect(box.getByRole('alert')).toContainText('Line 4: the score “lots” is not a whole number')
  await expect(box.getByRole('button', { name: /^Import \d+ play/ })).toBeDisabled()
  expect(await apiCall<unknown[]>(page, 'matches:list', {})).toEqual([])

  await box
    .getByLabel('Choose a BG Stats backup or a CSV file…')
    .setInputFiles(
      file([...rows, '2026-01-08;21:00;Nine;Ana;40;no;;n2', '2026-01-08;21:00;Nine;Bo;3;yes;;n2'].join('\r\n')),
    )
  await expect(box.getByTestId('external-summary')).toContainText('2 plays to import (Wild Nine 1, Nine 1).')
  await box.getByRole('button', { name: 'Import 2 plays' }).click()
  await expect(box.getByRole('status')).toContainText(
    'Imported 2 plays from league.csv as recorded matches; 2 new players.',
  )
  await page.goto(`${app.url}#/matches`)
  await expect(page.getByTestId('recorded-label')).toHaveText([
    'recorded (imported from a CSV file)',
    'recorded (imported from a CSV file)',
  ])
  expect(problems).toEqual([])
})
