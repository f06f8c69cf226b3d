/** Which removals of a laptop hold (src/shared/events/device.ts): a function of the removal events alone. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkDeviceEvent, effectiveRemovals, isCut, type RemovalEvent } from '../../../src/shared/events/device'
import { formatHlc } from '../../../src/shared/events/hlc'
import { validateEvent } from '../../../src/shared/events/validate'

const A = '01900000-0000-7000-8000-00000000000a'
const B = '01900000-0000-7000-8000-00000000000b'
const C = '01900000-0000-7000-8000-00000000000c'

let n = 0
function removal(by: string, seq: number, at: number, subject: string, through: number): RemovalEvent {
  n++
  return {
    id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    deviceId: by,
    deviceSeq: seq,
    hlc: formatHlc(at, 0, by),
    subject,
    payload: { through, label: 'A laptop' },
  }
}

describe('effectiveRemovals', () => {
  it('cuts a removed laptop after its event `through`, and only that laptop', () => {
    const r = effectiveRemovals([removal(A, 5, 1000, C, 7)])
    expect(r.get(C)).toMatchObject({ through: 7, by: A })
    expect(isCut(r, { deviceId: C, deviceSeq: 7 })).toBe(false)
    expect(isCut(r, { deviceId: C, deviceSeq: 8 })).toBe(true)
    expect(isCut(r, { deviceId: B, deviceSeq: 800 })).toBe(false)
  })

  it('the first removal of a laptop sets its cut; a later one changes nothing', () => {
    const r = effectiveRemovals([removal(B, 9, 2000, C, 12), removal(A, 5, 1000, C, 7)])
    expect(r.get(C)).toMatchObject({ through: 7, by: A })
  })

  it('a removal made by a laptop after its own cut does not hold; one made before it does', () => {
    // A takes B out after B's event 3; B's removal of C at its event 4 comes too late, of D at 2 holds.
    const D = '01900000-0000-7000-8000-00000000000d'
    const r = effectiveRemovals([removal(A, 1, 1000, B, 3), removal(B, 4, 2000, C, 1), removal(B, 2, 3000, D, 0)])
    expect([...r.keys()].sort()).toEqual([B, D].sort())
  })

  it('two laptops removing each other: the earlier stamp holds, the other was cut before it', () => {
    const r = effectiveRemovals([removal(A, 20, 1000, B, 10), removal(B, 11, 1001, A, 19)])
    expect([...r.keys()]).toEqual([B])
  })

  it('a removal made at exactly its laptop’s own cut holds; one event later does not', () => {
    const D = '01900000-0000-7000-8000-00000000000d'
    const r = effectiveRemovals([removal(A, 1, 1000, B, 3), removal(B, 3, 2000, C, 1), removal(B, 4, 3000, D, 1)])
    expect([...r.keys()].sort()).toEqual([B, C].sort())
  })

  it('two removals of one laptop with the same stamp: the smaller event id decides', () => {
    const first = removal(A, 5, 1000, C, 7)
    const second = { ...removal(A, 5, 1000, C, 9), id: '01900000-0000-7000-8000-ffffffffffff' }
    const low = { ...first, id: '01900000-0000-7000-8000-000000000000' }
    expect(effectiveRemovals([second, low]).get(C)).toMatchObject({ through: 7 })
    expect(effectiveRemovals([low, second]).get(C)).toMatchObject({ through: 7 })
    // And stamps still come before ids.
    const later = { ...removal(A, 6, 1001, C, 1), id: '01900000-0000-7000-8000-000000000000' }
    const earlier = { ...removal(A, 5, 1000, C, 2), id: '01900000-0000-7000-8000-ffffffffffff' }
    expect(effectiveRemovals([later, earlier]).get(C)).toMatchObject({ through: 2 })
    expect(effectiveRemovals([earlier, later]).get(C)).toMatchObject({ through: 2 })
  })

  it('a laptop never removes itself', () => {
    expect(effectiveRemovals([removal(A, 3, 1000, A, 2)]).size).toBe(0)
    expect(checkDeviceEvent({ kind: 'device.removed', subject: A, deviceId: A }).ok).toBe(false)
    expect(checkDeviceEvent({ kind: 'device.removed', subject: C, deviceId: A })).toEqual({ ok: true, value: true })
  })

  it('gives the same removals whatever order the events come in', () => {
    const devices = [A, B, C]
    const event = fc
      .record({
        by: fc.constantFrom(...devices),
        of: fc.constantFrom(...devices),
        seq: fc.integer({ min: 1, max: 20 }),
        at: fc.integer({ min: 0, max: 50 }),
        through: fc.integer({ min: 0, max: 20 }),
      })
      .map((e) => removal(e.by, e.seq, e.at, e.of, e.through))
    fc.assert(
      fc.property(
        fc
          .array(event, { maxLength: 8 })
          .chain((l) => fc.tuple(fc.constant(l), fc.shuffledSubarray(l, { minLength: l.length }))),
        ([l, shuffled]) => {
          expect(effectiveRemovals(shuffled)).toEqual(effectiveRemovals(l))
        },
      ),
    )
  })
})

describe('the device.removed event', () => {
  const base = {
    id: '01900000-0000-7000-8000-000000000100',
    deviceId: A,
    deviceSeq: 4,
    hlc: formatHlc(Date.parse('2026-12-01T20:00:00Z'), 0, A),
    kind: 'device.removed',
    v: 1,
    subject: C,
  }
  it('is checked like every event: a laptop name, a whole event number, another laptop', () => {
    expect(validateEvent({ ...base, payload: { through: 3, label: 'Bo’s laptop' } }).ok).toBe(true)
    for (const payload of [
      { through: -1, label: 'x' },
      { through: 1.5, label: 'x' },
      { through: 1, label: '' },
      { through: 1, label: 'a\u202eb' },
      { through: 1, label: ' Bo' },
      { through: 1, label: 'Bo\u0000' },
      { through: 1, label: 'x', extra: 1 },
    ])
      expect(validateEvent({ ...base, payload }).ok).toBe(false)
    expect(validateEvent({ ...base, subject: A, payload: { through: 1, label: 'x' } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/cannot remove itself/) },
    })
  })
})
