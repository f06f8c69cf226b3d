/** Elo against hand-computed tables, and game nights across local midnight and daylight-saving changes. */
import { describe, expect, it } from 'vitest'
import { ELO_START, expectedScore, rateTable, replayElo } from '../../../src/shared/stats/elo'
import { nightOf } from '../../../src/shared/stats/nights'

describe('Elo', () => {
  it('two players at 1500: the winner gains 16 (K = 32, expected score ½)', () => {
    expect(expectedScore(1500, 1500)).toBe(0.5)
    expect(rateTable([1500, 1500], [1, 2])).toEqual([1516, 1484])
    expect(rateTable([1500, 1500], [1, 1])).toEqual([1500, 1500])
  })

  it('a three-player table, hand-computed: 1600 placed 2nd, 1500 won, 1400 last', () => {
    // E(1600 v 1500) = 1 / (1 + 10^(−0.25)) = 0.6400649; E(1600 v 1400) = 0.7597469; E(1500 v 1400) = 0.6400649.
    // 1600: 16 × ((0 − 0.6400649) + (1 − 0.7597469)) = −6.39699
    // 1500: 16 × ((1 − 0.3599351) + (1 − 0.6400649)) = +16
    // 1400: 16 × ((0 − 0.2402531) + (0 − 0.3599351)) = −9.60301
    const [a, b, c] = rateTable([1600, 1500, 1400], [2, 1, 3]) as [number, number, number]
    expect(a).toBeCloseTo(1593.60301, 4)
    expect(b).toBeCloseTo(1516, 6)
    expect(c).toBeCloseTo(1390.39699, 4)
    expect(a + b + c).toBeCloseTo(4500, 9) // points only move between players
  })

  it('replays matches in order: each table is rated from the ratings before it', () => {
    const r = replayElo([
      { players: ['ana', 'bo'], placements: [1, 2] },
      { players: ['bo', 'cy'], placements: [1, 2] },
    ])
    // bo at 1484 beats cy at 1500: E = 1 / (1 + 10^(16/400)) = 0.4769904; +32 × 0.5230096 = +16.73631.
    expect(r.get('ana')).toEqual({ rating: 1516, matches: 1 })
    expect(r.get('bo')?.rating).toBeCloseTo(1500.73631, 4)
    expect(r.get('cy')?.rating).toBeCloseTo(ELO_START - 16.73631, 4)
    expect(r.get('bo')?.matches).toBe(2)
  })
})

describe('game nights (until 06:00 the next morning, local time)', () => {
  it('a match after local midnight belongs to the night before; 06:00 starts a new night', () => {
    // California, UTC-8: Thursday 5 March 2026.
    expect(nightOf('2026-03-06T03:30:00.000Z', -480)).toBe('2026-03-05') // Thu 19:30
    expect(nightOf('2026-03-06T09:30:00.000Z', -480)).toBe('2026-03-05') // Fri 01:30
    expect(nightOf('2026-03-06T13:59:00.000Z', -480)).toBe('2026-03-05') // Fri 05:59
    expect(nightOf('2026-03-06T14:00:00.000Z', -480)).toBe('2026-03-06') // Fri 06:00
    // Tokyo, UTC+9: Friday 23:00 local is Friday 14:00 UTC; Saturday 02:00 local is Friday 17:00 UTC.
    expect(nightOf('2026-03-06T14:00:00.000Z', 540)).toBe('2026-03-06')
    expect(nightOf('2026-03-06T17:00:00.000Z', 540)).toBe('2026-03-06')
  })

  it('stays one night across the autumn change (Berlin, 25 Oct 2026, 03:00 CEST → 02:00 CET)', () => {
    expect(nightOf('2026-10-24T21:30:00.000Z', 120)).toBe('2026-10-24') // Sat 23:30 CEST
    expect(nightOf('2026-10-25T00:30:00.000Z', 120)).toBe('2026-10-24') // Sun 02:30 CEST
    expect(nightOf('2026-10-25T01:30:00.000Z', 60)).toBe('2026-10-24') // Sun 02:30 CET, an hour later
    expect(nightOf('2026-10-25T04:59:00.000Z', 60)).toBe('2026-10-24') // Sun 05:59 CET
    expect(nightOf('2026-10-25T05:00:00.000Z', 60)).toBe('2026-10-25') // Sun 06:00 CET
  })

  it('stays one night across the spring change (California, 8 Mar 2026, 02:00 PST → 03:00 PDT)', () => {
    expect(nightOf('2026-03-08T06:00:00.000Z', -480)).toBe('2026-03-07') // Sat 22:00 PST
    expect(nightOf('2026-03-08T10:30:00.000Z', -420)).toBe('2026-03-07') // Sun 03:30 PDT
    expect(nightOf('2026-03-08T13:30:00.000Z', -420)).toBe('2026-03-08') // Sun 06:30 PDT
  })

  it('reads a match without an offset as UTC', () => {
    expect(nightOf('2026-03-06T05:00:00.000Z', null)).toBe('2026-03-05')
    expect(nightOf('2026-03-06T06:00:00.000Z', undefined)).toBe('2026-03-06')
  })
})
