import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

/** A small club history through the API: Nine matches among four players, one left in progress. */
async function seedHistory(page: Page): Promise<void> {
  const plays: [string[], [number, number[]][]][] = [
    [
      ['Ana', 'Bo', 'Cy'],
      [
        [0, [3, 10, 12]],
        [1, [8, 5, 5]],
      ],
    ],
    [
      ['Ana', 'Bo'],
      [
        [0, [3, 10]],
        [1, [10, 4]],
      ],
    ],
    [
      ['Bo', 'Cy', 'Di'],
      [
        [0, [3, 10, 20]],
        [2, [12, 9, 4]],
      ],
    ],
    [['Ana', 'Di'], [[1, [11, 2]]]],
    [
      ['Ana', 'Bo', 'Di'],
      [
        [0, [1, 9, 14]],
        [0, [2, 30, 8]],
        [1, [20, 3, 9]],
      ],
    ],
  ]
  for (const [names, rounds] of plays) {
    const id = await seedMatch(page, 'nine', names)
    for (const [declarer, totals] of rounds)
      await apiCall(page, 'matches:apply', { id, action: { type: 'round', declarer, totals } })
    await apiCall(page, 'matches:close', { id, status: 'finished' })
  }
  const open = await seedMatch(page, 'nine', ['Cy', 'Ana'])
  await apiCall(page, 'matches:apply', { id: open, action: { type: 'round', declarer: 0, totals: [2, 9] } })
}

async function noSeriousA11y(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([])
}

test('stats: players, leaderboard, rule events, head-to-head, charts and history for a seeded club', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(app.url)
  await seedHistory(page)
  await page.goto(`${app.url}#/stats`)
  await expect(page.getByRole('heading', { name: 'Stats', level: 1 })).toBeVisible()
  const tab = (name: string) => page.getByRole('tab', { name, exact: true })

  const players = page.getByTestId('player-stats')
  await expect(players.getByRole('row', { name: /^Ana/ })).toBeVisible()
  // Ana: 4 finished matches; M1, M2 (shared with Bo) and M5 won, M4 lost to Di.
  await expect(players.getByRole('row', { name: /^Ana/ }).getByRole('cell').nth(0)).toHaveText('4')
  await expect(page.getByTestId('choices')).toContainText('finished matches only')
  await expect(page.getByTestId('choices')).toContainText('a whole win')
  await page.screenshot({ path: testInfo.outputPath('stats-overview-light.png') })
  await noSeriousA11y(page)

  await tab('Games').click()
  const nine = page.getByTestId('game-nine')
  await expect(nine.getByRole('heading', { name: 'Leaderboard' })).toBeVisible()
  await expect(nine.getByRole('columnheader', { name: 'NINE declared and won' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('stats-games-light.png') })
  await noSeriousA11y(page)

  await tab('Ratings').click()
  await expect(page.getByTestId('rating-chart').locator('canvas')).toBeVisible()
  // One row per date in the numbers table (all five matches were played on one day here).
  await page.getByTestId('rating-chart').getByText('Show the numbers').click()
  await expect(page.getByTestId('rating-chart').getByRole('columnheader', { name: 'Date' })).toBeVisible()
  await expect(page.getByTestId('rating-chart').locator('tbody tr')).toHaveCount(1)
  await page.screenshot({ path: testInfo.outputPath('stats-ratings-light.png') })

  await tab('Charts').click()
  await expect(page.getByTestId('monthly-chart').locator('canvas')).toBeVisible()
  await expect(page.getByTestId('wins-player').first().locator('canvas')).toBeVisible()
  await page.getByTestId('monthly-chart').getByText('Show the numbers').click()
  await expect(page.getByTestId('monthly-chart').getByRole('columnheader').first()).toHaveText('Month')
  await page.screenshot({ path: testInfo.outputPath('stats-charts-light.png') })
  await noSeriousA11y(page)

  // Keyboard: arrows move between the tabs.
  await tab('Charts').focus()
  await page.keyboard.press('ArrowLeft')
  await expect(tab('Ratings')).toBeFocused()
  await expect(tab('Ratings')).toHaveAttribute('aria-selected', 'true')

  await tab('Head-to-head').click()
  await page.getByLabel('Player', { exact: true }).first().selectOption({ label: 'Ana' })
  await page.getByLabel('Against').selectOption({ label: 'Bo' })
  await page.getByRole('button', { name: 'Compare' }).click()
  const h2h = page.getByTestId('h2h')
  await expect(h2h.getByRole('row', { name: /^All games/ })).toBeVisible()
  // Together in M1, M2 and M5.
  await expect(
    h2h
      .getByRole('row', { name: /^All games/ })
      .getByRole('cell')
      .nth(0),
  ).toHaveText('3')
  await noSeriousA11y(page)

  await tab('History').click()
  const history = page.getByTestId('history')
  await expect(history.getByRole('row')).toHaveCount(7)
  // The Chart button is fully on screen at 1280 px.
  const chartButton = history.getByRole('button', { name: /Chart/ }).first()
  const box = await chartButton.boundingBox()
  expect(box && box.x + box.width).toBeLessThanOrEqual(1280)
  await expect(chartButton).toBeInViewport({ ratio: 1 })
  await chartButton.click()
  await expect(page.getByTestId('progress-chart').locator('canvas')).toBeVisible()
  await page.getByTestId('progress-chart').getByText('Show the numbers').click()
  await expect(page.getByTestId('progress-chart').getByRole('table')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('stats-history-progress-light.png'), fullPage: true })
  await noSeriousA11y(page)

  // Filters: only Di, then a date range with nothing in it.
  await tab('Overview').click()
  await page.getByText(/^Players: everyone/).click()
  await page.getByRole('checkbox', { name: 'Di' }).check()
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(players.getByRole('row')).toHaveCount(2)
  await page.getByLabel('From', { exact: true }).fill('2001-01-01')
  await page.getByLabel('To', { exact: true }).fill('2001-12-31')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByText(/No statistics yet/)).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(players.getByRole('row')).toHaveCount(5)
  // Counting choices: all matches' rounds (Ana's open match adds one round) and split shared wins.
  await page.getByLabel('Rounds of').selectOption('all')
  await page.getByLabel('Shared win').selectOption('split')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByTestId('choices')).toContainText('every match, also in progress and abandoned')
  await expect(players.getByRole('row', { name: /^Ana/ }).getByRole('cell').nth(1)).toHaveText('2.50')

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await tab('Ratings').click()
  await expect(page.getByTestId('rating-chart').locator('canvas')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('stats-ratings-dark.png') })
  await noSeriousA11y(page)

  await tab('History').click()
  const link = page.getByTestId('history').getByRole('link', { name: /Open/ }).first()
  const href = await link.getAttribute('href')
  expect(href).toMatch(/^#\/match\/[0-9a-f-]{36}$/)
  await link.click()
  await expect(page).toHaveURL(new RegExp(`${href?.replace(/[#/]/g, '\\$&') ?? ''}$`))
  expect(problems).toEqual([])
})

test('stats: every tab fits a 1280×800 laptop (no page taller than two screens), and a player profile from the Players screen', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(app.url)
  // A bigger club: 13 players and 40 Nine matches.
  const names = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kim', 'Lu']
  for (const n of names) await apiCall(page, 'players:create', { name: n })
  const sam1 = await apiCall<{ id: string }>(page, 'players:create', { name: 'Sam', color: '#d7263d' })
  const roster = await apiCall<{ id: string; name: string }[]>(page, 'players:list', {})
  const idOf = (n: string): string => (roster.find((p) => p.name === n) as { id: string }).id
  for (let i = 0; i < 40; i++) {
    const seat = [names[i % 12], names[(i * 5 + 1) % 12], names[(i * 7 + 2) % 12]].filter(
      (x, j, a) => a.indexOf(x) === j,
    ) as string[]
    const ids = seat.map(idOf)
    if (i % 4 === 0) ids.push(sam1.id)
    const m = await apiCall<{ id: string }>(page, 'matches:create', { gameId: 'nine', playerIds: ids, utcOffset: -480 })
    await apiCall(page, 'matches:apply', {
      id: m.id,
      action: {
        type: 'round',
        declarer: i % ids.length,
        totals: ids.map((_, j) => (j === i % ids.length ? 2 : 10 + j)),
      },
    })
    await apiCall(page, 'matches:close', { id: m.id, status: 'finished' })
  }

  await page.goto(`${app.url}#/stats`)
  await expect(page.getByTestId('player-stats').getByRole('row', { name: /^Ana/ })).toBeVisible()
  const heights: Record<string, number> = {}
  for (const name of ['Overview', 'Games', 'Head-to-head', 'Ratings', 'Charts', 'History', 'Player']) {
    await page.getByRole('tab', { name, exact: true }).click()
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true')
    if (name === 'Charts') await expect(page.getByTestId('wins-player').first().locator('canvas')).toBeVisible()
    heights[name] = await page.evaluate(() => document.documentElement.scrollHeight)
    await page.screenshot({ path: testInfo.outputPath(`laptop-${name.toLowerCase()}.png`) })
  }
  testInfo.annotations.push({ type: 'page heights at 1280x800', description: JSON.stringify(heights) })
  for (const [name, h] of Object.entries(heights)) expect(h, `${name} is ${h}px tall`).toBeLessThanOrEqual(1600)
  // Wins per month: five players at most, one small chart each.
  await page.getByRole('tab', { name: 'Charts', exact: true }).click()
  await expect(page.getByTestId('wins-player')).toHaveCount(5)
  await page.getByTestId('wins-player').first().getByText('Show the numbers').click()
  expect(await page.getByTestId('wins-player').first().locator('thead th').count()).toBe(2)
  await noSeriousA11y(page)

  // The Players screen links to each player's page.
  await page.goto(`${app.url}#/players`)
  await page.getByRole('link', { name: 'Profile of Ana' }).click()
  await expect(page.getByRole('tab', { name: 'Player', exact: true })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: /^Ana/, level: 2 })).toBeVisible()
  await expect(page.getByTestId('form').getByRole('listitem')).toHaveCount(10)
  await expect(page.getByText('Nemesis', { exact: true })).toBeVisible()
  await expect(page.getByTestId('profile-rating-chart').locator('canvas')).toBeVisible()
  await expect(page.getByTestId('recent').getByRole('listitem')).toHaveCount(10)
  await page.screenshot({ path: testInfo.outputPath('profile-light.png'), fullPage: true })
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1600)
  await noSeriousA11y(page)
  // From the Stats players table too.
  await page.getByRole('tab', { name: 'Overview', exact: true }).click()
  await page.getByTestId('player-stats').getByRole('link', { name: 'Bo' }).click()
  await expect(page.getByRole('heading', { name: /^Bo/, level: 2 })).toBeVisible()
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: testInfo.outputPath('profile-dark.png'), fullPage: true })
  await noSeriousA11y(page)
  expect(problems).toEqual([])
})

test('settings: back up now, export, and importing the same export changes nothing', async ({ page }, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  await seedHistory(page)
  await page.goto(`${app.url}#/settings`)
  await page.getByRole('button', { name: 'Back up now' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: /Backed up to ninekeeper\..*\.manual\.sqlite/ }),
  ).toBeVisible()
  await expect(page.getByTestId('backups').getByRole('row')).toHaveCount(2)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export everything (JSON)' }).click()
  const file = await download
  const path = await file.path()
  await page.getByLabel('Import a Ninekeeper JSON export…').setInputFiles(path)
  await expect(page.getByRole('status').filter({ hasText: /0 players, 0 matches and 0 entries added/ })).toBeVisible()

  // The results per seat, beside the rounds: a CSV with a row per seat of each of the five finished matches.
  const results = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Results per seat (CSV)' }).click()
  const csv = await results
  expect(csv.suggestedFilename()).toMatch(/^ninekeeper-results-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = readFileSync(await csv.path(), 'utf8')
  const rows = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
  expect(rows[0]).toBe('match,date,player,seat,score,rank,winner,game')
  // 3 + 2 + 3 + 2 + 3 seats; the match still in progress is not there.
  expect(rows).toHaveLength(1 + 13)
  expect(rows.filter((r) => r.endsWith(',1,nine')).length).toBeGreaterThanOrEqual(5)
  await expect(page.getByRole('status').filter({ hasText: /Exported ninekeeper-results-.*\.csv\./ })).toHaveCount(1)

  await page
    .getByLabel('Import a Ninekeeper JSON export…')
    .setInputFiles({ name: 'junk.json', mimeType: 'application/json', buffer: Buffer.from('{"not": "ours"}') })
  await expect(page.getByRole('alert')).toContainText('not a Ninekeeper export')
  await page.screenshot({ path: testInfo.outputPath('settings-light.png'), fullPage: true })
  await noSeriousA11y(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: testInfo.outputPath('settings-dark.png'), fullPage: true })
  await noSeriousA11y(page)
  expect(problems).toEqual([])
})

test('stats at 1280×800: wins per month over 59 months as small multiples on one scale', async ({ page }, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  // Five years of club nights less a month (January 2021 to November 2025), from a spreadsheet:
  // two Nine plays a month among six players, the winners taking turns; every fourth month one
  // player wins both.
  const people = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo']
  const lines = ['date;time;game;player;score;winner;rank;match']
  for (let i = 0; i < 59; i++) {
    const month = `${2021 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`
    for (let k = 0; k < 2; k++) {
      const first = i + (k === 1 && i % 4 !== 0 ? 2 : 0)
      const table = [0, 1, 2].map((j) => people[(first + j) % people.length] as string)
      table.forEach((p, j) =>
        lines.push(`${month}-1${k};20:00;Nine;${p};${j === 0 ? 4 : 20 + j};${j === 0 ? 'yes' : 'no'};;m${i}-${k}`),
      )
    }
  }
  await page.goto(`${app.url}#/settings`)
  await page.getByRole('button', { name: 'Import from BG Stats or a CSV file…' }).click()
  const box = page.getByTestId('external-import')
  await box.getByLabel('Choose a BG Stats backup or a CSV file…').setInputFiles({
    name: 'five-years.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}`, 'utf8'),
  })
  await box.getByRole('button', { name: 'Import 118 plays' }).click()
  await expect(box.getByRole('status')).toContainText('Imported 118 plays')

  await page.goto(`${app.url}#/stats`)
  await page.getByRole('tab', { name: 'Charts', exact: true }).click()
  const wins = page.getByTestId('wins-chart')
  await expect(wins.getByRole('heading', { name: /^Wins per month: top five/ })).toBeVisible()
  // One small chart per player, each with its one line drawn, all on one y scale.
  const small = wins.getByTestId('wins-player')
  await expect(small).toHaveCount(5)
  for (let i = 0; i < 5; i++) await expect(small.nth(i).locator('canvas')).toBeVisible()
  await expect(small.first()).toHaveAttribute('data-y-max', /^\d+$/)
  const tops = await small.evaluateAll((els) => els.map((e) => e.getAttribute('data-y-max')))
  expect(new Set(tops).size, JSON.stringify(tops)).toBe(1)
  // The scale reaches the most wins any of them had in a month (2: a player wins both plays of a month).
  expect(Number(tops[0])).toBeGreaterThanOrEqual(2)
  await expect(wins).toContainText('One chart per player, all on the same scale')
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1600)
  // Each chart's numbers: 59 months, one player.
  await small.first().getByText('Show the numbers').click()
  await expect(small.first().locator('tbody tr')).toHaveCount(59)
  expect(await small.first().locator('thead th').count()).toBe(2)
  // The small charts sit side by side inside the card, none narrower than a readable 150 px.
  const boxes = await small.evaluateAll((els) =>
    els.map((e) => {
      const b = e.getBoundingClientRect()
      return [b.left, b.right, b.top]
    }),
  )
  const card = await page.evaluate(() => {
    const c = document.querySelector('[data-testid="wins-chart"]')!.closest('.card') as HTMLElement
    const b = c.getBoundingClientRect()
    return [b.left, b.right, c.scrollWidth, c.clientWidth]
  })
  for (const [left, right] of boxes) {
    expect(left).toBeGreaterThanOrEqual(card[0]!)
    expect(right).toBeLessThanOrEqual(card[1]!)
    expect(right! - left!).toBeGreaterThanOrEqual(150)
  }
  expect(card[2]).toBeLessThanOrEqual(card[3]!)
  // All five in one row at 1280 px.
  expect(new Set(boxes.map((b) => Math.round(b[2]!))).size).toBe(1)
  await page.screenshot({ path: testInfo.outputPath('stats-wins-small-multiples.png'), fullPage: true })
  await noSeriousA11y(page)
  expect(problems).toEqual([])
})
