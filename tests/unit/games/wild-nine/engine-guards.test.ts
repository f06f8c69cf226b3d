/**
 * What the Wild Nine engine refuses before any rule applies: a state that is not a Wild Nine match,
 * stopping or playing with no round tracked, and a turn after a player went out (WN-R15: the round is
 * over, the others' remaining cards are entered next, WN-R16).
 */
import { describe, expect, it } from 'vitest'
import { wildNineEngine, type WildNineAction, type WildNineState } from '../../../../src/shared/games/wild-nine'

function must(r: { ok: true; value: WildNineState } | { ok: false; error: { message: string } }): WildNineState {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const apply = (s: WildNineState, a: unknown) => wildNineEngine.apply(s, a as WildNineAction)

describe('Wild Nine: refusals before the rules', () => {
  const fresh = must(wildNineEngine.setup({ players: 3 }))

  it('refuses a state of another game', () => {
    expect(apply({ game: 'nine' } as never, { type: 'draw' })).toEqual({
      ok: false,
      error: { code: 'invalid-state', message: 'This is not a Wild Nine match state.' },
    })
  })

  it('refuses to stop tracking, or to play, draw or pass, when no round is tracked', () => {
    expect(apply(fresh, { type: 'stop-tracking' })).toEqual({
      ok: false,
      error: { code: 'wrong-phase', message: 'No round is being tracked.' },
    })
    for (const type of ['draw', 'pass', 'keep', 'reshuffle'])
      expect(apply(fresh, { type })).toEqual({
        ok: false,
        error: {
          code: 'wrong-phase',
          message: 'Start tracking a round (turn up the opening card) or enter a round result.',
        },
      })
  })

  it('WN-R15: after P2 plays their last card the round is over; the next turn is refused by name', () => {
    const tracked = must(
      apply(fresh, { type: 'start-round', upcard: '7H', position: { handSizes: [5, 1, 5], stock: 40, discard: 1 } }),
    )
    const out = must(apply(tracked, { type: 'play', card: '7C' }))
    expect(apply(out, { type: 'draw' })).toEqual({
      ok: false,
      error: { code: 'wrong-phase', message: "P2 went out: enter the others' remaining cards." },
    })
  })
})
