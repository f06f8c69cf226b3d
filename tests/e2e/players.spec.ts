import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { formatHlc } from '../../src/shared/events/hlc'
import { newDataDir, type RunningApp, seriousViolations, startApp, watchConsole } from './app'
import { importThroughSettings } from './import-file'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

const rows = (page: Page) => page.getByTestId('player-row')
const visibleNames = (page: Page) => rows(page).locator('.name').allTextContents()

async function addPlayer(page: Page, name: string, colour?: string): Promise<void> {
  await page.getByLabel('Name', { exact: true }).first().fill(name)
  if (colour)
    await page
      .getByRole('radiogroup', { name: /Cube colour/ })
      .or(page.getByRole('group', { name: /Cube colour/ }))
      .getByLabel(colour)
      .check()
  await page.keyboard.press('Enter')
}

test('players: add, rename, archive, refuse a duplicate, and survive reload and restart', async ({
  page,
}, testInfo) => {
  const dataDir = newDataDir()
  app = await startApp(dataDir)
  const problems = watchConsole(page)
  await page.goto(app.url)
  await expect(page.getByRole('heading', { name: 'Players' })).toBeVisible()
  await expect(page.getByText('No players yet.')).toBeVisible()

  await addPlayer(page, '  Ana  ', 'Red')
  await expect(page.getByRole('status').filter({ hasText: 'Added Ana.' })).toHaveCount(1)
  await addPlayer(page, 'Bo', 'Blue')
  // Enter pressed twice on one name: sent once, added once, never "not added".
  const creates: string[] = []
  page.on('request', (r) => {
    if (/\/api\/players(:|%3A)create$/.test(r.url())) creates.push(r.postData() ?? '')
  })
  await page.getByLabel('Name', { exact: true }).first().fill('Carl')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect.poll(() => visibleNames(page)).toEqual(['Ana', 'Bo', 'Carl'])
  await expect(page.getByRole('status').filter({ hasText: 'Added Carl.' })).toHaveCount(1)
  expect(creates.filter((b) => b.includes('Carl'))).toHaveLength(1)
  await expect(page.getByText(/not added/)).toHaveCount(0)

  // Rename Bo to Bob, by keyboard.
  await page.getByRole('button', { name: 'Edit Bo' }).click()
  const rename = page.getByRole('textbox', { name: 'Name' }).nth(1)
  await expect(rename).toBeFocused()
  await rename.fill('Bob')
  await rename.press('Enter')
  await expect.poll(() => visibleNames(page)).toEqual(['Ana', 'Bob', 'Carl'])

  // Archive Carl: hidden unless archived players are shown.
  await page.getByRole('button', { name: 'Archive Carl' }).click()
  await expect.poll(() => visibleNames(page)).toEqual(['Ana', 'Bob'])
  await page.getByLabel(/Show archived/).check()
  await expect.poll(() => visibleNames(page)).toEqual(['Ana', 'Bob', 'Carl'])
  await expect(page.locator('[data-player-name="Carl"]').getByText('Archived')).toBeVisible()

  // A duplicate name (ignoring case) is refused next to the field, and nothing is saved.
  await addPlayer(page, 'ANA')
  const nameField = page.getByLabel('Name', { exact: true }).first()
  await expect(page.getByRole('alert')).toHaveText(
    'There is already a player called “Ana”. Names must differ, ignoring case.',
  )
  await expect(nameField).toHaveAttribute('aria-invalid', 'true')
  await expect(nameField).toHaveAttribute('aria-describedby', 'new-player-error')
  await expect.poll(() => visibleNames(page)).toEqual(['Ana', 'Bob', 'Carl'])

  // Search as you type.
  await page.getByLabel('Search').fill('b')
  await expect.poll(() => visibleNames(page)).toEqual(['Bob'])
  await page.getByLabel('Search').fill('')

  await page.screenshot({ path: testInfo.outputPath('players.png'), fullPage: true })
  await testInfo.attach('players', { path: testInfo.outputPath('players.png'), contentType: 'image/png' })

  expect(await seriousViolations(page)).toEqual([])

  // Reload: everything is still there (and the archived player stays archived).
  await page.reload()
  await expect.poll(() => visibleNames(page)).toEqual(['Ana', 'Bob'])
  await page.getByLabel(/Show archived/).check()
  await expect.poll(() => visibleNames(page)).toEqual(['Ana', 'Bob', 'Carl'])

  // Restart the server: a new process, a new token, the same file.
  // The page leaves first, so it never reaches for the stopped server (a refused connection in its console).
  await page.goto('about:blank')
  await app.stop()
  app = await startApp(dataDir)
  await page.goto(app.url)
  await page.getByLabel(/Show archived/).check()
  await expect.poll(() => visibleNames(page)).toEqual(['Ana', 'Bob', 'Carl'])
  await expect(page.locator('[data-player-name="Ana"] .chip')).toHaveCSS('background-color', 'rgb(215, 38, 61)')

  expect(problems).toEqual([])
})

test('delete asks for confirmation; the shell is keyboard navigable; settings shows the data file', async ({
  page,
}) => {
  const dataDir = newDataDir()
  app = await startApp(dataDir)
  const problems = watchConsole(page)
  await page.goto(app.url)
  await addPlayer(page, 'Dora')
  await expect.poll(() => visibleNames(page)).toEqual(['Dora'])

  await page.getByRole('button', { name: 'Delete Dora' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete player?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect.poll(() => visibleNames(page)).toEqual(['Dora'])
  await page.getByRole('button', { name: 'Delete Dora' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No players yet.')).toBeVisible()
  // Focus does not get lost with the deleted row: it returns to the name field.
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused()

  // Keyboard: the skip link comes first, then the navigation; Alt+6 opens Settings.
  await page.reload()
  // The first Tab goes to the mounted app: index.html's static frame (painted first, issue 16) has no
  // links, and the app replaces it a frame later, so a key pressed before that lands on the frame.
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Players' })).toBeFocused()
  const outline = await page.getByRole('link', { name: 'Players' }).evaluate((el) => getComputedStyle(el).outlineStyle)
  expect(outline).toBe('solid')
  await page.keyboard.press('Alt+6')
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeFocused()
  await expect(page.getByTestId('data-file')).toHaveText(`${dataDir}/ninekeeper.sqlite`)

  // The dark theme keeps AA contrast too.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.getByRole('link', { name: 'Players' }).click()
  await addPlayer(page, 'Esme', 'Teal')
  await expect.poll(() => visibleNames(page)).toEqual(['Esme'])
  expect(await seriousViolations(page)).toEqual([])

  // Screens whose features have not landed show a plain empty state.
  await page.getByRole('link', { name: 'Stats' }).click()
  await expect(page.getByRole('heading', { name: 'Stats' })).toBeVisible()
  await expect(page.getByText('No statistics yet.')).toBeVisible()

  expect(problems).toEqual([])
})

test('players who share a name after an import are told apart, even when added in the same second', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await page.goto(app.url)
  await addPlayer(page, 'Ana')
  await expect.poll(() => visibleNames(page)).toEqual(['Ana'])

  // Two laptops each added a "Lea" within the same second (and this one has an "ANA" that differs only in case).
  const wall = Date.parse('2026-03-14T19:30:05.100Z')
  const created = (name: string, ms: number) => {
    const deviceId = randomUUID()
    return {
      id: randomUUID(),
      deviceId,
      deviceSeq: 1,
      hlc: formatHlc(wall + ms, 0, deviceId),
      kind: 'player.created',
      v: 1,
      subject: randomUUID(),
      payload: { name, color: null },
    }
  }
  const events = [created('Lea', 0), created('Lea', 300), created('ANA', 500)]
  await importThroughSettings(
    page,
    app.url,
    JSON.stringify({ format: 'ninekeeper-export', version: 2, events }),
    'two-leas.json',
  )
  await page.goto(`${app.url}#/players`)
  await expect.poll(async () => (await visibleNames(page)).sort()).toEqual(['ANA', 'Ana', 'Lea', 'Lea'])

  const twin = (id: string) => page.locator(`[data-player-id="${id}"]`).getByTestId('same-name')
  const first = (await twin(events[0]!.subject).textContent())?.trim() ?? ''
  const second = (await twin(events[1]!.subject).textContent())?.trim() ?? ''
  // The same second: the order of creation tells them apart.
  expect(first).toMatch(/^added .+ \(1 of 2\) · another player has this name$/)
  expect(second).toMatch(/^added .+ \(2 of 2\) · another player has this name$/)
  expect(first.replace('(1 of 2)', '')).toBe(second.replace('(2 of 2)', ''))
  // Added on different days: the day is enough. Names differing only in case count as the same name.
  const ana = (await twin(events[2]!.subject).textContent())?.trim() ?? ''
  expect(ana).toMatch(/^added [^:]+ · another player has this name$/)
  await expect(page.getByRole('button', { name: /^Edit Lea \(added .+\(1 of 2\)\)$/ })).toHaveCount(1)
  await expect(page.getByRole('button', { name: /^Edit Lea \(added .+\(2 of 2\)\)$/ })).toHaveCount(1)
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})
