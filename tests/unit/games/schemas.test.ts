/** The input schemas of Nine, Wild Nine and Ennea: a wrong shape is refused with a specific message, code and field. */
import { describe, expect, it } from 'vitest'
import { GAME_ERROR_CODES, MATCH_OVER_CODE, isGameErrorCode } from '../../../src/shared/games/errors'
import { parseEnneaAction, parseEnneaConfig } from '../../../src/shared/games/ennea/schema'
import { parseNineAction, parseNineConfig } from '../../../src/shared/games/nine/schema'
import { parseWildNineAction, parseWildNineConfig } from '../../../src/shared/games/wild-nine/schema'
import { ENGINES } from '../../../src/shared/games/registry'
import { GAME_IDS } from '../../../src/shared/games/engine'

const refusal = (r: { ok: boolean; error?: unknown }) => (r.ok ? 'accepted' : r.error)

describe('Nine schemas', () => {
  it.each([
    [7, { code: 'invalid-action', message: 'That action is not recognised.' }],
    [{ type: 7 }, { code: 'invalid-action', message: 'That action is not recognised.', field: 'type' }],
    [{ type: 'fold' }, { code: 'invalid-action', message: '"fold" is not a Nine action.', field: 'type' }],
    [
      { type: 'take', source: 'sky' },
      { code: 'invalid-source', message: 'Take from the draw pile or the discard pile.', field: 'source' },
    ],
    [
      { type: 'take' },
      { code: 'invalid-source', message: 'Take from the draw pile or the discard pile.', field: 'source' },
    ],
    [
      { type: 'round', declarer: 0, confirmOverNine: 'yes' },
      { code: 'invalid-action', message: 'confirmOverNine must be true or false.', field: 'confirmOverNine' },
    ],
  ])('action %j', (raw, error) => {
    expect(refusal(parseNineAction(raw))).toEqual(error)
  })

  it.each([
    [null, { code: 'invalid-config', message: 'The match settings are missing.' }],
    [{ names: 'Ann, Bo' }, { code: 'invalid-name', message: 'The player names must be a list.', field: 'names' }],
    [{ names: ['Ann', 4] }, { code: 'invalid-name', message: "Seat 2's name must be text.", field: 'names.1' }],
  ])('config %j', (raw, error) => {
    expect(refusal(parseNineConfig(raw))).toEqual(error)
  })

  it('keeps the fields the engine refuses by name (manual points, NI-V13)', () => {
    expect(parseNineAction({ type: 'round', declarer: 0, points: [1, 2] })).toMatchObject({
      ok: true,
      value: { points: [1, 2] },
    })
  })
})

describe('Wild Nine schemas', () => {
  it.each([
    [[], { code: 'invalid-action', message: 'An action must be an object with a type.' }],
    [{ type: 'jump' }, { code: 'invalid-action', message: 'Unknown action: jump.', field: 'type' }],
    [{ type: null }, { code: 'invalid-action', message: 'Unknown action: null.', field: 'type' }],
  ])('action %j', (raw, error) => {
    expect(refusal(parseWildNineAction(raw))).toEqual(error)
  })

  it.each([
    ['x', { code: 'invalid-config', message: 'The match settings are missing.' }],
    [{ names: 3 }, { code: 'invalid-config', message: 'Player names must be a list.', field: 'names' }],
    [{ names: ['A', {}] }, { code: 'invalid-config', message: "Player 2's name must be text.", field: 'names.1' }],
    [
      { names: ['A', 'b'.repeat(101)] },
      { code: 'invalid-config', message: "Player 2's name is too long (100 characters at most).", field: 'names.1' },
    ],
  ])('config %j', (raw, error) => {
    expect(refusal(parseWildNineConfig(raw))).toEqual(error)
  })
})

describe('Ennea schema', () => {
  it.each([
    [
      { type: 'poke', cell: 1 },
      {
        code: 'invalid-action',
        message: 'Unknown action "poke"; use peek, stake, pass, ennea or reveal.',
        field: 'type',
      },
    ],
    [
      { cell: 1 },
      {
        code: 'invalid-action',
        message: 'Unknown action nothing; use peek, stake, pass, ennea or reveal.',
        field: 'type',
      },
    ],
  ])('action %j', (raw, error) => {
    expect(refusal(parseEnneaAction(raw))).toEqual(error)
  })

  it.each([
    [
      5,
      {
        code: 'invalid-config',
        message: 'Ennea setup needs the players: { names: [...], colours: [...] }.',
        field: 'config',
      },
    ],
    [
      { names: ['A'] },
      { code: 'player-count', message: 'Ennea needs 2 to 4 players (36 cubes = 4 colours × 9).', field: 'names' },
    ],
    [{}, { code: 'player-count', message: 'Ennea needs 2 to 4 players (36 cubes = 4 colours × 9).', field: 'names' }],
    [{ names: ['A', 7] }, { code: 'invalid-name', message: "P2's name must be text.", field: 'names.1' }],
    [
      { names: ['A', 'B'], houseRules: 'strict' },
      { code: 'invalid-rules', message: 'The house rules must be an object.', field: 'houseRules' },
    ],
    [
      { names: ['A', 'B'], houseRules: { reshuffleEachRound: 'yes' } },
      {
        code: 'invalid-rules',
        message: 'reshuffleEachRound must be true or false.',
        field: 'houseRules.reshuffleEachRound',
      },
    ],
  ])('config %j', (raw, error) => {
    expect(refusal(parseEnneaConfig(raw))).toEqual(error)
  })

  it('the engine names the whole action as the field of a non-object', () => {
    const start = ENGINES.ennea.setup({ names: ['Ann', 'Bo'] })
    if (!start.ok) throw new Error(start.error.message)
    expect(refusal(ENGINES.ennea.apply(start.value, 'stake'))).toMatchObject({
      code: 'invalid-action',
      field: 'action',
    })
  })
})

describe('the shared error codes', () => {
  it('every refusal an engine gives for junk carries a listed code', () => {
    const junk: unknown[] = [
      null,
      1,
      'x',
      [],
      {},
      { type: 'nope' },
      { type: 'round' },
      { type: 'flip' },
      { type: 'stake', cell: 'x' },
    ]
    for (const id of GAME_IDS) {
      const start = ENGINES[id].setup({ names: ['Ann', 'Bo'] })
      if (!start.ok) throw new Error(start.error.message)
      for (const a of junk) {
        const r = ENGINES[id].apply(start.value, a)
        expect(r.ok).toBe(false)
        if (!r.ok) expect(isGameErrorCode(r.error.code), `${id} ${JSON.stringify(a)}: ${r.error.code}`).toBe(true)
      }
    }
  })

  it('the match-over code each game shipped is one of them', () => {
    for (const id of GAME_IDS) expect(GAME_ERROR_CODES).toContain(MATCH_OVER_CODE[id])
    expect(new Set(GAME_ERROR_CODES).size).toBe(GAME_ERROR_CODES.length)
  })
})
