/**
 * Nine engine benchmarks. Logs are generated once, deterministically (a fixed-seed LCG, no
 * Math.random), outside the timed functions; each case replays or scores 10,000 operations.
 */
import { replay } from '../../src/shared/games/engine'
import {
  applyNineRound,
  nineEngine,
  scoreNineRound,
  type NineAction,
  type NineConfig,
  type NineState,
} from '../../src/shared/games/nine'
import type { BenchCase } from './types'

const OPS = 10_000

function lcg(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 4294967296
  }
}

const limit = (v: number): number => (v === 0 ? 2 : 4)

function hands(rand: () => number, sizes: number[], used: number[]): number[][] {
  const deck: number[] = []
  for (let v = 0; v <= 13; v++) {
    const left = limit(v) - used.filter((u) => u === v).length
    for (let i = 0; i < left; i++) deck.push(v)
  }
  return sizes.map((sz) => {
    const h: number[] = []
    for (let i = 0; i < sz; i++) h.push(deck.splice(Math.floor(rand() * deck.length), 1)[0] as number)
    return h
  })
}

/** Every card value the tracker has seen this deal: the pile, the taken card, the hands' known cards. */
function seenValues(state: NineState): number[] {
  const live = state.live
  if (!live) return []
  const out = live.discard.filter((v): v is number => v !== null)
  if (live.taken?.value != null) out.push(live.taken.value)
  for (const k of live.known ?? []) out.push(...k)
  return out
}

function roundAction(rand: () => number, state: NineState, declarers: number[], sizes: number[] | null): NineAction {
  const live = state.live
  const known = live?.known ?? []
  // a tracked hand holds what it is known to hold, plus cards the tracker has not seen
  const rest = hands(
    rand,
    (sizes ?? state.names.map(() => 1 + Math.floor(rand() * 5))).map((sz, s) => sz - (known[s]?.length ?? 0)),
    seenValues(state),
  )
  const hs = rest.map((h, s) => [...(known[s] ?? []), ...h])
  const declarer = declarers[Math.floor(rand() * declarers.length)] as number
  return { type: 'round', declarer, hands: hs, confirmOverNine: true }
}

function policy(rand: () => number, state: NineState, track: boolean): NineAction {
  const legal = nineEngine.legalActions(state)
  if (state.phase === 'round-entry')
    return track
      ? { type: 'deal', top: Math.floor(rand() * 14) }
      : roundAction(
          rand,
          state,
          state.names.map((_, s) => s),
          null,
        )
  if (state.phase === 'reveal') {
    const l = legal.find((x) => x.type === 'round')
    if (l && l.type === 'round') return roundAction(rand, state, l.declarers, l.handSizes)
  }
  for (const l of legal) {
    if (l.type === 'snap' && rand() < 0.5) return { type: 'snap', value: l.values[0] as number }
    if (l.type === 'declare' && rand() < 0.03) return { type: 'declare' }
  }
  const seen = seenValues(state)
  const room = (v: number): number => limit(v) - seen.filter((k) => k === v).length
  for (const l of legal) {
    if (l.type === 'take') return { type: 'take', source: l.sources[Math.floor(rand() * l.sources.length)] ?? 'draw' }
    if (l.type === 'discard') {
      // a hand known card by card discards one of its known cards
      const mine = state.live?.known?.[l.seat] ?? []
      if (mine.length >= l.maxCards && mine.length > 0) return { type: 'discard', cards: [mine[0] as number] }
      const k = l.maxCards - mine.length >= 2 && rand() < 0.3 ? 2 : 1
      const options: number[] = []
      for (let v = 0; v <= 13; v++) if (room(v) >= k) options.push(v)
      const v = options[Math.floor(rand() * options.length)] ?? 1
      return { type: 'discard', cards: new Array<number>(k).fill(v) }
    }
  }
  const d = legal.find((x) => x.type === 'declare')
  return d ? { type: 'declare' } : { type: 'stop-tracking' }
}

interface Match {
  config: NineConfig
  log: NineAction[]
}

/** Whole matches (to the 99 limit, or cut at the budget) totalling exactly `total` accepted actions. */
export function generateMatches(total: number, track: boolean, seed = 9): Match[] {
  const rand = lcg(seed)
  const matches: Match[] = []
  let count = 0
  let m = 0
  while (count < total) {
    const n = 2 + (m % 7)
    const config: NineConfig = {
      names: Array.from({ length: n }, (_, i) => `Player ${i + 1}`),
      firstDealer: m % n,
      houseRules: m % 3 === 0 ? { snapAfterRun: 'ANY_RUN_VALUE', snapSource: 'ANY_TAKEN_CARD' } : {},
    }
    const start = nineEngine.setup(config)
    if (!start.ok) throw new Error(start.error.message)
    let state = start.value
    const log: NineAction[] = []
    let misses = 0
    while (count < total && state.phase !== 'over' && misses < 1000) {
      const action = policy(rand, state, track)
      const r = nineEngine.apply(state, action)
      if (!r.ok) {
        misses++
        continue
      }
      state = r.value
      log.push(action)
      count++
    }
    if (misses >= 1000) throw new Error('the bench policy got stuck')
    matches.push({ config, log })
    m++
  }
  return matches
}

function replayAll(matches: Match[]): void {
  for (const { config, log } of matches) {
    const r = replay(nineEngine, config, log)
    if (!r.ok) throw new Error(r.error.message)
  }
}

export function cases(): BenchCase[] {
  const tracked = generateMatches(OPS, true)
  const entered = generateMatches(OPS, false, 99)
  const rand = lcg(1234)
  const rounds = Array.from({ length: OPS }, () => {
    const n = 2 + Math.floor(rand() * 7)
    const hs = hands(
      rand,
      Array.from({ length: n }, () => Math.floor(rand() * 6)),
      [],
    )
    const totals = Array.from({ length: n }, () => {
      const t = Math.floor(rand() * 99)
      return t === 90 ? 45 : t
    })
    return { hs, declarer: Math.floor(rand() * n), totals }
  })
  return [
    {
      name: `nine: replay turn-tracking logs (${tracked.length} matches, ${OPS} actions)`,
      ops: OPS,
      fn: () => replayAll(tracked),
    },
    {
      name: `nine: replay round-entry logs (${entered.length} matches, ${OPS} actions)`,
      ops: OPS,
      fn: () => replayAll(entered),
    },
    {
      name: `nine: scoreNineRound + applyNineRound (${OPS} rounds)`,
      ops: OPS,
      fn: () => {
        for (const r of rounds) {
          const s = scoreNineRound(r.hs, r.declarer)
          if (s.ok) applyNineRound(r.totals, s.value.points)
        }
      },
    },
  ]
}
