import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

/** Three finished Nine matches: a 2-player, a 4-player and a 3-player table (lower totals place higher). */
async function seed(page: Page): Promise<void> {
  const plays: [string[], number[]][] = [
    [
      ['Ana', 'Bo'],
      [2, 9],
    ],
    [
      ['Cy', 'Di', 'Ana', 'Bo'],
      [1, 2, 3, 4],
    ],
    [
      ['Bo', 'Cy', 'Di'],
      [1, 5, 7],
    ],
  ]
  for (const [names, totals] of plays) {
    const id = await seedMatch(page, 'nine', names)
    await apiCall(page, 'matches:apply', {
      id,
      action: { type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals },
    })
    await apiCall(page, 'matches:close', { id, status: 'finished' })
  }
}

test('club: a season with its league table, game nights and ratings explained', async ({ page }, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(app.url)
  await seed(page)
  await page.getByRole('link', { name: 'Club' }).click()
  await expect(page.getByRole('heading', { name: 'Club', level: 1 })).toBeVisible()
  await expect(page.getByText('No season yet.')).toBeVisible()

  // A season through the form: placement points (top 10), every game, everyone.
  await page.getByRole('button', { name: 'New season' }).click()
  await page.getByLabel('Name').fill('Winter league')
  await page.getByLabel('Starts').fill('2026-01-01')
  await page.getByLabel('Ends').fill('2030-12-31')
  await page.getByLabel('Points for first').fill('10')
  await expect(page.getByText('A seat earns 5 on average at any table size')).toBeVisible()
  await page.getByRole('button', { name: 'Create season' }).click()
  await expect(page.getByTestId('season-title')).toHaveText('Winter league')

  // Ana 10 + 3.33 = 13.33; Bo 0 + 0 + 10 = 10; Cy 10 + 5 = 15; Di 6.67 + 0 = 6.67.
  const table = page.getByTestId('league-table')
  const row = (n: number) => table.getByRole('row').nth(n).getByRole('cell')
  await expect(table.getByRole('row')).toHaveCount(5)
  await expect(table.getByRole('row').nth(1)).toContainText('Cy')
  await expect(row(1).nth(0)).toHaveText('1')
  await expect(row(1).nth(1)).toHaveText('15')
  await expect(table.getByRole('row').nth(2)).toContainText('Ana')
  await expect(row(2).nth(1)).toHaveText('13.33')
  await expect(table.getByRole('row').nth(3)).toContainText('Bo')
  await expect(table.getByRole('row').nth(4)).toContainText('Di')
  await expect(page.getByTestId('tie-breaks')).toContainText('1. more points; 2. more wins')
  await expect(page.getByTestId('scheme-text')).toContainText('10 × (n − p) / (n − 1)')
  // The page fits a laptop screen without a long scroll.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(1200)
  await page.screenshot({ path: testInfo.outputPath('club-seasons.png') })
  expect(await seriousViolations(page)).toEqual([])

  // The printed table (the PDF): no navigation, no buttons, the table and its rules.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'New season' })).toBeHidden()
  await expect(table).toBeVisible()
  await expect(page.getByTestId('tie-breaks')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('club-print.png') })
  await page.emulateMedia({ media: 'screen' })

  // The league table as an image, and archiving it.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Share as image (PNG)' }).click()
  expect((await download).suggestedFilename()).toBe('Winter-league.png')
  await page.getByRole('button', { name: 'Archive' }).click()
  await expect(page.getByText('archived: final standings')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change' })).toHaveCount(0)

  // Game nights: all three matches tonight, attendance and winners; a venue.
  await page.getByRole('tab', { name: 'Game nights' }).click()
  await expect(page.getByTestId('nights').getByRole('listitem')).toHaveCount(1)
  await expect(page.getByTestId('night-matches').getByRole('row')).toHaveCount(4)
  const bo = page.getByTestId('night-players').getByRole('row', { name: /^Bo/ })
  await expect(bo.getByRole('cell')).toHaveText(['3', '1'])
  await page.getByRole('textbox', { name: 'Venue' }).fill('The Anchor')
  await page.getByRole('button', { name: 'Save venue' }).click()
  await expect(page.getByTestId('night-title')).toContainText('at The Anchor')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('club-nights.png') })

  // Ratings explained, then the club's choice of Elo.
  await page.getByRole('tab', { name: 'Ratings' }).click()
  await expect(page.getByTestId('rating-explained')).toContainText('μ − 3σ')
  await expect(page.getByTestId('ratings-table').getByTestId('rating-row')).toHaveCount(4)
  await expect(page.getByTestId('rating-row').first().getByRole('img')).toHaveAttribute('aria-label', /^μ /)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByLabel('Elo').check()
  await expect(page.getByTestId('rating-explained')).toContainText('everyone starts at 1500')
  await expect(page.getByRole('columnheader', { name: 'Elo' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('club-ratings.png') })
  expect(await seriousViolations(page)).toEqual([])

  // The Stats screen's ratings point here.
  await page.getByRole('link', { name: 'Stats' }).click()
  await page.getByRole('tab', { name: 'Ratings', exact: true }).click()
  await page.getByRole('link', { name: /why each player ranks where they do/ }).click()
  await expect(page.getByRole('tab', { name: 'Ratings' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('rating-explained')).toBeVisible()
  expect(problems).toEqual([])
})

/** Whether `inner` lies inside `outer` (both located by test id), left to right, in CSS pixels. */
async function inside(
  page: Page,
  inner: string,
  outer: string,
): Promise<{ inner: [number, number]; outer: [number, number] }> {
  return page.evaluate(
    ([i, o]) => {
      const a = document.querySelector(`[data-testid="${i}"]`)!.getBoundingClientRect()
      const b = document.querySelector(`[data-testid="${o}"]`)!.getBoundingClientRect()
      return {
        inner: [Math.round(a.left), Math.round(a.right)] as [number, number],
        outer: [Math.round(b.left), Math.round(b.right)] as [number, number],
      }
    },
    [inner, outer] as const,
  )
}

test('club at 1280×800: the night’s matches stay inside their card, “Why here” reads in full, the bars have a labelled axis', async ({
  page,
}, testInfo) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(app.url)
  // Long names at full tables, as a real club night has them.
  const names = [
    'Maximiliana Featherstonehaugh',
    'Bartholomew Oyelaran-Whitfield',
    'Cyprien de la Rochefoucauld',
    'Dorotea Vasconcelos Abreu',
    'Evangelos Papadimitriou',
    'Fionnuala Ní Mhaoldomhnaigh',
    'Gwendolyn Hetherington',
    'Hieronymus Bakker-Vandenberg',
  ]
  for (let k = 0; k < 4; k++) {
    const seats = names.map((_, i) => names[(i + k) % names.length] as string)
    const id = await seedMatch(page, 'nine', seats)
    const totals = seats.map((_, i) => (i === 0 ? 1 : 10 + i))
    await apiCall(page, 'matches:apply', { id, action: { type: 'round', declarer: 0, totals } })
    await apiCall(page, 'matches:close', { id, status: 'finished' })
  }
  await page.goto(`${app.url}#/club`)
  await page.getByRole('tab', { name: 'Game nights' }).click()
  const matches = page.getByTestId('night-matches')
  await expect(matches.getByRole('row')).toHaveCount(5)
  // The matches table ends inside the card, and nothing in the card (or the page) scrolls sideways.
  const box = await inside(page, 'night-matches', 'club-panel-nights')
  expect(box.inner[1], JSON.stringify(box)).toBeLessThanOrEqual(box.outer[1])
  const widths = await page.evaluate(() => {
    const card = document.querySelector('[data-testid="club-panel-nights"]') as HTMLElement
    const table = document.querySelector('[data-testid="night-matches"]') as HTMLElement
    return {
      card: [card.scrollWidth, card.clientWidth],
      holder: [(table.parentElement as HTMLElement).scrollWidth, (table.parentElement as HTMLElement).clientWidth],
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    }
  })
  for (const [what, [scroll, client]] of Object.entries(widths))
    expect(scroll, `${what} ${JSON.stringify(widths)}`).toBeLessThanOrEqual(client as number)
  await page.screenshot({ path: testInfo.outputPath('club-nights-1280.png') })

  await page.getByRole('tab', { name: 'Ratings' }).click()
  const ratings = page.getByTestId('ratings-table')
  await expect(ratings.getByTestId('rating-row')).toHaveCount(names.length)
  // “Why here”: every note is inside the visible part of the table's region, which does not scroll sideways.
  const notes = await page.evaluate(() => {
    const region = document.querySelector('[aria-label="Ratings table"]') as HTMLElement
    const r = region.getBoundingClientRect()
    const cells = [...document.querySelectorAll('[data-testid="why-here"]')] as HTMLElement[]
    return {
      region: [region.scrollWidth, region.clientWidth],
      cells: cells.map((c) => {
        const b = c.getBoundingClientRect()
        return { text: c.textContent ?? '', right: Math.round(b.right), visibleRight: Math.round(r.right) }
      }),
    }
  })
  expect(notes.cells).toHaveLength(names.length)
  expect(notes.region[0], JSON.stringify(notes.region)).toBeLessThanOrEqual(notes.region[1] as number)
  for (const c of notes.cells) {
    expect(c.text.length).toBeGreaterThan(10)
    expect(c.right, c.text).toBeLessThanOrEqual(c.visibleRight)
  }

  // The μ ± 3σ axis: at least three ticks with numbers, in order; a bar's left end read off the
  // ticks gives the value its label states.
  const axis = page.getByTestId('rating-axis')
  await expect(axis).toBeVisible()
  const ticks = await axis.locator('text').evaluateAll((els) =>
    els.map((e) => {
      const b = e.getBoundingClientRect()
      return { value: Number((e.textContent ?? '').replace('−', '-')), x: b.left + b.width / 2 }
    }),
  )
  expect(ticks.length).toBeGreaterThanOrEqual(3)
  expect(ticks.every((t) => Number.isFinite(t.value))).toBe(true)
  for (let i = 1; i < ticks.length; i++) {
    expect(ticks[i]!.value).toBeGreaterThan(ticks[i - 1]!.value)
    expect(ticks[i]!.x).toBeGreaterThan(ticks[i - 1]!.x)
  }
  const first = ticks[0]!
  const last = ticks[ticks.length - 1]!
  const valueAt = (x: number): number => first.value + ((x - first.x) / (last.x - first.x)) * (last.value - first.value)
  const bar = ratings.getByTestId('rating-row').first().getByRole('img')
  const stated = /from (-?[\d.]+) to (-?[\d.]+)$/.exec((await bar.getAttribute('aria-label')) ?? '')
  expect(stated).not.toBeNull()
  const ends = await bar.locator('.band').evaluate((e) => {
    const b = e.getBoundingClientRect()
    return [b.left, b.right]
  })
  const span = last.value - first.value
  expect(Math.abs(valueAt(ends[0]!) - Number(stated![1]))).toBeLessThan(span * 0.03)
  expect(Math.abs(valueAt(ends[1]!) - Number(stated![2]))).toBeLessThan(span * 0.03)
  await page.screenshot({ path: testInfo.outputPath('club-ratings-1280.png') })
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})
