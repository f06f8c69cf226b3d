import { describe, expect, it } from 'vitest'
import { STATE_WORDS, ago } from '../../src/renderer/src/club/format'

const NOW = Date.parse('2026-12-01T12:00:00.000Z')
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString()

describe('Settings → Club: how long ago, in words', () => {
  it('counts seconds, then minutes, hours and days, each rounded down at its boundary', () => {
    expect(ago(before(0), NOW)).toBe('0 s ago')
    expect(ago(before(12), NOW)).toBe('12 s ago')
    expect(ago(before(59), NOW)).toBe('59 s ago')
    expect(ago(before(60), NOW)).toBe('1 min ago')
    expect(ago(before(3599), NOW)).toBe('59 min ago')
    expect(ago(before(3600), NOW)).toBe('1 h ago')
    expect(ago(before(47 * 3600 + 3599), NOW)).toBe('47 h ago')
    expect(ago(before(48 * 3600), NOW)).toBe('2 days ago')
    expect(ago(before(10 * 86400 + 5), NOW)).toBe('10 days ago')
  })

  it('reads a time ahead of this laptop’s clock (another laptop’s clock runs fast) as just now', () => {
    expect(ago(before(-30), NOW)).toBe('0 s ago')
  })

  it('has words for every state the service reports', () => {
    expect(STATE_WORDS).toEqual({
      off: 'Not in a club',
      connected: 'Connected',
      syncing: 'Syncing…',
      offline: 'Offline',
      error: 'Problem',
    })
  })
})
