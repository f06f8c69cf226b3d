import { describe, expect, it } from 'vitest'
import { senEngine, type SenState } from '../../../../src/shared/games/seven-eight-nine/index'

function afterDiscard(): SenState {
  const start = senEngine.setup({ names: ['Ana', 'Bo'] })
  if (!start.ok) throw new Error(start.error.message)
  const flipped = senEngine.apply(start.value, { type: 'flip', card: 5 })
  if (!flipped.ok) throw new Error(flipped.error.message)
  const discarded = senEngine.apply(flipped.value, { type: 'discard' })
  if (!discarded.ok) throw new Error(discarded.error.message)
  return discarded.value
}

describe('status mentions a React only when one is possible', () => {
  it('offers the React while the reactor’s hand is unknown', () => {
    expect(senEngine.status(afterDiscard()).message).toContain('Bo may first React to the 5.')
  })

  it('says nothing of a React when the reactor’s known hand has no card matching or next to the discard', () => {
    const state = structuredClone(afterDiscard())
    state.game.known[1] = [1, 2, 13]
    expect(senEngine.status(state).message).not.toContain('React')
    state.game.known[1] = [4, 9, 13]
    expect(senEngine.status(state).message).toContain('Bo may first React to the 5.')
  })
})
