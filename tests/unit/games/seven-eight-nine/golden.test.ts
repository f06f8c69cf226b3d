/** SPEC section 4.5: every golden example SE-G01..SE-G20, from fixtures, with the house-rule variants. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  senCanBlock,
  senCanDeclare,
  senCheckBlock,
  senEngine,
  senResolveTiebreak,
  senTiebreak,
  type SenAction,
  type SenConfig,
  type SenState,
} from '../../../../src/shared/games/seven-eight-nine'

interface DeclareCase {
  id: string
  hand: number[]
  flipped: number
  rules?: { declareGap?: number }
  ok: boolean
  message?: string
}
interface BlockCase {
  id: string
  hand: number[]
  rules?: { blockRequirement?: 'TWO_DISTINCT' | 'TWO_CARDS' }
  canBlock: boolean
  message?: string
}
interface TiebreakCase {
  id: string
  first: number[]
  second: number[]
  rules?: { tiebreakCounting?: 'DISTINCT' | 'LITERAL_SUM'; tiebreakHighCard?: 'WHOLE_HAND' | 'TARGETS_ONLY' }
  winner: 0 | 1 | null
  scores: [number, number]
  explanation: string
}
interface Step {
  action: SenAction
  error?: string
  expect?: Record<string, unknown>
}
interface MatchCase {
  id: string
  config: SenConfig
  steps: Step[]
  expect: Record<string, unknown>
}

const golden = JSON.parse(
  readFileSync(new URL('../../../fixtures/seven-eight-nine/golden.json', import.meta.url), 'utf8'),
) as {
  declare: DeclareCase[]
  block: BlockCase[]
  tiebreak: TiebreakCase[]
  matches: MatchCase[]
}

/** The observable facts a golden example talks about. */
export function summary(state: SenState): Record<string, unknown> {
  const g = state.game
  const st = senEngine.status(state)
  return {
    phase: st.phase,
    toAct: st.toAct,
    game: g.number,
    turn: g.turn,
    reactor: g.reactor,
    flipped: g.flipped,
    flips: g.flips,
    drawCount: g.drawCount,
    discard: g.discard,
    known: g.known,
    blocked: g.blocked,
    reshuffled: g.reshuffled,
    redeals: g.redeals,
    winner: g.result?.winner ?? null,
    ending: g.result?.ending ?? null,
    label: g.result?.label ?? null,
    explanation: g.result?.explanation ?? null,
    legal: senEngine.legalActions(state),
  }
}

function expectSummary(state: SenState, expected: Record<string, unknown>): void {
  const s = summary(state)
  for (const [key, value] of Object.entries(expected)) expect({ [key]: s[key] }).toEqual({ [key]: value })
}

describe('Seven Eight Nine golden: Declare (senCanDeclare)', () => {
  it.each(golden.declare.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = senCanDeclare(c.hand, c.flipped, c.rules)
    if (c.ok) expect(r).toEqual({ ok: true, value: true })
    else {
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.message).toBe(c.message)
    }
  })
})

describe('Seven Eight Nine golden: Block (senCanBlock)', () => {
  it.each(golden.block.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(senCanBlock(c.hand, c.rules)).toBe(c.canBlock)
    const r = senCheckBlock(c.hand, c.rules)
    expect(r.ok).toBe(c.canBlock)
    if (!r.ok) expect(r.error.message).toBe(c.message)
  })
})

describe('Seven Eight Nine golden: tiebreaker (senTiebreak)', () => {
  it.each(golden.tiebreak.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(senTiebreak(c.first, c.second, c.rules)).toBe(c.winner)
    const r = senResolveTiebreak(c.first, c.second, c.rules)
    expect(r.ok).toBe(true)
    if (r.ok) {
      expect(r.value.scores).toEqual(c.scores)
      expect(r.value.explanation).toBe(c.explanation)
    }
    // swapping the hands swaps the winner
    const swapped = c.winner === null ? null : c.winner === 0 ? 1 : 0
    expect(senTiebreak(c.second, c.first, c.rules)).toBe(swapped)
  })
})

describe('Seven Eight Nine golden: live engine scenarios', () => {
  it.each(golden.matches.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const start = senEngine.setup(c.config)
    expect(start.ok).toBe(true)
    if (!start.ok) return
    let state = start.value
    for (const step of c.steps) {
      const r = senEngine.apply(state, step.action)
      if (step.error !== undefined) {
        expect(r.ok, `${JSON.stringify(step.action)} should be refused`).toBe(false)
        if (!r.ok) expect(r.error.message).toBe(step.error)
        continue
      }
      expect(r.ok ? 'accepted' : r.error.message).toBe('accepted')
      if (!r.ok) return
      state = r.value
      // hands + draw pile + discard pile = 52 after every step
      expect(6 + state.game.drawCount + state.game.discard.length).toBe(52)
      if (step.expect) expectSummary(state, step.expect)
    }
    expectSummary(state, c.expect)
    expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state)
  })
})
