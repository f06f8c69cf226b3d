/**
 * RoundFormState (the Wild Nine and Nine round forms, without a page) through a real core
 * (bridge.ts): one order of errors for both games (a field that cannot be read at once, the rules'
 * refusals once the field has text or after a try, the first choice after a try), sums read in
 * points fields, the over-9 question, a correction's preview refused with the service's own code,
 * a stale entry kept as not saved, and the draft kept per round.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { NineAction, NineRoundRecord, NineState } from '../../src/shared/games/nine'
import type { WildNineAction, WildNineRoundRecord, WildNineState } from '../../src/shared/games/wild-nine'
import type { MatchView } from '../../src/shared/model/match'
import type { MatchState } from '../../src/renderer/src/state/match.svelte'
import { BREAKS_LATER, RoundFormState, type RoundEdit } from '../../src/renderer/src/games/round-form/state.svelte'
import { wildNineRoundSpec } from '../../src/renderer/src/games/wild-nine/round-spec'
import { confirmedOverNine, nineRoundSpec } from '../../src/renderer/src/games/nine/round-spec'
import { bridgedCore } from './bridge'
import { storedActions, twoPlayerMatch, withoutPage } from './controller-harness'

withoutPage()

/** sessionStorage for the drafts, as a tab has it. */
class MemoryStorage {
  #m = new Map<string, string>()
  getItem = (k: string): string | null => this.#m.get(k) ?? null
  setItem = (k: string, v: string): void => void this.#m.set(k, v)
  removeItem = (k: string): void => void this.#m.delete(k)
}

let bridge: ReturnType<typeof bridgedCore>
beforeEach(() => {
  bridge = bridgedCore()
  ;(globalThis as unknown as { window: { sessionStorage?: MemoryStorage } }).window.sessionStorage = new MemoryStorage()
})
afterEach(() => bridge.cleanup())

async function settled(match: MatchState, count: number): Promise<void> {
  await vi.waitFor(() => expect(match.view?.actions).toHaveLength(count))
  await vi.waitFor(() => expect(match.busy).toBe(false))
}

function wildNineForm(match: MatchState, edit: RoundEdit<WildNineRoundRecord> | null = null) {
  return new RoundFormState(
    () => match,
    () => match.view?.state as WildNineState,
    () => edit,
    wildNineRoundSpec,
  )
}
function nineForm(match: MatchState, edit: RoundEdit<NineRoundRecord> | null = null) {
  return new RoundFormState(
    () => match,
    () => match.view?.state as NineState,
    () => edit,
    nineRoundSpec,
  )
}

describe('RoundFormState: Wild Nine', () => {
  it('a card that cannot be read says so at once; an empty field and the choice wait for a try', async () => {
    const match = await twoPlayerMatch(bridge, 'wild-nine')
    const f = wildNineForm(match)
    expect(f.roundNo).toBe(1)
    f.fields.cards[1] = '11s'
    expect(f.seatErrors).toEqual([null, "'11s' is not a card. Use A, 2–10, J, Q or K plus a suit."])
    expect(f.choiceError).toBeNull()
    expect(await f.send()).toBe('problem')
    expect(f.choiceError).toBe('Choose who went out, or mark the round as a deadlock.')
    expect(await storedActions(bridge, match.id)).toEqual([])
  })

  it("the rules' refusal shows next to the field it names once that field has text (WN-V4)", async () => {
    const match = await twoPlayerMatch(bridge, 'wild-nine')
    const f = wildNineForm(match)
    f.choose(null) // a deadlock: both hands are entered
    f.fields.cards[0] = 'qh 3d'
    f.fields.cards[1] = 'Q♥ 9s'
    expect(f.seatErrors[1]).toBe('Q♥ is entered for both Ana and Bo; each card exists only once.')
    expect(f.seatErrors[0]).toBeNull()
    expect(f.generalError).toBeNull()
    f.fields.cards[1] = '9s'
    expect(f.seatErrors).toEqual([null, null])
    expect(f.record?.points).toEqual([13, 15])
  })

  it('a penalty typed as a sum is added up; the player who went out has no field', async () => {
    const match = await twoPlayerMatch(bridge, 'wild-nine')
    const f = wildNineForm(match)
    f.choose(0)
    f.setMode('points')
    expect(f.allFilled).toBe(false)
    f.fields.numbers[1] = '10+15'
    expect(f.allFilled).toBe(true)
    expect(f.action).toEqual({ type: 'round', wentOut: 0, points: [0, 25] })
    expect(await f.send()).toBe('saved')
    await settled(match, 1)
    expect(await storedActions(bridge, match.id)).toEqual([{ type: 'round', wentOut: 0, points: [0, 25] }])
    // the fields are cleared for the next round, which keeps counting in points
    expect(f.fields).toMatchObject({ choice: undefined, mode: 'points', numbers: ['', ''] })
    // a minus sign is about the sign, at once
    f.fields.numbers[1] = '-5'
    expect(f.seatErrors[1]).toBe("Bo's penalty is never negative: enter it without the minus sign.")
  })

  it('a round refused as stale stays in the form, marked as not saved, and the form takes changes again', async () => {
    const match = await twoPlayerMatch(bridge, 'wild-nine')
    const f = wildNineForm(match)
    f.choose(1)
    f.setMode('points')
    f.fields.numbers[0] = '12'
    // another window enters a round first
    await bridge.direct('matches:apply', { id: match.id, action: { type: 'round', wentOut: 0, points: [0, 7] } })
    expect(await f.send()).toBe('problem')
    expect(f.notSaved).toBe(true)
    expect(f.submitError).toMatch(/^Not saved: the match changed elsewhere before this round was entered/)
    expect(f.fields.numbers[0]).toBe('12')
    expect(await storedActions(bridge, match.id)).toHaveLength(1)
    // the refused send is over: the fields take changes again
    expect(f.sending).toBe(false)
    f.choose(0)
    expect(f.fields.choice).toBe(0)
  })

  it('while a round is on its way, a second Enter sends nothing and a click meant for the next round is not taken', async () => {
    const match = await twoPlayerMatch(bridge, 'wild-nine')
    const f = wildNineForm(match)
    f.choose(1)
    f.setMode('points')
    f.fields.numbers[0] = '12'
    const first = f.send()
    expect(f.sending).toBe(true)
    // the same Enter again, and the next round's first choice and mode picked before the save is back
    expect(await f.send()).toBe('sending')
    f.choose(0)
    f.setMode('cards')
    expect(f.fields).toMatchObject({ choice: 1, mode: 'points', numbers: ['12', ''] })
    expect(await first).toBe('saved')
    expect(f.sending).toBe(false)
    await settled(match, 1)
    expect(await storedActions(bridge, match.id)).toEqual([{ type: 'round', wentOut: 1, points: [12, 0] }])
    expect(f.notSaved).toBe(false)
    expect(f.submitError).toBeNull()
    expect(match.error).toBeNull()
    // the form takes the next round as usual once the save is back
    f.choose(0)
    expect(f.fields.choice).toBe(0)
  })

  it('keeps the round being typed as a draft of its own round number, and gives it back', async () => {
    const match = await twoPlayerMatch(bridge, 'wild-nine')
    const f = wildNineForm(match)
    f.choose(0)
    f.setMode('cards')
    f.fields.cards[1] = 'kh qs'
    f.keepDraft()
    const again = wildNineForm(match)
    expect(again.fields).toMatchObject({ choice: 0, mode: 'cards', cards: ['', 'kh qs'] })
    expect(await again.send()).toBe('saved')
    expect(wildNineForm(match).fields.cards).toEqual(['', ''])
  })
})

describe('RoundFormState: Nine', () => {
  it('the same order: a value above 13 at once, an empty hand and the declarer after a try', async () => {
    const match = await twoPlayerMatch(bridge, 'nine')
    const f = nineForm(match)
    f.setMode('cards')
    f.fields.cards[1] = '13 14'
    expect(f.seatErrors).toEqual([null, 'Nine cards are numbered 0 to 13. Bo entered 14.'])
    expect(await f.send()).toBe('problem')
    expect(f.choiceError).toBe('Choose the player who declared NINE.')
    expect(f.seatErrors[0]).toBe("Enter Ana's cards or hand total.")
  })

  it("the rules' refusal that names no field shows once every field is filled (NI-V3 counts across hands)", async () => {
    const match = await twoPlayerMatch(bridge, 'nine')
    const f = nineForm(match)
    f.setMode('cards')
    f.choose(0)
    f.fields.cards[0] = '13 13'
    f.fields.cards[1] = '13 13 13'
    const shown = [...f.seatErrors, f.generalError].filter((x) => x !== null)
    expect(shown).toEqual(['Five 13s entered; the deck has four of each value 1–13.'])
  })

  it('a declarer above 9 is a question, not an error; confirming enters the deal with confirmOverNine (NI-V7)', async () => {
    const match = await twoPlayerMatch(bridge, 'nine')
    const f = nineForm(match)
    f.choose(1)
    f.setMode('totals')
    f.fields.numbers[0] = '3'
    f.fields.numbers[1] = '5+6'
    expect(f.question?.code).toBe('confirm-over-nine')
    expect(f.engineError).toBeNull()
    expect(f.generalError).toBeNull()
    expect(await f.send()).toBe('problem')
    expect(await storedActions(bridge, match.id)).toEqual([])
    expect(await f.send(confirmedOverNine(f.action))).toBe('saved')
    await settled(match, 1)
    expect(await storedActions(bridge, match.id)).toEqual([
      { type: 'round', declarer: 1, totals: [3, 11], confirmOverNine: true },
    ])
  })

  it("a correction that breaks a later deal is refused in the preview with the service's own code", async () => {
    const match = await twoPlayerMatch(bridge, 'nine')
    const deals: NineAction[] = [
      { type: 'round', declarer: 0, totals: [0, 60] },
      { type: 'round', declarer: 0, totals: [0, 30] },
      { type: 'round', declarer: 0, totals: [1, 5] },
    ]
    for (const [i, action] of deals.entries()) {
      expect((await match.apply(action)).ok).toBe(true)
      await settled(match, i + 1)
    }
    const view = match.view as MatchView
    const record = (view.state as NineState).rounds[1] as NineRoundRecord
    const f = nineForm(match, { index: 1, record })
    expect(f.roundNo).toBe(2)
    expect(f.fields).toMatchObject({ choice: 0, mode: 'totals', numbers: ['0', '30'] })
    // Bo on 60 + 39 = 99 loses at deal 2, so deal 3 cannot be played
    f.fields.numbers[1] = '39'
    expect(f.outcome?.ok).toBe(false)
    expect(f.engineError?.code).toBe(BREAKS_LATER)
    expect(f.generalError).toMatch(/^That change makes deal 3 invalid: /)
    const eventId = view.actions[1]?.eventId as string
    const server = await match.correct(eventId, f.action)
    expect(server.ok ? null : server.error.code).toBe(f.engineError?.code)
    expect(BREAKS_LATER).toBe('correction-breaks-later-entry')
  })

  it('an undone deal comes back into the fields (prefill) and a watched form takes it', async () => {
    const match = await twoPlayerMatch(bridge, 'nine')
    const action: NineAction = { type: 'round', declarer: 1, hands: [[4, 5], []] }
    expect((await match.apply(action)).ok).toBe(true)
    await settled(match, 1)
    expect((await match.undo()).ok).toBe(true)
    await settled(match, 0)
    match.prefill = action
    let f: ReturnType<typeof nineForm> | undefined
    let prefilled = 0
    const stop = $effect.root(() => {
      f = nineForm(match)
      f.watch(() => prefilled++)
    })
    await vi.waitFor(() => expect(prefilled).toBe(1))
    expect(f?.fields).toMatchObject({ choice: 1, mode: 'cards', cards: ['4 5', '-'] })
    expect(match.prefill).toBeNull()
    stop()
  })
})

describe('RoundFormState: Wild Nine edits', () => {
  it('an edit starts from the round as recorded and replays the log', async () => {
    const match = await twoPlayerMatch(bridge, 'wild-nine')
    const a: WildNineAction = { type: 'round', wentOut: 0, points: [0, 30] }
    expect((await match.apply(a)).ok).toBe(true)
    await settled(match, 1)
    const record = (match.view?.state as WildNineState).rounds[0] as WildNineRoundRecord
    const f = wildNineForm(match, { index: 0, record })
    expect(f.fields).toMatchObject({ choice: 0, mode: 'points', numbers: ['', '30'] })
    f.fields.numbers[1] = '31'
    expect(f.record?.totals).toEqual([0, 31])
    expect(await f.send()).toBe('closed')
    await vi.waitFor(() => expect((match.view?.state as WildNineState).totals).toEqual([0, 31]))
  })
})
