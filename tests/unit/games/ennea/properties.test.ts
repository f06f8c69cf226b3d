import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { replay } from '../../../../src/shared/games/engine'
import {
  enneaEngine,
  enneaExpectedRemaining,
  resolveEnneaBoard,
  type EnneaAction,
  type EnneaBoard,
  type EnneaConfig,
  type EnneaRemovalRule,
  type EnneaSeatResolution,
  type EnneaState,
} from '../../../../src/shared/games/ennea'
import { engineProperties, NUM_RUNS, simulate } from '../engine-properties'

const STEPS = 220

const configArb: fc.Arbitrary<EnneaConfig> = fc
  .record({
    players: fc.integer({ min: 2, max: 4 }),
    starter: fc.nat({ max: 3 }),
    rule: fc.constantFrom<EnneaRemovalRule>('STRICT', 'OWNER_SEQUENTIAL', 'SHARED'),
    reshuffle: fc.boolean(),
  })
  .map(({ players, starter, rule, reshuffle }) => ({
    names: ['Ann', 'Bob', 'Cy', 'Dee'].slice(0, players),
    colours: ['red', 'blue', 'green', 'yellow'].slice(0, players),
    starter: starter % players,
    houseRules: { failedLineRemoval: rule, reshuffleEachRound: reshuffle },
  }))

/** A small deterministic generator seeded by the pick, so actions depend only on (state, pick). */
function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0
    return x
  }
}

function validGrid(state: EnneaState, rnd: () => number): number[] {
  const deck = (enneaExpectedRemaining(state) ?? []).slice()
  for (let i = deck.length - 1; i > 0; i--) {
    const j = rnd() % (i + 1)
    const t = deck[i] ?? 0
    deck[i] = deck[j] ?? 0
    deck[j] = t
  }
  return deck.slice(0, 9)
}

/** Mostly legal actions (weighted so rounds fill up and end), sometimes illegal or malformed ones. */
function nextAction(state: EnneaState, pick: number): EnneaAction {
  const rnd = lcg(pick)
  const roll = rnd() % 100
  if (roll < 85) {
    const legal = enneaEngine.legalActions(state)
    const reveal = legal.find((l) => l.type === 'reveal')
    if (reveal) return { type: 'reveal', grid: validGrid(state, rnd) }
    const w = rnd() % 100
    const want = w < 45 ? 'stake' : w < 65 ? 'peek' : w < 90 ? 'pass' : 'ennea'
    const chosen = legal.find((l) => l.type === want) ?? legal.find((l) => l.type === 'pass')
    if (chosen?.type === 'stake' || chosen?.type === 'peek') {
      return { type: chosen.type, cell: chosen.cells[rnd() % chosen.cells.length] ?? 0 }
    }
    if (chosen?.type === 'pass' || chosen?.type === 'ennea') return { type: chosen.type }
    return { type: 'pass' }
  }
  const bad: unknown[] = [
    { type: 'stake', cell: rnd() % 9 },
    { type: 'peek', cell: rnd() % 9 },
    { type: 'ennea', seat: rnd() % 4 },
    { type: 'pass', seat: rnd() % 4 },
    { type: 'reveal', grid: validGrid(state, rnd) },
    { type: 'reveal', grid: [10, 1, 2, 3, 4, 5, 6, 7, 8] },
    { type: 'reveal', grid: [5, 5, 5, 5, 5, 1, 2, 3, 4] },
    { type: 'stake', cell: 12 },
    { type: 'jump' },
    null,
    [1, 2],
    'pass',
  ]
  return bad[rnd() % bad.length] as EnneaAction
}

function stakedBy(state: EnneaState, seat: number): number {
  return state.cells.filter((c) => c.includes(seat)).length
}

describe('Ennea engine: generic properties', () => {
  engineProperties({ engine: enneaEngine, config: configArb, nextAction, steps: STEPS })
})

describe('Ennea engine: game properties', () => {
  const picks = fc.array(fc.nat(), { maxLength: STEPS })

  it('pool + set-aside + staked = total for every seat after any action sequence', () => {
    fc.assert(
      fc.property(configArb, picks, (cfg, ps) => {
        const sim = simulate(enneaEngine, cfg, ps, nextAction)
        for (const s of sim.states) {
          const n = s.names.length
          for (let seat = 0; seat < n; seat++) {
            if (s.phase === 'over') continue
            expect((s.pools[seat] ?? 0) + (s.setAside[seat] ?? 0) + stakedBy(s, seat)).toBe(s.totals[seat])
            expect(s.pools[seat]).toBeGreaterThanOrEqual(0)
          }
          for (const cell of s.cells) {
            expect(cell.length).toBeLessThanOrEqual(Math.min(3, n))
            expect(new Set(cell).size).toBe(cell.length)
          }
        }
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('cube totals never increase and never go below 0; each round record adds up', () => {
    fc.assert(
      fc.property(configArb, picks, (cfg, ps) => {
        const sim = simulate(enneaEngine, cfg, ps, nextAction)
        for (let i = 1; i < sim.states.length; i++) {
          const prev = sim.states[i - 1]
          const cur = sim.states[i]
          if (!prev || !cur) continue
          cur.totals.forEach((t, seat) => {
            expect(t).toBeLessThanOrEqual(prev.totals[seat] ?? 0)
            expect(t).toBeGreaterThanOrEqual(0)
          })
          expect(cur.round).toBeGreaterThanOrEqual(prev.round)
        }
        const last = sim.states[sim.states.length - 1]
        for (const r of last?.rounds ?? []) {
          r.seats.forEach((res, seat) => {
            expect(res.total).toBe((r.totalsBefore[seat] ?? 0) - res.loss)
            expect(r.totalsAfter[seat]).toBe(res.total)
          })
        }
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('games reach the later rounds (the generator is not stuck in round 1)', () => {
    let finished = 0
    fc.assert(
      fc.property(configArb, fc.array(fc.nat(), { minLength: STEPS, maxLength: STEPS }), (cfg, ps) => {
        const sim = simulate(enneaEngine, cfg, ps, nextAction)
        if (sim.states[sim.states.length - 1]?.phase === 'over') finished++
      }),
      { numRuns: NUM_RUNS },
    )
    expect(finished).toBeGreaterThan(NUM_RUNS / 2)
  })

  it('undo (replay without the last action) gives back the previous state', () => {
    fc.assert(
      fc.property(configArb, picks, (cfg, ps) => {
        const sim = simulate(enneaEngine, cfg, ps, nextAction)
        if (sim.accepted.length === 0) return
        const r = replay(enneaEngine, cfg, sim.accepted.slice(0, -1))
        expect(r.ok).toBe(true)
        if (r.ok) expect(r.value).toEqual(sim.states[sim.states.length - 2])
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('apply never throws, whatever the action', () => {
    fc.assert(
      fc.property(configArb, picks, fc.anything(), (cfg, ps, junk) => {
        const sim = simulate(enneaEngine, cfg, ps.slice(0, 40), nextAction)
        const s = sim.states[sim.states.length - 1]
        if (!s) return
        const r = enneaEngine.apply(s, junk as EnneaAction)
        expect(typeof r.ok).toBe('boolean')
        const r2 = enneaEngine.apply(junk as EnneaState, { type: 'pass' })
        expect(r2.ok).toBe(false)
      }),
      { numRuns: NUM_RUNS },
    )
  })
})

// ---------------------------------------------------------------------------------------------
// Resolution on random valid boards, against independent brute-force oracles
// ---------------------------------------------------------------------------------------------

const DECK = Array.from({ length: 36 }, (_, i) => (i % 9) + 1)

const boardArb: fc.Arbitrary<EnneaBoard> = fc.integer({ min: 2, max: 4 }).chain((n) =>
  fc
    .record({
      grid: fc.shuffledSubarray(DECK, { minLength: 9, maxLength: 9 }),
      stakes: fc.array(
        fc.subarray(
          Array.from({ length: n }, (_, s) => s),
          { maxLength: Math.min(3, n) },
        ),
        { minLength: 9, maxLength: 9 },
      ),
      extra: fc.array(fc.nat({ max: 9 }), { minLength: n, maxLength: n }),
      dense: fc.boolean(),
    })
    .map(({ grid, stakes, extra, dense }) => {
      // "dense" boards give seat 0 many cubes so overlapping failed lines are common
      const st = dense ? stakes.map((c, i) => (i % 4 === 3 || c.includes(0) ? c : [0, ...c].slice(0, 3))) : stakes
      const totals = extra.map((e, s) => {
        const onGrid = st.filter((c) => c.includes(s)).length
        return onGrid === 0 && e === 0 ? 0 : Math.min(9, onGrid + e)
      })
      return { grid, stakes: st, totals }
    }),
)

interface SeatLines {
  failed: number[][] // each failed line's unprotected cells
  anySuccess: boolean
}

function seatLines(board: EnneaBoard, seat: number): SeatLines {
  const lines = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
  ]
    .map((cells) => cells.filter((c) => board.stakes[c]?.includes(seat)))
    .filter((cells) => cells.length >= 2)
  const success = lines.filter((cells) => cells.reduce((a, c) => a + (board.grid[c] ?? 0), 0) === 9)
  const prot = new Set(success.flat())
  const failed = lines.filter((l) => !success.includes(l)).map((cells) => cells.filter((c) => !prot.has(c)))
  return { failed, anySuccess: success.length > 0 }
}

/** STRICT: the largest number of failed lines that each get a different unprotected cube. */
function oracleStrict(failed: number[][]): number {
  const go = (i: number, used: Set<number>): number => {
    if (i === failed.length) return 0
    let best = go(i + 1, used)
    for (const c of failed[i] ?? []) {
      if (used.has(c)) continue
      used.add(c)
      best = Math.max(best, 1 + go(i + 1, used))
      used.delete(c)
    }
    return best
  }
  return go(0, new Set())
}

/** OWNER_SEQUENTIAL, literally: lines one by one in any order, the owner picks; the smallest result. */
function oracleSequential(failed: number[][]): number {
  const memo = new Map<string, number>()
  const go = (left: number[], removed: number[]): number => {
    if (left.length === 0) return 0
    const key = `${left.join(',')}|${[...removed].sort().join(',')}`
    const hit = memo.get(key)
    if (hit !== undefined) return hit
    let best = Infinity
    for (const l of left) {
      const rest = left.filter((x) => x !== l)
      const free = (failed[l] ?? []).filter((c) => !removed.includes(c))
      if (free.length === 0) best = Math.min(best, go(rest, removed))
      for (const c of free) best = Math.min(best, 1 + go(rest, [...removed, c]))
    }
    memo.set(key, best)
    return best
  }
  return go(
    failed.map((_, i) => i),
    [],
  )
}

/** SHARED: the smallest set of cubes meeting every failed line that has an unprotected cube. */
function oracleShared(failed: number[][]): number {
  const need = failed.filter((l) => l.length > 0)
  const cells = [...new Set(need.flat())]
  for (let k = 0; k <= cells.length; k++) {
    const pick = (from: number, chosen: number[]): boolean => {
      if (chosen.length === k) return need.every((l) => l.some((c) => chosen.includes(c)))
      for (let i = from; i < cells.length; i++) if (pick(i + 1, [...chosen, cells[i] ?? -1])) return true
      return false
    }
    if (pick(0, [])) return k
  }
  return cells.length
}

function resolveAll(board: EnneaBoard, rule: EnneaRemovalRule): EnneaSeatResolution[] {
  const r = resolveEnneaBoard(board, { failedLineRemoval: rule })
  if (!r.ok) throw new Error(r.error.message)
  return r.value.seats
}

describe('Ennea resolution on random valid boards', () => {
  it('loss under STRICT ≥ OWNER_SEQUENTIAL ≥ SHARED for every seat', () => {
    fc.assert(
      fc.property(boardArb, (board) => {
        const strict = resolveAll(board, 'STRICT')
        const seq = resolveAll(board, 'OWNER_SEQUENTIAL')
        const shared = resolveAll(board, 'SHARED')
        strict.forEach((s, seat) => {
          expect(s.loss).toBeGreaterThanOrEqual(seq[seat]?.loss ?? Infinity)
          expect(seq[seat]?.loss).toBeGreaterThanOrEqual(shared[seat]?.loss ?? Infinity)
        })
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('lineLoss matches brute-force oracles of each rule, and the minimum loss follows EN-R21', () => {
    fc.assert(
      fc.property(boardArb, (board) => {
        const byRule: [EnneaRemovalRule, (f: number[][]) => number][] = [
          ['STRICT', oracleStrict],
          ['OWNER_SEQUENTIAL', oracleSequential],
          ['SHARED', oracleShared],
        ]
        for (const [rule, oracle] of byRule) {
          const seats = resolveAll(board, rule)
          seats.forEach((res, seat) => {
            const { failed, anySuccess } = seatLines(board, seat)
            const total = board.totals[seat] ?? 0
            expect(res.lineLoss, `${rule} seat ${seat}`).toBe(oracle(failed))
            expect(res.removedCells).toHaveLength(res.lineLoss)
            const expectedLoss = !anySuccess && total >= 1 ? Math.max(res.lineLoss, 1) : res.lineLoss
            expect(res.loss).toBe(expectedLoss)
            expect(res.minimumLoss).toBe(expectedLoss > res.lineLoss)
            expect(res.total).toBe(total - res.loss)
            expect(res.total).toBeGreaterThanOrEqual(0)
            expect(res.explanation.length).toBeGreaterThan(0)
          })
        }
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (board, rules) => {
        const r = resolveEnneaBoard(board as EnneaBoard, rules as { failedLineRemoval?: EnneaRemovalRule })
        expect(typeof r.ok).toBe('boolean')
      }),
      { numRuns: NUM_RUNS },
    )
  })
})
