/**
 * Seven Eight Nine's pure rule checks at their edges (src/shared/games/seven-eight-nine/rules.ts): card text
 * as a table types it, the win check's hand size, the per-rank count, house rules left out or null, and the
 * "can I swap / React" answers the checker gives. Written for the mutants of rules.ts that survived
 * `npm run mutation:core` (docs/QUALITY.md § Domain core).
 */
import { describe, expect, it } from 'vitest'
import {
  checkRankCounts,
  parseRank,
  senCanReact,
  senCanSwap,
  senCheckBlock,
  senCheckDeclare,
  senCheckWin,
  senIsWin,
  senResolveTiebreak,
  senTiebreak,
  swapCandidates,
} from '../../../../src/shared/games/seven-eight-nine'

const value = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe('SE-V2: a card as typed', () => {
  it.each([
    ['q', 12],
    [' 9 ', 9],
    ['10♥', 10],
    ['10 ♠', 10],
    ['t♦', 10],
    ['   Q    ', 12], // 8 characters: the longest text read
  ])('%j is rank %i', (text, rank) => {
    expect(value(parseRank(text))).toBe(rank)
  })

  it.each([
    ['a rank that is not a whole number', 7.5],
    ['a rank followed by a letter that is not a suit', 'QX'],
    ['text longer than 8 characters, even if it trims to a rank', '    Q     '],
    ['a list holding a rank', [7]],
    ['a list holding rank text', ['Q']],
  ])('refuses %s', (_kind, input) => {
    expect(parseRank(input, 'flipped')).toMatchObject({
      ok: false,
      error: { code: 'invalid-rank', message: 'Use ranks A–K.', field: 'flipped' },
    })
  })
})

describe('SE-R4 / SE-V9: a win is exactly one 7, one 8 and one 9', () => {
  it('senIsWin: four or more cards holding 7, 8 and 9 are not a 3-card hand', () => {
    expect(senIsWin([9, 7, 8])).toBe(true)
    expect(senIsWin([7, 8, 9, 10])).toBe(false)
    expect(senIsWin([7, 8, 9, 9])).toBe(false)
  })

  it('senCheckWin answers the sorted hand, refuses a hand that is not a win, and a card that is not one', () => {
    expect(value(senCheckWin([9, 7, 8]))).toEqual([7, 8, 9])
    expect(senCheckWin([7, 8, 8])).toMatchObject({ ok: false, error: { code: 'not-a-win', field: 'hand' } })
    expect(senCheckWin([7, 8, 'x'])).toMatchObject({ ok: false, error: { code: 'invalid-rank', field: 'hand.2' } })
  })
})

describe('SE-V4: at most four cards of a rank', () => {
  it('five Aces are refused and named (the lowest rank is checked too)', () => {
    expect(checkRankCounts([1, 1, 1, 1, 1])).toMatchObject({
      ok: false,
      error: { code: 'too-many-of-rank', message: 'Five Aces entered; a deck has four.' },
    })
    expect(checkRankCounts([1, 1, 1, 1, 13]).ok).toBe(true)
  })

  it('across both tiebreaker hands (SE-R13), even when the hands would otherwise decide it', () => {
    expect(senResolveTiebreak([9, 9, 9], [9, 9, 8])).toMatchObject({
      ok: false,
      error: { code: 'too-many-of-rank', message: 'Five 9s entered; a deck has four.' },
    })
  })
})

describe('SE-R9 / SE-V5: the Declare check with house rules left out', () => {
  it('no house rules, null and an empty object all mean the default gap of 3', () => {
    for (const rules of [undefined, null, {}]) {
      expect(value(senCheckDeclare([7, 8, 2], 9, rules as never))).toEqual({ missing: 9, blocker: 2, gap: 7 })
      expect(senCheckDeclare([7, 8, 10], 9, rules as never)).toMatchObject({
        ok: false,
        error: { code: 'declare-adjacent' },
      })
    }
    expect(senCheckDeclare([7, 9, 10], 8, {})).toMatchObject({ ok: false, error: { code: 'declare-gap' } })
  })

  it('SE-G06: during a React a Declare is refused, whatever the hand', () => {
    expect(senCheckDeclare([7, 8, 2], 9, { during: 'react' })).toMatchObject({
      ok: false,
      error: { code: 'declare-not-on-flip', message: 'Declare is only possible on your own flip, not during a React.' },
    })
    expect(senCheckDeclare([7, 8, 2], 9, { during: 'flip' }).ok).toBe(true)
  })

  it('the missing card is named with its article', () => {
    expect(senCheckDeclare([7, 9, 2], 5)).toMatchObject({
      ok: false,
      error: { code: 'declare-wrong-card', message: 'The flipped 5 is not your missing card (you need an 8).' },
    })
    expect(senCheckDeclare([8, 9, 2], 5)).toMatchObject({
      ok: false,
      error: { message: 'The flipped 5 is not your missing card (you need a 7).' },
    })
  })
})

describe('SE-R10 / SE-V6: the Block check with house rules left out', () => {
  it('null or an empty object is the default TWO_DISTINCT; rules that are not an object are refused', () => {
    for (const rules of [undefined, null, {}]) {
      expect(senCheckBlock([7, 8, 2], rules as never).ok).toBe(true)
      expect(senCheckBlock([7, 7, 2], rules as never)).toMatchObject({
        ok: false,
        error: { code: 'block-not-eligible' },
      })
    }
    expect(senCheckBlock([7, 8, 2], 'TWO_CARDS' as never)).toMatchObject({
      ok: false,
      error: { code: 'invalid-rules', field: 'blockRequirement' },
    })
  })
})

describe('SE-R5 / SE-R6 / SE-R8: what may be given for a card', () => {
  it('only the same rank or one away, each rank once, no wrap from K to A', () => {
    expect(swapCandidates(9, [2, 3, 9])).toEqual([9])
    expect(swapCandidates(9, [10, 8, 8])).toEqual([8, 10])
    expect(swapCandidates(13, [1, 2, 3])).toEqual([])
  })

  it('senCanSwap: the cards to give, or why none', () => {
    expect(value(senCanSwap('9', [10, 2, 8]))).toEqual({ give: [8, 10] })
    expect(senCanSwap(9, [2, 3, 4])).toMatchObject({
      ok: false,
      error: {
        code: 'swap-not-adjacent',
        message: 'The flipped 9 matches no card in your hand and is next to none.',
        field: 'hand',
      },
    })
    expect(senCanSwap(14, [2, 3, 4])).toMatchObject({ ok: false, error: { code: 'invalid-rank', field: 'flipped' } })
    expect(senCanSwap(9, [2, 3])).toMatchObject({ ok: false, error: { code: 'invalid-hand', field: 'hand' } })
  })

  it('senCanReact: the cards to give for the top discard, or why none', () => {
    expect(value(senCanReact('K', [12, 13, 1]))).toEqual({ give: [12, 13] })
    expect(senCanReact(1, [13, 5, 3])).toMatchObject({
      ok: false,
      error: {
        code: 'react-not-adjacent',
        message: 'The A on the discard pile matches no card in your hand and is next to none (your hand: 3, 5, K).',
        field: 'hand',
      },
    })
    expect(senCanReact(0, [2, 3, 4])).toMatchObject({ ok: false, error: { code: 'invalid-rank', field: 'top' } })
    expect(senCanReact(2, [2, 3, 'Z'])).toMatchObject({ ok: false, error: { code: 'invalid-rank', field: 'hand.2' } })
  })
})

describe('SE-R13: the tiebreaker explained', () => {
  it('a repeated target counts once, and the note names only that rank', () => {
    const r = value(senResolveTiebreak([9, 9, 7], [2, 3, 4]))
    expect(r.explanation).toBe('9 + 9 counts once: 7 + 9 = 16 vs 0. P1 wins the tiebreaker.')
  })

  it('tied scores: the high cards are given, for a draw and for a win on the high card', () => {
    expect(value(senResolveTiebreak([7, 2, 3], [7, 4, 10]))).toMatchObject({ winner: 1, scores: [7, 7], high: [7, 10] })
    expect(value(senResolveTiebreak([7, 2, 3], [7, 2, 4]))).toMatchObject({
      winner: null,
      scores: [7, 7],
      high: [7, 7],
    })
  })

  it('house rules that are not ones are refused as invalid-rules', () => {
    expect(senResolveTiebreak([7, 2, 3], [8, 2, 3], { tiebreakCounting: 'MOST' as never })).toMatchObject({
      ok: false,
      error: { code: 'invalid-rules', message: 'Tiebreak counting must be DISTINCT or LITERAL_SUM.' },
    })
  })

  it('senTiebreak: house rules that cannot be read give no winner, not the default rules', () => {
    const unreadable = new Proxy(
      { tiebreakCounting: 'DISTINCT' as const },
      {
        get(target, key, receiver) {
          if (key === 'tiebreakCounting') throw new Error('no rules today')
          return Reflect.get(target, key, receiver) as unknown
        },
      },
    )
    expect(senTiebreak([7, 8, 2], [9, 2, 3])).toBe(0)
    expect(senTiebreak([7, 8, 2], [9, 2, 3], unreadable)).toBeNull()
  })
})
