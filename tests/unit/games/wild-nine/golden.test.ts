/** WN-G01..WN-G15 (SPEC section 2.5) as table tests, from tests/fixtures/wild-nine/golden.json. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  scoreWildNineRound,
  wildNineDeal,
  wildNineEngine,
  wildNineLegalCards,
  wildNineOutcome,
  wildNinePenalty,
  type WildNineAction,
  type WildNineConfig,
  type WildNineState,
} from '../../../../src/shared/games/wild-nine'

interface Step {
  action: WildNineAction
  error?: string
  expect?: Record<string, unknown>
}

type Fixture =
  | { id: string; kind: 'penalty'; cards: string[]; expected: number; note?: string }
  | {
      id: string
      kind: 'legal'
      hand: string[]
      top: string
      activeSuit: 'S' | 'H' | 'D' | 'C'
      expected: string[]
      note?: string
    }
  | {
      id: string
      kind: 'round'
      hands: string[][]
      wentOut: number | null
      prior?: number[]
      expected?: { points: number[]; totals: number[]; over: boolean; winners: number[] }
      error?: string
      note?: string
    }
  | { id: string; kind: 'deal'; expected: Record<string, [number, number]>; note?: string }
  | { id: string; kind: 'engine'; config: WildNineConfig; steps: Step[]; note?: string }

const fixtures = JSON.parse(
  readFileSync(new URL('../../../fixtures/wild-nine/golden.json', import.meta.url), 'utf8'),
) as Fixture[]

/** Reads one observable field of a state, for the `expect` blocks of engine fixtures. */
function observe(state: WildNineState, key: string): unknown {
  const st = wildNineEngine.status(state)
  const last = state.rounds[state.rounds.length - 1]
  const live = state.live
  switch (key) {
    case 'phase':
    case 'toAct':
    case 'over':
    case 'winners':
    case 'message':
      return st[key]
    case 'totals':
    case 'dealer':
      return state[key]
    case 'starter':
      return (state.dealer + 1) % state.names.length
    case 'top':
    case 'activeSuit':
    case 'stock':
    case 'discard':
    case 'handSizes':
    case 'noPlayTurns':
    case 'reshuffles':
      return live === null ? 'no live round' : live[key]
    case 'points':
    case 'explanations':
    case 'deadlock':
      return last === undefined ? 'no round yet' : last[key]
    case 'roundDealers':
      return state.rounds.map((r) => r.dealer)
    case 'ranks':
      return wildNineEngine.standings(state).map((s) => s.rank)
    case 'legal':
      return wildNineEngine.legalActions(state).map((l) => l.type)
    default:
      throw new Error(`unknown expectation key ${key}`)
  }
}

const ids = new Set(fixtures.map((f) => f.id))

describe('Wild Nine golden examples', () => {
  it('cover every example WN-G01..WN-G15', () => {
    for (let i = 1; i <= 15; i++) expect(ids.has(`WN-G${String(i).padStart(2, '0')}`)).toBe(true)
  })

  fixtures.forEach((f, index) => {
    const title = `${f.id} #${index} ${f.kind}${f.note ? `: ${f.note}` : ''}`
    it(title, () => {
      switch (f.kind) {
        case 'penalty':
          expect(wildNinePenalty(f.cards)).toEqual({ ok: true, value: f.expected })
          break
        case 'legal':
          expect(wildNineLegalCards(f.hand, f.top, f.activeSuit)).toEqual(f.expected)
          break
        case 'deal':
          for (const [players, [handSize, stock]] of Object.entries(f.expected)) {
            expect(wildNineDeal(Number(players))).toEqual({ ok: true, value: { handSize, stock } })
            expect(Number(players) * handSize + 1 + stock).toBe(52)
          }
          break
        case 'round': {
          const r = scoreWildNineRound(f.hands, f.wentOut)
          if (f.error !== undefined) {
            expect(r.ok).toBe(false)
            if (!r.ok) expect(r.error.message).toBe(f.error)
            break
          }
          if (!r.ok) throw new Error(r.error.message)
          const exp = f.expected
          if (!exp) throw new Error('fixture without expected')
          expect(r.value).toEqual(exp.points)
          const totals = (f.prior ?? r.value.map(() => 0)).map((p, i) => p + (r.value[i] ?? 0))
          expect(totals).toEqual(exp.totals)
          expect(wildNineOutcome(totals)).toEqual({ over: exp.over, winners: exp.winners })
          break
        }
        case 'engine': {
          const start = wildNineEngine.setup(f.config)
          if (!start.ok) throw new Error(start.error.message)
          let state = start.value
          f.steps.forEach((step, i) => {
            const r = wildNineEngine.apply(state, step.action)
            if (step.error !== undefined) {
              expect(r, `step ${i} should be refused`).toMatchObject({ ok: false, error: { message: step.error } })
              return
            }
            if (!r.ok) throw new Error(`step ${i} refused: ${r.error.message}`)
            state = r.value
            for (const [key, value] of Object.entries(step.expect ?? {})) {
              expect(observe(state, key), `step ${i}: ${key}`).toEqual(value)
            }
          })
          // the accepted actions replay to the same state, and the state is plain JSON data
          expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state)
          break
        }
      }
    })
  })
})
