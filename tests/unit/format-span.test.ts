import { describe, expect, it } from 'vitest'
import { formatSpan } from '../../src/shared/util'

describe('formatSpan (the clock warning’s words)', () => {
  it('rounds to the nearest unit, singular for one', () => {
    expect(formatSpan(45_000)).toBe('45 seconds')
    expect(formatSpan(1_000)).toBe('1 second')
    expect(formatSpan(60_000)).toBe('1 minute')
    expect(formatSpan(10 * 60_000 - 400)).toBe('10 minutes')
    expect(formatSpan(59 * 60_000 + 40_000)).toBe('1 hour')
    expect(formatSpan(2 * 86_400_000 - 5_000)).toBe('2 days')
    expect(formatSpan(86_400_000)).toBe('1 day')
    expect(formatSpan(5 * 3_600_000)).toBe('5 hours')
  })
})
