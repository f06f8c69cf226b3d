import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { replay, undo } from '../../../../src/shared/games/engine'
import {
  normalizeSenConfig,
  senEngine,
  senPiles,
  senReactCheck,
  type SenAction,
  type SenConfig,
} from '../../../../src/shared/games/seven-eight-nine'
import { deckWithout, flipDiscard, P, refuse, run, start, toTiebreak } from './helpers'

const golden = JSON.parse(
  readFileSync(new URL('../../../fixtures/seven-eight-nine/golden.json', import.meta.url), 'utf8'),
) as {
  tiebreak: {
    id: string
    first: number[]
    second: number[]
    rules?: Record<string, string>
    winner: 0 | 1 | null
    explanation: string
  }[]
}

describe('SE-G18 pile timeline', () => {
  it('no Block: 46 flips, reshuffle to 46, 46 more flips, then the tiebreaker', () => {
    const fill = deckWithout([])
    expect(fill.length).toBe(52)
    const cards = deckWithout([1, 2, 3, 4, 5, 6])
    let s = start(P)
    expect(senPiles(s)).toEqual({ hands: [3, 3], draw: 46, discard: 0, total: 52 })
    s = run(s, flipDiscard(cards))
    expect([s.game.drawCount, s.game.discard.length, s.game.flips]).toEqual([0, 46, 46])
    expect(senEngine.status(s).phase).toBe('reshuffle')
    expect(senEngine.legalActions(s).map((l) => l.type)).toEqual(['reshuffle', 'react'])
    expect(refuse(s, { type: 'flip', card: 5 })).toBe('The draw pile is empty: reshuffle the discard pile first.')
    expect(
      refuse(s, {
        type: 'tiebreak',
        hands: [
          [1, 2, 3],
          [4, 5, 6],
        ],
      }),
    ).toBe('The reshuffle is still available: the discard pile becomes the new draw pile first.')
    s = run(s, [{ type: 'reshuffle' }])
    expect([s.game.drawCount, s.game.discard.length, s.game.reshuffled]).toEqual([46, 0, true])
    expect(refuse(s, { type: 'reshuffle' })).toBe('The reshuffle has already been used.')
    s = run(s, flipDiscard(cards))
    expect([s.game.drawCount, s.game.discard.length, s.game.flips]).toEqual([0, 46, 92])
    expect(senEngine.status(s).phase).toBe('tiebreak')
    expect(senEngine.legalActions(s).map((l) => l.type)).toEqual(['tiebreak', 'react'])
    expect(refuse(s, { type: 'flip', card: 5 })).toBe(
      'The draw pile is empty and no reshuffle is left: go to the tiebreaker.',
    )
    expect(refuse(s, { type: 'reshuffle' })).toBe('The reshuffle has already been used.')
  })

  it('Block at flip 20: after flip 46 the draw pile is 0, straight to the tiebreaker', () => {
    // P2 flips the 20th card (a 7) and declares with 8, 9, 3; P1 blocks with 7, 9, K.
    const fill = deckWithout([3, 8, 9, 7, 9, 13])
    const seven = fill.indexOf(7, 19)
    const cards = [...fill]
    cards.splice(seven, 1)
    cards.splice(19, 0, 7)
    let s = run(start(P), flipDiscard(cards.slice(0, 19)))
    s = run(s, [
      { type: 'flip', card: 7 },
      { type: 'declare', hand: [8, 9, 3] },
      { type: 'block', hand: [7, 9, 13] },
    ])
    expect(s.game.flips).toBe(20)
    expect(s.game.blocked).toBe(true)
    expect(s.game.turn).toBe(0)
    s = run(s, flipDiscard(cards.slice(20)))
    expect([s.game.drawCount, s.game.discard.length, s.game.flips]).toEqual([0, 46, 46])
    expect(senEngine.status(s).phase).toBe('tiebreak')
    expect(refuse(s, { type: 'reshuffle' })).toBe('No reshuffle after a Block; go to the tiebreaker.')
    // the revealed hands are known: the tiebreaker must use them
    expect(
      refuse(s, {
        type: 'tiebreak',
        hands: [
          [7, 9, 12],
          [3, 8, 9],
        ],
      }),
    ).toBe("P1's hand is known to be 7, 9, K; the hand entered is 7, 9, Q.")
    s = run(s, [
      {
        type: 'tiebreak',
        hands: [
          [7, 9, 13],
          [3, 8, 9],
        ],
      },
    ])
    expect(s.game.result?.winner).toBe(1)
    expect(s.game.result?.explanation).toBe(
      'Draw pile empty and no reshuffle left: P1 shows 7, 9, K, P2 shows 3, 8, 9. 7 + 9 = 16 vs 8 + 9 = 17. P2 wins the tiebreaker.',
    )
    expect(s.game.result?.blocked).toBe(true)
  })

  it('Block at flip 60 (after the reshuffle): the tiebreaker still comes after flip 92', () => {
    const fill = deckWithout([3, 8, 9, 7, 9, 13])
    let s = run(start(P), [...flipDiscard(fill), { type: 'reshuffle' }])
    // flip 60 is the 14th flip after the reshuffle, P2's; make it a 7
    const after = [...fill]
    after.splice(after.indexOf(7), 1)
    after.splice(13, 0, 7)
    s = run(s, flipDiscard(after.slice(0, 13)))
    s = run(s, [
      { type: 'flip', card: 7 },
      { type: 'declare', hand: [8, 9, 3] },
      { type: 'block', hand: [7, 9, 13] },
    ])
    expect(s.game.flips).toBe(60)
    s = run(s, flipDiscard(after.slice(14)))
    expect([s.game.drawCount, s.game.flips]).toEqual([0, 92])
    expect(senEngine.status(s).phase).toBe('tiebreak')
  })
})

describe('SE-G11..G17 through the engine tiebreaker', () => {
  it.each(golden.tiebreak.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const config: SenConfig = { names: ['P1', 'P2'], houseRules: c.rules ?? {} }
    let s = run(start(config), toTiebreak([...c.first, ...c.second]))
    expect(refuse(s, { type: 'tiebreak', hands: [c.first] })).toBe('Enter both hands for the tiebreaker.')
    s = run(s, [{ type: 'tiebreak', hands: [c.first, c.second] }])
    expect(s.game.result?.winner).toBe(c.winner)
    expect(s.game.result?.ending).toBe('tiebreaker')
    expect(s.game.result?.label).toBe(c.winner === null ? 'Draw' : 'Tiebreaker')
    expect(s.game.result?.explanation.endsWith(c.explanation)).toBe(true)
    expect(s.wins).toEqual([c.winner === 0 ? 1 : 0, c.winner === 1 ? 1 : 0])
    expect(s.draws).toBe(c.winner === null ? 1 : 0)
  })
})

describe('validation', () => {
  it('SE-V1: exactly two players', () => {
    for (const names of [['A'], ['A', 'B', 'C'], [], 'AB']) {
      const r = senEngine.setup({ names } as unknown as SenConfig)
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.message).toBe('Seven Eight Nine is a two-player game.')
    }
  })

  it('config is checked defensively and defaults are filled in', () => {
    const bad: unknown[] = [
      null,
      42,
      { names: ['A', 'B'], starter: 2 },
      { names: ['A', 'B'], target: 0 },
      { names: ['A', 'B'], target: 2.5 },
      { names: ['A', 'B'], houseRules: { declareGap: 4 } },
      { names: ['A', 'B'], houseRules: { reactChain: true } },
      { names: ['A', 'B'], houseRules: { nope: 1 } },
      { names: ['A', 'B'], houseRules: [] },
      { names: [1, 'B'] },
      { names: ['Ann', 'Ann'] },
    ]
    for (const c of bad) expect(senEngine.setup(c as SenConfig).ok).toBe(false)
    const r = normalizeSenConfig({ names: [' ', 'Bo'], houseRules: { 'sen.declareGap': 2, reactReplacesTurn: true } })
    expect(r).toEqual({
      ok: true,
      value: {
        names: ['P1', 'Bo'],
        starter: 0,
        target: null,
        rules: {
          declareGap: 2,
          blockRequirement: 'TWO_DISTINCT',
          tiebreakCounting: 'DISTINCT',
          tiebreakHighCard: 'WHOLE_HAND',
          reactReplacesTurn: true,
          reactChain: 'OFF',
          dealtWin: 'IMMEDIATE',
        },
      },
    })
  })

  it('SE-V2 / SE-V3 / SE-V4 on entered cards', () => {
    let s = start(P)
    expect(refuse(s, { type: 'flip', card: 14 })).toBe('Use ranks A–K.')
    expect(refuse(s, { type: 'flip', card: 'joker' })).toBe('Use ranks A–K.')
    expect(refuse(s, { type: 'flip', card: 0 })).toBe('Use ranks A–K.')
    s = run(s, [...flipDiscard([9, 9, 9, 9])])
    expect(refuse(s, { type: 'flip', card: '9♣' })).toBe('Five 9s entered; a deck has four.')
    s = run(s, [{ type: 'flip', card: 'q♥' }])
    expect(s.game.flipped).toBe(12)
    expect(refuse(s, { type: 'declare', hand: [7, 8] })).toBe('A hand always holds exactly 3 cards.')
    expect(refuse(s, { type: 'swap', give: 9 })).toBe(
      'A swap gives up a card that matches or is next to the flipped Q; 9 is neither.',
    )
  })

  it('SE-V4 across revealed hands: a Block that would make five 9s', () => {
    let s = run(start(P), [...flipDiscard([9, 9]), { type: 'flip', card: 7 }, { type: 'declare', hand: [8, 9, 3] }])
    expect(refuse(s, { type: 'block', hand: [7, 9, 9] })).toBe('Five 9s entered; a deck has four.')
    s = run(s, [{ type: 'block', hand: [7, 8, 9] }])
    expect(s.game.known).toEqual([
      [3, 8, 9],
      [7, 8, 9],
    ])
  })

  it('SE-V9: a win claim needs 7-8-9 and must include the card taken', () => {
    const s = run(start(P), [{ type: 'flip', card: 9 }])
    expect(refuse(s, { type: 'swap', give: 10, show: [7, 8, 10] })).toBe('A win needs a 7, an 8 and a 9.')
    const t = run(start(P), [{ type: 'flip', card: 10 }])
    expect(refuse(t, { type: 'swap', give: 9, show: [7, 8, 9] })).toBe('The hand shown must include the 10 just taken.')
    const u = run(start(P), [{ type: 'flip', card: 8 }])
    expect(refuse(u, { type: 'swap', give: 9, show: [7, 8, 'x'] })).toBe('Use ranks A–K.')
    expect(run(u, [{ type: 'swap', give: 9, show: [7, 8, 9] }]).game.result?.winner).toBe(0)
  })

  it('SE-V10: the tiebreaker only with an empty draw pile', () => {
    const s = start(P)
    expect(
      refuse(s, {
        type: 'tiebreak',
        hands: [
          [1, 2, 3],
          [4, 5, 6],
        ],
      }),
    ).toBe('The draw pile still has cards.')
    expect(refuse(s, { type: 'reshuffle' })).toBe('The draw pile still has 46 cards; reshuffle only when it is empty.')
  })

  it('after the reshuffle, a flip must be a card that is in the rebuilt draw pile', () => {
    const cards = deckWithout([13, 13, 13, 13, 1, 1])
    let s = run(start(P), [...flipDiscard(cards), { type: 'reshuffle' }])
    expect(s.game.drawKnown?.length).toBe(46)
    expect(refuse(s, { type: 'flip', card: 'K' })).toBe(
      'No K is left in the draw pile after the reshuffle; check the card.',
    )
    s = run(s, flipDiscard([2, 2, 2, 2]))
    expect(refuse(s, { type: 'flip', card: 2 })).toBe(
      'No 2 is left in the draw pile after the reshuffle; check the card.',
    )
  })

  it('untrusted actions are refused without throwing and without changing the state', () => {
    const s = start(P)
    const junk: unknown[] = [
      null,
      undefined,
      5,
      'flip',
      [],
      { type: 5 },
      { type: 'nope' },
      { type: 'flip' },
      { type: 'flip', card: {} },
      { type: 'flip', card: 9, seat: 1 },
      { type: 'flip', card: 9, seat: 'x' },
      { type: 'discard' },
      { type: 'swap', give: 1 },
      { type: 'declare', hand: null },
      { type: 'block', hand: [7, 8, 9] },
      { type: 'no-block' },
      { type: 'next-game' },
      { type: 'dealt-win', seats: [] },
      { type: 'dealt-win', seats: [0, 0] },
      { type: 'dealt-win', seats: [2] },
      { type: 'dealt-win' },
      { type: 'tiebreak', hands: 'x' },
      { type: 'react', give: 9 },
      Object.create(null),
      { type: 'flip', card: '9'.repeat(1000) },
      {
        type: 'flip',
        get card() {
          throw new Error('boom')
        },
      },
    ]
    const before = JSON.stringify(s)
    for (const a of junk) {
      const r = senEngine.apply(s, a as SenAction)
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0)
    }
    expect(JSON.stringify(s)).toBe(before)
    expect(refuse(s, { type: 'flip', card: 9, seat: 1 })).toBe("It is P1's turn to flip, not P2's.")
  })
})

describe('React', () => {
  it('only the player who did not put the card there, once, before the next flip', () => {
    let s = run(start(P), [{ type: 'flip', card: 5 }, { type: 'discard' }])
    expect(senReactCheck(s)).toEqual({ ok: true, value: { seat: 1, top: 5, give: [4, 5, 6] } })
    expect(refuse(s, { type: 'react', give: 6, seat: 0 })).toBe(
      'P1 put the 5 on the discard pile; only P2 may React to it.',
    )
    expect(refuse(s, { type: 'react', give: 8 })).toBe(
      'A React gives up a card that matches or is next to the 5; 8 is neither.',
    )
    s = run(s, [{ type: 'react', give: 6 }])
    expect([s.game.drawCount, s.game.discard]).toEqual([45, [6]])
    expect(s.game.known[1]).toEqual([5])
    expect(s.game.turn).toBe(1) // a React does not use up the turn (default)
    expect(refuse(s, { type: 'react', give: 6, seat: 0 })).toBe(
      'The 6 was given up in a React, so nobody may React to it.',
    )
    expect(refuse(s, { type: 'react', give: 5, seat: 1 })).toBe(
      'The 6 was given up in a React, so nobody may React to it.',
    )
    s = run(s, [{ type: 'flip', card: 2 }])
    expect(refuse(s, { type: 'react', give: 6 })).toBe(
      "A React comes before the next flip; this turn's card has already been flipped.",
    )
  })

  it("house rule reactReplacesTurn: the React is the reactor's turn", () => {
    let s = run(start({ ...P, houseRules: { reactReplacesTurn: true } }), [
      { type: 'flip', card: 5 },
      { type: 'discard' },
    ])
    s = run(s, [{ type: 'react', give: 4 }])
    expect(s.game.turn).toBe(0)
    expect(senEngine.status(s).toAct).toBe(0)
  })

  it('house rule reactChain ON: a card given up in a React can be reacted to', () => {
    let s = run(start({ ...P, houseRules: { reactChain: 'ON' } }), [{ type: 'flip', card: 5 }, { type: 'discard' }])
    s = run(s, [{ type: 'react', give: 4 }])
    expect(s.game.reactor).toBe(0)
    expect(s.game.turn).toBe(1)
    s = run(s, [{ type: 'react', give: 3, seat: 0 }])
    expect(s.game.discard).toEqual([3])
    expect(s.game.reactor).toBe(1)
    s = run(s, [{ type: 'flip', card: 10, seat: 1 }])
    expect(s.game.reactor).toBe(null)
  })

  it('known hands narrow what may be given, and a completed known 7-8-9 wins', () => {
    // P1 declares on a 7 with 8, 9, 3; P2 blocks with 7, 9, K; both hands are now known.
    let s = run(start(P), [
      { type: 'flip', card: 7 },
      { type: 'declare', hand: [8, 9, 3] },
      { type: 'block', hand: [7, 9, 13] },
    ])
    expect(senEngine.legalActions(s)).toContainEqual({ type: 'react', seat: 1, top: 7, give: [7] })
    expect(refuse(s, { type: 'react', give: 8 })).toBe("P2's hand is known to be 7, 9, K; it holds no 8.")
    // P2: K -> Q -> J -> 10 -> 9 -> 8 (P1 discards in between)
    s = run(s, [
      { type: 'flip', card: 12 },
      { type: 'swap', give: 13 },
      { type: 'flip', card: 2 },
      { type: 'discard' },
      { type: 'flip', card: 11 },
      { type: 'swap', give: 12 },
      { type: 'flip', card: 2 },
      { type: 'discard' },
      { type: 'flip', card: 10 },
      { type: 'swap', give: 11 },
      { type: 'flip', card: 2 },
      { type: 'discard' },
      { type: 'flip', card: 9 },
      { type: 'swap', give: 10 },
      { type: 'flip', card: 1 },
      { type: 'discard' },
    ])
    expect(s.game.known[1]).toEqual([7, 9, 9])
    const legalSwap = run(s, [{ type: 'flip', card: 8 }])
    expect(senEngine.legalActions(legalSwap)).toContainEqual({ type: 'swap', seat: 1, flipped: 8, give: [7, 9] })
    expect(refuse(legalSwap, { type: 'declare', hand: [7, 9, 9] })).toBe(
      '9 is next to 8: use an Adjacent Swap instead.',
    )
    s = run(legalSwap, [{ type: 'swap', give: 9 }])
    expect(s.game.result?.winner).toBe(1)
    expect(s.game.result?.ending).toBe('swap')
    expect(s.game.result?.hands).toEqual([
      [3, 8, 9],
      [7, 8, 9],
    ])
  })

  it('a Block is mandatory when the hand is known to hold two targets', () => {
    let s = run(start(P), [
      { type: 'flip', card: 7 },
      { type: 'declare', hand: [8, 9, 3] },
      { type: 'block', hand: [7, 9, 13] },
    ])
    s = run(s, [
      { type: 'flip', card: 8 },
      { type: 'declare', hand: [7, 9, 13] },
    ])
    expect(senEngine.legalActions(s)).toEqual([{ type: 'block', seat: 0 }])
    expect(refuse(s, { type: 'no-block' })).toBe(
      "P1's hand is known (3, 8, 9): it holds two of 7, 8, 9, so P1 must Block.",
    )
    expect(refuse(s, { type: 'block', hand: [8, 9, 4] })).toBe(
      "P1's hand is known to be 3, 8, 9; the hand entered is 4, 8, 9.",
    )
    expect(refuse(s, { type: 'block', hand: [8, 9, 3], seat: 1 })).toBe(
      "It is P1's turn to answer the Declare, not P2's.",
    )
    s = run(s, [{ type: 'block', hand: [8, 9, 3] }])
    expect(s.game.discard).toEqual([7, 8])
  })

  it('a Declare must match the flipped card and the known hand', () => {
    const s = run(start(P), [{ type: 'flip', card: 9 }])
    expect(refuse(s, { type: 'declare', hand: [7, 8, 12], flipped: 8 })).toBe('The flipped card is a 9, not an 8.')
    expect(refuse(s, { type: 'declare', hand: [7, 8, 12], seat: 1 })).toBe(
      'Declare is only possible on your own flip, not during a React.',
    )
    expect(run(s, [{ type: 'declare', hand: [7, 8, 12], flipped: '9D', seat: 0 }]).game.phase).toBe('block')
  })
})

describe('match flow', () => {
  it('first to 2: starter alternates, standings count wins, the match ends', () => {
    let s = start({ names: ['Ann', 'Bo'], starter: 1, target: 2 })
    expect(senEngine.status(s)).toMatchObject({ phase: 'flip', toAct: 1, round: 1, over: false, winners: [] })
    expect(senEngine.legalActions(s)).toEqual([{ type: 'flip', seat: 1 }, { type: 'dealt-win' }])
    s = run(s, [{ type: 'dealt-win', seats: [0] }])
    expect(senEngine.legalActions(s)).toEqual([{ type: 'next-game' }])
    expect(senEngine.status(s).phase).toBe('game-over')
    expect(refuse(s, { type: 'flip', card: 3 })).toBe('Game 1 is over: start the next game.')
    s = run(s, [{ type: 'next-game' }])
    expect(s.game.starter).toBe(0)
    expect(s.game.number).toBe(2)
    s = run(s, [{ type: 'flip', card: 4 }])
    expect(refuse(s, { type: 'dealt-win', seats: [1] })).toBe('A dealt 7-8-9 counts only before the first flip.')
    s = run(s, [{ type: 'discard' }, { type: 'flip', card: 9 }, { type: 'swap', give: 10, show: [9, 8, 7] }])
    expect(s.game.result?.winner).toBe(1)
    s = run(s, [{ type: 'next-game' }, { type: 'dealt-win', seats: [0] }])
    expect(s.over).toBe(true)
    expect(s.games.map((g) => [g.game, g.starter, g.winner, g.ending])).toEqual([
      [1, 1, 0, 'dealt-win'],
      [2, 0, 1, 'swap'],
      [3, 1, 0, 'dealt-win'],
    ])
    expect(senEngine.status(s)).toMatchObject({
      phase: 'match-over',
      over: true,
      winners: [0],
      message: 'Ann wins the match 2–1.',
    })
    expect(senEngine.legalActions(s)).toEqual([])
    expect(refuse(s, { type: 'next-game' })).toBe('The match is over.')
    expect(senEngine.standings(s)).toEqual([
      { seat: 0, name: 'Ann', score: 2, rank: 1, eliminated: false, note: '2 won, 1 lost, 0 drawn' },
      { seat: 1, name: 'Bo', score: 1, rank: 2, eliminated: false, note: '1 won, 2 lost, 0 drawn' },
    ])
  })

  it('an open match never ends', () => {
    let s = start(P)
    for (let i = 0; i < 30; i++) s = run(s, [{ type: 'dealt-win', seats: [0] }, { type: 'next-game' }])
    expect(s.over).toBe(false)
    expect(s.wins).toEqual([30, 0])
    expect(senEngine.status(s).over).toBe(false)
    expect(senEngine.standings(s).map((x) => x.rank)).toEqual([1, 2])
  })

  it('replay and undo rebuild the same state', () => {
    const actions: SenAction[] = [
      { type: 'flip', card: 9 },
      { type: 'declare', hand: [7, 8, 12] },
      { type: 'no-block' },
    ]
    const r = replay(senEngine, P, actions)
    expect(r.ok && r.value.game.result?.winner).toBe(0)
    const u = undo(senEngine, P, actions)
    expect(u.ok && u.value.state.game.phase).toBe('block')
  })
})

describe('legalActions narrowed by partly known hands', () => {
  it('a hand known to hold 7 and 9 must Block; a hand known to hold 2 and 3 cannot', () => {
    // P2 takes a flipped 9 (known 9), later a 7 from the discard pile (known 7, 9)
    let s = run(start(P), [
      { type: 'flip', card: 2 },
      { type: 'discard' },
      { type: 'flip', card: 9 },
      { type: 'swap', give: 10 },
      { type: 'flip', card: 7 },
      { type: 'discard' },
      { type: 'react', give: 6 },
    ])
    expect(s.game.known[1]).toEqual([7, 9])
    s = run(s, [
      { type: 'flip', card: 4 },
      { type: 'discard' },
      { type: 'flip', card: 8 },
      { type: 'declare', hand: [7, 9, 13] },
    ])
    expect(senEngine.legalActions(s)).toEqual([{ type: 'block', seat: 1 }])
    expect(refuse(s, { type: 'no-block' })).toBe('P2 is known to hold 7, 9: that is two of 7, 8, 9, so P2 must Block.')
    expect(refuse(s, { type: 'block', hand: [7, 8, 2] })).toBe(
      'P2 is known to hold 7, 9; the hand entered (2, 7, 8) does not.',
    )
    s = run(s, [{ type: 'block', hand: [7, 9, 1] }])
    expect(s.game.known).toEqual([
      [7, 9, 13],
      [1, 7, 9],
    ])

    let t = run(start(P), [
      { type: 'flip', card: 2 },
      { type: 'discard' },
      { type: 'flip', card: 3 },
      { type: 'swap', give: 4 },
      { type: 'flip', card: 2 },
      { type: 'discard' },
      { type: 'flip', card: 2 },
      { type: 'swap', give: 1 },
    ])
    expect(t.game.known[1]).toEqual([2, 3])
    t = run(t, [
      { type: 'flip', card: 9 },
      { type: 'declare', hand: [7, 8, 12] },
    ])
    expect(senEngine.legalActions(t)).toEqual([{ type: 'no-block', seat: 1 }])
    // with 2 and 3 known, P2's third card cannot make two of 7, 8, 9: no Block button
    t = run(t, [{ type: 'no-block' }])
    expect(t.game.result?.winner).toBe(0)
  })

  it('Declare is not offered when the known cards rule it out', () => {
    let s = run(start(P), [
      { type: 'flip', card: 10 },
      { type: 'swap', give: 11 },
      { type: 'flip', card: 2 },
      { type: 'discard' },
    ])
    expect(s.game.known[0]).toEqual([10])
    s = run(s, [{ type: 'flip', card: 9 }])
    // holding a 10, P1 can never declare on a 9 (10 is next to 9), at either gap
    expect(senEngine.legalActions(s).map((l) => l.type)).toEqual(['discard', 'swap'])
    const t = run(start(P), [
      { type: 'flip', card: 12 },
      { type: 'swap', give: 13 },
      { type: 'flip', card: 2 },
      { type: 'discard' },
      { type: 'flip', card: 9 },
    ])
    expect(senEngine.legalActions(t).map((l) => l.type)).toEqual(['discard', 'swap', 'declare'])
  })
})

describe('SE-V11: a 7-8-9 hand never reaches the tiebreaker (issue 26)', () => {
  it.each([
    [0, [7, 8, 9], [2, 5, 13]],
    [1, [8, 9, 2], [9, 7, 8]],
  ] as const)('seat %i showing 7-8-9 is refused and nothing is scored', (seat, first, second) => {
    const s = run(start(P), toTiebreak([...first, ...second]))
    const r = senEngine.apply(s, { type: 'tiebreak', hands: [[...first], [...second]] })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.field).toBe(`hands.${seat}`)
    expect(r.error.message).toBe(
      `${P.names[seat]}'s hand 7, 8, 9 is 7-8-9, which would already have won (SE-R4); a tiebreaker hand scores 17 at most (SE-R13). Check the hand, or undo back to the move that made it.`,
    )
    expect(senEngine.status(s).phase).toBe('tiebreak')
  })
})
