/** SPEC 3.4: the validation checks NI-V1..NI-V14 and their messages, plus untrusted-input handling. */
import { describe, expect, it } from 'vitest'
import { replay } from '../../../../src/shared/games/engine'
import {
  applyNineRound,
  checkDeckLimits,
  nineEngine,
  scoreNineRound,
  type NineAction,
  type NineConfig,
  type NineState,
} from '../../../../src/shared/games/nine'

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
function errorOf(r: { ok: boolean; error?: { code: string; message: string; field?: string } }) {
  expect(r.ok).toBe(false)
  return r.error ?? { code: '', message: '' }
}
const three: NineConfig = { names: ['Ann', 'Bo', 'Cy'] }
const fresh = (config: NineConfig = three): NineState => must(nineEngine.setup(config))
const play = (config: NineConfig, log: NineAction[]): NineState => {
  const r = replay(nineEngine, config, log)
  if (!r.ok) throw new Error(`${r.error.index}: ${r.error.message}`)
  return r.value
}

describe('NI-V1 player count', () => {
  it.each([
    [{ names: [] }],
    [{ names: ['a'] }],
    [{ names: Array.from({ length: 9 }, (_, i) => `p${i}`) }],
    [{ players: 1 }],
    [{ players: 9 }],
    [{ players: 2.5 }],
    [{}],
  ])('setup refuses %j', (config) => {
    expect(errorOf(nineEngine.setup(config)).message).toBe(
      'Nine is set up for 2 to 8 players (5 cards each from a 54-card deck).',
    )
  })
  it('takes a seat count, names, or names under players; a count must agree with the names', () => {
    expect(fresh({ players: 3 }).names).toEqual(['P1', 'P2', 'P3'])
    expect(fresh({ players: ['Ann', 'Bo'] }).names).toEqual(['Ann', 'Bo'])
    expect(fresh({ names: ['Ann', 'Bo'], players: 2 }).names).toEqual(['Ann', 'Bo'])
    expect(errorOf(nineEngine.setup({ names: ['Ann', 'Bo'], players: 3 })).code).toBe('invalid-player-count')
  })
  it('accepts 2 and 8 players and scoreNineRound refuses 1 or 9 hands', () => {
    expect(nineEngine.setup({ names: ['a', 'b'] }).ok).toBe(true)
    expect(nineEngine.setup({ names: Array.from({ length: 8 }, (_, i) => `p${i}`) }).ok).toBe(true)
    expect(errorOf(scoreNineRound([[1]], 0)).code).toBe('invalid-player-count')
    expect(
      errorOf(
        scoreNineRound(
          Array.from({ length: 9 }, () => [1]),
          0,
        ),
      ).code,
    ).toBe('invalid-player-count')
  })
})

describe('setup validates the rest of the config defensively', () => {
  it.each([
    [null, 'invalid-config'],
    [{ names: ['a', 'a '] }, 'duplicate-name'],
    [{ names: ['a', 3] }, 'invalid-name'],
    [{ names: ['a', 'b'], firstDealer: 2 }, 'invalid-dealer'],
    [{ names: ['a', 'b'], firstDealer: 0.5 }, 'invalid-dealer'],
    [{ names: ['a', 'b'], houseRules: { result: 'HIGHEST_WINS' } }, 'invalid-house-rule'],
    [{ names: ['a', 'b'], houseRules: { jokers: true } }, 'unknown-house-rule'],
    [{ names: ['a', 'b'], houseRules: { result: 'LOSERS_ONLY', 'nine.result': 'LOWEST_WINS' } }, 'invalid-house-rule'],
    [{ names: ['a', 'b'], houseRules: 'REJECT' }, 'invalid-house-rule'],
    [{ names: ['a', 'b'], startTotals: [90, 0] }, 'invalid-start-totals'],
    [{ names: ['a', 'b'], startTotals: [99, 0] }, 'invalid-start-totals'],
    [{ names: ['a', 'b'], startTotals: [1] }, 'invalid-start-totals'],
  ])('%j -> %s', (config, code) => {
    expect(errorOf(nineEngine.setup(config as unknown as NineConfig)).code).toBe(code)
  })
  it('fills in defaults, blank names and nine.-prefixed house rule keys', () => {
    const s = fresh({ names: [' Ann ', ''], houseRules: { 'nine.snapSource': 'ANY_TAKEN_CARD' } as never })
    expect(s.names).toEqual(['Ann', 'P2'])
    expect(s.dealer).toBe(0)
    expect(s.rules).toEqual({
      overNineDeclaration: 'FAILED_DECLARATION',
      result: 'LOWEST_WINS',
      snapSource: 'ANY_TAKEN_CARD',
      snapAfterRun: 'NOT_ALLOWED',
      emptyDrawPile: 'RESHUFFLE',
    })
    expect(s.totals).toEqual([0, 0])
  })
})

describe('NI-V2..V5 card values, deck limits, hand size and totals', () => {
  it('NI-V2 names the seat and the value', () => {
    const e = errorOf(scoreNineRound([[1, 14], [2]], 0))
    expect(e).toEqual({
      code: 'invalid-card',
      message: 'Nine cards are numbered 0 to 13. P1 entered 14.',
      field: 'hands.0.1',
    })
    expect(errorOf(scoreNineRound([[1], [-1]], 0)).message).toBe('Nine cards are numbered 0 to 13. P2 entered -1.')
    expect(errorOf(scoreNineRound([[1], ['7' as unknown as number]], 0)).message).toBe(
      'Nine cards are numbered 0 to 13. P2 entered "7".',
    )
    expect(errorOf(scoreNineRound([[1.5], [2]], 0)).code).toBe('invalid-card')
  })
  it('NI-V3 zeros and other values, with the discard top counted', () => {
    expect(errorOf(scoreNineRound([[0, 0], [0]], 0)).message).toBe('Three 0s entered; the deck has only two.')
    expect(
      errorOf(
        scoreNineRound(
          [
            [12, 12, 12],
            [12, 12],
          ],
          0,
        ),
      ).message,
    ).toBe('Five 12s entered; the deck has four of each value 1–13.')
    expect(
      scoreNineRound(
        [
          [12, 12],
          [12, 12],
          [0, 0],
        ],
        0,
      ).ok,
    ).toBe(true)
    const r = nineEngine.apply(fresh(), { type: 'round', declarer: 0, hands: [[0], [0], [5]], discardTop: 0 })
    expect(errorOf(r).message).toBe('Three 0s entered; the deck has only two.')
    expect(checkDeckLimits([1, 1, 1, 1]).ok).toBe(true)
  })
  it('NI-V4 hand size', () => {
    expect(errorOf(scoreNineRound([[1, 1, 2, 2, 3, 3], [2]], 1)).message).toBe(
      'A Nine hand never holds more than 5 cards. P1 entered 6.',
    )
  })
  it('NI-V5 totals: range and consistency with a tracked hand size', () => {
    const s = fresh()
    expect(errorOf(nineEngine.apply(s, { type: 'round', declarer: 0, totals: [3, 65, 10] })).code).toBe('invalid-total')
    expect(errorOf(nineEngine.apply(s, { type: 'round', declarer: 0, totals: [3, 1.5, 10] })).code).toBe(
      'invalid-total',
    )
    expect(nineEngine.apply(s, { type: 'round', declarer: 0, totals: [3, 64, 10] }).ok).toBe(true)
    // tracked: P3 is down to 1 card after a snap
    const cfg: NineConfig = { names: ['P1', 'P2', 'P3'], firstDealer: 2 }
    const log: NineAction[] = [{ type: 'deal' }]
    for (let i = 0; i < 3; i++) log.push({ type: 'take', source: 'draw' }, { type: 'discard', cards: [1 + i] })
    log.push({ type: 'declare' })
    const reveal = play(cfg, log)
    expect(reveal.live?.hands).toEqual([5, 5, 5])
    const bad = nineEngine.apply(reveal, { type: 'round', declarer: 0, totals: [3, 20, 66] })
    expect(errorOf(bad).code).toBe('invalid-total')
    const mixed = nineEngine.apply(reveal, {
      type: 'round',
      declarer: 0,
      hands: [null, [1, 2], null],
      totals: [3, null, 30],
    })
    expect(errorOf(mixed)).toEqual({
      code: 'hand-size-mismatch',
      message: 'P2 holds 5 cards, but 2 were entered.',
      field: 'hands.1',
    })
    const low = nineEngine.apply(reveal, { type: 'round', declarer: 0, totals: [2, 20, 30] })
    expect(errorOf(low).message).toBe("A 5-card hand cannot total 2. Check P1's entry.")
  })
  it('"A 1-card hand cannot total 20." once tracking knows the size', () => {
    const cfg: NineConfig = { names: ['P1', 'P2'], firstDealer: 1 }
    // P1 discards four 3s (5 -> 2 cards), then a pair of 5s (2 -> 1 card)
    const log: NineAction[] = [
      { type: 'deal' },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [3, 3, 3, 3] },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [6] },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [5, 5] },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [7] },
      { type: 'declare' },
    ]
    const s = play(cfg, log)
    expect(s.live?.hands).toEqual([1, 5])
    const r = nineEngine.apply(s, { type: 'round', declarer: 0, totals: [20, 30] })
    expect(errorOf(r).message).toBe("A 1-card hand cannot total 20. Check P1's entry.")
    const snap = play(cfg, log.slice(0, 3))
    expect(errorOf(nineEngine.apply(snap, { type: 'snap', value: 4 })).code).toBe('cannot-snap')
  })
  it('cards and total for the same seat must agree; every seat needs one of them', () => {
    const s = fresh()
    expect(
      errorOf(nineEngine.apply(s, { type: 'round', declarer: 0, hands: [[1, 2], null, null], totals: [4, 10, 12] })),
    ).toEqual({
      code: 'total-mismatch',
      message: "Ann's cards add up to 3, but the total entered is 4.",
      field: 'totals.0',
    })
    expect(
      errorOf(
        nineEngine.apply(s, { type: 'round', declarer: 0, hands: [[1, 2], null, null], totals: [null, 10, null] }),
      ),
    ).toEqual({
      code: 'missing-hand',
      message: "Enter Cy's cards or hand total.",
      field: 'hands.2',
    })
    const ok = must(
      nineEngine.apply(s, { type: 'round', declarer: 0, hands: [[1, 2], null, [9]], totals: [3, 10, null] }),
    )
    expect(ok.rounds[0]?.hands).toEqual([[1, 2], null, [9]])
    expect(ok.rounds[0]?.handTotals).toEqual([3, 10, 9])
    expect(ok.totals).toEqual([0, 10, 9])
    expect(ok.rounds[0]?.explanation).toBe(
      'Ann declared NINE with 3; Bo has 10, Cy has 9: all higher, so Ann wins the round. Ann scores 0; Bo scores 10, Cy scores 9. Ann: 0 + 0 = 0. Bo: 0 + 10 = 10. Cy: 0 + 9 = 9.',
    )
  })
})

describe('explanations', () => {
  it('name every player who beat or tied the declarer', () => {
    const s = must(nineEngine.apply(fresh(), { type: 'round', declarer: 1, totals: [3, 5, 5] }))
    expect(s.rounds[0]?.lines).toEqual([
      'Bo declared NINE with 5; Ann has 3 (lower) and Cy has 5 (a tie), so the declaration fails.',
      'Bo scores 25; everyone else scores 0.',
      'Ann: 0 + 0 = 0.',
      'Bo: 0 + 25 = 25.',
      'Cy: 0 + 0 = 0.',
    ])
  })
  it('two players: "higher" rather than "all higher"', () => {
    const s = must(nineEngine.apply(fresh({ names: ['A', 'B'] }), { type: 'round', declarer: 0, totals: [4, 12] }))
    expect(s.rounds[0]?.lines[0]).toBe('A declared NINE with 4; B has 12: higher, so A wins the round.')
  })
})

describe('NI-V6, V7, V13, V14', () => {
  it('NI-V6 exactly one declarer, a seat at the table', () => {
    for (const declarer of [undefined, -1, 3, 1.5, '0', [0, 1]]) {
      const r = nineEngine.apply(fresh(), { type: 'round', declarer, totals: [1, 2, 3] } as unknown as NineAction)
      expect(errorOf(r)).toEqual({
        code: 'no-declarer',
        message: 'Choose the player who declared NINE.',
        field: 'declarer',
      })
    }
    expect(errorOf(scoreNineRound([[1], [2]], 2)).message).toBe('Choose the player who declared NINE.')
  })
  it('NI-V7 names the declarer and their total, with the configured names', () => {
    const r = nineEngine.apply(fresh(), { type: 'round', declarer: 1, totals: [20, 11, 30] })
    expect(errorOf(r).message).toBe(
      'Bo declared NINE with 11. NINE needs 9 or less. Fix the entry, or score it as a failed declaration (Bo +25, others 0)?',
    )
    expect(
      errorOf(
        nineEngine.apply(fresh(), {
          type: 'round',
          declarer: 1,
          totals: [20, 11, 30],
          confirmOverNine: 'yes',
        } as never),
      ).code,
    ).toBe('invalid-action')
    // a declarer above 9 who is not even lowest is still a failed declaration
    const s = must(
      nineEngine.apply(fresh(), { type: 'round', declarer: 1, totals: [5, 11, 30], confirmOverNine: true }),
    )
    expect(s.totals).toEqual([0, 25, 0])
  })
  it('NI-V13 manual round scores are refused', () => {
    const r = nineEngine.apply(fresh(), { type: 'round', declarer: 0, totals: [1, 2, 3], points: [0, 0, 0] } as never)
    expect(errorOf(r).code).toBe('manual-scores')
  })
  it('NI-V14 no rounds (or anything else) after the game ends', () => {
    const s = must(nineEngine.setup({ names: ['P1', 'P2', 'P3'], startTotals: [30, 88, 40] }))
    const over = must(nineEngine.apply(s, { type: 'round', declarer: 0, totals: [3, 15, 13] }))
    expect(over.phase).toBe('over')
    for (const a of [
      { type: 'round', declarer: 0, totals: [1, 2, 3] },
      { type: 'deal' },
      { type: 'take', source: 'draw' },
    ] as NineAction[]) {
      expect(errorOf(nineEngine.apply(over, a))).toEqual({
        code: 'game-over',
        message: 'The game is over: P2 reached 103.',
      })
    }
    expect(nineEngine.legalActions(over)).toEqual([])
    expect(nineEngine.status(over)).toEqual({
      phase: 'over',
      over: true,
      round: 1,
      toAct: null,
      winners: [0],
      message: 'The game is over: P2 reached 103. P1 wins with 30.',
    })
    expect(nineEngine.standings(over)).toEqual([
      { seat: 0, name: 'P1', score: 30, rank: 1, eliminated: false, note: 'Winner.' },
      { seat: 1, name: 'P2', score: 103, rank: 3, eliminated: true, note: 'Lost with 103.' },
      { seat: 2, name: 'P3', score: 53, rank: 2, eliminated: false },
    ])
  })
  it('tied lowest totals share the win', () => {
    const s = must(nineEngine.setup({ names: ['P1', 'P2', 'P3'], startTotals: [40, 90 - 5, 30] }))
    const over = must(nineEngine.apply(s, { type: 'round', declarer: 2, totals: [10, 20, 1] }))
    expect(over.totals).toEqual([50, 105, 30])
    const s2 = must(nineEngine.setup({ names: ['P1', 'P2', 'P3'], startTotals: [40, 85, 40] }))
    const o2 = must(nineEngine.apply(s2, { type: 'round', declarer: 0, totals: [1, 20, 0] }))
    expect(o2.totals).toEqual([65, 85, 40])
    const o3 = must(
      nineEngine.apply(must(nineEngine.setup({ names: ['P1', 'P2', 'P3'], startTotals: [40, 85, 35] })), {
        type: 'round',
        declarer: 0,
        totals: [1, 20, 5],
      }),
    )
    expect(o3.winners).toEqual([0, 2])
    expect(nineEngine.status(o3).message).toBe('The game is over: P2 reached 105. P1 and P3 share the win with 40.')
    expect(nineEngine.standings(o3).map((x) => x.rank)).toEqual([1, 3, 1])
  })
})

describe('live tracking checks NI-V8..V12', () => {
  const cfg: NineConfig = { names: ['P1', 'P2', 'P3'], firstDealer: 2 }
  const turns = (k: number): NineAction[] => {
    const log: NineAction[] = [{ type: 'deal', top: 6 }]
    for (let i = 0; i < k; i++) log.push({ type: 'take', source: 'draw' }, { type: 'discard', cards: [(i % 13) + 1] })
    return log
  }
  it('NI-V9 declaring after taking a card, or out of turn', () => {
    const s = play(cfg, [...turns(3), { type: 'take', source: 'draw' }])
    expect(errorOf(nineEngine.apply(s, { type: 'declare' }))).toEqual({
      code: 'not-start-of-turn',
      message: 'Declare NINE at the start of your turn, before drawing.',
      field: 'declarer',
    })
    const t = play(cfg, turns(3))
    expect(errorOf(nineEngine.apply(t, { type: 'declare', seat: 2 })).message).toBe(
      "It is P1's turn. Declare NINE at the start of your turn, before drawing.",
    )
  })
  it('NI-V10 illegal groups and more cards than the hand holds besides the taken one', () => {
    const s = play(cfg, [{ type: 'deal' }, { type: 'take', source: 'draw' }])
    expect(errorOf(nineEngine.apply(s, { type: 'discard', cards: [7, 6, 5, 4, 3] })).message).toBe(
      'A sequence goes on the discard pile in ascending order: 3 4 5 6 7.',
    )
    expect(errorOf(nineEngine.apply(s, { type: 'discard', cards: [] })).code).toBe('invalid-discard')
    expect(errorOf(nineEngine.apply(s, { type: 'discard', cards: [2, 9] })).message).toBe(
      'Only identical values may be discarded together.',
    )
    expect(errorOf(nineEngine.apply(s, { type: 'discard', cards: [0, 0, 0] })).message).toBe(
      'Three 0s entered; the deck has only two.',
    )
    // P1 at 2 cards (after discarding 4 identical) cannot discard 3 next time
    const two = play(cfg, [
      { type: 'deal' },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [8, 8, 8, 8] },
      ...turns(2).slice(1),
      { type: 'take', source: 'draw' },
    ])
    expect(two.live?.hands[0]).toBe(2)
    expect(errorOf(nineEngine.apply(two, { type: 'discard', cards: [9, 9, 9] })).code).toBe('too-many-cards')
    expect(nineEngine.legalActions(two)).toContainEqual({ type: 'discard', seat: 0, maxCards: 2 })
  })
  it('NI-V11 snaps: value, source, runs (house rule snapAfterRun)', () => {
    const run: NineAction[] = [
      { type: 'deal' },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [3, 4, 5, 6, 7] },
    ]
    expect(errorOf(nineEngine.apply(play(cfg, run), { type: 'snap', value: 5 })).code).toBe('cannot-snap')
    const anyRun = { ...cfg, houseRules: { snapAfterRun: 'ANY_RUN_VALUE' as const } }
    const s = play(anyRun, run)
    expect(nineEngine.legalActions(s)).toContainEqual({ type: 'snap', seat: 0, values: [3, 4, 5, 6, 7] })
    expect(errorOf(nineEngine.apply(s, { type: 'snap' })).code).toBe('snap-value')
    const snapped = must(nineEngine.apply(s, { type: 'snap', value: 5 }))
    expect(snapped.live?.hands).toEqual([0, 5, 5])
    // the next player acting closes the snap window
    const moved = play(cfg, [
      { type: 'deal' },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [4] },
      { type: 'take', source: 'draw' },
    ])
    expect(errorOf(nineEngine.apply(moved, { type: 'snap' })).code).toBe('cannot-snap')
    // a third 0 cannot be snapped onto a discarded pair of 0s
    const zeros = play(cfg, [{ type: 'deal' }, { type: 'take', source: 'draw' }, { type: 'discard', cards: [0, 0] }])
    expect(errorOf(nineEngine.apply(zeros, { type: 'snap' })).message).toMatch(
      /^Three 0s entered; the deck has only two\./,
    )
    expect(errorOf(nineEngine.apply(zeros, { type: 'snap', seat: 1 })).message).toBe(
      'Only P1, who has just discarded, can snap now.',
    )
  })
  it('NI-V12 an empty hand must declare at the start of the next turn (NI-G04 played live)', () => {
    const anyRun = { ...cfg, houseRules: { snapAfterRun: 'ANY_RUN_VALUE' as const } }
    const log: NineAction[] = [
      { type: 'deal' },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [3, 4, 5, 6, 7] },
      { type: 'snap', value: 7 },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [1] },
      { type: 'take', source: 'draw' },
      { type: 'discard', cards: [2] },
    ]
    const s = play(anyRun, log)
    expect(s.live).toMatchObject({ seat: 0, turn: 4, hands: [0, 5, 5] })
    expect(errorOf(nineEngine.apply(s, { type: 'take', source: 'draw' }))).toEqual({
      code: 'must-declare',
      message: 'P1 has no cards: P1 must declare NINE now.',
    })
    expect(nineEngine.legalActions(s).map((a) => a.type)).toEqual(['snap', 'declare', 'round', 'stop-tracking'])
    expect(nineEngine.status(s).message).toBe('Deal 1, turn 4: P1 has no cards and must declare NINE.')
    const revealed = must(nineEngine.apply(s, { type: 'declare' }))
    expect(errorOf(nineEngine.apply(revealed, { type: 'round', declarer: 1, totals: [0, 2, 22] })).code).toBe(
      'wrong-declarer',
    )
    const done = must(
      nineEngine.apply(revealed, { type: 'round', declarer: 0, hands: [[], [1, 1, 2, 3, 4], [10, 12, 0, 1, 2]] }),
    )
    expect(done.rounds[0]).toMatchObject({ tracked: true, points: [0, 11, 25], declarerWon: true })
    expect(done.phase).toBe('round-entry')
    expect(done.dealer).toBe(0)
    expect(done.live).toBeNull()
  })
})

describe('draw pile exhaustion (house rule emptyDrawPile)', () => {
  const cycle = (config: NineConfig, turns: number): NineState => {
    const log: NineAction[] = [{ type: 'deal' }]
    for (let i = 0; i < turns; i++)
      log.push({ type: 'take', source: 'draw' }, { type: 'discard', cards: [(i % 13) + 1] })
    return play(config, log)
  }
  it('RESHUFFLE keeps the top discard and refills the draw pile', () => {
    const s = cycle({ names: ['A', 'B'] }, 43)
    expect(s.live).toMatchObject({ draw: 0, reshuffles: 0 })
    expect(s.live?.discard.length).toBe(44)
    const next = must(nineEngine.apply(s, { type: 'take', source: 'draw' }))
    expect(next.live).toMatchObject({ draw: 42, reshuffles: 1, discard: [4] })
  })
  it('VOID_ROUND ends the deal with no scores when someone must draw from the empty pile', () => {
    const config: NineConfig = { names: ['A', 'B'], houseRules: { emptyDrawPile: 'VOID_ROUND' } }
    const s = cycle(config, 43)
    const v = must(nineEngine.apply(s, { type: 'take', source: 'draw' }))
    expect(v.phase).toBe('round-entry')
    expect(v.round).toBe(2)
    expect(v.dealer).toBe(1)
    expect(v.rounds[0]).toMatchObject({ void: true, points: [0, 0], totals: [0, 0], declarer: null })
    expect(v.rounds[0]?.explanation).toBe(
      'Deal 1 is void: the draw pile ran out (house rule VOID_ROUND), so nobody scores.',
    )
  })
})

describe('untrusted input never throws', () => {
  const weird: unknown[] = [
    null,
    undefined,
    0,
    'round',
    [],
    {},
    { type: 7 },
    { type: 'nope' },
    { type: 'round' },
    { type: 'round', declarer: 0, hands: 'x' },
    { type: 'round', declarer: 0, hands: [1, 2, 3] },
    { type: 'round', declarer: 0, hands: [[1], [2], [{}]] },
    { type: 'round', declarer: 0, totals: [1, 2] },
    { type: 'take', source: 'sky' },
    { type: 'discard', cards: 5 },
    { type: 'snap', value: 'x' },
    { type: 'deal', top: 14 },
    { type: 'deal', top: '3' },
    Object.create(null),
  ]
  it.each(weird.map((w) => [w]))('apply(%j) returns an error value', (action) => {
    const r = nineEngine.apply(fresh(), action as NineAction)
    expect(r.ok).toBe(false)
  })
  it('scoreNineRound and applyNineRound accept garbage without throwing', () => {
    expect(scoreNineRound(null as never, 0).ok).toBe(false)
    expect(scoreNineRound([[1], [2]], 0, 'x' as never).ok).toBe(false)
    expect(scoreNineRound([[1], [2]], 0, { overNineDeclaration: 'MAYBE' as never }).ok).toBe(false)
    expect(applyNineRound(null as never, undefined as never)).toEqual({
      totals: [],
      resets: [],
      losers: [],
      over: false,
      winners: [],
    })
    expect(applyNineRound([10, 'x' as never], [80, 5]).totals).toEqual([45, 5])
  })
  it('a wrong optional seat is refused (stale screen)', () => {
    const s = play(three, [{ type: 'deal' }])
    expect(errorOf(nineEngine.apply(s, { type: 'take', source: 'draw', seat: 0 })).message).toBe(
      "It is Bo's turn, not Ann's.",
    )
    expect(nineEngine.apply(s, { type: 'take', source: 'draw', seat: 1 }).ok).toBe(true)
  })
})
