/**
 * Seven Eight Nine's legal actions after a flip (src/shared/games/seven-eight-nine/engine.ts), exactly: the
 * Adjacent Swap's ranks at the ends of the deck (an Ace has no rank below it, a King none above, SE-R7), a
 * swap only with a rank the known hand holds, the Declare only for a 7, 8 or 9 (SE-R8), and the pile counts
 * (the answers to a Declare under the Block house rule are in action-guards.test.ts).
 * For the survivors of `npm run mutation:core` over engine.ts (docs/QUALITY.md § Domain core).
 */
import { describe, expect, it } from 'vitest'
import { senEngine, senPiles } from '../../../../src/shared/games/seven-eight-nine'
import { flip, P, run, start } from './helpers'

const afterFlip = (card: number) => run(start(P), [flip(card)])
const legal = (card: number) => senEngine.legalActions(afterFlip(card))

describe('legal actions after a flip', () => {
  it('an Ace swaps for an Ace or a 2, a King for a Queen or a King, a 5 for 4, 5 or 6', () => {
    expect(legal(1)).toEqual([
      { type: 'discard', seat: 0 },
      { type: 'swap', seat: 0, flipped: 1, give: [1, 2] },
    ])
    expect(legal(13)).toEqual([
      { type: 'discard', seat: 0 },
      { type: 'swap', seat: 0, flipped: 13, give: [12, 13] },
    ])
    expect(legal(5)).toContainEqual({ type: 'swap', seat: 0, flipped: 5, give: [4, 5, 6] })
  })

  it('a Declare is offered on a 7, 8 or 9 only', () => {
    const declares = (card: number) => legal(card).filter((l) => l.type === 'declare')
    expect(declares(6)).toEqual([])
    expect(declares(7)).toEqual([{ type: 'declare', seat: 0, flipped: 7 }])
    expect(declares(9)).toEqual([{ type: 'declare', seat: 0, flipped: 9 }])
    expect(declares(10)).toEqual([])
  })

  it('with the whole hand known, a swap only gives a rank it holds, and none when it holds no neighbour', () => {
    // P1 takes a flipped 4, a 6 and a 12 by swaps over three turns (P2 discards in between), so P1's hand is known.
    let s = start(P)
    for (const [card, give] of [
      [4, 4],
      [6, 6],
      [12, 12],
    ] as const)
      s = run(s, [flip(card), { type: 'swap', give }, flip(2), { type: 'discard' }])
    expect(s.game.known[0]).toHaveLength(3)
    const on5 = senEngine.legalActions(run(s, [flip(5)]))
    expect(on5).toContainEqual({ type: 'swap', seat: 0, flipped: 5, give: [4, 6] })
    const on9 = senEngine.legalActions(run(s, [flip(9)]))
    expect(on9.filter((l) => l.type === 'swap')).toEqual([])
  })

  it('the piles: 3 cards in each hand, the rest in the draw and discard piles, 52 in all', () => {
    const s = run(start(P), [flip(5), { type: 'discard' }, flip(6), { type: 'discard' }])
    expect(senPiles(s)).toEqual({ hands: [3, 3], draw: 44, discard: 2, total: 52 })
  })
})
