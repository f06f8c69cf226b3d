/** Test helpers for Seven Eight Nine: deterministic card sequences that respect the 4-per-rank deck. */
import { expect } from 'vitest'
import { senEngine, type SenAction, type SenConfig, type SenState } from '../../../../src/shared/games/seven-eight-nine'

/** The 52 ranks minus `exclude` (a multiset), cycling A..K so neighbours differ. */
export function deckWithout(exclude: readonly number[]): number[] {
  const rest = [...exclude]
  const out: number[] = []
  for (let copy = 0; copy < 4; copy++) {
    for (let r = 1; r <= 13; r++) {
      const i = rest.indexOf(r)
      if (i >= 0) rest.splice(i, 1)
      else out.push(r)
    }
  }
  return out
}

/** A flip of the given card. */
export const flip = (card: number): SenAction => ({ type: 'flip', card })

/** Flip and discard each card in turn. */
export function flipDiscard(cards: readonly number[]): SenAction[] {
  return cards.flatMap((card): SenAction[] => [flip(card), { type: 'discard' }])
}

/** Play a whole game down to the tiebreaker: 46 flips, the reshuffle, 46 more flips. */
export function toTiebreak(hands: readonly number[]): SenAction[] {
  const fill = deckWithout(hands)
  return [...flipDiscard(fill), { type: 'reshuffle' }, ...flipDiscard(fill)]
}

export function start(config: SenConfig): SenState {
  const r = senEngine.setup(config)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

/** Applies actions that must all be accepted, checking the 52-card count after each. */
export function run(state: SenState, actions: readonly SenAction[]): SenState {
  let s = state
  for (const a of actions) {
    const r = senEngine.apply(s, a)
    if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.message}`)
    s = r.value
    expect(6 + s.game.drawCount + s.game.discard.length).toBe(52)
  }
  return s
}

export function refuse(state: SenState, action: unknown): string {
  const r = senEngine.apply(state, action as SenAction)
  if (r.ok) throw new Error(`${JSON.stringify(action)} was accepted`)
  return r.error.message
}

export const P = { names: ['P1', 'P2'] }
