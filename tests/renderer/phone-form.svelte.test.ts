/**
 * The phone's entry forms (src/renderer/src/phone/form.svelte.ts) without a page, over a real core and its
 * table units (tablesOf): a Wild Nine round and a Nine deal go through the laptop's RoundFormState, so the
 * phone shows the laptop's messages in the laptop's order for the same fields (compared step by step with
 * the laptop's form on the same match); a stale entry is kept as not saved; a Seven Eight Nine game's
 * result (SE-R15) is checked by the engine before it is sent (SE-V12).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { WildNineState } from '../../src/shared/games/wild-nine'
import type { NineState } from '../../src/shared/games/nine'
import type { SenState } from '../../src/shared/games/seven-eight-nine'
import type { MatchView } from '../../src/shared/model/match'
import type { PhoneView } from '../../src/renderer/src/phone/client'
import {
  PhoneMatch,
  SenResultForm,
  phoneRoundForm,
  pickMode,
  type PhoneRoundForm,
} from '../../src/renderer/src/phone/form.svelte'
import { RoundFormState } from '../../src/renderer/src/games/round-form/state.svelte'
import { wildNineRoundSpec } from '../../src/renderer/src/games/wild-nine/round-spec'
import { nineRoundSpec } from '../../src/renderer/src/games/nine/round-spec'
import { tablesOf, type TablesService } from '../../src/web/tables/service'
import type { TableUnit } from '../../src/web/tables/store'
import { bridgedCore } from './bridge'
import { storedActions, twoPlayerMatch, withoutPage } from './controller-harness'

withoutPage()

class MemoryStorage {
  #m = new Map<string, string>()
  getItem = (k: string): string | null => this.#m.get(k) ?? null
  setItem = (k: string, v: string): void => void this.#m.set(k, v)
  removeItem = (k: string): void => void this.#m.delete(k)
}

let bridge: ReturnType<typeof bridgedCore>
let tables: TablesService
beforeEach(() => {
  bridge = bridgedCore()
  ;(globalThis as unknown as { window: { sessionStorage?: MemoryStorage } }).window.sessionStorage = new MemoryStorage()
  tables = tablesOf(bridge.core)
  tables.store.open(new Date(Date.now() + 3600_000))
})
afterEach(() => bridge.cleanup())

/** The match as the paired phone sees it (through JSON, as over HTTP) and a form's match that enters through the
 * table unit with the head that view had, as the phone's queue sends it. */
function phoneOf(matchId: string): {
  unit: TableUnit
  view: () => PhoneView
  match: (v: PhoneView) => PhoneMatch
  /** How many entries the phone has sent. */
  sent: () => number
} {
  const { unit } = tables.store.addPhone(matchId, 'Table 1')
  let n = 0
  const view = (): PhoneView => {
    const r = tables.view(unit)
    if (!r.ok) throw new Error(r.error.message)
    return JSON.parse(JSON.stringify(r.value)) as PhoneView
  }
  const match = (v: PhoneView) =>
    new PhoneMatch(matchId, async (action) => {
      n += 1
      return JSON.parse(JSON.stringify(await tables.enter(unit, `phone-key-${n}`, action, v.head))) as never
    })
  return { unit, view, match, sent: () => n }
}

/** The errors a form shows, in its order. */
const shown = (f: { seatErrors: (string | null)[]; choiceError: string | null; generalError: string | null }) => ({
  seats: f.seatErrors,
  choice: f.choiceError,
  general: f.generalError,
})

describe('the phone reuses the laptop’s round form', () => {
  it('Wild Nine: the same messages in the same order as the laptop’s form, step by step, then the round entered', async () => {
    const laptop = await twoPlayerMatch(bridge, 'wild-nine')
    const lf = new RoundFormState(
      () => laptop,
      () => laptop.view?.state as WildNineState,
      () => null,
      wildNineRoundSpec,
    )
    const phone = phoneOf(laptop.id)
    const v = phone.view()
    const pf = phoneRoundForm(v, phone.match(v)) as PhoneRoundForm
    // the phone counts in points unless its table picks cards
    expect(pf.fields.mode).toBe('points')
    const steps: ((f: PhoneRoundForm | typeof lf) => void)[] = [
      (f) => f.setMode('cards'),
      (f) => (f.fields.cards[1] = '11s'),
      (f) => (f.fields.cards[1] = 'qh 9s'),
      (f) => f.choose(null),
      (f) => (f.fields.cards[0] = 'Q♥'),
      (f) => f.setMode('points'),
      (f) => (f.fields.numbers[0] = '10+x'),
      (f) => (f.fields.numbers[0] = '12'),
    ]
    const seen: ReturnType<typeof shown>[] = []
    for (const step of steps) {
      step(lf)
      step(pf)
      expect(shown(pf)).toEqual(shown(lf))
      seen.push(shown(pf))
    }
    // what was compared: an unreadable card at once, the rules' refusal beside its field (WN-V4), a bad sum
    expect(seen[1]?.seats[1]).toBe("'11s' is not a card. Use A, 2–10, J, Q or K plus a suit.")
    expect(seen[4]?.seats[1]).toBe('Q♥ is entered for both Ana and Bo; each card exists only once.')
    expect(seen[6]?.seats[0]).toMatch(/^Ana: enter the penalty as a whole number/)
    // a try shows the same, with nothing sent from either
    expect(await lf.send()).toBe('problem')
    expect(await pf.send()).toBe('problem')
    expect(shown(pf)).toEqual(shown(lf))
    expect(shown(pf).seats[1]).toBe(lf.seatErrors[1])
    expect(await storedActions(bridge, laptop.id)).toEqual([])
    expect(phone.sent()).toBe(0)

    pf.fields.numbers[1] = '15'
    expect(await pf.send()).toBe('saved')
    expect(await storedActions(bridge, laptop.id)).toEqual([{ type: 'round', wentOut: null, points: [12, 15] }])
    expect(phone.view().canUndo).toBe(true)
  })

  it('a choice missing is asked after a try, in the laptop’s words; the mode the table picked stays for the next form', async () => {
    const laptop = await twoPlayerMatch(bridge, 'wild-nine')
    const phone = phoneOf(laptop.id)
    let v = phone.view()
    const pf = phoneRoundForm(v, phone.match(v)) as PhoneRoundForm
    expect(pf.choiceError).toBeNull()
    pf.fields.numbers[1] = '7'
    expect(await pf.send()).toBe('problem')
    expect(pf.choiceError).toBe('Choose who went out, or mark the round as a deadlock.')
    pickMode(pf, 'cards')
    pf.choose(0)
    pf.fields.cards[1] = '9s 3d'
    expect(await pf.send()).toBe('saved')
    v = phone.view()
    expect((phoneRoundForm(v, phone.match(v)) as PhoneRoundForm).fields.mode).toBe('cards')
    expect(await storedActions(bridge, laptop.id)).toEqual([{ type: 'round', wentOut: 0, hands: [[], ['9S', '3D']] }])
  })

  it('Nine: the over-9 question is the laptop’s, and confirming enters the deal as a failed declaration (NI-V7)', async () => {
    const laptop = await twoPlayerMatch(bridge, 'nine')
    const lf = new RoundFormState(
      () => laptop,
      () => laptop.view?.state as NineState,
      () => null,
      nineRoundSpec,
    )
    const phone = phoneOf(laptop.id)
    const v = phone.view()
    const pf = phoneRoundForm(v, phone.match(v)) as PhoneRoundForm
    expect(pf.fields.mode).toBe('totals')
    for (const f of [lf, pf]) {
      f.setMode('totals')
      f.choose(0)
      f.fields.numbers[0] = '12'
      f.fields.numbers[1] = '20'
    }
    expect(pf.question?.message).toBe(lf.question?.message)
    expect(pf.question).not.toBeNull()
    expect(await pf.send({ ...(pf.action as object), confirmOverNine: true })).toBe('saved')
    expect(await storedActions(bridge, laptop.id)).toEqual([
      { type: 'round', declarer: 0, totals: [12, 20], confirmOverNine: true },
    ])
  })

  it('an entry refused as stale (the laptop entered first) stays in the form, marked not saved, as on the laptop', async () => {
    const laptop = await twoPlayerMatch(bridge, 'nine')
    const phone = phoneOf(laptop.id)
    const v = phone.view()
    const pf = phoneRoundForm(v, phone.match(v)) as PhoneRoundForm
    await bridge.direct('matches:apply', { id: laptop.id, action: { type: 'round', declarer: 1, totals: [20, 5] } })
    pf.choose(0)
    pf.fields.numbers[0] = '4'
    pf.fields.numbers[1] = '30'
    expect(await pf.send()).toBe('problem')
    expect(pf.notSaved).toBe(true)
    expect(pf.submitError).toMatch(/^Not saved: the match changed elsewhere before this deal was entered/)
    expect(pf.fields.numbers).toEqual(['4', '30'])
    expect(await storedActions(bridge, laptop.id)).toHaveLength(1)
  })
})

describe('a Seven Eight Nine result from the phone (SE-R15)', () => {
  async function senPhone() {
    const laptop = await twoPlayerMatch(bridge, 'seven-eight-nine')
    const phone = phoneOf(laptop.id)
    const v = phone.view()
    return { laptop, phone, v, form: new SenResultForm(() => v.state as SenState, phone.match(v)) }
  }

  it('asks for the winner and the ending after a try, and sends nothing until both are chosen', async () => {
    const { laptop, form } = await senPhone()
    expect([form.winnerError, form.endingError]).toEqual([null, null])
    expect(await form.send()).toBe('problem')
    expect([form.winnerError, form.endingError]).toEqual([
      'Choose who won the game, or a draw.',
      'Choose how the game ended.',
    ])
    form.winner = 1
    expect(form.winnerError).toBeNull()
    expect(await form.send()).toBe('problem')
    expect(await storedActions(bridge, laptop.id)).toEqual([])
  })

  it('shows the engine’s refusal (SE-V12) before sending, and sends an allowed result once', async () => {
    const { laptop, phone, form } = await senPhone()
    form.winner = null
    form.ending = 'declare'
    expect(form.engineError).toBe(
      'A game is drawn only at the tiebreaker or when both players were dealt 7-8-9; a swap, a React or a Declare always has a winner.',
    )
    expect(await form.send()).toBe('problem')
    // refused on the phone: nothing went to the laptop
    expect(phone.sent()).toBe(0)
    expect(await storedActions(bridge, laptop.id)).toEqual([])
    form.winner = 0
    expect(form.engineError).toBeNull()
    expect(form.gameNo).toBe(1)
    expect(await form.send()).toBe('saved')
    expect(await storedActions(bridge, laptop.id)).toEqual([{ type: 'result', winner: 0, ending: 'declare' }])
    const after = phone.view()
    expect(after.standings.map((s) => s.score)).toEqual([1, 0])
    expect(after.canUndo).toBe(true)
    // the next result is game 2's
    expect(new SenResultForm(() => after.state as SenState, phone.match(after)).gameNo).toBe(2)
  })

  it('a game the laptop is tracking move by move is refused with the engine’s words', async () => {
    const laptop = await twoPlayerMatch(bridge, 'seven-eight-nine')
    await bridge.direct<MatchView>('matches:apply', { id: laptop.id, action: { type: 'flip', card: 4 } })
    const phone = phoneOf(laptop.id)
    const v = phone.view()
    const form = new SenResultForm(() => v.state as SenState, phone.match(v))
    form.winner = 1
    form.ending = 'swap'
    expect(form.engineError).toBe(
      'Game 1 is being tracked move by move (1 card flipped): finish it that way, or undo back to its start to enter its result in one step.',
    )
    expect(await form.send()).toBe('problem')
    expect(await storedActions(bridge, laptop.id)).toHaveLength(1)
  })
})
