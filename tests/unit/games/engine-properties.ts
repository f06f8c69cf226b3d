/**
 * Generic fast-check properties every rules engine must satisfy. Each engine's test file calls
 * `engineProperties(...)` inside a describe block, with its own config arbitrary and a function that
 * turns (state, random number) into a candidate action (legal or not).
 */
import fc from 'fast-check'
import { isDeepStrictEqual } from 'node:util'
import { expect, it } from 'vitest'
import { replay, type GameEngine } from '../../../src/shared/games/engine'

export const NUM_RUNS = 1000
/**
 * Each generic property plays NUM_RUNS games of up to 60 actions: about 10 s of one core for Ennea's
 * heaviest on a quiet machine, several times that beside other work. Sized to that work rather than to
 * the suite's default (120 s, which the heaviest reached with the machine loaded).
 */
export const PROPERTY_TIMEOUT_MS = 600_000

/**
 * expect(a).toEqual(b) / toStrictEqual(b), with Node's deep comparison first: strictly equal values
 * pass at once (vitest's comparison, with its diff, is many times slower and these properties compare
 * hundreds of thousands of states), anything else goes to vitest, whose verdict and message stand.
 */
function same(a: unknown, b: unknown, strict = false): void {
  if (isDeepStrictEqual(a, b)) return
  if (strict) expect(a).toStrictEqual(b)
  else expect(a).toEqual(b)
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}

export interface Simulation<S, A> {
  states: S[]
  accepted: A[]
  rejected: { state: S; action: A }[]
}

/** Plays `picks.length` candidate actions from the setup state, keeping the accepted ones. */
export function simulate<C, S, A>(
  engine: GameEngine<C, S, A, unknown>,
  config: C,
  picks: readonly number[],
  nextAction: (state: S, pick: number) => A,
): Simulation<S, A> {
  const start = engine.setup(config)
  if (!start.ok) throw new Error(`setup refused a generated config: ${start.error.message}`)
  let state = start.value
  const sim: Simulation<S, A> = { states: [state], accepted: [], rejected: [] }
  for (const pick of picks) {
    const action = nextAction(state, pick)
    const r = engine.apply(state, action)
    if (r.ok) {
      state = r.value
      sim.accepted.push(action)
      sim.states.push(state)
    } else {
      sim.rejected.push({ state, action })
    }
  }
  return sim
}

export interface PropertyOptions<C, S, A> {
  engine: GameEngine<C, S, A, unknown>
  config: fc.Arbitrary<C>
  nextAction: (state: S, pick: number) => A
  /** Longest action sequence tried. */
  steps?: number
  numRuns?: number
}

export function engineProperties<C, S, A>(opts: PropertyOptions<C, S, A>): void {
  const { engine, config, nextAction } = opts
  const numRuns = opts.numRuns ?? NUM_RUNS
  // size 'max' so sequences really reach the step limit (fast-check's default size keeps arrays short).
  const picks = fc.array(fc.nat(), { maxLength: opts.steps ?? 60, size: 'max' })

  it(
    'a rejected action leaves the state deep-equal',
    () => {
      fc.assert(
        fc.property(config, picks, (cfg, ps) => {
          const sim = simulate(engine, cfg, ps, nextAction)
          for (const { state, action } of sim.rejected) {
            const before = structuredClone(state)
            const r = engine.apply(state, action)
            expect(r.ok).toBe(false)
            if (!r.ok) expect(typeof r.error.message).toBe('string')
            same(state, before)
          }
        }),
        { numRuns },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it(
    'replay is deterministic',
    () => {
      fc.assert(
        fc.property(config, picks, (cfg, ps) => {
          const sim = simulate(engine, cfg, ps, nextAction)
          const a = replay(engine, cfg, sim.accepted)
          const b = replay(engine, cfg, sim.accepted)
          expect(a.ok).toBe(true)
          same(a, b)
          if (a.ok) same(a.value, sim.states[sim.states.length - 1])
        }),
        { numRuns },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it(
    'apply never mutates its input (deep-frozen states)',
    () => {
      fc.assert(
        fc.property(config, picks, (cfg, ps) => {
          const start = engine.setup(cfg)
          if (!start.ok) throw new Error(start.error.message)
          let state = deepFreeze(start.value)
          for (const pick of ps) {
            const action = deepFreeze(nextAction(state, pick))
            // a frozen input that the engine tried to write to would throw in strict mode
            const r = engine.apply(state, action)
            if (r.ok) state = deepFreeze(r.value)
          }
        }),
        { numRuns },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it(
    'every state survives a JSON round trip',
    () => {
      fc.assert(
        fc.property(config, picks, (cfg, ps) => {
          const sim = simulate(engine, cfg, ps, nextAction)
          for (const s of sim.states) {
            same(JSON.parse(JSON.stringify(s)), s, true)
            // status and standings are plain data too
            const st = engine.status(s)
            same(JSON.parse(JSON.stringify(st)), st, true)
            const sd = engine.standings(s)
            same(JSON.parse(JSON.stringify(sd)), sd, true)
          }
        }),
        { numRuns },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )
}
