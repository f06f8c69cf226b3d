/**
 * The pure reducer on its own: player fields last-writer-wins, merges, undo/redo/reopen by target,
 * corrections, and the same result for any arrival order (fast-check).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalIds, effectiveAction, reduceMatch, reducePlayer } from '../../../src/shared/events/reduce'
import { formatHlc, hlcRecv, hlcSend, HLC_ZERO, MAX_DRIFT_MS } from '../../../src/shared/events/hlc'
import type { DomainEvent, EventKind, PayloadOf } from '../../../src/shared/events/types'

const DEV_A = '0190f5c2-0000-7000-8000-00000000000a'
const DEV_B = '0190f5c2-0000-7000-8000-00000000000b'
let n = 0
function ev<K extends EventKind>(
  kind: K,
  subject: string,
  payload: PayloadOf[K],
  wall: number,
  device = DEV_A,
  counter = 0,
): DomainEvent<K> {
  n++
  return {
    id: `0190f5c2-${String(n).padStart(4, '0')}-7000-8000-000000000000`,
    deviceId: device,
    deviceSeq: n,
    hlc: formatHlc(wall, counter, device),
    kind,
    v: 1,
    subject,
    payload,
  }
}
const P = '0190f5c2-aaaa-7000-8000-000000000001'
const M = '0190f5c2-bbbb-7000-8000-000000000001'

describe('hybrid logical clock', () => {
  it('never goes back, counts within a millisecond, and follows remote stamps up to the drift limit', () => {
    let s = HLC_ZERO
    const a = hlcSend(s, 1000, DEV_A)
    s = a.state
    const b = hlcSend(s, 1000, DEV_A)
    expect(b.hlc > a.hlc).toBe(true)
    // The computer's clock set back: stamps keep increasing.
    const c = hlcSend(b.state, 500, DEV_A)
    expect(c.hlc > b.hlc).toBe(true)
    // A remote stamp ahead is followed; one too far ahead is clamped to now + MAX_DRIFT_MS.
    expect(hlcRecv(c.state, formatHlc(5000, 3, DEV_B), 4000)).toEqual({ wall: 5000, counter: 3 })
    expect(hlcRecv(c.state, formatHlc(10 ** 12, 3, DEV_B), 4000)).toEqual({ wall: 4000 + MAX_DRIFT_MS, counter: 0 })
  })
})

describe('players', () => {
  it('keeps each field last-writer-wins by clock, whatever the arrival order', () => {
    const events = [
      ev('player.created', P, { name: 'Hugo', color: null }, 1000),
      ev('player.renamed', P, { name: 'Hugh' }, 3000, DEV_B),
      ev('player.color-set', P, { color: '#1b6ec2' }, 2000),
      ev('player.renamed', P, { name: 'Hugo B.' }, 2500),
      ev('player.archived', P, {}, 4000, DEV_B),
    ]
    for (const order of [events, [...events].reverse()]) {
      expect(reducePlayer(order)).toMatchObject({
        name: 'Hugh',
        color: '#1b6ec2',
        archived: true,
        archivedAt: new Date(4000).toISOString(),
      })
    }
    expect(reducePlayer(events.slice(1))).toBeNull()
  })

  it('follows merge chains and settles a merge cycle on the smallest id', () => {
    expect(
      canonicalIds(
        new Map([
          ['a', 'b'],
          ['b', 'c'],
          ['c', null],
          ['d', null],
        ]),
      ),
    ).toEqual(
      new Map([
        ['a', 'c'],
        ['b', 'c'],
        ['c', 'c'],
        ['d', 'd'],
      ]),
    )
    const cycle = canonicalIds(
      new Map([
        ['x', 'y'],
        ['y', 'x'],
        ['z', 'x'],
      ]),
    )
    expect([cycle.get('x'), cycle.get('y'), cycle.get('z')]).toEqual(['x', 'x', 'x'])
  })
})

describe('match log', () => {
  const start = ev(
    'match.started',
    M,
    { gameId: 'nine', config: { names: ['A', 'B'] }, houseRules: {}, seats: [], engineVersion: 1 },
    100,
  )
  it('undo, redo and undo again by target; a new entry clears redo', () => {
    const a1 = ev('match.action', M, { action: 1 }, 200)
    const a2 = ev('match.action', M, { action: 2 }, 300)
    const u2 = ev('match.undone', M, { target: a2.id }, 400)
    const u1 = ev('match.undone', M, { target: a1.id }, 500)
    let log = reduceMatch([start, a1, a2, u2, u1])
    expect(log.entries).toEqual([])
    expect(log.redoTarget).toEqual({ id: u1.id, target: a1.id })
    const r1 = ev('match.redone', M, { target: u1.id }, 600)
    log = reduceMatch([start, a1, a2, u2, u1, r1])
    expect(log.entries.map(effectiveAction)).toEqual([1])
    expect(log.undoTarget).toEqual({ id: a1.id, kind: 'match.action' })
    expect(log.redoTarget).toEqual({ id: u2.id, target: a2.id })
    const a3 = ev('match.action', M, { action: 3 }, 700)
    log = reduceMatch([start, a1, a2, u2, u1, r1, a3])
    expect(log.entries.map(effectiveAction)).toEqual([1, 3])
    expect(log.redoTarget).toBeNull()
  })

  it('keeps every correction and puts the latest by clock in force; an undo of it brings back the one before', () => {
    const a1 = ev('match.action', M, { action: 'orig' }, 200)
    const cA = ev('match.corrected', M, { target: a1.id, action: 'from A' }, 900)
    const cB = ev('match.corrected', M, { target: a1.id, action: 'from B' }, 800, DEV_B)
    expect(effectiveAction(reduceMatch([cB, a1, start, cA]).entries[0]!)).toBe('from A')
    const u = ev('match.undone', M, { target: cA.id }, 1000)
    expect(effectiveAction(reduceMatch([start, a1, cA, cB, u]).entries[0]!)).toBe('from B')
  })

  it('ignores a canceller that points at a later event or at a kind it cannot take back', () => {
    const a1 = ev('match.action', M, { action: 1 }, 500)
    const early = ev('match.undone', M, { target: a1.id }, 400)
    const wrong = ev('match.redone', M, { target: a1.id }, 600)
    expect(reduceMatch([start, a1, early, wrong]).entries).toHaveLength(1)
  })

  it('gives the same log for any arrival order of the same events (property)', () => {
    const devices = [DEV_A, DEV_B]
    const op = fc.record({
      kind: fc.constantFrom('action', 'correct', 'undo', 'redo', 'close', 'reopen'),
      pick: fc.nat(50),
      device: fc.nat(1),
      dt: fc.integer({ min: 0, max: 3 }),
    })
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.nat(), (ops, seed) => {
        const events: DomainEvent[] = [start]
        let wall = 1000
        for (const o of ops) {
          wall += o.dt
          const device = devices[o.device] as string
          const earlier = events.filter((e) => e.hlc < formatHlc(wall, 0, device))
          const target = (kinds: string[]) => {
            const c = earlier.filter((e) => kinds.includes(e.kind))
            return c.length ? (c[o.pick % c.length] as DomainEvent) : null
          }
          if (o.kind === 'action') events.push(ev('match.action', M, { action: o.pick }, wall, device))
          else if (o.kind === 'correct') {
            const t = target(['match.action'])
            if (t) events.push(ev('match.corrected', M, { target: t.id, action: -o.pick }, wall, device))
          } else if (o.kind === 'undo') {
            const t = target(['match.action', 'match.corrected', 'match.closed'])
            if (t) events.push(ev('match.undone', M, { target: t.id }, wall, device))
          } else if (o.kind === 'redo') {
            const t = target(['match.undone'])
            if (t) events.push(ev('match.redone', M, { target: t.id }, wall, device))
          } else if (o.kind === 'close') events.push(ev('match.closed', M, { status: 'finished' }, wall, device))
          else {
            const t = target(['match.closed'])
            if (t) events.push(ev('match.reopened', M, { target: t.id }, wall, device))
          }
        }
        const shuffled = fc.sample(
          fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }),
          { numRuns: 1, seed },
        )[0] as DomainEvent[]
        const a = reduceMatch(events)
        const b = reduceMatch(shuffled)
        expect(b.entries.map((e) => [e.eventId, effectiveAction(e)])).toEqual(
          a.entries.map((e) => [e.eventId, effectiveAction(e)]),
        )
        expect(b.closes).toEqual(a.closes)
        expect(b.undoTarget).toEqual(a.undoTarget)
        expect(b.redoTarget).toEqual(a.redoTarget)
      }),
      { numRuns: 300 },
    )
  })
})

describe('hlcTime', () => {
  it('reads the wall time of a stamp, and the epoch for something that is not one', async () => {
    const { hlcTime } = await import('../../../src/shared/events/hlc')
    expect(hlcTime(formatHlc(Date.parse('2026-11-30T19:42:01.250Z'), 7, DEV_A))).toBe('2026-11-30T19:42:01.250Z')
    expect(hlcTime('not a stamp at all')).toBe('1970-01-01T00:00:00.000Z')
  })
})
