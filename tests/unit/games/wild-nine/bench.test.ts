/** The benchmark cases build and run (the runner itself times them). */
import { describe, expect, it } from 'vitest'
import { cases } from '../../../../bench/engines/wild-nine'

describe('Wild Nine bench cases', () => {
  it('build a deterministic 10,000-action log that replays', () => {
    const a = cases()
    const b = cases()
    expect(a.map((c) => [c.name, c.ops])).toEqual(b.map((c) => [c.name, c.ops]))
    expect(a[0]?.ops).toBe(10_000)
    for (const c of a) {
      const t0 = performance.now()
      c.fn()
      console.log(`${c.name}: ${(((performance.now() - t0) * 1000) / c.ops).toFixed(2)} µs/op`)
    }
  })
})
