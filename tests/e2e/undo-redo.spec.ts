import { expect, test } from '@playwright/test'
import type { MatchHistoryEntry, MatchView } from '../../src/shared/model/match'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.beforeEach(async () => {
  app = await startApp(newDataDir())
})
test.afterEach(async () => {
  await app.stop()
})

test('the match frame says who did what, and undoes and redoes by key and by button (Ennea)', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto(app.url)
  const id = await seedMatch(page, 'ennea', ['Ana', 'Bo', 'Cy'])
  const start = await apiCall<MatchView>(page, 'matches:get', { id })
  const who = start.seats[start.game.toAct ?? 0]!.name
  await apiCall(page, 'matches:apply', { id, action: { type: 'stake', cell: 0 } })
  await page.goto(`${app.url}#/match/${id}`)
  const undo = page.getByRole('button', { name: 'Undo', exact: true })
  const redo = page.getByRole('button', { name: 'Redo', exact: true })
  await expect(page.getByText(`Ctrl+Z: Undo ${who}'s stake on R1C1`)).toBeVisible()
  await expect(redo).toBeDisabled()

  await page.getByRole('heading', { level: 1 }).focus()
  await page.keyboard.press('Control+z')
  await expect(page.getByText(`Ctrl+Shift+Z: Redo ${who}'s stake on R1C1`)).toBeVisible()
  await expect(undo).toBeDisabled()
  expect(await seriousViolations(page)).toEqual([])

  await page.keyboard.press('Control+y')
  await expect(page.getByText(`Ctrl+Z: Undo ${who}'s stake on R1C1`)).toBeVisible()
  await expect(redo).toBeDisabled()
  await undo.click()
  await expect(redo).toBeEnabled()
  await redo.click()
  await expect(redo).toBeDisabled()
  expect((await apiCall<MatchView>(page, 'matches:get', { id })).actions).toHaveLength(1)

  await page.getByRole('button', { name: 'History' }).click()
  const history = await apiCall<MatchHistoryEntry[]>(page, 'matches:history', { id })
  expect(history.map((h) => h.description)).toEqual([
    `${who}'s stake on R1C1`,
    `Undid ${who}'s stake on R1C1`,
    'Redo',
    `Undid ${who}'s stake on R1C1`,
    'Redo',
  ])
  await expect(page.getByText(`Undid ${who}'s stake on R1C1`).first()).toBeVisible()
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})

test('Ennea: Ctrl+Z pressed while a stake is being saved undoes that stake once it is saved', async ({ page }) => {
  await page.goto(app.url)
  const id = await seedMatch(page, 'ennea', ['Ana', 'Bo', 'Cy'], { starter: 0 })
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByTestId('game-message')).toHaveText('Round 1: Ana to act (9 cubes in pool).')
  // the stake's save is held back until the three keys (5, S, Ctrl+Z) have been pressed
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  await page.route(
    (url) => url.pathname.endsWith('/api/matches%3Aapply'),
    async (route) => {
      await held
      await route.continue()
    },
  )
  await page.keyboard.press('5')
  await page.keyboard.press('s')
  await page.keyboard.press('Control+z')
  release()
  await expect(page.getByText("Ctrl+Shift+Z: Redo Ana's stake on R2C2")).toBeVisible()
  await expect(page.getByTestId('game-message')).toHaveText('Round 1: Ana to act (9 cubes in pool).')
  const now = await apiCall<MatchView>(page, 'matches:get', { id })
  expect(now.actions).toHaveLength(0)
})
