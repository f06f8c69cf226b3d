/** The schemas Seven Eight Nine input passes before any rule: specific messages, codes and fields. */
import { describe, expect, it } from 'vitest'
import {
  parseSenAction,
  parseSenConfig,
  senEngine,
  type SenAction,
} from '../../../../src/shared/games/seven-eight-nine'
import { isGameErrorCode } from '../../../../src/shared/games/errors'
import { start, P } from './helpers'

function refusal(raw: unknown): { code: string; message: string; field?: string } {
  const r = parseSenAction(raw)
  if (r.ok) throw new Error(`${JSON.stringify(raw)} passed the schema`)
  return r.error
}

describe('Seven Eight Nine action schema', () => {
  it.each([
    [null, 'invalid-action', 'An action needs a type.', undefined],
    [[{ type: 'flip', card: 9 }], 'invalid-action', 'An action needs a type.', undefined],
    [{ card: 9 }, 'invalid-action', 'An action needs a type.', 'type'],
    [{ type: 'fly', card: 9 }, 'invalid-action', '"fly" is not a Seven Eight Nine action.', 'type'],
    [{ type: 'flip' }, 'invalid-rank', 'Use ranks A–K.', 'card'],
    [{ type: 'flip', card: 'Z' }, 'invalid-rank', 'Use ranks A–K.', 'card'],
    [{ type: 'flip', card: 9, seat: 2 }, 'invalid-seat', 'The seat must be 0 or 1.', 'seat'],
    [{ type: 'swap', give: 8, show: [7, 8] }, 'invalid-hand', 'A hand always holds exactly 3 cards.', 'show'],
    [{ type: 'swap', give: 8, show: [7, 8, 'x'] }, 'invalid-rank', 'Use ranks A–K.', 'show.2'],
    [{ type: 'declare', hand: '7 8 9' }, 'invalid-hand', 'A hand always holds exactly 3 cards.', 'hand'],
    [{ type: 'declare', hand: [7, 8, 9], flipped: 0 }, 'invalid-rank', 'Use ranks A–K.', 'flipped'],
    [{ type: 'tiebreak', hands: [[7, 8, 9]] }, 'invalid-action', 'Enter both hands for the tiebreaker.', 'hands'],
    [
      {
        type: 'tiebreak',
        hands: [
          [7, 8, 9],
          [1, 2],
        ],
      },
      'invalid-hand',
      'A hand always holds exactly 3 cards.',
      'hands.1',
    ],
    [
      {
        type: 'tiebreak',
        hands: [
          [7, 8, 9],
          [1, 2, 14],
        ],
      },
      'invalid-rank',
      'Use ranks A–K.',
      'hands.1.2',
    ],
    [{ type: 'dealt-win', seats: [1, 1] }, 'invalid-action', 'Say which player (or both) was dealt 7-8-9.', 'seats'],
    [{ type: 'dealt-win' }, 'invalid-action', 'Say which player (or both) was dealt 7-8-9.', 'seats'],
    [
      { type: 'correct-piles', draw: '40' },
      'invalid-count',
      'Count the cards of the draw pile: a whole number, 0 or more.',
      'draw',
    ],
  ])('%j is refused: %s, %s', (raw, code, message, field) => {
    expect(refusal(raw)).toEqual(field === undefined ? { code, message } : { code, message, field })
    expect(isGameErrorCode(code)).toBe(true)
  })

  it('an input that cannot be read as data is refused, not thrown', () => {
    const cyclic: Record<string, unknown> = { type: 'flip', card: 9 }
    cyclic.self = cyclic
    expect(refusal(cyclic)).toEqual({
      code: 'invalid-action',
      message: 'This input is not plain data (it cannot be written as JSON).',
    })
    expect(refusal({ type: 'correct-piles', draw: 10n })).toMatchObject({ code: 'invalid-action' })
  })

  it('cards come out as ranks and unknown fields are dropped', () => {
    expect(parseSenAction({ type: 'flip', card: 'q♥', note: 'x' })).toEqual({
      ok: true,
      value: { type: 'flip', card: 12 },
    })
    expect(parseSenAction({ type: 'declare', hand: ['7', 'A', 'K'] })).toEqual({
      ok: true,
      value: { type: 'declare', hand: [7, 1, 13] },
    })
  })

  it('the engine refuses what the schema refuses and leaves the state alone', () => {
    const s = start(P)
    const before = JSON.stringify(s)
    const r = senEngine.apply(s, { type: 'flip', card: 9, seat: 5 } as unknown as SenAction)
    expect(r).toEqual({
      ok: false,
      error: { code: 'invalid-seat', message: 'The seat must be 0 or 1.', field: 'seat' },
    })
    expect(JSON.stringify(s)).toBe(before)
  })
})

describe('Seven Eight Nine config schema', () => {
  it.each([
    [undefined, 'The match settings are missing.', undefined],
    [{}, 'Seven Eight Nine is a two-player game.', 'names'],
    [{ names: ['A', 'B', 'C'] }, 'Seven Eight Nine is a two-player game.', 'names'],
    [{ names: ['A', 7] }, 'Player names must be text.', 'names.1'],
    [{ names: ['A', 'x'.repeat(101)] }, 'A player name is at most 100 characters.', 'names.1'],
    [{ names: ['A', 'B'], starter: 2 }, 'The starting player must be seat 0 or 1.', 'starter'],
    [
      { names: ['A', 'B'], target: 0 },
      'The match target must be a whole number of wins from 1 to 1000, or none.',
      'target',
    ],
    [{ names: ['A', 'B'], houseRules: [] }, 'The house rules must be a list of settings.', 'houseRules'],
    [
      { names: ['A', 'B'], houseRules: { 'sen.jokers': true } },
      '"sen.jokers" is not a Seven Eight Nine house rule.',
      'houseRules.sen.jokers',
    ],
    [
      { names: ['A', 'B'], houseRules: { declareGap: 4 } },
      'House rule declareGap must be 3 or 2.',
      'houseRules.declareGap',
    ],
    [
      { names: ['A', 'B'], houseRules: { 'sen.reactReplacesTurn': 'yes' } },
      'House rule reactReplacesTurn must be false or true.',
      'houseRules.sen.reactReplacesTurn',
    ],
  ])('%j is refused: %s', (raw, message, field) => {
    const r = parseSenConfig(raw)
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(r.error).toEqual(
        field === undefined ? { code: 'invalid-config', message } : { code: 'invalid-config', message, field },
      )
  })

  it('same names after the defaults are refused by the engine', () => {
    expect(senEngine.setup({ names: ['', 'P1'] })).toMatchObject({
      ok: false,
      error: { code: 'invalid-config', field: 'names' },
    })
  })

  it('a sen.-prefixed rule and its bare twin: the later one counts, as given', () => {
    const a = senEngine.setup({ names: ['A', 'B'], houseRules: { 'sen.declareGap': 2, declareGap: 3 } })
    const b = senEngine.setup({ names: ['A', 'B'], houseRules: { declareGap: 3, 'sen.declareGap': 2 } })
    expect(a.ok && a.value.rules.declareGap).toBe(3)
    expect(b.ok && b.value.rules.declareGap).toBe(2)
  })
})
