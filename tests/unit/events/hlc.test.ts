/**
 * The hybrid logical clock's edges (docs/ARCHITECTURE.md § The event log, `hlc`): the text form and
 * its parser, the stamp's time, send (never back, counting within a millisecond, the counter's
 * overflow) and receive (the three ways a remote stamp compares, and the drift guard at its edge).
 */
import { describe, expect, it } from 'vitest'
import {
  formatHlc,
  hlcRecv,
  hlcSend,
  hlcTime,
  HLC_ZERO,
  isHlc,
  MAX_DRIFT_MS,
  parseHlc,
} from '../../../src/shared/events/hlc'

const DEV = '0190f5c2-0000-7000-8000-00000000000a'
const OTHER = '0190f5c2-0000-7000-8000-00000000000b'

describe('the stamp as text', () => {
  it('is 15 digits of milliseconds, 6 of counter and the device id, and parses back', () => {
    const stamp = formatHlc(1234, 56, DEV)
    expect(stamp).toBe(`000000000001234.000056.${DEV}`)
    expect(parseHlc(stamp)).toEqual({ wall: 1234, counter: 56, deviceId: DEV })
    expect(isHlc(stamp)).toBe(true)
    // Text order is time order, then counter order.
    expect(formatHlc(999, 999_999, DEV) < formatHlc(1000, 0, DEV)).toBe(true)
    expect(formatHlc(1000, 9, DEV) < formatHlc(1000, 10, DEV)).toBe(true)
  })

  it('refuses anything else: short parts, other separators, a bad device id, text around it', () => {
    const good = formatHlc(1234, 56, DEV)
    for (const bad of [
      '',
      `00000000001234.000056.${DEV}`,
      `000000000001234.00056.${DEV}`,
      `000000000001234-000056.${DEV}`,
      `000000000001234.000056-${DEV}`,
      `000000000001234.000056.${DEV.toUpperCase()}`,
      `000000000001234.000056.${DEV.slice(1)}`,
      `x${good}`,
      `${good}x`,
      `${good}\n`,
    ]) {
      expect(parseHlc(bad), bad).toBeNull()
      expect(isHlc(bad), bad).toBe(false)
    }
  })
})

describe('hlcTime', () => {
  it("is the stamp's wall time, asked again or after another stamp", () => {
    const a = formatHlc(Date.parse('2026-12-01T20:00:00.000Z'), 3, DEV)
    const b = formatHlc(Date.parse('2026-12-02T21:30:00.500Z'), 0, OTHER)
    expect(hlcTime(a)).toBe('2026-12-01T20:00:00.000Z')
    expect(hlcTime(a)).toBe('2026-12-01T20:00:00.000Z')
    expect(hlcTime(b)).toBe('2026-12-02T21:30:00.500Z')
    expect(hlcTime(a)).toBe('2026-12-01T20:00:00.000Z')
  })

  it('is the epoch for text that is not a stamp: digits without the dot after them, or no digits', () => {
    expect(hlcTime('0000000000012345')).toBe('1970-01-01T00:00:00.000Z')
    expect(hlcTime('000000000001234x000000')).toBe('1970-01-01T00:00:00.000Z')
    expect(hlcTime('abcdefghijklmno.000000')).toBe('1970-01-01T00:00:00.000Z')
    expect(hlcTime('')).toBe('1970-01-01T00:00:00.000Z')
  })
})

describe('send', () => {
  it('starts at counter 0 in a new millisecond and counts up within one', () => {
    const a = hlcSend(HLC_ZERO, 5000, DEV)
    expect(a).toEqual({ state: { wall: 5000, counter: 0 }, hlc: formatHlc(5000, 0, DEV) })
    const b = hlcSend(a.state, 5000, DEV)
    expect(b).toEqual({ state: { wall: 5000, counter: 1 }, hlc: formatHlc(5000, 1, DEV) })
    const c = hlcSend(b.state, 5001, DEV)
    expect(c.state).toEqual({ wall: 5001, counter: 0 })
    // The zero state is before any stamp, even one at wall time 0.
    expect(hlcSend(HLC_ZERO, 0, DEV).state).toEqual({ wall: 0, counter: 0 })
  })

  it('keeps counting from the last stamp when the computer clock is set back', () => {
    expect(hlcSend({ wall: 9000, counter: 4 }, 100, DEV).state).toEqual({ wall: 9000, counter: 5 })
  })

  it('moves to the next millisecond when the counter would pass 999999', () => {
    expect(hlcSend({ wall: 9000, counter: 999_998 }, 9000, DEV).state).toEqual({ wall: 9000, counter: 999_999 })
    const over = hlcSend({ wall: 9000, counter: 999_999 }, 9000, DEV)
    expect(over).toEqual({ state: { wall: 9001, counter: 0 }, hlc: formatHlc(9001, 0, DEV) })
  })
})

describe('receive', () => {
  const state = { wall: 5000, counter: 7 }

  it('keeps the state for text that is not a stamp', () => {
    expect(hlcRecv(state, 'garbage', 5000)).toBe(state)
  })

  it('in the same millisecond takes the larger counter', () => {
    expect(hlcRecv(state, formatHlc(5000, 9, OTHER), 5000)).toEqual({ wall: 5000, counter: 9 })
    expect(hlcRecv(state, formatHlc(5000, 2, OTHER), 5000)).toEqual({ wall: 5000, counter: 7 })
  })

  it('keeps its own state for an older stamp, and takes a newer one with its counter', () => {
    expect(hlcRecv(state, formatHlc(4000, 99, OTHER), 5000)).toBe(state)
    expect(hlcRecv(state, formatHlc(6000, 2, OTHER), 5000)).toEqual({ wall: 6000, counter: 2 })
    // Then the next local stamp sorts after the remote one.
    const next = hlcSend({ wall: 6000, counter: 2 }, 5000, DEV)
    expect(next.hlc > formatHlc(6000, 2, OTHER)).toBe(true)
  })

  it('follows a stamp exactly at the drift limit, and clamps one past it to the limit with counter 0', () => {
    const now = 10_000
    const limit = now + MAX_DRIFT_MS
    expect(MAX_DRIFT_MS).toBe(60_000)
    expect(hlcRecv(state, formatHlc(limit, 4, OTHER), now)).toEqual({ wall: limit, counter: 4 })
    expect(hlcRecv(state, formatHlc(limit + 1, 4, OTHER), now)).toEqual({ wall: limit, counter: 0 })
    // A clock already at the limit keeps its counter when a far-future stamp arrives.
    expect(hlcRecv({ wall: limit, counter: 3 }, formatHlc(limit + 500, 9, OTHER), now)).toEqual({
      wall: limit,
      counter: 3,
    })
  })
})
