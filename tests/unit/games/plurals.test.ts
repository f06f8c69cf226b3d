/** One card, one player, one name: the engines' words count in the singular too. */
import { expect, it } from 'vitest'
import { senEngine, type SenAction, type SenState } from '../../../src/shared/games/seven-eight-nine'
import { nineEngine } from '../../../src/shared/games/nine'
import { P, run, start } from './seven-eight-nine/helpers'

/** A pile correction leaves the 52-card count (SE-A1), which `run` checks after each action. */
function apply(s: SenState, a: SenAction): SenState {
  const r = senEngine.apply(s, a)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

it('Seven Eight Nine: a reshuffle of a one-card discard pile says "1 card"', () => {
  const s = apply(run(start(P), [{ type: 'flip', card: 4 }, { type: 'discard' }]), { type: 'correct-piles', draw: 0 })
  expect(s.game.phase).toBe('reshuffle')
  const r = senEngine.apply(s, { type: 'reshuffle' })
  expect(r.ok && r.value.game.log.at(-1)?.text).toBe(
    'The discard pile (1 card) becomes the new draw pile. This was the only reshuffle.',
  )
  const one = apply(run(start(P), [{ type: 'flip', card: 4 }, { type: 'discard' }]), { type: 'correct-piles', draw: 1 })
  const again = senEngine.apply(one, { type: 'correct-piles', draw: 1 })
  expect(!again.ok && again.error.message).toBe('The app already counts 1 card in the draw pile; nothing to correct.')
  const early = senEngine.apply(one, { type: 'reshuffle' })
  expect(!early.ok && early.error.message).toMatch(/^The draw pile still has 1 card;/)
})

it('Nine: one name for two players says "1 name was given"', () => {
  const r = nineEngine.setup({ names: ['Ada'], players: 2 })
  expect(!r.ok && r.error.message).toBe('1 name was given for 2 players.')
})
