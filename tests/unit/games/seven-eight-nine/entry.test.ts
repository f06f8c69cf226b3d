import { describe, expect, it } from 'vitest'
import { parseCard, parseCards, parseHandText, senReshuffleNote } from '../../../../src/shared/games/seven-eight-nine'

const ranks = (text: string): number[] | string => {
  const r = parseCards(text)
  return r.ok ? r.value : r.error.message
}

describe('parseCards: fast card entry', () => {
  it('reads ranks separated by spaces, commas or dots, in the order typed', () => {
    expect(ranks('7 8 Q')).toEqual([7, 8, 12])
    expect(ranks('  q, 10 ,a ')).toEqual([12, 10, 1])
    expect(ranks('8·9·K')).toEqual([8, 9, 13])
  })
  it('reads run-together ranks, with 10 as two digits and T as ten', () => {
    expect(ranks('78Q')).toEqual([7, 8, 12])
    expect(ranks('109J')).toEqual([10, 9, 11])
    expect(ranks('T9a')).toEqual([10, 9, 1])
  })
  it('ignores a suit after a rank (letter or symbol)', () => {
    expect(ranks('9♠ 8h 7D')).toEqual([9, 8, 7])
    expect(ranks('9s8h7d')).toEqual([9, 8, 7])
    expect(ranks('10♥')).toEqual([10])
  })
  it('refuses anything that is not a rank with the engine message', () => {
    expect(ranks('7 8 X')).toBe('Use ranks A–K.')
    expect(ranks('0')).toBe('Use ranks A–K.')
    expect(ranks('14')).toBe('Use ranks A–K.')
    expect(ranks('joker')).toBe('Use ranks A–K.')
  })
  it('gives an empty list for blank text', () => {
    expect(ranks('   ')).toEqual([])
  })
})

describe('parseCard and parseHandText', () => {
  it('parseCard takes exactly one card', () => {
    expect(parseCard('k')).toEqual({ ok: true, value: 13 })
    expect(parseCard('10')).toEqual({ ok: true, value: 10 })
    expect(parseCard('')).toMatchObject({
      ok: false,
      error: { message: 'Type a card: A, 2–10, J, Q or K.', field: 'card' },
    })
    expect(parseCard('7 8')).toMatchObject({ ok: false, error: { message: 'Type one card only.' } })
  })
  it('parseHandText takes exactly three cards (SE-V3)', () => {
    expect(parseHandText('8 9 3')).toEqual({ ok: true, value: [8, 9, 3] })
    expect(parseHandText('8 9', 'hands.0')).toMatchObject({
      ok: false,
      error: { message: 'A hand always holds exactly 3 cards.', field: 'hands.0' },
    })
    expect(parseHandText('')).toMatchObject({
      ok: false,
      error: { message: 'Type the 3 cards of the hand, e.g. 7 8 Q.' },
    })
  })
})

describe('senReshuffleNote (SE-R11, SE-R12)', () => {
  it('is available until used or locked', () => {
    expect(senReshuffleNote({ reshuffled: false, blocked: false, drawCount: 12 }).state).toBe('available')
    expect(senReshuffleNote({ reshuffled: false, blocked: false, drawCount: 0 }).text).toBe(
      'The draw pile is empty: the discard pile becomes the new draw pile (once).',
    )
  })
  it('is locked after a Block that came before the reshuffle', () => {
    expect(senReshuffleNote({ reshuffled: false, blocked: true, drawCount: 0 })).toEqual({
      state: 'locked',
      text: 'No reshuffle after a Block: the draw pile is empty, so the tiebreaker decides.',
    })
  })
  it('is used once the reshuffle happened, Block or not', () => {
    expect(senReshuffleNote({ reshuffled: true, blocked: true, drawCount: 5 }).state).toBe('used')
    expect(senReshuffleNote({ reshuffled: true, blocked: false, drawCount: 0 }).text).toMatch(/tiebreaker decides/)
  })
})
