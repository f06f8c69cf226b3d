import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GAME_IDS, replay } from '../../../src/shared/games/engine'
import { ENGINES, SEAT_LIMITS } from '../../../src/shared/games/registry'

describe('engine registry', () => {
  it.each(GAME_IDS)('%s accepts the seat counts it allows and refuses the others', (id) => {
    const { min, max } = SEAT_LIMITS[id]
    const names = (n: number) => Array.from({ length: n }, (_, i) => `Player ${i + 1}`)
    for (let n = min; n <= max; n++) expect(ENGINES[id].setup({ names: names(n) }).ok, `${n} seats`).toBe(true)
    expect(ENGINES[id].setup({ names: names(min - 1) }).ok).toBe(false)
    expect(ENGINES[id].setup({ names: names(max + 1) }).ok).toBe(false)
  })

  it.each(GAME_IDS)('%s never throws on arbitrary configs or actions, and refuses them as values', (id) => {
    const engine = ENGINES[id]
    const start = engine.setup({ names: ['Ana', 'Bo'] })
    if (!start.ok) throw new Error(start.error.message)
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (config, action) => {
        const s = engine.setup(config)
        if (!s.ok) expect(typeof s.error.message).toBe('string')
        const r = engine.apply(start.value, action)
        if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0)
        expect(replay(engine, { names: ['Ana', 'Bo'] }, [action]).ok).toBe(r.ok)
      }),
      { numRuns: 1000 },
    )
  })
})
