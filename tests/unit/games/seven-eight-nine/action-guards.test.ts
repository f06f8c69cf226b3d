/**
 * Seven Eight Nine's actions (src/shared/games/seven-eight-nine/actions.ts) at their guards: the seat an action
 * names, each action in a phase it does not belong to, wins shown by a swap or a React and the deck check
 * they pass (SE-V4), what a known hand allows, the log lines the table reads, dealt wins and pile counts.
 * Written for the mutants of actions.ts that survived `npm run mutation:core` (docs/QUALITY.md § Domain core).
 */
import { describe, expect, it } from 'vitest'
import { senEngine, type SenAction, type SenState } from '../../../../src/shared/games/seven-eight-nine'
import { flip, flipDiscard, P, refuse, run, start, toTiebreak } from './helpers'

const lastLog = (s: SenState): string => s.game.log[s.game.log.length - 1]?.text ?? ''

describe('SE-R5 / SE-R6 / SE-R8: a turn, as the log tells it', () => {
  it('flip, Match Swap, Adjacent Swap, discard and React each write their line', () => {
    let s = run(start(P), [flip(5)])
    expect(lastLog(s)).toBe('P1 flips a 5.')
    s = run(s, [{ type: 'swap', give: 5 }])
    expect(lastLog(s)).toBe('P1 takes the 5 and gives up a 5 (Match Swap).')
    s = run(s, [flip(8)])
    expect(lastLog(s)).toBe('P2 flips an 8.')
    s = run(s, [{ type: 'swap', give: 7 }])
    expect(lastLog(s)).toBe('P2 takes the 8 and gives up a 7 (Adjacent Swap).')
    s = run(s, [flip(2), { type: 'discard' }])
    expect(lastLog(s)).toBe('P1 discards the 2.')
    s = run(s, [{ type: 'react', give: 3 }])
    expect(lastLog(s)).toBe('P2 reacts: takes the 2 from the discard pile and gives up a 3.')
  })

  it('an action naming the other seat is refused: discard, swap, reshuffle, no-block', () => {
    const flipped = run(start(P), [flip(5)])
    expect(refuse(flipped, { type: 'discard', seat: 1 })).toBe("It is P1's turn to act, not P2's.")
    expect(refuse(flipped, { type: 'swap', give: 5, seat: 1 })).toBe("It is P1's turn to act, not P2's.")
    const drawn = run(start(P), toTiebreak([2, 3, 4, 5, 6, 10]).slice(0, 92))
    expect(drawn.game.phase).toBe('reshuffle')
    expect(refuse(drawn, { type: 'reshuffle', seat: 1 })).toBe("It is P1's turn to reshuffle, not P2's.")
    const declared = run(start(P), [flip(9), { type: 'declare', hand: [7, 8, 2] }])
    expect(refuse(declared, { type: 'no-block', seat: 0 })).toBe("It is P2's turn to answer the Declare, not P1's.")
  })
})

describe('SE-R4: a win shown by a swap or a React', () => {
  it('a swap that shows 7-8-9 ends the game, with the hand on record', () => {
    const s = run(start(P), [flip(9), { type: 'swap', give: 10, show: [8, 9, 7] }])
    expect(s.game.phase).toBe('over')
    expect(s.game.result).toMatchObject({ winner: 0, ending: 'swap', hands: [[7, 8, 9], []] })
    expect(s.wins).toEqual([1, 0])
  })

  it('a React that shows 7-8-9 ends the game; a shown hand that is no win is refused', () => {
    const top = run(start(P), [flip(8), { type: 'discard' }])
    expect(refuse(top, { type: 'react', give: 9, show: [2, 3, 8] })).toBe('A win needs a 7, an 8 and a 9.')
    const s = run(top, [{ type: 'react', give: 9, show: [7, 8, 9] }])
    expect(s.game.result).toMatchObject({ winner: 1, ending: 'react', hands: [[], [7, 8, 9]] })
  })

  it('SE-V4: a shown hand that would make a fifth card of a rank is refused, by swap and by React', () => {
    const eights = run(start(P), flipDiscard([8, 8, 8, 8]))
    expect(refuse(run(eights, [flip(9)]), { type: 'swap', give: 10, show: [7, 8, 9] })).toBe(
      'Five 8s entered; a deck has four.',
    )
    const nines = run(start(P), flipDiscard([9, 9, 9, 9, 8]))
    expect(refuse(nines, { type: 'react', give: 7, show: [7, 8, 9] })).toBe('Five 9s entered; a deck has four.')
  })
})

describe('SE-R9 / SE-R10: Declare and Block out of turn, and what known hands allow', () => {
  it('a Declare before the first flip, a second Declare, a reshuffle or pile count while a Declare waits', () => {
    expect(refuse(start(P), { type: 'declare', hand: [7, 8, 2] })).toBe(
      'Declare is only possible on your own flip: flip a card first.',
    )
    const declared = run(start(P), [flip(9), { type: 'declare', hand: [8, 7, 2] }])
    expect(lastLog(declared)).toBe('P1 declares with 2, 7, 8: the blocker 2 is 7 ranks from the flipped 9.')
    const waiting = 'P2 must answer the Declare first: Block or no Block.'
    expect(refuse(declared, { type: 'declare', hand: [7, 8, 2] })).toBe(waiting)
    expect(refuse(declared, { type: 'reshuffle' })).toBe(waiting)
    expect(refuse(declared, { type: 'correct-piles', draw: 40 })).toBe(
      `Correct the pile count between turns: ${waiting}`,
    )
  })

  it('after a Block both hands are known: a swap or a Declare must fit them; no Block without a Declare', () => {
    const blocked = run(start(P), [flip(9), { type: 'declare', hand: [7, 8, 2] }, { type: 'block', hand: [8, 3, 7] }])
    expect(lastLog(blocked)).toBe(
      "P2 blocks with 3, 7, 8: P1's Declare is void and the 9 goes to the discard pile. No reshuffle from now on.",
    )
    expect(refuse(blocked, { type: 'block', hand: [7, 8, 3] })).toBe('A Block answers a Declare; nobody has declared.')
    expect(refuse(blocked, { type: 'no-block' })).toBe('Nobody has declared.')
    const p2flipped = run(blocked, [flip(4)])
    expect(refuse(p2flipped, { type: 'swap', give: 5 })).toBe("P2's hand is known to be 3, 7, 8; it holds no 5.")
    const p1flipped = run(p2flipped, [{ type: 'discard' }, flip(9)])
    expect(refuse(p1flipped, { type: 'declare', hand: [7, 8, 3] })).toBe(
      "P1's hand is known to be 2, 7, 8; the hand entered is 3, 7, 8.",
    )
  })

  it('house rule blockRequirement TWO_CARDS: a hand known to hold two 7s must Block', () => {
    const twoSevens = [flip(2), { type: 'discard' }, flip(7), { type: 'swap', give: 6 }] as SenAction[]
    const moves = [...twoSevens, ...twoSevens, flip(9), { type: 'declare', hand: [7, 8, 2] }] as SenAction[]
    const strict = run(start({ ...P, houseRules: { blockRequirement: 'TWO_CARDS' } }), moves)
    expect(strict.game.known[1]).toEqual([7, 7])
    expect(refuse(strict, { type: 'no-block' })).toBe(
      'P2 is known to hold 7, 7: that is two of 7, 8, 9, so P2 must Block.',
    )
    expect(run(start(P), [...moves, { type: 'no-block' }]).game.result).toMatchObject({ winner: 0, ending: 'declare' })
    // The legal actions say the same: only the Block under TWO_CARDS; under the default (two different
    // cards of 7, 8, 9) the unknown third card decides, so either answer.
    expect(senEngine.legalActions(strict)).toEqual([{ type: 'block', seat: 1 }])
    expect(senEngine.legalActions(run(start(P), moves))).toEqual([
      { type: 'block', seat: 1 },
      { type: 'no-block', seat: 1 },
    ])
  })
})

describe('a game that is over takes only the next game', () => {
  it.each<SenAction>([
    { type: 'declare', hand: [7, 8, 2] },
    { type: 'block', hand: [7, 8, 2] },
    { type: 'no-block' },
    { type: 'reshuffle' },
    {
      type: 'tiebreak',
      hands: [
        [2, 3, 4],
        [4, 5, 6],
      ],
    },
    { type: 'dealt-win', seats: [0] },
    { type: 'correct-piles', draw: 10 },
  ])('%j', (action) => {
    const over = run(start(P), [flip(9), { type: 'swap', give: 10, show: [7, 8, 9] }])
    expect(refuse(over, action)).toBe('Game 1 is over: start the next game.')
  })
})

describe('SE-R12 / SE-R13: the reshuffle and the tiebreaker in their phases', () => {
  it('no reshuffle while a flipped card waits', () => {
    expect(refuse(run(start(P), [flip(5)]), { type: 'reshuffle' })).toBe(
      'P1 flipped a 5: discard, swap or declare first.',
    )
  })

  it('SE-V4: the tiebreaker hands are checked with the discard pile', () => {
    const end = run(start(P), toTiebreak([2, 3, 4, 5, 6, 10]))
    expect(
      refuse(end, {
        type: 'tiebreak',
        hands: [
          [9, 2, 3],
          [4, 5, 6],
        ],
      }),
    ).toBe('Five 9s entered; a deck has four.')
  })
})

describe('SE-A11: a dealt 7-8-9', () => {
  it('counts only before the first flip, and its hands are on record', () => {
    expect(refuse(run(start(P), [flip(5), { type: 'discard' }]), { type: 'dealt-win', seats: [1] })).toBe(
      'A dealt 7-8-9 counts only before the first flip.',
    )
    const won = run(start(P), [{ type: 'dealt-win', seats: [1] }])
    expect(won.game.result).toMatchObject({ winner: 1, ending: 'dealt-win', hands: [[], [7, 8, 9]] })
    // the game is over before any flip: a second dealt win is refused as after any end
    expect(refuse(won, { type: 'dealt-win', seats: [0] })).toBe('Game 1 is over: start the next game.')
  })

  it('house rule REDEAL: the log says who was dealt it', () => {
    const redeal = { ...P, houseRules: { dealtWin: 'REDEAL' } }
    expect(lastLog(run(start(redeal), [{ type: 'dealt-win', seats: [1, 0] }]))).toBe(
      'P1 and P2 were dealt 7-8-9: redeal (house rule REDEAL).',
    )
    expect(lastLog(run(start(redeal), [{ type: 'dealt-win', seats: [1] }]))).toBe(
      'P2 was dealt 7-8-9: redeal (house rule REDEAL).',
    )
  })
})

describe('SE-A1: a pile count corrected', () => {
  it('one card is written in the singular (the count is the table’s, so the 52 no longer add up)', () => {
    const r = senEngine.apply(start(P), { type: 'correct-piles', draw: 1 })
    if (!r.ok) throw new Error(r.error.message)
    expect(lastLog(r.value)).toBe("Pile count corrected: the table's draw pile has 1 card, not 46 (discard pile 0).")
  })
})
