/** fast-check properties of the Wild Nine engine and scoring functions. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fullDeck } from '../../../../src/shared/games/cards'
import { replay } from '../../../../src/shared/games/engine'
import {
  autoAction,
  cardPenalty,
  scoreWildNineRound,
  wildNineEngine,
  wildNineLegalCards,
  wildNineOutcome,
  wildNinePenalty,
  type WildNineAction,
  type WildNineConfig,
  type WildNineState,
} from '../../../../src/shared/games/wild-nine'
import { engineProperties, NUM_RUNS, simulate } from '../engine-properties'

const configArb: fc.Arbitrary<WildNineConfig> = fc.integer({ min: 2, max: 6 }).chain((players) =>
  fc
    .record({
      names: fc.option(
        fc.array(fc.constantFrom('Ann', 'Bo', '', 'Céline', 'D'), { minLength: players, maxLength: players }),
        { nil: undefined },
      ),
      firstDealer: fc.integer({ min: 0, max: players - 1 }),
      cutoff: fc.constantFrom(undefined, 100, 60, 150),
      drawnCardPlay: fc.constantFrom(undefined, 'OPTIONAL' as const, 'MANDATORY' as const),
      deadlock: fc.constantFrom(undefined, 'CIRCUIT_WITHOUT_PLAY' as const, 'NO_STOCK_ONLY' as const),
    })
    .map(({ names, firstDealer, cutoff, drawnCardPlay, deadlock }) => {
      const houseRules: NonNullable<WildNineConfig['houseRules']> = {}
      if (cutoff !== undefined) houseRules.cutoff = cutoff
      if (drawnCardPlay !== undefined) houseRules.drawnCardPlay = drawnCardPlay
      if (deadlock !== undefined) houseRules.deadlock = deadlock
      const config: WildNineConfig = { firstDealer, houseRules }
      if (names !== undefined) config.names = names
      else config.players = players
      return config
    }),
)

/** Mostly legal actions (so matches reach the cutoff), sometimes malformed or illegal ones. */
function nextAction(state: WildNineState, pick: number): WildNineAction {
  if (pick % 9 !== 0) return autoAction(state, pick)
  const live = state.live
  const bad: unknown[] = [
    null,
    42,
    'play',
    { type: 'nope' },
    { type: 'play', card: '11S' },
    { type: 'play', card: 'JOKER' },
    { type: 'play', card: live?.top ?? 'AS' },
    { type: 'play', card: { rank: 'A' } },
    { type: 'draw', card: ['AS'] },
    { type: 'keep' },
    { type: 'pass' },
    { type: 'reshuffle' },
    { type: 'stop-tracking' },
    { type: 'start-round', upcard: '9S' },
    { type: 'start-round', upcard: 'AS', position: { handSizes: [1], stock: 0, discard: 1 } },
    { type: 'round', wentOut: 9, points: state.names.map(() => 3) },
    { type: 'round', wentOut: 0, points: state.names.map(() => 0) },
    { type: 'round', wentOut: null, hands: state.names.map(() => ['QH']) },
    { type: 'round', wentOut: 0, hands: state.names.map(() => []) },
    { type: 'round', wentOut: 0, hands: 'QH', points: [1] },
    { type: 'play', card: 'AS', seat: ((live?.toAct ?? 0) + 1) % state.names.length },
  ]
  return bad[Math.floor(pick / 9) % bad.length] as WildNineAction
}

describe('Wild Nine engine: generic properties', () => {
  engineProperties({ engine: wildNineEngine, config: configArb, nextAction, steps: 120 })
})

describe('Wild Nine engine: game invariants', () => {
  const picks = fc.array(fc.nat(), { maxLength: 150 })

  it('card count, totals and outcome stay consistent along any play', () => {
    let ended = 0
    let tracked = 0
    fc.assert(
      fc.property(configArb, picks, (cfg, ps) => {
        const sim = simulate(wildNineEngine, cfg, ps, nextAction)
        for (const s of sim.states) {
          const n = s.names.length
          if (s.live !== null) {
            const held = s.live.handSizes.reduce((a, b) => a + b, 0)
            expect(s.live.stock + s.live.discard + held).toBe(52)
            expect(s.live.stock).toBeGreaterThanOrEqual(0)
            expect(s.live.pile.length).toBeLessThanOrEqual(s.live.discard)
            expect(s.live.pile[s.live.pile.length - 1]).toBe(s.live.top)
            if (s.live.phase !== 'ended') {
              // The round ends at N: turns without a play (default) or no-stock passes (NO_STOCK_ONLY).
              expect(
                s.rules.deadlock === 'NO_STOCK_ONLY' ? (s.live.noStockPasses ?? 0) : s.live.noPlayTurns,
              ).toBeLessThan(n)
              expect(s.live.handSizes.every((h) => h >= 1)).toBe(true)
            }
          }
          // totals = start + sum of round penalties, and each round record agrees
          const sums = s.startTotals.slice()
          for (const r of s.rounds) {
            r.points.forEach((p, i) => (sums[i] = (sums[i] ?? 0) + p))
            expect(r.totals).toEqual(sums)
            expect(r.points.every((p) => p >= 0)).toBe(true)
            if (r.wentOut !== null) expect(r.points[r.wentOut]).toBe(0)
            else expect(r.points.every((p) => p >= 1)).toBe(true)
            expect(r.explanations).toHaveLength(n)
            if (r.tracked) tracked++
          }
          expect(s.totals).toEqual(sums)
          const outcome = wildNineOutcome(s.totals, s.rules.cutoff)
          expect(s.over).toBe(outcome.over)
          expect(s.winners).toEqual(outcome.winners)
          const st = wildNineEngine.status(s)
          expect(st.over).toBe(s.over)
          expect(st.winners).toEqual(s.winners)
          if (s.over) {
            ended++
            expect(wildNineEngine.legalActions(s)).toEqual([])
            const r = wildNineEngine.apply(s, autoAction({ ...s, over: false }, 1))
            expect(r.ok).toBe(false)
            if (!r.ok) expect(r.error.message).toMatch(/^The match ended: .+ reached \d+\.$/)
          }
          // the dealer after k rounds is k seats left of the first dealer
          expect(s.dealer).toBe((s.firstDealer + s.rounds.length - (s.over ? 1 : 0)) % n)
        }
      }),
      { numRuns: NUM_RUNS },
    )
    // the generator really reaches the end of matches and tracked rounds
    expect(ended).toBeGreaterThan(0)
    expect(tracked).toBeGreaterThan(0)
  })

  it('autoAction is accepted whenever the match is not over', () => {
    fc.assert(
      fc.property(configArb, picks, (cfg, ps) => {
        const start = wildNineEngine.setup(cfg)
        if (!start.ok) throw new Error(start.error.message)
        let s = start.value
        for (const p of ps) {
          if (s.over) break
          const r = wildNineEngine.apply(s, autoAction(s, p))
          if (!r.ok) throw new Error(`refused: ${r.error.message}`)
          s = r.value
        }
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('a log with an edited round (lower penalties) still replays', () => {
    fc.assert(
      fc.property(configArb, picks, fc.nat(), (cfg, ps, which) => {
        const sim = simulate(wildNineEngine, cfg, ps, nextAction)
        const roundIdx = sim.accepted.map((a, i) => (a.type === 'round' ? i : -1)).filter((i) => i >= 0)
        if (roundIdx.length === 0) return
        const idx = roundIdx[which % roundIdx.length] as number
        const before = sim.states[idx] as WildNineState
        const original = sim.accepted[idx] as Extract<WildNineAction, { type: 'round' }>
        const wentOut = before.live !== null ? before.live.wentOut : (original.wentOut ?? null)
        // The lowest penalty each hand can have: the cards the tracker saw at their value, 1 for each other card.
        const seenWorth = (i: number) => (before.live?.seen?.[i] ?? []).reduce((a, k) => a + cardPenalty(k), 0)
        const points = before.names.map((_, i) =>
          i === wentOut ? 0 : seenWorth(i) + (before.live?.handSizes[i] ?? 1) - (before.live?.seen?.[i]?.length ?? 0),
        )
        const edited = sim.accepted.slice()
        edited[idx] = { type: 'round', wentOut, points }
        const r = replay(wildNineEngine, cfg, edited)
        if (!r.ok) throw new Error(`edited log refused at ${r.error.index}: ${r.error.message}`)
        const orig = sim.states[sim.states.length - 1] as WildNineState
        r.value.totals.forEach((t, i) => expect(t).toBeLessThanOrEqual(orig.totals[i] ?? 0))
        expect(r.value.rounds).toHaveLength(orig.rounds.length)
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('never throws on arbitrary configs and actions', () => {
    const start = wildNineEngine.setup({ players: 3 })
    if (!start.ok) throw new Error(start.error.message)
    const anyAction = fc.oneof(
      fc.anything(),
      fc.record(
        {
          type: fc.constantFrom('start-round', 'play', 'draw', 'keep', 'pass', 'reshuffle', 'stop-tracking', 'round'),
          card: fc.anything(),
          upcard: fc.anything(),
          suit: fc.anything(),
          hand: fc.anything(),
          hands: fc.anything(),
          points: fc.anything(),
          wentOut: fc.anything(),
          position: fc.anything(),
          seat: fc.anything(),
        },
        { requiredKeys: ['type'] },
      ),
    )
    fc.assert(
      fc.property(fc.anything(), fc.array(anyAction, { maxLength: 5 }), (cfg, actions) => {
        const r = wildNineEngine.setup(cfg as WildNineConfig)
        expect(typeof r.ok).toBe('boolean')
        let s = start.value
        const opened = wildNineEngine.apply(s, { type: 'start-round', upcard: 'AS' })
        if (opened.ok) s = opened.value
        for (const a of actions) {
          const out = wildNineEngine.apply(s, a as WildNineAction)
          if (!out.ok) expect(typeof out.error.message).toBe('string')
          else s = out.value
        }
      }),
      { numRuns: NUM_RUNS },
    )
  })
})

describe('Wild Nine scoring properties', () => {
  const deck = fullDeck()
  const VALUE: Record<string, number> = {
    A: 1,
    '2': 2,
    '3': 3,
    '4': 4,
    '5': 5,
    '6': 6,
    '7': 7,
    '8': 8,
    '9': 15,
    '10': 10,
    J: 10,
    Q: 10,
    K: 10,
  }
  const value = (k: string): number => VALUE[k.slice(0, -1)] ?? NaN
  const SYMBOL: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' }
  /** the same card written in another accepted notation */
  const spell = (k: string, style: number): string => {
    const rank = k.slice(0, -1)
    const suit = k.slice(-1)
    if (style === 1) return `${rank}${SYMBOL[suit] ?? suit}`
    if (style === 2) return `${rank}${suit}`.toLowerCase()
    return k
  }

  it('penalties are >= 0, equal the WN-R16 table, and every 9 costs exactly 15', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(deck), fc.nat(2), (hand, style) => {
        const r = wildNinePenalty(hand.map((k) => spell(k, style)))
        if (!r.ok) throw new Error(r.error.message)
        expect(r.value).toBeGreaterThanOrEqual(0)
        expect(r.value).toBe(hand.reduce((a, k) => a + value(k), 0))
        const nines = hand.filter((k) => k.startsWith('9')).length
        const rest = wildNinePenalty(hand.filter((k) => !k.startsWith('9')))
        if (!rest.ok) throw new Error(rest.error.message)
        expect(r.value - rest.value).toBe(15 * nines)
        for (const nine of ['9S', '9H', '9D', '9C'].filter((k) => !hand.includes(k))) {
          const more = wildNinePenalty([...hand, nine])
          expect(more).toEqual({ ok: true, value: r.value + 15 })
        }
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('a scored round gives the winner 0 and every other seat the penalty of their hand', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.shuffledSubarray(deck, { minLength: 12, maxLength: 50 }),
        fc.nat(),
        fc.boolean(),
        (n, cards, w, deadlock) => {
          const wentOut = deadlock ? null : w % n
          const hands: string[][] = Array.from({ length: n }, () => [])
          let seat = 0
          for (const c of cards) {
            if (seat === wentOut) seat = (seat + 1) % n
            hands[seat]?.push(c)
            seat = (seat + 1) % n
          }
          const r = scoreWildNineRound(hands, wentOut)
          const held = cards.length
          if ((wentOut !== null && held > 50) || hands.some((h, i) => i !== wentOut && h.length === 0)) {
            expect(r.ok).toBe(false)
            return
          }
          if (!r.ok) throw new Error(r.error.message)
          r.value.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(i === wentOut ? 0 : 1)
            expect(p).toBe((hands[i] ?? []).reduce((a, k) => a + value(k), 0))
          })
        },
      ),
      { numRuns: NUM_RUNS },
    )
  })

  it('legal cards are exactly the 9s, the active suit and the top rank', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(deck, { maxLength: 15 }),
        fc.constantFrom(...deck),
        fc.constantFrom('S' as const, 'H' as const, 'D' as const, 'C' as const),
        (hand, top, suit) => {
          const legal = wildNineLegalCards(hand, top, suit)
          const expected = hand.filter(
            (k) => k.startsWith('9') || k.endsWith(suit) || k.slice(0, -1) === top.slice(0, -1),
          )
          expect(legal).toEqual(expected)
          expect(legal.filter((k) => k.startsWith('9'))).toEqual(hand.filter((k) => k.startsWith('9')))
        },
      ),
      { numRuns: NUM_RUNS },
    )
  })

  it('the pure functions never throw on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (a, b, c) => {
        expect(typeof wildNinePenalty(a as string[]).ok).toBe('boolean')
        expect(typeof scoreWildNineRound(a as string[][], b as number).ok).toBe('boolean')
        expect(Array.isArray(wildNineOutcome(a as number[], b as number).winners)).toBe(true)
        expect(Array.isArray(wildNineLegalCards(a as string[], b as string, c as 'S'))).toBe(true)
      }),
      { numRuns: NUM_RUNS },
    )
  })
})
