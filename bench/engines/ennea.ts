/**
 * Ennea benchmark cases: replaying long match logs, and resolving random boards under each
 * failed-line removal rule. Inputs are built deterministically (seeded PRNG, no Math.random).
 */
import { replay } from '../../src/shared/games/engine'
import {
  enneaEngine,
  enneaExpectedRemaining,
  resolveEnneaBoard,
  type EnneaAction,
  type EnneaBoard,
  type EnneaConfig,
  type EnneaRemovalRule,
  type EnneaState,
} from '../../src/shared/games/ennea'
import { mulberry32 } from '../../tests/helpers/prng'
import type { BenchCase } from './types'

const prng = mulberry32

function int(rnd: () => number, n: number): number {
  return Math.floor(rnd() * n)
}

function shuffle<T>(items: T[], rnd: () => number): T[] {
  const out = items.slice()
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(rnd, i + 1)
    const t = out[i] as T
    out[i] = out[j] as T
    out[j] = t
  }
  return out
}

interface Match {
  config: EnneaConfig
  actions: EnneaAction[]
}

/**
 * Plays one complete 4-round match from legal actions. ENNEA calls are rare and peeks common, so
 * the logs are about as long as real matches get (4 players: roughly 100-150 actions).
 */
function buildMatch(seed: number): Match {
  const rnd = prng(seed)
  const players = 2 + (seed % 3)
  const rules: EnneaRemovalRule[] = ['STRICT', 'OWNER_SEQUENTIAL', 'SHARED']
  const config: EnneaConfig = {
    names: ['Ann', 'Bob', 'Cy', 'Dee'].slice(0, players),
    starter: seed % players,
    houseRules: { failedLineRemoval: rules[seed % 3] ?? 'STRICT' },
  }
  const start = enneaEngine.setup(config)
  if (!start.ok) throw new Error(start.error.message)
  let state: EnneaState = start.value
  const actions: EnneaAction[] = []
  for (let guard = 0; guard < 1000 && state.phase !== 'over'; guard++) {
    const legal = enneaEngine.legalActions(state)
    let action: EnneaAction
    if (legal.some((l) => l.type === 'reveal')) {
      action = { type: 'reveal', grid: shuffle(enneaExpectedRemaining(state) ?? [], rnd).slice(0, 9) }
    } else {
      const roll = rnd()
      const want = roll < 0.5 ? 'peek' : roll < 0.85 ? 'stake' : roll < 0.99 ? 'pass' : 'ennea'
      const chosen =
        legal.find((l) => l.type === want) ??
        legal.find((l) => l.type === 'stake') ??
        legal.find((l) => l.type === 'pass')
      if (chosen?.type === 'peek' || chosen?.type === 'stake')
        action = { type: chosen.type, cell: chosen.cells[int(rnd, chosen.cells.length)] ?? 0 }
      else if (chosen?.type === 'ennea') action = { type: 'ennea' }
      else action = { type: 'pass' }
    }
    const next = enneaEngine.apply(state, action)
    if (!next.ok) throw new Error(`bench generator made an illegal action: ${next.error.message}`)
    state = next.value
    actions.push(action)
  }
  return { config, actions }
}

function buildMatches(targetActions: number): Match[] {
  const matches: Match[] = []
  let total = 0
  for (let seed = 1; total < targetActions; seed++) {
    const m = buildMatch(seed)
    matches.push(m)
    total += m.actions.length
  }
  return matches
}

const DECK = Array.from({ length: 36 }, (_, i) => (i % 9) + 1)

/** Random valid boards; seat 0 is staked densely so overlapping failed lines are frequent. */
function buildBoards(count: number, seed: number): EnneaBoard[] {
  const rnd = prng(seed)
  const boards: EnneaBoard[] = []
  for (let b = 0; b < count; b++) {
    const players = 2 + int(rnd, 3)
    const grid = shuffle(DECK, rnd).slice(0, 9)
    const stakes: number[][] = []
    for (let c = 0; c < 9; c++) {
      const seats: number[] = []
      for (let s = 0; s < players && seats.length < 3; s++) if (rnd() < (s === 0 ? 0.75 : 0.35)) seats.push(s)
      stakes.push(seats)
    }
    const totals = Array.from({ length: players }, (_, s) => {
      const onGrid = stakes.filter((c) => c.includes(s)).length
      return Math.min(9, onGrid + int(rnd, 4))
    })
    boards.push({ grid, stakes, totals })
  }
  return boards
}

/** Worst case for the brute-force rules: one seat on all 9 cards, no line totals 9. */
function worstBoards(count: number, seed: number): EnneaBoard[] {
  const rnd = prng(seed)
  const all = [0, 1, 2, 3, 4, 5, 6, 7, 8]
  const boards: EnneaBoard[] = []
  while (boards.length < count) {
    const grid = shuffle(DECK, rnd).slice(0, 9)
    const r = resolveEnneaBoard({ grid, stakes: all.map(() => [0]), totals: [9, 9] })
    if (r.ok && r.value.seats[0]?.lines.every((l) => !l.success))
      boards.push({ grid, stakes: all.map(() => [0]), totals: [9, 9] })
  }
  return boards
}

export function cases(): BenchCase[] {
  const matches = buildMatches(10_000)
  const totalActions = matches.reduce((n, m) => n + m.actions.length, 0)
  const boards = buildBoards(2_000, 42)
  const worst = worstBoards(500, 7)
  const rules: EnneaRemovalRule[] = ['STRICT', 'OWNER_SEQUENTIAL', 'SHARED']

  const out: BenchCase[] = [
    {
      name: `ennea: replay ${matches.length} full matches (${totalActions} actions)`,
      ops: totalActions,
      fn: () => {
        for (const m of matches) {
          const r = replay(enneaEngine, m.config, m.actions)
          if (!r.ok) throw new Error(r.error.message)
        }
      },
    },
  ]
  for (const rule of rules) {
    out.push({
      name: `ennea: resolve ${boards.length} random boards (2-4 seats) under ${rule}`,
      ops: boards.length,
      fn: () => {
        for (const b of boards) {
          const r = resolveEnneaBoard(b, { failedLineRemoval: rule })
          if (!r.ok) throw new Error(r.error.message)
        }
      },
    })
  }
  out.push({
    name: `ennea: resolve ${worst.length} worst-case boards (9 cubes, 6 failed lines) under OWNER_SEQUENTIAL`,
    ops: worst.length,
    fn: () => {
      for (const b of worst) {
        const r = resolveEnneaBoard(b, { failedLineRemoval: 'OWNER_SEQUENTIAL' })
        if (!r.ok) throw new Error(r.error.message)
      }
    },
  })
  return out
}
