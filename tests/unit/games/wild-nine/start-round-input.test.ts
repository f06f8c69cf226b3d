/**
 * Starting to track a Wild Nine round, possibly from a given position: a suit named for an opening
 * card that is not a 9 must still be a suit (WN-R4), the hand sizes must give one size per player, and
 * stock, discard and hands must add up to the 52 cards of the deck (WN-R2). Each refusal names its
 * field and changes nothing.
 */
import { describe, expect, it } from 'vitest'
import { wildNineEngine, type WildNineAction, type WildNineState } from '../../../../src/shared/games/wild-nine'

function must(r: { ok: true; value: WildNineState } | { ok: false; error: { message: string } }): WildNineState {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const apply = (s: WildNineState, a: unknown) => wildNineEngine.apply(s, a as WildNineAction)

describe('Wild Nine: start-round input', () => {
  const fresh = must(wildNineEngine.setup({ players: 2 }))

  it('a suit that is not one, given with an opening card that is not a 9, is refused', () => {
    const before = JSON.stringify(fresh)
    const r = apply(fresh, { type: 'start-round', upcard: '7H', suit: 'X' })
    expect(r.ok ? null : r.error).toMatchObject({ code: 'invalid-input', message: 'Name a suit: S, H, D or C.' })
    expect(JSON.stringify(fresh)).toBe(before)
    // a real suit, or none, is accepted (the opening card's own suit stays active, WN-R4)
    expect(apply(fresh, { type: 'start-round', upcard: '7H', suit: 'S' }).ok).toBe(true)
    expect(apply(fresh, { type: 'start-round', upcard: '7H', suit: null }).ok).toBe(true)
  })

  it('a position with one hand size for two players is refused', () => {
    const r = apply(fresh, { type: 'start-round', upcard: '4C', position: { handSizes: [25], stock: 0, discard: 1 } })
    expect(r.ok ? null : r.error).toMatchObject({
      code: 'invalid-input',
      message: 'Give a hand size from 1 to 52 for each of the 2 players.',
    })
  })

  it('a position whose cards do not add up to the deck is refused with the sum', () => {
    const r = apply(fresh, {
      type: 'start-round',
      upcard: '4C',
      position: { handSizes: [25, 26], stock: 3, discard: 2 },
    })
    expect(r.ok ? null : r.error).toMatchObject({
      code: 'card-count',
      message: 'Stock 3 + discard 2 + hands 51 = 56, but the deck holds 52 cards.',
    })
  })
})
