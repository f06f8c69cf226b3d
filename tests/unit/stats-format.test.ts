/** The Stats screen's fixed palette and date helpers. */
import { describe, expect, it } from 'vitest'
import { EVENT_LABELS, PALETTE, isDay, monthLabel, paletteAt } from '../../src/renderer/src/stats/format'

describe('stats format', () => {
  it('twelve distinct palette colours, so up to twelve players never share one', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => paletteAt(i).toLowerCase())
    expect(new Set(twelve).size).toBe(12)
    expect(PALETTE).toHaveLength(12)
    expect(paletteAt(12)).toBe(paletteAt(0))
  })

  it('Seven Eight Nine lists each way of winning once and no Block wins', () => {
    expect(EVENT_LABELS['seven-eight-nine'].map(([k]) => k)).toEqual([
      'swapWins',
      'reactWins',
      'declareWins',
      'dealtWins',
      'tiebreakWins',
      'draws',
    ])
  })

  it('isDay accepts real calendar days only', () => {
    expect(isDay('2026-11-26')).toBe(true)
    expect(isDay('2026-02-30')).toBe(false)
    expect(isDay('26-11-2026')).toBe(false)
    expect(monthLabel('2026-11')).toMatch(/2026/)
  })
})
