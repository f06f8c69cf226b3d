/** The league table's text cells (screen and PNG): shared places, hundredths, shared wins, head-to-head signs. */
import { describe, expect, it } from 'vitest'
import type { SeasonStandings } from '../../../src/shared/model/club'
import { leagueRows, pointsText } from '../../../src/shared/stats/league-table'
import { standings, TIE_BREAKS } from '../../../src/shared/stats/league'

describe('league table cells', () => {
  it('writes shared places as =n, points to hundredths, shared wins and the head-to-head balance', () => {
    const seats = (order: [string, number, boolean][]) =>
      order.map(([playerId, placement, won]) => ({ playerId, placement, won }))
    const rows = standings(
      { kind: 'placement', top: 10 },
      [
        {
          matchId: 'm1',
          seats: seats([
            ['A', 1, true],
            ['B', 1, true],
            ['C', 3, false],
            ['D', 4, false],
          ]),
        },
        {
          matchId: 'm2',
          seats: seats([
            ['C', 1, true],
            ['D', 2, false],
            ['E', 3, false],
          ]),
        },
      ],
      new Map([
        ['A', 'Ana'],
        ['B', 'Bo'],
        ['C', 'Cy'],
        ['D', 'Di'],
        ['E', 'Ed'],
      ]),
    )
    const s = { rows, tieBreaks: TIE_BREAKS } as unknown as SeasonStandings
    // A and B tie for 1st of 4: positions 1 and 2 -> (10 + 6.67) / 2 = 8.33 each. Cy 3.33 + 10; Di 0 + 5.
    expect(leagueRows(s)).toEqual([
      ['1', 'Cy', '13.33', '2', '1', '–', '0.33'],
      ['=2', 'Ana', '8.33', '1', '1 (1 shared)', '–', '0.00'],
      ['=2', 'Bo', '8.33', '1', '1 (1 shared)', '–', '0.00'],
      ['4', 'Di', '5', '2', '0', '–', '0.75'],
      ['5', 'Ed', '0', '1', '0', '–', '1.00'],
    ])
    expect(pointsText(20.1)).toBe('20.1')
    expect(pointsText(7)).toBe('7')
  })
})
