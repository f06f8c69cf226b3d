/**
 * Seven Eight Nine's helpers on one game (src/shared/games/seven-eight-nine/game.ts), through the engine: the log a
 * game keeps, the cards the deck check counts after the reshuffle, a shown hand against the known cards, the
 * record of a finished game, the match target, and the React window (senReactCheck). Written for the mutants
 * of game.ts that survived `npm run mutation:core` (docs/QUALITY.md § Domain core).
 */
import { describe, expect, it } from 'vitest'
import { senEngine, senReactCheck, type SenAction, type SenState } from '../../../../src/shared/games/seven-eight-nine'
import { deckWithout, flip, flipDiscard, P, refuse, run, start } from './helpers'

const swapWin = (flipped: number, give: number): SenAction[] => [flip(flipped), { type: 'swap', give, show: [7, 8, 9] }]

describe('the game log', () => {
  it('a new game starts with an empty log, and each action adds its line to the ones before', () => {
    const s0 = start(P)
    expect(s0.game.log).toEqual([])
    const s = run(s0, [flip(5), { type: 'discard' }])
    expect(s.game.log.map((l) => l.text)).toEqual(['P1 flips a 5.', 'P1 discards the 5.'])
    expect(run(s, [flip(1)]).game.log[2]?.text).toBe('P2 flips an A.')
    const won = run(s, swapWin(9, 10))
    expect(won.game.log).toHaveLength(5)
    expect(won.game.log[4]).toEqual({ seat: 1, text: won.game.result?.explanation })
    expect(run(won, [{ type: 'next-game' }]).game.log).toEqual([])
  })
})

describe('SE-V4 after the reshuffle (SE-R12)', () => {
  it('the rebuilt draw pile counts: a fifth 9 given up onto the discard pile is refused', () => {
    const fill = deckWithout([1, 2, 3, 4, 5, 6])
    const rebuilt = run(start(P), [...flipDiscard(fill), { type: 'reshuffle' }, flip(8)])
    expect(rebuilt.game.drawKnown?.filter((r) => r === 9)).toHaveLength(4)
    expect(refuse(rebuilt, { type: 'swap', give: 9 })).toBe('Five 9s entered; a deck has four.')
  })
})

describe('SE-R4: a shown hand', () => {
  it('show: null is no claim; a shown 7-8-9 must hold the cards known to be in the hand', () => {
    // the schema takes null (JSON from a form) where the action's type has the key left out
    const noClaim = run(start(P), [flip(9), { type: 'swap', give: 10, show: null } as unknown as SenAction])
    expect(noClaim.game.phase).toBe('flip')
    const blocked = run(start(P), [
      flip(9),
      { type: 'declare', hand: [7, 8, 2] },
      { type: 'block', hand: [7, 8, 3] },
      flip(4),
      { type: 'discard' },
      flip(9),
    ])
    expect(senEngine.apply(blocked, { type: 'swap', give: 8, show: [7, 8, 9] })).toMatchObject({
      ok: false,
      error: {
        code: 'hand-mismatch',
        message: "P1's hand is known to be 2, 7, 9; the hand entered is 7, 8, 9.",
        field: 'show',
      },
    })
  })
})

describe('SE-R14: the record of a finished game', () => {
  it('results per seat, and only whole known hands', () => {
    // P1 took a 5 (known: one card), then P2 wins by swap
    const p2 = run(start(P), [flip(5), { type: 'swap', give: 5 }, ...swapWin(9, 10)])
    expect(p2.game.known[0]).toEqual([5])
    expect(p2.game.result).toMatchObject({ winner: 1, results: ['loss', 'win'], hands: [[], [7, 8, 9]] })
    // P2 took a 5, then P1 wins by swap
    const p1 = run(start(P), [flip(2), { type: 'discard' }, flip(5), { type: 'swap', give: 5 }, ...swapWin(9, 10)])
    expect(p1.game.result).toMatchObject({ winner: 0, results: ['win', 'loss'], hands: [[7, 8, 9], []] })
    const draw = run(start(P), [{ type: 'dealt-win', seats: [0, 1] }])
    expect(draw.game.result).toMatchObject({ winner: null, results: ['draw', 'draw'], label: 'Draw' })
  })

  it('first to 1: the second seat reaching the target ends the match', () => {
    const s = run(start({ ...P, target: 1 }), [flip(2), { type: 'discard' }, ...swapWin(9, 10)])
    expect(s.wins).toEqual([0, 1])
    expect(s.over).toBe(true)
  })
})

describe('SE-R8: the React window (senReactCheck)', () => {
  const discarded = (card: number): SenState => run(start(P), [flip(card), { type: 'discard' }])

  it('gives the ranks that may be given, never below A or above K', () => {
    expect(senReactCheck(discarded(1))).toEqual({ ok: true, value: { seat: 1, top: 1, give: [1, 2] } })
    expect(senReactCheck(discarded(13))).toEqual({ ok: true, value: { seat: 1, top: 13, give: [12, 13] } })
    expect(senEngine.legalActions(discarded(1))).toContainEqual({ type: 'react', seat: 1, top: 1, give: [1, 2] })
  })

  it('refuses a seat that is not one, an empty discard pile, a flipped card waiting, a Declare waiting, a game over', () => {
    expect(senReactCheck(discarded(5), 2)).toMatchObject({ ok: false, error: { code: 'invalid-seat', field: 'seat' } })
    expect(refuse(start(P), { type: 'react', give: 5 })).toBe(
      'The discard pile is empty: there is nothing to React to.',
    )
    const closed = "A React comes before the next flip; this turn's card has already been flipped."
    expect(refuse(run(discarded(5), [flip(9)]), { type: 'react', give: 5 })).toBe(closed)
    expect(refuse(run(discarded(5), [flip(9), { type: 'declare', hand: [7, 8, 2] }]), { type: 'react', give: 5 })).toBe(
      closed,
    )
    expect(refuse(run(discarded(5), swapWin(9, 10)), { type: 'react', give: 9 })).toBe(
      'Game 1 is over: start the next game.',
    )
  })

  it('a discard before the first flip is refused with the flip phase’s reason', () => {
    expect(refuse(start(P), { type: 'discard' })).toBe('P1 flips a card first.')
  })
})
