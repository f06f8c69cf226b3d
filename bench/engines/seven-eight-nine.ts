/**
 * Seven Eight Nine benchmarks: replaying a 10,000-action open match (many games of every kind), the per-action
 * work of a live screen (apply + legalActions + status), and the pure tiebreaker. Deterministic: a fixed LCG, no
 * Math.random, no clock.
 */
import { replay } from '../../src/shared/games/engine'
import {
  senEngine,
  senTiebreak,
  type SenAction,
  type SenConfig,
  type SenState,
} from '../../src/shared/games/seven-eight-nine'
import type { BenchCase } from './types'

const CONFIG: SenConfig = { names: ['Ann', 'Bo'], starter: 0, target: null }
const LOG_LENGTH = 10_000

function lcg(seed: number): (n: number) => number {
  let x = seed >>> 0
  return (n) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0
    return x % n
  }
}

/** The 52 ranks minus `exclude`, shuffled by `rnd`. */
function deckWithout(exclude: readonly number[], rnd: (n: number) => number): number[] {
  const rest = [...exclude]
  const out: number[] = []
  for (let c = 0; c < 4; c++) {
    for (let r = 1; r <= 13; r++) {
      const i = rest.indexOf(r)
      if (i >= 0) rest.splice(i, 1)
      else out.push(r)
    }
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = rnd(i + 1)
    const t = out[i] as number
    out[i] = out[j] as number
    out[j] = t
  }
  return out
}

const flipDiscard = (cards: readonly number[]): SenAction[] =>
  cards.flatMap((card): SenAction[] => [{ type: 'flip', card }, { type: 'discard' }])

/** One game's actions, by kind; every game ends (the caller adds 'next-game'). */
function gameActions(kind: number, rnd: (n: number) => number, state: SenState): SenAction[] {
  const turn = state.game.turn
  switch (kind) {
    case 0: {
      // the full distance: 46 flips (one React on the way), reshuffle, 46 flips, tiebreaker
      const deck = deckWithout([8, 9, 2, 7, 9, 13], rnd)
      deck.splice(deck.indexOf(9), 1)
      deck.unshift(9)
      return [
        { type: 'flip', card: 9 },
        { type: 'discard' },
        { type: 'react', give: 9 }, // Match React: the reactor's 9 for the 9 just discarded
        ...flipDiscard(deck.slice(1)),
        { type: 'reshuffle' },
        ...flipDiscard(deck),
        {
          type: 'tiebreak',
          hands: [
            [8, 9, 2],
            [7, 9, 13],
          ],
        },
      ]
    }
    case 1: {
      // a Declare after some flips
      const fill = deckWithout([7, 8, 12, 9], rnd).filter((r) => r < 7 || r > 9)
      const n = 2 * rnd(10)
      return [
        ...flipDiscard(fill.slice(0, n)),
        { type: 'flip', card: 9 },
        { type: 'declare', hand: [7, 8, 12] },
        { type: 'no-block' },
      ]
    }
    case 2: {
      // a Block, then play on to the tiebreaker without a reshuffle
      const fill = deckWithout([8, 9, 3, 7, 9, 13, 7], rnd)
      return [
        { type: 'flip', card: 7 },
        { type: 'declare', hand: [8, 9, 3] },
        { type: 'block', hand: [7, 9, 13] },
        ...flipDiscard(fill.slice(0, 45)),
        {
          type: 'tiebreak',
          hands:
            turn === 0
              ? [
                  [3, 8, 9],
                  [7, 9, 13],
                ]
              : [
                  [7, 9, 13],
                  [3, 8, 9],
                ],
        },
      ]
    }
    case 3:
      // a win by React
      return [{ type: 'flip', card: 8 }, { type: 'discard' }, { type: 'react', give: 9, show: [7, 8, 9] }]
    case 4:
      // swaps, then a win by Adjacent Swap
      return [
        { type: 'flip', card: 4 },
        { type: 'discard' },
        { type: 'flip', card: 2 },
        { type: 'swap', give: 3 },
        { type: 'flip', card: 9 },
        { type: 'swap', give: 10, show: [7, 8, 9] },
      ]
    default:
      return [{ type: 'dealt-win', seats: [rnd(2)] }]
  }
}

/** A deterministic, fully valid open-match log of exactly `length` actions. */
export function buildLog(length = LOG_LENGTH, seed = 789): SenAction[] {
  const rnd = lcg(seed)
  const start = senEngine.setup(CONFIG)
  if (!start.ok) throw new Error(start.error.message)
  let state = start.value
  const log: SenAction[] = []
  while (log.length < length) {
    const actions = [...gameActions(rnd(6), rnd, state), { type: 'next-game' } as SenAction]
    for (const a of actions) {
      if (log.length >= length) break
      const r = senEngine.apply(state, a)
      if (!r.ok) throw new Error(`bench log: ${JSON.stringify(a)} refused: ${r.error.message}`)
      state = r.value
      log.push(a)
    }
  }
  return log
}

export function cases(): BenchCase[] {
  const log = buildLog()
  const rnd = lcg(42)
  const hands: [number[], number[]][] = []
  for (let i = 0; i < LOG_LENGTH; i++) {
    const h = deckWithout([], rnd).slice(0, 6)
    hands.push([h.slice(0, 3), h.slice(3)])
  }
  return [
    {
      name: 'seven-eight-nine: replay a 10,000-action open match',
      ops: log.length,
      fn: () => {
        const r = replay(senEngine, CONFIG, log)
        if (!r.ok) throw new Error(r.error.message)
      },
    },
    {
      name: 'seven-eight-nine: live apply + legalActions + status per action',
      ops: log.length,
      fn: () => {
        const s0 = senEngine.setup(CONFIG)
        if (!s0.ok) throw new Error(s0.error.message)
        let s = s0.value
        for (const a of log) {
          const r = senEngine.apply(s, a)
          if (!r.ok) throw new Error(r.error.message)
          s = r.value
          senEngine.legalActions(s)
          senEngine.status(s)
        }
      },
    },
    {
      name: 'seven-eight-nine: senTiebreak on 10,000 hand pairs',
      ops: hands.length,
      fn: () => {
        for (const [a, b] of hands) senTiebreak(a, b)
      },
    },
  ]
}
