/**
 * Issue 11, finding 7: every offset, limit, count and number in the IPC schemas is bounded, so an
 * absurd number is refused as invalid-input and never reaches SQLite or an engine.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { snapshot, tempCore } from '../helpers/tmp'

const core = tempCore()
afterAll(() => core.cleanup())

describe('numbers in requests are bounded', () => {
  it.each([
    ['matches:list', { offset: 1e300 }, 'offset'],
    ['matches:list', { offset: Number.MAX_SAFE_INTEGER + 1 }, 'offset'],
    ['matches:list', { offset: 10_000_001 }, 'offset'],
    ['matches:list', { limit: 1e300 }, 'limit'],
  ] as const)('%s %j is invalid-input naming %s', async (channel, payload, field) => {
    const before = snapshot(core.db)
    const r = await core.dispatch(channel, payload)
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-input', field } })
    expect(snapshot(core.db)).toEqual(before)
  })

  it('still lists with the largest allowed offset', async () => {
    expect(await core.dispatch('matches:list', { offset: 10_000_000, limit: 500 })).toEqual({ ok: true, value: [] })
  })

  it('refuses a house-rule number far outside any rule', async () => {
    const a = await core.dispatch('players:create', { name: 'Ana' })
    const b = await core.dispatch('players:create', { name: 'Bo' })
    const ids = [a, b].map((r) => (r.ok ? (r.value as { id: string }).id : ''))
    const before = snapshot(core.db)
    const r = await core.dispatch('matches:create', {
      gameId: 'nine',
      playerIds: ids,
      options: { houseRules: { cutoff: 1e300 } },
    })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-input', field: 'options.houseRules.cutoff' } })
    expect(snapshot(core.db)).toEqual(before)
  })
})
