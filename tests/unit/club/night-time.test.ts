/** The nights list's local time by arithmetic (nights.ts) against the Date-based local time it stands for. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { localTimeOf } from '../../../src/core/services/nights'
import { localDateTimeOf } from '../../../src/shared/stats/local-date'

describe('localTimeOf', () => {
  it('equals localDateTimeOf’s HH:MM for any stored instant and offset, across midnight both ways', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.integer({ min: -840, max: 840 }),
        (d, offset) => {
          const iso = d.toISOString()
          expect(localTimeOf(iso, offset)).toBe(localDateTimeOf(iso, offset).slice(11, 16))
        },
      ),
      { numRuns: 2000 },
    )
    expect(localTimeOf('2026-03-29T23:30:00.000Z', 120)).toBe('01:30')
    expect(localTimeOf('2026-03-29T00:15:00.000Z', -480)).toBe('16:15')
  })

  it('falls back to the Date-based time for a stamp not in the stored form', () => {
    for (const iso of ['2026-03-29T23:30:00+02:00', '2026-03-29 23:30', 'not a time'])
      expect(localTimeOf(iso, 60)).toBe(localDateTimeOf(iso, 60).slice(11, 16))
  })
})
