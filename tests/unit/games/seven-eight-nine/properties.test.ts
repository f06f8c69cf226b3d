/** fast-check properties: the generic engine contract plus Seven Eight Nine invariants. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  senEngine,
  type SenAction,
  type SenConfig,
  type SenLegal,
  type SenState,
} from '../../../../src/shared/games/seven-eight-nine'
import { engineProperties, NUM_RUNS, simulate } from '../engine-properties'

const configArb: fc.Arbitrary<SenConfig> = fc.record({
  names: fc.constantFrom(['Ann', 'Bo'], ['P1', 'P2'], ['', 'Zed']),
  starter: fc.constantFrom(0, 1),
  target: fc.constantFrom(null, 1, 2, 3),
  houseRules: fc.record({
    declareGap: fc.constantFrom(3 as const, 2 as const),
    blockRequirement: fc.constantFrom('TWO_DISTINCT' as const, 'TWO_CARDS' as const),
    tiebreakCounting: fc.constantFrom('DISTINCT' as const, 'LITERAL_SUM' as const),
    tiebreakHighCard: fc.constantFrom('WHOLE_HAND' as const, 'TARGETS_ONLY' as const),
    reactReplacesTurn: fc.boolean(),
    reactChain: fc.constantFrom('OFF' as const, 'ON' as const),
    dealtWin: fc.constantFrom('IMMEDIATE' as const, 'REDEAL' as const),
  }),
})

/** A small deterministic generator seeded by fast-check's pick. */
function rng(seed: number): (n: number) => number {
  let x = (seed ^ 0x9e3779b9) >>> 0
  return (n: number) => {
    x ^= x << 13
    x >>>= 0
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    return n <= 0 ? 0 : x % n
  }
}

function visible(state: SenState): number[] {
  const g = state.game
  const cards = [...g.known[0], ...g.known[1], ...g.discard]
  if (g.drawKnown !== null) cards.push(...g.drawKnown)
  else if (g.flipped !== null) cards.push(g.flipped)
  return cards
}

/** Ranks that may still be unseen: 4 of each minus those visible. */
function unseen(state: SenState): number[] {
  const v = visible(state)
  const out: number[] = []
  for (let r = 1; r <= 13; r++) {
    const left = 4 - v.filter((c) => c === r).length
    for (let i = 0; i < left; i++) out.push(r)
  }
  return out
}

function contains(big: readonly number[], small: readonly number[]): boolean {
  const rest = [...big]
  return small.every((c) => {
    const i = rest.indexOf(c)
    if (i >= 0) rest.splice(i, 1)
    return i >= 0
  })
}

function pickFrom<T>(list: readonly T[], rnd: (n: number) => number): T | undefined {
  return list[rnd(list.length)]
}

function fillHand(known: readonly number[], pool: number[], rnd: (n: number) => number): number[] {
  const hand = [...known]
  while (hand.length < 3) {
    const i = rnd(pool.length)
    const c = pool[i] ?? 1 + rnd(13)
    pool.splice(i, 1)
    hand.push(c)
  }
  return hand
}

function junk(rnd: (n: number) => number): unknown {
  const card = (): unknown => pickFrom([0, 14, 'Z', null, 1 + rnd(13), '10h', -1, 7.5], rnd)
  const list: unknown[] = [
    { type: 'flip', card: card() },
    { type: 'discard', seat: rnd(3) },
    { type: 'swap', give: card() },
    { type: 'react', give: card(), seat: rnd(2) },
    { type: 'declare', hand: [card(), card(), card()] },
    { type: 'block', hand: [7, 9, card()] },
    { type: 'no-block', seat: rnd(2) },
    { type: 'reshuffle' },
    {
      type: 'tiebreak',
      hands: [
        [card(), 2, 3],
        [4, 5],
      ],
    },
    { type: 'dealt-win', seats: [rnd(3)] },
    { type: 'next-game' },
    { type: 'nonsense' },
    null,
    'flip',
  ]
  return pickFrom(list, rnd)
}

/** Mostly legal actions (so games finish and matches progress), sometimes illegal ones. */
export function nextAction(state: SenState, pick: number): SenAction {
  const rnd = rng(pick)
  if (rnd(100) < 8) return junk(rnd) as SenAction
  const legal = senEngine.legalActions(state)
  if (legal.length === 0) return junk(rnd) as SenAction
  const g = state.game
  const gap = state.rules.declareGap
  // Configs named P1/P2 play "patient" games (no Declare, few swaps) so that runs reach the reshuffle and tiebreaker.
  const patient = state.names[0] === 'P1'
  const weight = (l: SenLegal): number =>
    patient && (l.type === 'declare' || l.type === 'swap' || l.type === 'react' || l.type === 'dealt-win')
      ? 0.05
      : l.type === 'declare'
        ? 6
        : l.type === 'no-block'
          ? 5
          : l.type === 'dealt-win'
            ? 0.2
            : l.type === 'react'
              ? 1
              : l.type === 'swap'
                ? 2
                : 3
  const total = legal.reduce((a, l) => a + weight(l), 0)
  let roll = (rnd(10_000) / 10_000) * total
  let choice = legal[0] as SenLegal
  for (const l of legal) {
    roll -= weight(l)
    if (roll <= 0) {
      choice = l
      break
    }
  }
  const pool = unseen(state)
  switch (choice.type) {
    case 'flip': {
      const from = g.drawKnown ?? pool
      return { type: 'flip', card: pickFrom(from, rnd) ?? 1 }
    }
    case 'discard':
      return { type: 'discard' }
    case 'swap': {
      const give = pickFrom(choice.give, rnd) as number
      const claim = !patient && choice.flipped >= 7 && choice.flipped <= 9 && rnd(3) === 0
      return claim ? { type: 'swap', give, show: [7, 8, 9] } : { type: 'swap', give }
    }
    case 'react': {
      const give = pickFrom(choice.give, rnd) as number
      return rnd(8) === 0 ? { type: 'react', give, show: [7, 8, 9] } : { type: 'react', give }
    }
    case 'declare': {
      const known = g.known[choice.seat]
      if (known.length === 3) return { type: 'declare', hand: [...known] }
      const F = choice.flipped
      const targets = [7, 8, 9].filter((t) => t !== F)
      const hands = [1, 2, 3, 4, 5, 6, 10, 11, 12, 13]
        .filter((b) => Math.abs(b - F) >= gap)
        .map((b) => [...targets, b])
        .filter((h) => contains(h, known))
      const hand = pickFrom(hands, rnd)
      return hand === undefined ? { type: 'discard' } : { type: 'declare', hand }
    }
    case 'block': {
      const known = g.known[choice.seat]
      if (known.length === 3 || rnd(3) === 0) return { type: 'block', hand: fillHand(known, pool, rnd) }
      const two = [
        [7, 8],
        [7, 9],
        [8, 9],
      ][rnd(3)] as number[]
      return { type: 'block', hand: [...two, pickFrom(pool, rnd) ?? 2] }
    }
    case 'no-block':
      return { type: 'no-block' }
    case 'reshuffle':
      return { type: 'reshuffle' }
    case 'tiebreak': {
      const h0 = fillHand(g.known[0], pool, rnd)
      const h1 = fillHand(g.known[1], pool, rnd)
      return { type: 'tiebreak', hands: [h0, h1] }
    }
    case 'dealt-win':
      return { type: 'dealt-win', seats: rnd(4) === 0 ? [0, 1] : [rnd(2)] }
    case 'next-game':
      return { type: 'next-game' }
  }
}

const STEPS = 240

describe('Seven Eight Nine engine properties', () => {
  engineProperties({ engine: senEngine, config: configArb, nextAction, steps: STEPS })

  // size 'max': long action sequences, so games reach the reshuffle and the tiebreaker
  const picks = fc.array(fc.nat(), { minLength: 20, maxLength: STEPS, size: 'max' })

  it('hands + draw + discard = 52 at every step, and the piles stay in range', () => {
    fc.assert(
      fc.property(configArb, picks, (cfg, ps) => {
        const sim = simulate(senEngine, cfg, ps, nextAction)
        const problems: string[] = []
        sim.states.forEach((s, i) => {
          const g = s.game
          const check = (okay: boolean, what: string): void => {
            if (!okay) problems.push(`state ${i}: ${what}`)
          }
          check(
            6 + g.drawCount + g.discard.length === 52,
            `hands 6 + draw ${g.drawCount} + discard ${g.discard.length} != 52`,
          )
          check(g.drawCount >= 0 && g.drawCount <= 46, `draw ${g.drawCount}`)
          check(g.known[0].length <= 3 && g.known[1].length <= 3, 'known hand over 3 cards')
          check(g.flips <= (g.reshuffled ? 92 : 46), `flips ${g.flips}`)
          check(g.drawKnown === null || g.drawKnown.length === g.drawCount, 'drawKnown length')
          const counts = new Array<number>(14).fill(0)
          for (const c of visible(s)) counts[c] = (counts[c] ?? 0) + 1
          check(
            counts.every((n) => n <= 4),
            `rank counts ${counts.join(',')}`,
          )
        })
        expect(problems).toEqual([])
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('accepted actions were offered by legalActions; simple offered actions are accepted', () => {
    fc.assert(
      fc.property(configArb, picks, (cfg, ps) => {
        const sim = simulate(senEngine, cfg, ps, nextAction)
        const problems: string[] = []
        sim.accepted.forEach((a, i) => {
          const before = sim.states[i] as SenState
          const legal = senEngine.legalActions(before)
          if (!legal.some((l) => l.type === a.type)) problems.push(`${a.type} accepted but not offered`)
          const toAct = senEngine.status(before).toAct
          for (const l of legal) {
            if (l.type === 'discard' || l.type === 'reshuffle' || l.type === 'next-game' || l.type === 'no-block') {
              if (!senEngine.apply(before, { type: l.type }).ok) problems.push(`${l.type} offered but refused`)
            }
            if ('seat' in l && l.type !== 'react' && l.seat !== toAct)
              problems.push(`${l.type} offered to seat ${l.seat}, toAct ${toAct}`)
          }
        })
        expect(problems).toEqual([])
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('match bookkeeping: wins + draws = games played, records agree, over only at the target', () => {
    let finishedGames = 0
    const endings = new Set<string>()
    fc.assert(
      fc.property(configArb, picks, (cfg, ps) => {
        const sim = simulate(senEngine, cfg, ps, nextAction)
        const problems: string[] = []
        for (const s of sim.states) {
          const check = (okay: boolean, what: string): void => {
            if (!okay) problems.push(what)
          }
          check(s.wins[0] + s.wins[1] + s.draws === s.games.length, 'wins + draws != games')
          for (const seat of [0, 1] as const)
            check(s.games.filter((r) => r.winner === seat).length === s.wins[seat], 'wins vs records')
          for (const r of s.games) {
            check(r.explanation.length > 10, 'explanation')
            const expected = r.winner === null ? 'draw,draw' : r.winner === 0 ? 'win,loss' : 'loss,win'
            check(r.results.join(',') === expected, `results ${r.results.join(',')}`)
          }
          const reached = s.target !== null && Math.max(...s.wins) >= s.target
          const st = senEngine.status(s)
          check(s.over === reached && st.over === reached, 'over flag')
          check(st.winners.length > 0 === reached, 'winners')
          check((senEngine.legalActions(s).length === 0) === reached, 'no legal actions only when over')
          check((s.game.phase === 'over') === (s.game.result !== null), 'phase over iff result')
        }
        expect(problems).toEqual([])
        const last = sim.states[sim.states.length - 1] as SenState
        finishedGames += last.games.length
        for (const r of last.games) endings.add(`${r.ending}:${r.winner === null ? 'draw' : 'win'}`)
        if (last.game.reshuffled) endings.add('reshuffled')
      }),
      { numRuns: NUM_RUNS },
    )
    // the generator really plays games to the end
    expect(finishedGames).toBeGreaterThan(NUM_RUNS / 3)
    for (const e of ['swap:win', 'react:win', 'declare:win', 'dealt-win:win', 'tiebreaker:win', 'reshuffled'])
      expect([...endings]).toContain(e)
  })
})
