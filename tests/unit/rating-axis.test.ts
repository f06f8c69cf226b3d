import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { niceScale } from '../../src/renderer/src/league/format'

describe('the ratings axis (niceScale)', () => {
  it('rounds out to round ticks, by hand', () => {
    expect(niceScale([3.2, 41.7])).toEqual({ lo: 0, hi: 50, step: 10, ticks: [0, 10, 20, 30, 40, 50] })
    expect(niceScale([-4.8, 12])).toEqual({ lo: -5, hi: 15, step: 5, ticks: [-5, 0, 5, 10, 15] })
    expect(niceScale([24.1, 25.3])).toEqual({ lo: 24, hi: 25.5, step: 0.5, ticks: [24, 24.5, 25, 25.5] })
    expect(niceScale([0.31, 0.62])).toEqual({ lo: 0.3, hi: 0.7, step: 0.1, ticks: [0.3, 0.4, 0.5, 0.6, 0.7] })
    // One value, or none: a span around it.
    expect(niceScale([25])).toMatchObject({ lo: 24, hi: 26, step: 0.5 })
    expect(niceScale([])).toEqual({ lo: 0, hi: 1, step: 0.5, ticks: [0, 0.5, 1] })
  })

  it('covers every value, with evenly spaced ticks from lo to hi', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 100),
          { minLength: 1, maxLength: 20 },
        ),
        (vs) => {
          const s = niceScale(vs)
          expect(s.lo).toBeLessThanOrEqual(Math.min(...vs))
          expect(s.hi).toBeGreaterThanOrEqual(Math.max(...vs))
          expect(s.ticks[0]).toBe(s.lo)
          expect(s.ticks[s.ticks.length - 1]).toBe(s.hi)
          expect(s.ticks.length).toBeGreaterThanOrEqual(2)
          expect(s.ticks.length).toBeLessThanOrEqual(7)
          for (let i = 1; i < s.ticks.length; i++)
            expect(Math.abs(s.ticks[i]! - s.ticks[i - 1]! - s.step)).toBeLessThan(s.step * 1e-6)
          const mantissa = s.step / 10 ** Math.floor(Math.log10(s.step))
          expect([1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-9)).toBe(true)
        },
      ),
      { numRuns: 500 },
    )
  })
})
