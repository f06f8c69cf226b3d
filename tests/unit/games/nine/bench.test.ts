/** The Nine bench logs are deterministic, replay cleanly and add up to the advertised ops. */
import { describe, expect, it } from 'vitest'
import { cases, generateMatches } from '../../../../bench/engines/nine'
import { replay } from '../../../../src/shared/games/engine'
import { nineEngine } from '../../../../src/shared/games/nine'

describe('bench/engines/nine', () => {
  it('generates the same logs every time, totalling the requested actions, all accepted on replay', () => {
    for (const track of [true, false]) {
      const a = generateMatches(2000, track, 5)
      expect(generateMatches(2000, track, 5)).toEqual(a)
      expect(a.reduce((n, m) => n + m.log.length, 0)).toBe(2000)
      for (const m of a) expect(replay(nineEngine, m.config, m.log).ok).toBe(true)
      if (track) expect(a.some((m) => m.log.some((x) => x.type === 'snap'))).toBe(true)
    }
  })
  it('cases() gives three 10,000-op cases that run', () => {
    const cs = cases()
    expect(cs.map((c) => c.ops)).toEqual([10_000, 10_000, 10_000])
    for (const c of cs) expect(() => c.fn()).not.toThrow()
  })
})
