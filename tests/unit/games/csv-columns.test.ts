/**
 * The rounds CSV's detail columns come from the games' modules (GameModule.csvColumns): the header
 * stays the one the export has always written (a spreadsheet may read it by position), each game's
 * columns in its module's order, and a column two games would share written once.
 */
import { describe, expect, it } from 'vitest'
import { ROUND_DETAIL_COLUMNS } from '../../../src/core/services/transfer-csv'
import { GAME_IDS, GAME_MODULES } from '../../../src/shared/games/registry'

describe('the rounds CSV columns', () => {
  it('are the header the export has written, from the four modules', () => {
    expect(ROUND_DETAIL_COLUMNS.map(([, column]) => column)).toEqual([
      'entry',
      'went_out',
      'deadlock',
      'nines_left',
      'cards_left',
      'declared',
      'declared_won',
      'declared_failed',
      'reset_90',
      'lost_99',
      'hand_total',
      'void',
      'lines_made',
      'lines_failed',
      'loss',
      'called_ennea',
      'minimum_loss',
      'result',
      'ending',
      'blocked',
      'reshuffled',
    ])
  })

  it("hold every game's columns, each detail key once", () => {
    const keys = ROUND_DETAIL_COLUMNS.map(([key]) => key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const id of GAME_IDS)
      for (const column of GAME_MODULES[id].csvColumns) expect(ROUND_DETAIL_COLUMNS).toContainEqual(column)
  })
})
