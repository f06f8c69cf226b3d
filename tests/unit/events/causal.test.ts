/**
 * Causal order on its own (src/shared/events/causal.ts), over random histories of laptops whose
 * clocks are off by up to ±10 minutes or ±1 day, with the real hybrid logical clock and its drift
 * guard: every event a laptop wrote comes after everything that laptop had seen when it wrote it,
 * the order is a function of the event set (any arrival order, any laptop), and the order of what a
 * laptop holds is the full order restricted to it (so extending a laptop's log at the end, as a
 * commit does, gives what a rebuild gives). fast-check, bounded runs.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { causalOrder } from '../../../src/shared/events/causal'
import { formatHlc, hlcRecv, hlcSend, HLC_ZERO, type HlcState } from '../../../src/shared/events/hlc'
import { matchOrder, reduceMatch, reducePlayer } from '../../../src/shared/events/reduce'
import type { DomainEvent } from '../../../src/shared/events/types'

const DAY = 86_400_000
const SKEWS = [0, 10 * 60_000, -10 * 60_000, DAY, -DAY]
const DEVICES = [1, 2, 3].map((i) => `0190f5c2-0000-7000-8000-00000000000${i}`)
const P = '0190f5c2-aaaa-7000-8000-000000000001'
const M = '0190f5c2-bbbb-7000-8000-000000000001'
const T0 = Date.parse('2026-11-30T19:00:00.000Z')

type Step = { device: number; kind: 'write' | 'sync'; other: number; wait: number }
const StepArb: fc.Arbitrary<Step> = fc.noBias(
  fc.record({
    device: fc.nat(2),
    kind: fc.constantFrom<Step['kind']>('write', 'write', 'sync'),
    other: fc.nat(2),
    wait: fc.nat(5_000),
  }),
)

interface Laptop {
  id: string
  skew: number
  clock: HlcState
  seq: number
  known: Map<string, DomainEvent>
}

/**
 * Plays the steps: a write is made by `write` from what the laptop holds; a sync copies one
 * laptop's events to another (folding their stamps into its clock). Returns every event and what
 * its writer held when it wrote it.
 */
function play(
  steps: Step[],
  skews: number[],
  seed: DomainEvent,
  write: (held: DomainEvent[]) => Pick<DomainEvent, 'kind' | 'payload'>,
): { all: Map<string, DomainEvent>; seen: Map<string, Set<string>>; laptops: Laptop[] } {
  let now = T0
  let n = 0
  const laptops: Laptop[] = DEVICES.map((id, i) => ({
    id,
    skew: skews[i] as number,
    clock: HLC_ZERO,
    seq: 0,
    known: new Map([[seed.id, seed]]),
  }))
  const all = new Map([[seed.id, seed]])
  const seen = new Map<string, Set<string>>()
  for (const s of steps) {
    now += s.wait
    const l = laptops[s.device] as Laptop
    if (s.kind === 'sync') {
      const to = laptops[s.other] as Laptop
      if (to === l) continue
      for (const e of l.known.values()) {
        if (to.known.has(e.id)) continue
        to.known.set(e.id, e)
        to.clock = hlcRecv(to.clock, e.hlc, now + to.skew)
      }
      continue
    }
    const stamp = hlcSend(l.clock, now + l.skew, l.id)
    l.clock = stamp.state
    const id = `0190f5c2-${String(++n).padStart(4, '0')}-7000-8000-${l.id.slice(-12)}`
    const e = { id, deviceId: l.id, deviceSeq: ++l.seq, hlc: stamp.hlc, v: 1, ...write([...l.known.values()]) }
    const event = { ...e, subject: seed.subject } as DomainEvent
    seen.set(id, new Set(l.known.keys()))
    l.known.set(id, event)
    all.set(id, event)
  }
  return { all, seen, laptops }
}

function shuffled<T>(xs: T[], seed: number): T[] {
  const out = [...xs]
  let r = seed
  for (let i = out.length - 1; i > 0; i--) {
    r = (r * 1103515245 + 12345) % 2 ** 31
    const j = r % (i + 1)
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

const skewsArb = fc.tuple(fc.constantFrom(...SKEWS), fc.constantFrom(...SKEWS), fc.constantFrom(...SKEWS))
const runs = { numRuns: Number(process.env.CAUSAL_RUNS ?? 150), seed: Number(process.env.CAUSAL_SEED ?? 20261202) }

describe('causal order over laptops with skewed clocks', () => {
  const start = {
    id: '0190f5c2-0000-7000-8000-000000000000',
    deviceId: DEVICES[0],
    deviceSeq: 0,
    hlc: formatHlc(T0, 0, DEVICES[0] as string),
    kind: 'match.started',
    v: 1,
    subject: M,
    payload: {},
  } as unknown as DomainEvent

  it('match events: each after all its writer had seen; one order for the set; a laptop’s order is the set’s restricted to it', () => {
    fc.assert(
      fc.property(fc.array(StepArb, { minLength: 5, maxLength: 60 }), skewsArb, fc.nat(), (steps, skews, seed) => {
        const { all, seen, laptops } = play(steps, skews, start, (held) => {
          const order = matchOrder(held)
          return { kind: 'match.action', payload: { action: held.length, after: order[order.length - 1]?.id } }
        })
        const order = matchOrder([...all.values()])
        const pos = new Map(order.map((e, i) => [e.id, i]))
        for (const [id, before] of seen) for (const b of before) expect(pos.get(b)).toBeLessThan(pos.get(id) as number)
        expect(matchOrder(shuffled([...all.values()], seed)).map((e) => e.id)).toEqual(order.map((e) => e.id))
        for (const l of laptops)
          expect(matchOrder([...l.known.values()]).map((e) => e.id)).toEqual(
            order.filter((e) => l.known.has(e.id)).map((e) => e.id),
          )
        // The log's times never go down, whatever the clocks said.
        const at = reduceMatch([...all.values()]).entries.map((e) => e.at)
        expect([...at].sort()).toEqual(at)
      }),
      runs,
    )
  })

  it('renames: a rename made after seeing another always beats it, on every laptop', () => {
    const created = {
      ...start,
      kind: 'player.created',
      subject: P,
      payload: { name: 'Ana', color: null },
    } as unknown as DomainEvent
    fc.assert(
      fc.property(fc.array(StepArb, { minLength: 5, maxLength: 60 }), skewsArb, fc.nat(), (steps, skews, seed) => {
        let k = 0
        const { all, seen, laptops } = play(steps, skews, created, (held) => ({
          kind: 'player.renamed',
          payload: { name: `Ana ${++k}`, replaces: reducePlayer(held)?.sources.name },
        }))
        const events = [...all.values()]
        const final = reducePlayer(events)
        const winner = final?.sources.name as string
        // Nobody who had seen the winning rename renamed after it.
        for (const [id, before] of seen) if (id !== winner) expect(before.has(winner)).toBe(false)
        expect(reducePlayer(shuffled(events, seed))).toEqual(final)
        // Each laptop shows the rename that is last among what it holds.
        for (const l of laptops) {
          const mine = reducePlayer([...l.known.values()])
          for (const [id, before] of seen)
            if (l.known.has(id) && id !== mine?.sources.name)
              expect(before.has(mine?.sources.name as string)).toBe(false)
        }
      }),
      runs,
    )
  })

  it('without names, the order is (HLC, id), as before; a name that points outside the set counts as none; a forged cycle still gives one order', () => {
    const e = (id: string, wall: number, parent?: string) => ({ id, hlc: formatHlc(wall, 0, DEVICES[0]!), parent })
    const plain = [e('c', 3), e('a', 1), e('b', 2)]
    expect(causalOrder(plain, (x) => x.parent).map((x) => x.id)).toEqual(['a', 'b', 'c'])
    const dangling = [e('c', 3), e('a', 1, 'missing'), e('b', 2)]
    expect(causalOrder(dangling, (x) => x.parent).map((x) => x.id)).toEqual(['a', 'b', 'c'])
    // b was written after c although its clock was behind.
    const skewed = [e('c', 3), e('a', 1), e('b', 2, 'c')]
    expect(causalOrder(skewed, (x) => x.parent).map((x) => x.id)).toEqual(['a', 'c', 'b'])
    const cycle = [e('x', 1, 'y'), e('y', 2, 'x'), e('z', 3, 'x'), e('w', 0)]
    const once = causalOrder(cycle, (x) => x.parent).map((x) => x.id)
    expect(once).toEqual(['w', 'x', 'y', 'z'])
    expect(causalOrder([...cycle].reverse(), (x) => x.parent).map((x) => x.id)).toEqual(once)
  })
})
