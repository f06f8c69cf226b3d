import { describe, expect, it } from 'vitest'
import {
  dateRange,
  finishedCount,
  isoDay,
  matchOutcome,
  seasonScope,
  suggestedSpan,
  toggle,
} from '../../../src/renderer/src/league/format'
import { fileStem } from '../../../src/renderer/src/share/save-file'

describe('club pages: how seasons and nights are written', () => {
  it('writes a season’s span and what it counts', () => {
    expect(dateRange({ startDate: '2026-01-01', endDate: '2026-03-31' })).toBe('2026-01-01 to 2026-03-31')
    expect(seasonScope({ gameIds: null, playerIds: null })).toBe('every game · everyone')
    expect(seasonScope({ gameIds: ['nine'], playerIds: ['a', 'b', 'c'] })).toBe('Nine · 3 players')
  })

  it('suggests a new season from the first of this month to the end of the month after next', () => {
    expect(suggestedSpan(new Date(2026, 11, 17))).toEqual({ startDate: '2026-12-01', endDate: '2027-02-28' })
    expect(suggestedSpan(new Date(2027, 11, 1))).toEqual({ startDate: '2027-12-01', endDate: '2028-02-29' })
    expect(isoDay(new Date(2026, 0, 5))).toBe('2026-01-05')
  })

  it('ticks and unticks a box', () => {
    expect(toggle(['a'], 'b', true)).toEqual(['a', 'b'])
    expect(toggle(['a', 'b'], 'a', false)).toEqual(['b'])
  })

  it('says how each match of a night ended, and counts the finished ones', () => {
    expect(matchOutcome({ status: 'finished', winners: ['Ana', 'Bo'] })).toBe('Ana, Bo')
    expect(matchOutcome({ status: 'finished', winners: [] })).toBe('–')
    expect(matchOutcome({ status: 'abandoned', winners: [] })).toBe('abandoned')
    expect(matchOutcome({ status: 'in-progress', winners: [] })).toBe('in progress')
    const m = (status: 'finished' | 'abandoned' | 'in-progress') => ({ status }) as never
    expect(finishedCount({ matches: [m('finished'), m('abandoned'), m('finished'), m('in-progress')] })).toBe(2)
  })

  it('names a saved image after the season: letters and digits kept, other runs one dash, none at the ends', () => {
    expect(fileStem('Winter league', 'league')).toBe('Winter-league')
    expect(fileStem(' Été 2026 — finale! ', 'league')).toBe('Été-2026-finale')
    expect(fileStem('***', 'league')).toBe('league')
  })
})
