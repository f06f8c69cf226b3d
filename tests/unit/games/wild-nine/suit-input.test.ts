/**
 * The suit a 9's player names (WN-R4, WN-V8) can be typed as a letter, a symbol (filled or outlined)
 * or a word, singular or plural, in any case and with spaces around; anything else is no suit.
 */
import { describe, expect, it } from 'vitest'
import { parseSuit, wildNineLegalCards } from '../../../../src/shared/games/wild-nine'

describe('Wild Nine: naming a suit', () => {
  it.each([
    ['S', 'S'],
    [' h ', 'H'],
    ['♦', 'D'],
    [' ♣ ', 'C'],
    ['♤', 'S'],
    [' ♡', 'H'],
    ['♢', 'D'],
    ['♧ ', 'C'],
    ['spades', 'S'],
    ['Hearts', 'H'],
    ['DIAMOND', 'D'],
    [' club ', 'C'],
  ])('%j names %s', (input, suit) => {
    expect(parseSuit(input)).toBe(suit)
  })

  it.each([['X'], [''], ['spade s'], ['clubss'], ['♠♠'], ['9'], [7], [null]])('%j names no suit', (input) => {
    expect(parseSuit(input)).toBeNull()
  })

  it('the active suit given as a word counts like its letter for the legal cards (WN-R6, WN-R7)', () => {
    expect(wildNineLegalCards(['7H', '2S', '9D'], '5C', 'hearts' as 'H')).toEqual(['7H', '9D'])
  })
})
