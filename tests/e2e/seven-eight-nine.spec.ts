import { expect, test, type Page } from '@playwright/test'
import { apiCall, newDataDir, type RunningApp, seedMatch, seriousViolations, startApp, watchConsole } from './app'

let app: RunningApp
test.afterEach(async () => {
  await app?.stop()
})

const SHOTS = process.env.SEN_SHOTS ?? ''

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  await page.screenshot({ path: `${SHOTS}/sen-${name}.png`, fullPage: true })
}

async function openMatch(page: Page, options: Record<string, unknown>): Promise<string> {
  await page.goto(app.url)
  const id = await seedMatch(page, 'seven-eight-nine', ['Ana', 'Bo'], options)
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByRole('heading', { name: 'Game 1' })).toBeVisible()
  return id
}

/** The 52 ranks minus a multiset, cycling A..K. */
function deckWithout(exclude: number[]): number[] {
  const rest = [...exclude]
  const out: number[] = []
  for (let copy = 0; copy < 4; copy++) {
    for (let r = 1; r <= 13; r++) {
      const i = rest.indexOf(r)
      if (i >= 0) rest.splice(i, 1)
      else out.push(r)
    }
  }
  return out
}

async function flipAndDiscardByApi(page: Page, id: string, cards: number[]): Promise<void> {
  for (const card of cards) {
    await apiCall(page, 'matches:apply', { id, action: { type: 'flip', card } })
    await apiCall(page, 'matches:apply', { id, action: { type: 'discard' } })
  }
}

const drawCount = (page: Page) => page.getByTestId('draw-count')
const discardCount = (page: Page) => page.getByTestId('discard-count')
const result = (page: Page) => page.getByTestId('sen-result')

test('a game won by Declare, with the checkers, errors in the engine words, keys and undo', async ({ page }) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await openMatch(page, { starter: 0, target: 3 })
  await expect(drawCount(page)).toHaveText('46')
  await expect(discardCount(page)).toHaveText('0')
  await expect(page.getByTestId('reshuffle-note')).toHaveText('One reshuffle is left for when the draw pile runs out.')
  await expect(page.getByText('First to 3 wins')).toBeVisible()

  // F goes to the flip field; a rank and Enter flip it.
  await page.keyboard.press('f')
  const flipField = page.getByLabel('Ana flips')
  await expect(flipField).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('#sen-flip-error')).toHaveText('Type a card: A, 2–10, J, Q or K.')
  await flipField.fill('x')
  await page.keyboard.press('Enter')
  await expect(flipField).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('#sen-flip-error')).toHaveText('Use ranks A–K.')
  await flipField.fill('9')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('sen-status')).toHaveText('Game 1: Ana flipped a 9: discard, swap or declare.')
  await shot(page, 'action-light')
  // Focus lands in the (empty) swap field; C is an action key there.
  await expect(page.getByLabel('Swap: give up')).toBeFocused()
  await page.keyboard.press('c')
  const declareField = page.getByLabel('Declare: your hand before')
  await expect(declareField).toBeFocused()

  // Refusals come from the engine, next to the field (SE-V5).
  await page.keyboard.type('7 8 J')
  await page.keyboard.press('Enter')
  await expect(page.locator('#sen-declare-error')).toHaveText(
    'J (11) is only 2 ranks from 9. A Declare needs 3 or more.',
  )
  await expect(declareField).toHaveAttribute('aria-invalid', 'true')
  await declareField.fill('7 8 10')
  await page.keyboard.press('Enter')
  await expect(page.locator('#sen-declare-error')).toHaveText('10 is next to 9: use an Adjacent Swap instead.')
  await declareField.fill('7 9 Q')
  await page.keyboard.press('Enter')
  await expect(page.locator('#sen-declare-error')).toHaveText('The flipped 9 is not your missing card (you need an 8).')
  await declareField.fill('78q')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('sen-status')).toHaveText('Game 1: Ana declares. Bo: Block if you hold two of 7, 8, 9.')
  await expect(page.getByText('Ana declares with 7, 8, Q (blocker Q).')).toBeVisible()
  await page.emulateMedia({ colorScheme: 'dark' })
  await shot(page, 'block-question-dark')
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })

  // The checkers answer at any time and change nothing.
  await page.getByLabel('Your hand').first().fill('7 8 J')
  await page.getByRole('button', { name: 'Check Declare' }).click()
  await expect(page.getByTestId('answer-declare')).toHaveText(
    'No: J (11) is only 2 ranks from 9. A Declare needs 3 or more.',
  )
  await page.getByLabel('Your hand').first().fill('8 9 A')
  await page.getByLabel('Flipped card').fill('7')
  await page.getByLabel('Flipped card').press('Enter')
  await expect(page.getByTestId('answer-declare')).toHaveText(
    'Yes: the blocker A (1) is 6 ranks from the flipped 7 (a Declare needs 3).',
  )
  await page.getByLabel("Opponent's revealed hand").fill('9 9 2')
  await page.getByLabel("Opponent's revealed hand").press('Enter')
  await expect(page.getByTestId('answer-block')).toHaveText(
    'No: A Block needs two different cards of 7, 8, 9; 9 + 9 is not enough.',
  )
  await page.getByLabel("Opponent's revealed hand").fill('7 9 K')
  await page.getByRole('button', { name: 'Check Block' }).click()
  await expect(page.getByTestId('answer-block')).toHaveText('Yes: this hand blocks the Declare.')
  await page.getByLabel('Discard', { exact: true }).fill('8')
  await page.getByLabel('Your hand').nth(1).fill('7 9 9')
  await page.getByRole('button', { name: 'Check React' }).click()
  await expect(page.getByTestId('answer-react')).toHaveText('Yes: take the 8 and give up 7 or 9.')
  await page.getByLabel('Your hand').nth(1).fill('2 3 K')
  await page.getByRole('button', { name: 'Check React' }).click()
  await expect(page.getByTestId('answer-react')).toHaveText(
    'No: The 8 on the discard pile matches no card in your hand and is next to none (your hand: 2, 3, K).',
  )
  await expect(drawCount(page)).toHaveText('46')
  await expect(page.getByTestId('sen-status')).toHaveText('Game 1: Ana declares. Bo: Block if you hold two of 7, 8, 9.')

  // A Block that does not qualify is refused next to the field; then N: no block, Ana wins.
  await page.getByLabel('Bo reveals').fill('9 9 2')
  await page.getByLabel('Bo reveals').press('Enter')
  await expect(page.locator('#sen-block-error')).toHaveText(
    'A Block needs two different cards of 7, 8, 9; 9 + 9 is not enough.',
  )
  await page.getByLabel('Bo reveals').fill('')
  await page.keyboard.press('n')
  await expect(result(page)).toContainText('Win by Declare: Ana')
  await expect(result(page)).toContainText('the blocker Q (12) is 3 ranks from the flipped 9')
  await expect(page.getByTestId('wins-0')).toHaveText('1 win')
  await expect(drawCount(page)).toHaveText('45')
  await expect(discardCount(page)).toHaveText('1')
  await expect(page.getByTestId('game-record')).toHaveCount(1)
  await expect(page.getByTestId('game-record').first()).toContainText('Win by Declare')
  await expect(page.getByRole('button', { name: /Next game/ })).toBeFocused()
  await shot(page, 'declare-light')
  expect(await seriousViolations(page)).toEqual([])

  // Ctrl+Z takes the win back (to the Block question), and N gives it again.
  await page.keyboard.press('Control+z')
  await expect(page.getByTestId('sen-status')).toHaveText('Game 1: Ana declares. Bo: Block if you hold two of 7, 8, 9.')
  await expect(page.getByTestId('wins-0')).toHaveText('0 wins')
  await page.getByRole('button', { name: /No block/ }).focus()
  await page.keyboard.press('n')
  await expect(page.getByTestId('wins-0')).toHaveText('1 win')

  // G: next game, Bo starts it.
  await page.keyboard.press('g')
  await expect(page.getByRole('heading', { name: 'Game 2' })).toBeVisible()
  await expect(page.getByLabel('Bo flips')).toBeFocused()
  await expect(drawCount(page)).toHaveText('46')

  await page.emulateMedia({ colorScheme: 'dark' })
  await shot(page, 'game2-dark')
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})

test('a Block locks the reshuffle, an empty pile goes to the tiebreaker; an unblocked game offers the one reshuffle', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  const id = await openMatch(page, { starter: 0, target: 3 })

  // SE-G09: Ana holds 8 9 3, flips 7 and declares; Bo reveals 7 9 K and blocks.
  await page.keyboard.press('f')
  await page.keyboard.type('7')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Swap: give up')).toBeFocused()
  await page.keyboard.press('c')
  await page.keyboard.type('8 9 3')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Bo reveals')).toBeFocused()
  await page.keyboard.type('7 9 K')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('reshuffle-note')).toHaveText(
    'No reshuffle after a Block: the remaining deck is the final deck, then the tiebreaker.',
  )
  await expect(page.getByTestId('piles')).toContainText('Locked')
  await expect(drawCount(page)).toHaveText('45')
  await expect(discardCount(page)).toHaveText('1')
  // Bo may React to the 7 that landed on the discard pile (SE-A13).
  await expect(page.getByText('Bo may React to the 7 on the discard pile')).toBeVisible()
  await expect(page.getByText('known: 3, 8, 9')).toBeVisible()
  await shot(page, 'blocked-light')
  expect(await seriousViolations(page)).toEqual([])

  // The rest of the deck is flipped and discarded (entered through the API to keep the test short).
  await flipAndDiscardByApi(page, id, deckWithout([3, 8, 9, 7, 9, 13, 7]))
  await page.reload()
  await expect(drawCount(page)).toHaveText('0')
  await expect(discardCount(page)).toHaveText('46')
  await expect(page.getByTestId('reshuffle-note')).toHaveText(
    'No reshuffle after a Block: the draw pile is empty, so the tiebreaker decides.',
  )
  await expect(page.getByRole('button', { name: /Reshuffle/ })).toHaveCount(0)
  await expect(page.getByTestId('tiebreak-why')).toContainText('No reshuffle after a Block')
  // Ana's known hand (3, 8, 9) has nothing next to the K on top, so no React is offered or announced.
  await expect(page.getByTestId('sen-status')).toHaveText(
    'Game 1: the draw pile is empty and no reshuffle is left: both players reveal their hands for the tiebreaker.',
  )
  await expect(page.getByRole('button', { name: /^React/ })).toHaveCount(0)

  // T goes to the tiebreaker; a hand that contradicts what was revealed is refused next to its field.
  await page.keyboard.press('t')
  await expect(page.getByLabel("Ana's hand")).toBeFocused()
  await page.keyboard.type('8 9 3')
  await page.keyboard.press('Tab')
  await page.keyboard.type('7 9 Q')
  // the preview asks the engine: hands it would refuse get its reason, never a winner
  await expect(page.getByTestId('tiebreak-preview')).toHaveText(
    "Not accepted: Bo's hand is known to be 7, 9, K; the hand entered is 7, 9, Q.",
  )
  await page.keyboard.press('Enter')
  await expect(page.locator('#sen-tb1-error')).toHaveText(
    "Bo's hand is known to be 7, 9, K; the hand entered is 7, 9, Q.",
  )
  await expect(page.getByLabel("Bo's hand")).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel("Bo's hand").fill('7 9 K')
  await expect(page.getByTestId('tiebreak-preview')).toHaveText(
    'Result: Tiebreaker: Ana. Draw pile empty and no reshuffle left: Ana shows 3, 8, 9, Bo shows 7, 9, K. 8 + 9 = 17 vs 7 + 9 = 16. Ana wins the tiebreaker.',
  )
  await shot(page, 'tiebreak-light')
  await page.getByLabel("Bo's hand").press('Enter')
  await expect(result(page)).toContainText('Tiebreaker: Ana')
  await expect(result(page)).toContainText('8 + 9 = 17 vs 7 + 9 = 16. Ana wins the tiebreaker.')
  await expect(page.getByTestId('game-record').first()).toContainText('Tiebreaker (after a Block)')

  // Game 2 without a Block: when the draw pile is empty the one reshuffle is offered (S), then used.
  await page.keyboard.press('g')
  await expect(page.getByRole('heading', { name: 'Game 2' })).toBeVisible()
  await flipAndDiscardByApi(page, id, deckWithout([1, 2, 3, 4, 5, 6]))
  await page.reload()
  await expect(drawCount(page)).toHaveText('0')
  await expect(page.getByTestId('reshuffle-note')).toHaveText(
    'The draw pile is empty: the discard pile becomes the new draw pile (once).',
  )
  await expect(page.getByRole('button', { name: /Reshuffle/ })).toBeVisible()
  await page.emulateMedia({ colorScheme: 'dark' })
  await shot(page, 'reshuffle-dark')
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('s')
  await expect(drawCount(page)).toHaveText('46')
  await expect(discardCount(page)).toHaveText('0')
  await expect(page.getByTestId('reshuffle-note')).toHaveText(
    'The reshuffle has been used: when the draw pile runs out, the tiebreaker decides.',
  )
  await expect(page.getByLabel('Bo flips')).toBeFocused()
  // Inside the field Ctrl+Z only edits text; Esc leaves the field, then Ctrl+Z undoes the reshuffle.
  // (an undo, once started, disables Undo at once: still enabled after the key, none started)
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled()
  await expect(drawCount(page)).toHaveText('46')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Control+z')
  await expect(drawCount(page)).toHaveText('0')
  await expect(page.getByRole('button', { name: /Reshuffle/ })).toBeVisible()
  expect(problems).toEqual([])
})

test('a dealt win, a draw, and an open match finished by hand', async ({ page }) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await openMatch(page, { starter: 0 })
  await expect(page.getByText('Open match: finish it by hand')).toBeVisible()

  // E goes to the dealt-win buttons; Tab to Bo's, Enter.
  await page.keyboard.press('e')
  await expect(page.getByRole('button', { name: 'Ana was dealt 7-8-9' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(result(page)).toContainText('Dealt win: Bo')
  await expect(result(page)).toContainText('Bo was dealt 7-8-9 and wins immediately, before the first flip.')
  await expect(drawCount(page)).toHaveText('46')
  await expect(page.getByTestId('wins-1')).toHaveText('1 win')

  // Game 2: both dealt 7-8-9, a draw.
  await page.keyboard.press('g')
  await expect(page.getByRole('heading', { name: 'Game 2' })).toBeVisible()
  await page.getByRole('button', { name: 'Both' }).click()
  await expect(result(page)).toContainText('Both players were dealt 7-8-9: the game is a draw.')
  await expect(page.getByTestId('draws')).toHaveText('1')
  await expect(page.getByTestId('tally')).toHaveText('Ana 0 · Bo 1 · 1 draw')
  await expect(page.getByTestId('game-record').nth(1)).toContainText('Draw')

  // Once a game has begun, a dealt win is no longer offered.
  await page.keyboard.press('g')
  await expect(page.getByLabel('Ana flips')).toBeFocused()
  await page.keyboard.press('f')
  await page.keyboard.type('K')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Swap: give up')).toBeFocused()
  await page.keyboard.press('d')
  await expect(page.getByRole('button', { name: /was dealt/ })).toHaveCount(0)
  await expect(page.getByText('Bo may React to the K on the discard pile')).toBeVisible()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Control+z')
  await expect(page.getByTestId('sen-status')).toHaveText('Game 3: Ana flipped a K: discard, swap or declare.')
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('button', { name: 'Both' })).toBeVisible()
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('button', { name: /Finish the match here/ })).toBeVisible()

  await page.getByRole('button', { name: /Finish the match here/ }).click()
  await expect(result(page)).toContainText('Draw')
  await expect(page.getByTestId('match-closed')).toHaveText('Finished by hand. Bo wins the match 1–0 (1 draw).')
  await expect(page.locator('.badge')).toHaveText('Finished')
  await expect(page.getByRole('button', { name: /Next game/ })).toHaveCount(0)
  await page.emulateMedia({ colorScheme: 'dark' })
  await shot(page, 'finished-dark')
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})

test('a match to three wins (swap, React, Declare) survives a server restart', async ({ page }) => {
  const dataDir = newDataDir()
  app = await startApp(dataDir)
  const problems = watchConsole(page)
  const id = await openMatch(page, { starter: 0, target: 3 })

  // Game 1: Ana flips a 9 and swaps her 10 for it, showing 7-8-9 (Ctrl+Enter).
  await page.keyboard.press('f')
  await page.keyboard.type('9')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Swap: give up')).toBeFocused()
  await page.keyboard.type('5')
  await page.keyboard.press('Control+Enter')
  await expect(page.locator('#sen-swap-error')).toHaveText(
    'A swap gives up a card that matches or is next to the flipped 9; 5 is neither.',
  )
  await page.getByLabel('Swap: give up').fill('10')
  await page.keyboard.press('Control+Enter')
  await expect(result(page)).toContainText('Win by swap: Ana')
  await page.keyboard.press('g')

  // Game 2 (Bo starts): Bo flips an 8 and discards it; Ana reacts with a 9 and shows 7-8-9 (SE-G19).
  await expect(page.getByLabel('Bo flips')).toBeFocused()
  await page.keyboard.type('8')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Swap: give up')).toBeFocused()
  await page.keyboard.press('d')
  await expect(page.getByText('Ana may React to the 8 on the discard pile')).toBeVisible()
  await page.keyboard.press('r')
  await expect(page.getByLabel('Ana gives up')).toBeFocused()
  await page.keyboard.type('9')
  await page.keyboard.press('Control+Enter')
  await expect(result(page)).toContainText('Win by React: Ana')
  await expect(page.getByTestId('tally')).toHaveText('Ana 2 · Bo 0 · 0 draws')

  // Restart the server: same file, new process.
  // The page leaves first, so it never reaches for the stopped server (a refused connection in its console).
  await page.goto('about:blank')
  await app.stop()
  app = await startApp(dataDir)
  await page.goto(`${app.url}#/match/${id}`)
  await expect(page.getByTestId('tally')).toHaveText('Ana 2 · Bo 0 · 0 draws')
  await expect(page.getByTestId('game-record')).toHaveCount(2)
  await expect(result(page)).toContainText('Win by React: Ana')

  // Game 3: Bo wins by Declare (SE-G04), then game 4: Ana's dealt win ends the match 3–1.
  await page.keyboard.press('g')
  await expect(page.getByRole('heading', { name: 'Game 3' })).toBeVisible()
  await page.keyboard.press('d') // no flipped card yet: nothing happens
  await expect(drawCount(page)).toHaveText('46')
  // Typed at full speed, without waiting for the screen: keys typed while an entry is stored are replayed after it.
  await page.keyboard.press('f')
  await page.keyboard.type('K')
  await page.keyboard.press('Enter')
  await page.keyboard.press('d')
  await page.keyboard.type('7')
  await page.keyboard.press('Enter')
  await page.keyboard.press('c')
  await page.keyboard.type('8 9 A')
  await page.keyboard.press('Enter')
  await page.keyboard.press('n')
  await expect(result(page)).toContainText('Win by Declare: Bo')
  await page.keyboard.press('g')
  await expect(page.getByRole('heading', { name: 'Game 4' })).toBeVisible()
  await page.keyboard.press('e')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('match-over')).toHaveText('Ana wins the match 3–1.')
  await expect(page.getByTestId('tally')).toHaveText('Ana 3 · Bo 1 · 0 draws')
  await expect(page.getByRole('button', { name: /Next game/ })).toHaveCount(0)
  await expect(page.locator('.badge')).toHaveText('Finished')
  await shot(page, 'match-over-light')
  expect(await seriousViolations(page)).toEqual([])

  // Reload after the match is over: the whole record is still there.
  await page.reload()
  await expect(page.getByTestId('game-record')).toHaveCount(4)
  await expect(page.getByTestId('game-record').nth(0)).toContainText('Win by swap')
  await expect(page.getByTestId('game-record').nth(1)).toContainText('Win by React')
  await expect(page.getByTestId('game-record').nth(2)).toContainText('Win by Declare')
  await expect(page.getByTestId('game-record').nth(3)).toContainText('Dealt win')
  expect(problems).toEqual([])
})

test('the table display and a pile-count correction that is logged and undone', async ({ page }) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  const id = await openMatch(page, { starter: 0, target: 3 })
  await flipAndDiscardByApi(page, id, [4, 11])
  await page.reload()
  await expect(drawCount(page)).toHaveText('44')
  await expect(discardCount(page)).toHaveText('2')

  // ---- the table display: pile counts, whose flip, reshuffle state, tally ----
  await page.keyboard.press('Alt+t')
  const table = page.getByTestId('sen-table')
  await expect(table).toBeVisible()
  await expect(table.getByTestId('sen-table-turn')).toHaveText('Ana to flip')
  await expect(table.getByTestId('sen-table-draw')).toHaveText('44')
  await expect(table.getByTestId('sen-table-discard')).toHaveText('2')
  await expect(table.getByTestId('sen-table-reshuffle')).toHaveText('Available')
  await expect(table.getByTestId('sen-table-seat-0')).toContainText('0')
  expect(
    await table.getByTestId('sen-table-draw').evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
  ).toBeGreaterThanOrEqual(48)
  await page.screenshot({ path: '/tmp/sen-table-light.png' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: '/tmp/sen-table-dark.png' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })
  // action keys do nothing behind the display
  await page.keyboard.press('f')
  await page.keyboard.press('Escape')
  await expect(table).toBeHidden()
  await expect(page.getByLabel('Ana flips')).not.toBeFocused()

  // ---- the table counts 41 cards: P goes to the count, a wrong count is refused, then corrected ----
  await page.keyboard.press('p')
  const pile = page.getByLabel(/Table's draw pile differs/)
  await expect(pile).toBeFocused()
  await page.keyboard.type('47')
  await page.keyboard.press('Enter')
  await expect(page.locator('#sen-piles-error')).toHaveText(
    'The draw pile cannot hold 47 cards: with 2 on the discard pile and 3 in each hand, at most 44 are left (52 in all).',
  )
  await expect(drawCount(page)).toHaveText('44')
  // Ctrl+Z in the field edits its text only
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled()
  await expect(discardCount(page)).toHaveText('2')
  await pile.fill('41')
  await page.keyboard.press('Enter')
  await expect(drawCount(page)).toHaveText('41')
  await expect(page.getByTestId('pile-sum')).toContainText(
    'draw 41 + discard 2 + 6 = 49 (the table’s count, corrected; a full deck is 52)',
  )
  await expect(page.locator('.log-list li').last()).toHaveText(
    "Pile count corrected: the table's draw pile has 41 cards, not 44 (discard pile 2).",
  )
  await expect(page.getByLabel('Ana flips')).toBeFocused()
  await page.screenshot({ path: '/tmp/sen-corrected-light.png', fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })
  // the correction is an action like any other: Undo takes it back
  await page.keyboard.press('Escape')
  await page.keyboard.press('Control+z')
  await expect(drawCount(page)).toHaveText('44')
  await expect(page.locator('.log-list li').last()).not.toContainText('Pile count corrected')
  expect(problems).toEqual([])
})

test('a key pressed right after Escape closes the table display reaches the screen, and keeps the focus it gave', async ({
  page,
}) => {
  app = await startApp(newDataDir())
  const problems = watchConsole(page)
  await openMatch(page, { starter: 0, target: 3 })
  const table = page.getByTestId('sen-table')
  const displayButton = page.getByRole('button', { name: /Table display/ })
  const pile = page.getByLabel(/Table's draw pile differs/)

  // Closed by Escape (its cancel event, then the close event a task later) with P pressed in between: the same
  // sequence as a quick hand, in one turn of the page's event loop so the close event surely comes after P.
  await displayButton.click()
  await expect(table).toBeVisible()
  // The dialog's close event comes a task after close(): wait for it (and a task more, for what it
  // schedules) before checking that it did not take the focus back from the pile field.
  await page.evaluate(async () => {
    const dialog = document.querySelector<HTMLDialogElement>('[data-testid="sen-table"]') as HTMLDialogElement
    const closed = new Promise<void>((done) =>
      dialog.addEventListener('close', () => setTimeout(done, 0), { once: true }),
    )
    dialog.dispatchEvent(new Event('cancel'))
    dialog.close()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p', bubbles: true }))
    await closed
  })
  await expect(table).toBeHidden()
  await expect(pile).toBeFocused()

  // With no key after Escape, the focus goes back to the button that opened it.
  await displayButton.click()
  await expect(table).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(table).toBeHidden()
  await expect(displayButton).toBeFocused()
  expect(problems).toEqual([])
})
