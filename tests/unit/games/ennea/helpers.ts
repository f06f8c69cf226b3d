/** Test helpers for Ennea's engine: a set-up, accepted steps and a refusal, each failing loudly when it does not hold. */
import { enneaEngine, type EnneaAction, type EnneaConfig, type EnneaState } from '../../../../src/shared/games/ennea'

/** A new match: a list of names, or a whole config (house rules). */
export function setup(config: string[] | EnneaConfig): EnneaState {
  const r = enneaEngine.setup(Array.isArray(config) ? { names: config } : config)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

/** Applies actions that must all be accepted. */
export function step(state: EnneaState, ...actions: unknown[]): EnneaState {
  let s = state
  for (const action of actions) {
    const r = enneaEngine.apply(s, action as EnneaAction)
    if (!r.ok) throw new Error(`${JSON.stringify(action)} rejected: ${r.error.message}`)
    s = r.value
  }
  return s
}

/** The refusal of an action that must be refused. */
export function rejects(state: EnneaState, action: unknown): { code: string; message: string; field?: string } {
  const r = enneaEngine.apply(state, action as EnneaAction)
  if (r.ok) throw new Error(`${JSON.stringify(action)} was accepted`)
  return r.error
}
