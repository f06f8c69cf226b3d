/** UUIDv7 ids (RFC 9562): the millisecond in the first 48 bits, version 7, variant 10, random bits after. */
import { describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../src/core/ids'

const FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const msOf = (id: string): number => parseInt(id.replace(/-/g, '').slice(0, 12), 16)

describe('uuidv7', () => {
  it('carries the millisecond it was made at, big-endian, for the whole 48-bit range', () => {
    for (const ms of [0, 1, 255, 256, 0x0190_0000_0000, Date.parse('2026-12-01T21:00:00.123Z'), 2 ** 48 - 1]) {
      const id = uuidv7(ms)
      expect(id).toMatch(FORMAT)
      expect(msOf(id)).toBe(ms)
    }
    expect(uuidv7(0x0123_4567_89ab).slice(0, 13)).toBe('01234567-89ab')
  })

  it('sorts by creation time, and ids of one millisecond differ', () => {
    const ids = [1_700_000_000_000, 1_700_000_000_001, 1_700_000_065_536, 1_800_000_000_000].map((ms) => uuidv7(ms))
    expect([...ids].sort()).toEqual(ids)
    const same = new Set(Array.from({ length: 1000 }, () => uuidv7(1_700_000_000_000)))
    expect(same.size).toBe(1000)
    for (const id of same) expect(msOf(id)).toBe(1_700_000_000_000)
  })
})
