/** SPEC section 3.5: every golden example NI-G01..NI-G17, table-driven from tests/fixtures/nine. */
import { describe, expect, it } from 'vitest'
import { replay } from '../../../../src/shared/games/engine'
import {
  applyNineRound,
  classifyNineDiscard,
  nineEngine,
  scoreNineRound,
  scoreNineRoundExplained,
  type NineAction,
  type NineConfig,
  type NineHouseRules,
  type NineState,
} from '../../../../src/shared/games/nine'
import goldenJson from '../../../fixtures/nine/golden.json'

interface RoundExpect {
  points: number[]
  declarerWon: boolean
  totals: number[]
  resets: number[]
  losers: number[]
  over: boolean
  winners: number[]
}
interface RoundCase {
  id: string
  title: string
  prior: number[]
  declarer: number
  hands: number[][]
  overNine?: boolean
  prompt?: string
  rejectMessage?: string
  expect: RoundExpect
  explanationIncludes?: string[]
  variants?: { rules: Partial<NineHouseRules>; winners: number[] }[]
}
interface Golden {
  rounds: RoundCase[]
  firstCircuit: {
    config: NineConfig
    turnOrder: number[]
    rejectedAtTurn4: string
    rejectedAtTurn1: string
    earliest: { seat: number; turn: number }
    earliestForP2: number
  }
  tracking: {
    config: NineConfig
    start: { draw: number; discard: number; hands: number[] }
    actions: NineAction[]
    expect: { draw: number; discard: number; hands: number[] }
  }
  discards: { cases: { cards: number[]; legal: boolean; kind?: string; message?: string }[] }
}
const golden = goldenJson as unknown as Golden

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

function playRound(c: RoundCase, rules: Partial<NineHouseRules> = {}, confirmOverNine?: boolean) {
  const state = must(nineEngine.setup({ names: ['', '', ''], startTotals: c.prior, houseRules: rules }))
  const action: NineAction = { type: 'round', declarer: c.declarer, hands: c.hands }
  if (confirmOverNine !== undefined) action.confirmOverNine = confirmOverNine
  return nineEngine.apply(state, action)
}

describe('Nine golden rounds NI-G01..NI-G14', () => {
  it('the fixture holds all fourteen round examples', () => {
    expect(golden.rounds.map((c) => c.id)).toEqual(
      Array.from({ length: 14 }, (_, i) => `NI-G${String(i + 1).padStart(2, '0')}`),
    )
  })

  describe.each(golden.rounds)('$id $title', (c) => {
    it('scoreNineRound gives the SPEC round scores', () => {
      expect(scoreNineRound(c.hands, c.declarer)).toStrictEqual({
        ok: true,
        value: { points: c.expect.points, declarerWon: c.expect.declarerWon },
      })
      const explained = must(scoreNineRoundExplained(c.hands, c.declarer))
      expect(explained.points).toEqual(c.expect.points)
      expect(explained.handTotals).toEqual(c.hands.map((h) => h.reduce((a, b) => a + b, 0)))
      expect(explained.explanation).toBe(explained.lines.join(' '))
    })

    it('applyNineRound gives the SPEC totals, resets, losers and winners', () => {
      expect(applyNineRound(c.prior, c.expect.points)).toStrictEqual({
        totals: c.expect.totals,
        resets: c.expect.resets,
        losers: c.expect.losers,
        over: c.expect.over,
        winners: c.expect.winners,
      })
    })

    it('the engine records the same round with its explanation', () => {
      const r = playRound(c, {}, c.overNine ? true : undefined)
      const s = must(r)
      const rec = s.rounds[0]
      expect(rec).toBeDefined()
      if (!rec) return
      expect(rec.points).toEqual(c.expect.points)
      expect(rec.before).toEqual(c.prior)
      expect(rec.totals).toEqual(c.expect.totals)
      expect(rec.resets).toEqual(c.expect.resets)
      expect(rec.losers).toEqual(c.expect.losers)
      expect(rec.declarerWon).toBe(c.expect.declarerWon)
      expect(s.totals).toEqual(c.expect.totals)
      expect(s.phase).toBe(c.expect.over ? 'over' : 'round-entry')
      const st = nineEngine.status(s)
      expect(st.over).toBe(c.expect.over)
      expect(st.winners).toEqual(c.expect.winners)
      expect(nineEngine.standings(s).map((x) => x.eliminated)).toEqual(c.expect.totals.map((t) => t >= 99))
      expect(rec.explanation).toBe(rec.lines.join(' '))
      for (const text of c.explanationIncludes ?? []) expect(rec.lines).toContain(text)
      if (c.expect.over) {
        const again = nineEngine.apply(s, { type: 'round', declarer: 0, hands: [[1], [2], [3]] })
        expect(again.ok).toBe(false)
        if (!again.ok) expect(again.error.message).toMatch(/^The game is over: /)
      }
    })

    for (const v of c.variants ?? []) {
      it(`house rule ${JSON.stringify(v.rules)}: same totals and losers, winners ${JSON.stringify(v.winners)}`, () => {
        const s = must(playRound(c, v.rules))
        expect(s.totals).toEqual(c.expect.totals)
        expect(s.losers).toEqual(c.expect.losers)
        expect(s.winners).toEqual(v.winners)
        expect(nineEngine.status(s).winners).toEqual(v.winners)
        expect(nineEngine.status(s).message).not.toMatch(/wins/)
      })
    }
  })
})

describe('NI-G14 a declarer above 9 (house rule overNineDeclaration)', () => {
  const c = golden.rounds.find((x) => x.id === 'NI-G14') as RoundCase
  it('the engine asks for confirmation first (NI-V7 prompt) and scores nothing', () => {
    const r = playRound(c)
    expect(r).toStrictEqual({
      ok: false,
      error: { code: 'confirm-over-nine', message: c.prompt, field: 'confirmOverNine' },
    })
  })
  it('confirmed, it is a failed declaration: 25 / 0 / 0 and totals 35 / 10 / 10', () => {
    const s = must(playRound(c, {}, true))
    expect(s.rounds[0]?.overNine).toBe(true)
    expect(s.totals).toEqual([35, 10, 10])
    expect(s.rounds[0]?.lines[0]).toBe(
      'P1 declared NINE with 11, but NINE needs 9 or less, so it counts as a failed declaration.',
    )
  })
  it('REJECT refuses the entry even when confirmed, in the engine and in scoreNineRound', () => {
    const r = playRound(c, { overNineDeclaration: 'REJECT' }, true)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error).toMatchObject({ code: 'over-nine-rejected', message: c.rejectMessage })
    const p = scoreNineRound(c.hands, c.declarer, { overNineDeclaration: 'REJECT' })
    expect(p.ok).toBe(false)
    if (!p.ok) expect(p.error.message).toBe(c.rejectMessage)
  })
  it('scoreNineRound under the default scores the failed declaration directly', () => {
    const p = must(scoreNineRound(c.hands, c.declarer, { overNineDeclaration: 'FAILED_DECLARATION' }))
    expect(p.points).toEqual([25, 0, 0])
    expect(p).toStrictEqual({ points: [25, 0, 0], declarerWon: false })
  })
})

/** One ordinary turn for the player to act: take from the draw pile and discard one card. */
const plainTurn = (value: number): NineAction[] => [
  { type: 'take', source: 'draw' },
  { type: 'discard', cards: [value] },
]

describe('NI-G15 the first-circuit restriction', () => {
  const g = golden.firstCircuit
  const afterTurns = (k: number): NineState => {
    const log: NineAction[] = [{ type: 'deal' }]
    for (let t = 0; t < k; t++) log.push(...plainTurn(t + 1))
    const r = replay(nineEngine, g.config, log)
    if (!r.ok) throw new Error(r.error.message)
    return r.value
  }

  it('turns go P3, P4, P1, P2, P3, ... from the dealer P2', () => {
    const seats = g.turnOrder.map((_, i) => afterTurns(i).live?.seat)
    expect(seats).toEqual(g.turnOrder)
    expect(nineEngine.status(afterTurns(3))).toMatchObject({ phase: 'turns', toAct: 1 })
  })

  it('P2 declaring at turn 4 (their first turn) is rejected with NI-V8', () => {
    const s = afterTurns(3)
    expect(s.live?.turn).toBe(4)
    const r = nineEngine.apply(s, { type: 'declare' })
    expect(r).toStrictEqual({
      ok: false,
      error: { code: 'first-circuit', message: g.rejectedAtTurn4, field: 'declarer' },
    })
    // a round entered directly for P2 is refused the same way
    const direct = nineEngine.apply(s, { type: 'round', declarer: 1, totals: [10, 5, 10, 10] })
    expect(direct.ok).toBe(false)
    if (!direct.ok) expect(direct.error.message).toBe(g.rejectedAtTurn4)
    expect(nineEngine.legalActions(s).some((a) => a.type === 'declare')).toBe(false)
  })

  it('P3 at turn 1 is told turn 5', () => {
    const r = nineEngine.apply(afterTurns(0), { type: 'declare' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toBe(g.rejectedAtTurn1)
  })

  it('the earliest legal declaration is P3 at turn 5; P2 next gets one at turn 8', () => {
    const s = afterTurns(4)
    expect(s.live).toMatchObject({ seat: g.earliest.seat, turn: g.earliest.turn })
    expect(nineEngine.legalActions(s)).toContainEqual({ type: 'declare', seat: g.earliest.seat })
    const declared = must(nineEngine.apply(s, { type: 'declare' }))
    expect(declared.phase).toBe('reveal')
    expect(declared.live?.declarer).toBe(2)
    const p2 = afterTurns(g.earliestForP2 - 1)
    expect(p2.live).toMatchObject({ seat: 1, turn: g.earliestForP2 })
    expect(nineEngine.apply(p2, { type: 'declare', seat: 1 }).ok).toBe(true)
  })
})

describe('NI-G16 tracking counts through a snap', () => {
  const g = golden.tracking
  it('starts at draw 38, discard 1, hands 5/5/5', () => {
    const r = replay(nineEngine, g.config, g.actions.slice(0, 1))
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.live?.draw).toBe(g.start.draw)
    expect(r.value.live?.discard.length).toBe(g.start.discard)
    expect(r.value.live?.hands).toEqual(g.start.hands)
  })
  it('ends at draw 36, discard 6, hands 4/5/3 and the count stays 54 after every action', () => {
    for (let k = 1; k <= g.actions.length; k++) {
      const r = replay(nineEngine, g.config, g.actions.slice(0, k))
      if (!r.ok) throw new Error(`${k}: ${r.error.message}`)
      const l = r.value.live
      if (!l) throw new Error('no live deal')
      expect(l.draw + l.discard.length + l.hands.reduce((a, b) => a + b, 0) + (l.taken ? 1 : 0)).toBe(54)
    }
    const r = replay(nineEngine, g.config, g.actions)
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.live?.draw).toBe(g.expect.draw)
    expect(r.value.live?.discard.length).toBe(g.expect.discard)
    expect(r.value.live?.hands).toEqual(g.expect.hands)
    expect(r.value.live?.discard).toEqual([null, 4, 9, 7, 7, 7])
  })
  it('P2, who took the 4 from the discard pile, cannot snap (default snapSource DRAW_PILE_ONLY)', () => {
    const base = [...g.actions.slice(0, 4), { type: 'discard', cards: [4] } as NineAction]
    const r = replay(nineEngine, g.config, base)
    if (!r.ok) throw new Error(r.error.message)
    const snap = nineEngine.apply(r.value, { type: 'snap' })
    expect(snap).toStrictEqual({
      ok: false,
      error: {
        code: 'cannot-snap',
        message: 'You can only snap a card of the same value you just discarded, drawn from the draw pile.',
      },
    })
  })
  it('house rule snapSource ANY_TAKEN_CARD lets P2 snap the taken 4', () => {
    const config = { ...g.config, houseRules: { snapSource: 'ANY_TAKEN_CARD' as const } }
    const log = [
      ...g.actions.slice(0, 4),
      { type: 'discard', cards: [4] } as NineAction,
      { type: 'snap', seat: 1 } as NineAction,
    ]
    const r = replay(nineEngine, config, log)
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.live?.hands).toEqual([4, 4, 5])
    expect(r.value.live?.discard).toEqual([null, 4, 4, 4])
  })
  it('P2 discarding a 9 after taking a 4 cannot snap under either source rule', () => {
    for (const snapSource of ['DRAW_PILE_ONLY', 'ANY_TAKEN_CARD'] as const) {
      const r = replay(nineEngine, { ...g.config, houseRules: { snapSource } }, g.actions.slice(0, 5))
      if (!r.ok) throw new Error(r.error.message)
      expect(nineEngine.apply(r.value, { type: 'snap' }).ok).toBe(false)
    }
  })
})

describe('NI-G17 discard legality', () => {
  it.each(golden.discards.cases)('$cards legal=$legal', (c) => {
    const r = classifyNineDiscard(c.cards)
    expect(r.ok).toBe(c.legal)
    if (r.ok) expect(r.value.kind).toBe(c.kind)
    else expect(r.error.message).toBe(c.message)
  })

  it.each(golden.discards.cases)('the engine accepts or refuses $cards the same way', (c) => {
    // a hand of 5 so that any group up to 5 cards is possible
    const r = replay(nineEngine, { names: ['A', 'B'] }, [{ type: 'deal' }, { type: 'take', source: 'draw' }])
    if (!r.ok) throw new Error(r.error.message)
    const d = nineEngine.apply(r.value, { type: 'discard', cards: c.cards })
    expect(d.ok).toBe(c.legal)
    if (!d.ok) expect(d.error.message).toBe(c.message)
  })
})
