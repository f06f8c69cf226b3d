/** Wild Nine engine benchmarks. Deterministic: the log is built from a fixed LCG, no Math.random. */
import { replay } from '../../src/shared/games/engine'
import {
  autoAction,
  scoreWildNineRound,
  wildNineEngine,
  type WildNineAction,
  type WildNineConfig,
} from '../../src/shared/games/wild-nine'
import type { BenchCase } from './types'

const LOG_LENGTH = 10_000

function buildLog(config: WildNineConfig, length: number, seed: number): WildNineAction[] {
  const start = wildNineEngine.setup(config)
  if (!start.ok) throw new Error(start.error.message)
  let state = start.value
  let x = seed >>> 0
  const log: WildNineAction[] = []
  while (log.length < length) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0
    const action = autoAction(state, x)
    const r = wildNineEngine.apply(state, action)
    if (!r.ok) throw new Error(`bench log generator produced a refused action: ${r.error.message}`)
    state = r.value
    log.push(action)
  }
  return log
}

export function cases(): BenchCase[] {
  // a cutoff so high the match never ends; mostly tracked rounds (plays, draws, reshuffles, round entries)
  const config: WildNineConfig = { players: 4, houseRules: { cutoff: 1_000_000_000 } }
  const log = buildLog(config, LOG_LENGTH, 20240901)
  const rounds = log.filter((a) => a.type === 'round').length

  const hands: string[][][] = []
  for (let i = 0; i < 1000; i++) {
    const a = (i * 7) % 52
    const deck = ['S', 'H', 'D', 'C'].flatMap((s) =>
      ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].map((r) => r + s),
    )
    const rot = [...deck.slice(a), ...deck.slice(0, a)]
    hands.push([[], rot.slice(0, 7), rot.slice(7, 12), rot.slice(12, 15)])
  }

  return [
    {
      name: `wild-nine: replay a ${LOG_LENGTH}-action log (4 players, ${rounds} rounds)`,
      ops: log.length,
      fn: () => {
        const r = replay(wildNineEngine, config, log)
        if (!r.ok) throw new Error(r.error.message)
      },
    },
    {
      name: 'wild-nine: status + standings + legalActions of a replayed state',
      ops: 1000,
      fn: () => {
        const r = replay(wildNineEngine, config, log.slice(0, 500))
        if (!r.ok) throw new Error(r.error.message)
        for (let i = 0; i < 1000; i++) {
          wildNineEngine.status(r.value)
          wildNineEngine.standings(r.value)
          wildNineEngine.legalActions(r.value)
        }
      },
    },
    {
      name: 'wild-nine: scoreWildNineRound on card lists',
      ops: hands.length,
      fn: () => {
        for (const h of hands) {
          const r = scoreWildNineRound(h, 0)
          if (!r.ok) throw new Error(r.error.message)
        }
      },
    },
  ]
}
