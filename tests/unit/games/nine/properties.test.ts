/** fast-check properties of the Nine engine (≥ 1,000 runs each). */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyNineRound,
  nineEngine,
  scoreNineRound,
  NINE_RULE_VALUES,
  type NineAction,
  type NineConfig,
  type NineHouseRules,
  type NineState,
} from '../../../../src/shared/games/nine'
import { mulberry32 } from '../../../helpers/prng'
import { engineProperties, NUM_RUNS, simulate } from '../engine-properties'

/** A small deterministic PRNG so one `pick` drives every choice of one action. */
const rng = (seed: number): (() => number) => mulberry32(seed ^ 0x9e3779b9)
const int = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1))
const pickOf = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T

const limit = (v: number): number => (v === 0 ? 2 : 4)

/** Physically possible revealed hands of the given sizes (no value beyond its copies). */
function dealHands(r: () => number, sizes: number[], used: number[]): number[][] {
  const deck: number[] = []
  for (let v = 0; v <= 13; v++) {
    const left = limit(v) - used.filter((u) => u === v).length
    for (let i = 0; i < left; i++) deck.push(v)
  }
  return sizes.map((sz) => {
    const hand: number[] = []
    for (let i = 0; i < sz && deck.length > 0; i++)
      hand.push(deck.splice(Math.floor(r() * deck.length), 1)[0] as number)
    return hand
  })
}

function roundAction(r: () => number, state: NineState, declarers: number[], sizes: number[] | null): NineAction {
  const n = state.names.length
  const live = state.live
  const top = live ? (live.discard[live.discard.length - 1] ?? null) : null
  const hands = dealHands(r, sizes ?? state.names.map(() => int(r, r() < 0.5 ? 1 : 0, 5)), top === null ? [] : [top])
  // often let the lowest hand declare, so that declarations win and the losers' totals climb
  const sums = hands.map((h) => h.reduce((a, b) => a + b, 0))
  const lowest = sums.indexOf(Math.min(...sums))
  const declarer = declarers.includes(lowest) && r() < 0.6 ? lowest : pickOf(r, declarers)
  const byTotal = r() < 0.3
  const a: NineAction = byTotal
    ? { type: 'round', declarer, totals: sums, hands: hands.map((h, s) => (s % 2 === 0 ? null : h)) }
    : { type: 'round', declarer, hands }
  if (r() < 0.8) a.confirmOverNine = true
  void n
  return a
}

function discardAction(r: () => number, state: NineState, maxCards: number): NineAction {
  const known = (state.live?.discard ?? []).filter((v): v is number => v !== null)
  const room = (v: number): number => limit(v) - known.filter((k) => k === v).length
  const roll = r()
  if (maxCards >= 5 && roll < 0.15) {
    const start = int(r, 1, 9)
    const run = [start, start + 1, start + 2, start + 3, start + 4]
    if (run.every((v) => room(v) >= 1)) return { type: 'discard', cards: run }
  }
  if (maxCards >= 2 && roll < 0.4) {
    const k = int(r, 2, Math.min(4, maxCards))
    const options = Array.from({ length: 14 }, (_, v) => v).filter((v) => room(v) >= k)
    if (options.length > 0) {
      const v = pickOf(r, options)
      return { type: 'discard', cards: new Array<number>(k).fill(v) }
    }
  }
  const options = Array.from({ length: 14 }, (_, v) => v).filter((v) => room(v) >= 1)
  return { type: 'discard', cards: [options.length ? pickOf(r, options) : int(r, 0, 13)] }
}

const GARBAGE: unknown[] = [
  { type: 'round', declarer: 9, totals: [1, 2] },
  { type: 'round', declarer: 0, hands: [[14]] },
  { type: 'round', declarer: 0, totals: [1, 2, 3], points: [1, 2, 3] },
  { type: 'take', source: 'hand' },
  { type: 'discard', cards: [1, 2] },
  { type: 'discard', cards: [0, 1, 2, 3, 4] },
  { type: 'snap', value: 13 },
  { type: 'declare' },
  { type: 'deal', top: -1 },
  { type: 'jump' },
  null,
  'round',
]

export interface Bias {
  /** chance of following a deal turn by turn rather than entering the result directly */
  deal: number
  /** chance per eligible turn of declaring */
  declare: number
}

export const makeNextAction =
  (bias: Bias) =>
  (state: NineState, pick: number): NineAction => {
    const r = rng(pick)
    if (r() < 0.08) return pickOf(r, GARBAGE) as NineAction
    const legal = nineEngine.legalActions(state)
    if (legal.length === 0) return { type: 'round', declarer: 0, totals: state.names.map(() => 5) }
    const types = legal.map((l) => l.type)
    const want = (t: string, p: number): boolean => types.includes(t as NineAction['type']) && r() < p
    for (const l of legal) {
      if (l.type === 'snap' && r() < 0.4)
        return r() < 0.5
          ? { type: 'snap', value: pickOf(r, l.values) }
          : { type: 'snap', seat: l.seat, value: pickOf(r, l.values) }
    }
    if (state.phase === 'round-entry') {
      if (want('deal', bias.deal)) return { type: 'deal', top: r() < 0.5 ? null : int(r, 0, 13) }
      return roundAction(
        r,
        state,
        state.names.map((_, s) => s),
        null,
      )
    }
    if (want('stop-tracking', 0.01)) return { type: 'stop-tracking' }
    for (const l of legal) {
      if (l.type === 'round' && (state.phase === 'reveal' || r() < bias.declare))
        return roundAction(r, state, l.declarers, l.handSizes)
      if (l.type === 'declare' && r() < bias.declare) return { type: 'declare' }
    }
    for (const l of legal) {
      if (l.type === 'take')
        return { type: 'take', source: pickOf(r, l.sources), ...(r() < 0.3 ? { seat: l.seat } : {}) }
      if (l.type === 'discard') return discardAction(r, state, l.maxCards)
    }
    // an empty hand: declaring is the only move
    return types.includes('declare') ? { type: 'declare' } : { type: 'stop-tracking' }
  }

/** Mostly legal actions, with enough direct round entries that matches reach 99. */
export const nextAction = makeNextAction({ deal: 0.3, declare: 0.08 })
/** Long tracked deals: snaps, reshuffles, void deals. */
export const trackingAction = makeNextAction({ deal: 0.95, declare: 0.008 })

const ruleArb: fc.Arbitrary<Partial<NineHouseRules>> = fc.record(
  {
    overNineDeclaration: fc.constantFrom(...NINE_RULE_VALUES.overNineDeclaration),
    result: fc.constantFrom(...NINE_RULE_VALUES.result),
    snapSource: fc.constantFrom(...NINE_RULE_VALUES.snapSource),
    snapAfterRun: fc.constantFrom(...NINE_RULE_VALUES.snapAfterRun),
    emptyDrawPile: fc.constantFrom(...NINE_RULE_VALUES.emptyDrawPile),
  },
  { requiredKeys: [] },
)

export const configArb: fc.Arbitrary<NineConfig> = fc.integer({ min: 2, max: 8 }).chain((n) =>
  fc
    .record({
      names: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      firstDealer: fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: undefined }),
      houseRules: fc.option(ruleArb, { nil: undefined }),
      startTotals: fc.option(
        fc.array(
          fc.integer({ min: 0, max: 98 }).filter((t) => t !== 90),
          { minLength: n, maxLength: n },
        ),
        { nil: undefined },
      ),
    })
    .map(({ names, firstDealer, houseRules, startTotals }) => {
      const c: NineConfig = { names: names.map((named, i) => (named ? `Player ${i + 1}` : '')) }
      if (firstDealer !== undefined) c.firstDealer = firstDealer
      if (houseRules !== undefined) c.houseRules = houseRules
      if (startTotals !== undefined) c.startTotals = startTotals
      return c
    }),
)

const picks = fc.array(fc.nat(), { maxLength: 80 })
const longPicks = fc.array(fc.nat(), { minLength: 50, maxLength: 300 })

describe('Nine engine: generic engine properties', () => {
  engineProperties({ engine: nineEngine, config: configArb, nextAction, steps: 80 })
})

describe('Nine engine: game properties', () => {
  it('no stored total is ever exactly 90, and every record follows from the one before', () => {
    fc.assert(
      fc.property(configArb, picks, (cfg, ps) => {
        const sim = simulate(nineEngine, cfg, ps, nextAction)
        for (const s of sim.states) {
          expect(s.totals).not.toContain(90)
          let prev = s.rounds[0]?.before
          for (const rec of s.rounds) {
            expect(rec.totals).not.toContain(90)
            expect(rec.before).toEqual(prev)
            const applied = applyNineRound(rec.before, rec.points)
            expect(rec.totals).toEqual(applied.totals)
            expect(rec.resets).toEqual(applied.resets)
            expect(rec.losers).toEqual(applied.losers)
            expect(rec.resets.every((seat) => (rec.before[seat] ?? 0) + (rec.points[seat] ?? 0) === 90)).toBe(true)
            prev = rec.totals
          }
          if (s.rounds.length > 0) expect(s.totals).toEqual(prev)
        }
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('every round score has the all-or-nothing shape (NI-V13) and matches scoreNineRound', () => {
    fc.assert(
      fc.property(configArb, picks, (cfg, ps) => {
        const sim = simulate(nineEngine, cfg, ps, nextAction)
        const last = sim.states[sim.states.length - 1] as NineState
        for (const rec of last.rounds) {
          if (rec.void) {
            expect(rec.points.every((p) => p === 0)).toBe(true)
            continue
          }
          const d = rec.declarer as number
          const dt = rec.handTotals[d] as number
          const won = dt <= 9 && rec.handTotals.every((t, s) => s === d || t > dt)
          expect(rec.declarerWon).toBe(won)
          expect(rec.overNine).toBe(dt > 9)
          expect(rec.points).toEqual(rec.handTotals.map((t, s) => (won ? (s === d ? 0 : t) : s === d ? 25 : 0)))
          if (rec.hands.every((h) => h !== null)) {
            const pure = scoreNineRound(rec.hands as number[][], d, {
              overNineDeclaration: last.rules.overNineDeclaration,
            })
            expect(pure.ok).toBe(true)
            if (pure.ok) expect(pure.value.points).toEqual(rec.points)
          }
          expect(rec.explanation.length).toBeGreaterThan(0)
          if (last.rules.overNineDeclaration === 'REJECT') expect(rec.overNine).toBe(false)
        }
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('live tracking keeps 54 cards, hands within 0..5, and the first circuit free of declarations', () => {
    const seen = { reveal: 0, snap: 0, drawPileExhausted: 0, emptyHand: 0 }
    fc.assert(
      fc.property(configArb, longPicks, (cfg, ps) => {
        const sim = simulate(nineEngine, cfg, ps, trackingAction)
        sim.states.forEach((s, i) => {
          const l = s.live
          if (!l) return
          const total = l.draw + l.discard.length + l.hands.reduce((a, b) => a + b, 0) + (l.taken ? 1 : 0)
          expect(total).toBe(54)
          expect(l.draw).toBeGreaterThanOrEqual(0)
          expect(l.hands.every((h) => h >= 0 && h <= 5)).toBe(true)
          expect(l.seat).toBe((s.dealer + l.turn) % s.names.length)
          if (l.hands.includes(0)) seen.emptyHand++
          if (s.phase === 'reveal') {
            seen.reveal++
            expect(l.turn).toBeGreaterThan(s.names.length)
            expect(sim.states[i - 1]?.phase).toBe('turns')
          }
        })
        for (const { state, action } of sim.rejected) {
          if (action?.type === 'declare' && state.live && state.live.turn <= state.names.length) {
            expect(nineEngine.apply(state, action).ok).toBe(false)
          }
        }
        const last = sim.states[sim.states.length - 1] as NineState
        if (sim.accepted.some((a) => a.type === 'snap')) seen.snap++
        if (sim.states.some((s) => (s.live?.reshuffles ?? 0) > 0) || last.rounds.some((r) => r.void))
          seen.drawPileExhausted++
      }),
      { numRuns: NUM_RUNS },
    )
    // the generator really reaches the interesting situations
    for (const [k, v] of Object.entries(seen)) expect(v, k).toBeGreaterThan(0)
  })

  it('a declaration in the first circuit is always refused', () => {
    fc.assert(
      fc.property(configArb, longPicks, (cfg, ps) => {
        const sim = simulate(nineEngine, cfg, ps, trackingAction)
        for (const s of sim.states) {
          const l = s.live
          if (s.phase !== 'turns' || !l || l.step !== 'start') continue
          const r = nineEngine.apply(s, { type: 'declare' })
          expect(r.ok).toBe(l.turn > s.names.length)
          if (!r.ok) expect(r.error.code).toBe('first-circuit')
        }
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('the match ends exactly when a total reaches 99; then everything is refused and the winners are the lowest', () => {
    let ended = 0
    fc.assert(
      fc.property(configArb, picks, (cfg, ps) => {
        const sim = simulate(nineEngine, cfg, ps, nextAction)
        for (const s of sim.states) {
          const anyOut = s.totals.some((t) => t >= 99)
          expect(s.phase === 'over').toBe(anyOut)
          expect(nineEngine.status(s).over).toBe(anyOut)
          expect(
            nineEngine
              .standings(s)
              .filter((x) => x.eliminated)
              .map((x) => x.seat),
          ).toEqual(s.losers)
          if (!anyOut) {
            expect(s.winners).toEqual([])
            continue
          }
          const alive = s.totals.filter((t) => t < 99)
          const low = Math.min(...alive)
          const lowest = s.totals.flatMap((t, i) => (t === low ? [i] : []))
          expect(s.winners).toEqual(s.rules.result === 'LOWEST_WINS' ? lowest : [])
          if (s.rules.result === 'LOWEST_WINS') expect(s.winners.length).toBeGreaterThan(0)
          expect(s.losers).toEqual(s.totals.flatMap((t, i) => (t >= 99 ? [i] : [])))
          expect(nineEngine.legalActions(s)).toEqual([])
          expect(nineEngine.apply(s, nextAction(s, 1)).ok).toBe(false)
        }
        if (sim.states[sim.states.length - 1]?.phase === 'over') ended++
      }),
      { numRuns: NUM_RUNS },
    )
    // the generator really plays matches to the end (guards against a generator that only gets refused)
    expect(ended).toBeGreaterThan(NUM_RUNS / 5)
  })

  it('apply, setup and the pure functions never throw on arbitrary input', () => {
    fc.assert(
      fc.property(configArb, picks, fc.anything(), fc.anything(), (cfg, ps, junk, junk2) => {
        const sim = simulate(nineEngine, cfg, ps, nextAction)
        const s = sim.states[sim.states.length - 1] as NineState
        const r = nineEngine.apply(s, junk as NineAction)
        if (r.ok) expect(JSON.parse(JSON.stringify(r.value))).toStrictEqual(r.value)
        expect(typeof nineEngine.apply(s, { type: 'round', declarer: 0, hands: junk, totals: junk2 } as never).ok).toBe(
          'boolean',
        )
        expect(typeof nineEngine.apply(s, { type: 'discard', cards: junk } as never).ok).toBe('boolean')
        expect(typeof nineEngine.setup(junk as NineConfig).ok).toBe('boolean')
        expect(typeof scoreNineRound(junk as number[][], junk2 as number).ok).toBe('boolean')
        expect(Array.isArray(applyNineRound(junk as number[], junk2 as number[]).totals)).toBe(true)
      }),
      { numRuns: NUM_RUNS },
    )
  })
})
