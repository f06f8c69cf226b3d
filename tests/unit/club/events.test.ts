/**
 * Club events on their own: validation (payloads, subjects, dates), the season reducer's per-field
 * last-writer-wins, archive freezing, tombstones, venues and the rating system, and the same result
 * for any arrival order (fast-check).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CLUB_SUBJECT,
  nightSubject,
  reduceRatingSystem,
  reduceSeason,
  reduceVenue,
  type SeasonFields,
} from '../../../src/shared/events/club'
import { formatHlc } from '../../../src/shared/events/hlc'
import type { DomainEvent, EventKind, PayloadOf } from '../../../src/shared/events/types'
import { validateEvent } from '../../../src/shared/events/validate'

const DEV_A = '0190f5c2-0000-7000-8000-00000000000a'
const DEV_B = '0190f5c2-0000-7000-8000-00000000000b'
const S = '0190f5c2-cccc-7000-8000-000000000001'
const P1 = '0190f5c2-aaaa-7000-8000-000000000001'
let n = 0
function ev<K extends EventKind>(
  kind: K,
  subject: string,
  payload: PayloadOf[K],
  wall: number,
  device = DEV_A,
): DomainEvent<K> {
  n++
  return {
    id: `0190f5c2-${String(n).padStart(4, '0')}-7000-8000-000000000000`,
    deviceId: device,
    deviceSeq: n,
    hlc: formatHlc(wall, 0, device),
    kind,
    v: 1,
    subject,
    payload,
  }
}
const FIELDS: SeasonFields = {
  name: 'Autumn league',
  startDate: '2026-09-01',
  endDate: '2026-11-30',
  gameIds: ['nine'],
  playerIds: null,
  scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
}

describe('validation', () => {
  it('accepts each kind with a good payload', () => {
    for (const e of [
      ev('season.created', S, FIELDS, 1000),
      ev('season.updated', S, { name: 'Winter league', scheme: { kind: 'placement', top: 10 } }, 2000),
      ev('season.archived', S, { matchIds: [P1] }, 3000),
      ev('season.restored', S, {}, 4000),
      ev('season.deleted', S, {}, 5000),
      ev('night.venue-set', nightSubject('2026-03-05'), { date: '2026-03-05', venue: 'The Anchor' }, 6000),
      ev('night.venue-set', nightSubject('2026-03-05'), { date: '2026-03-05', venue: null }, 6500),
      ev('club.rating-system-set', CLUB_SUBJECT, { system: 'elo' }, 7000),
    ]) {
      const r = validateEvent(e)
      expect(r.ok, `${e.kind}: ${r.ok ? '' : r.error.message}`).toBe(true)
    }
  })

  it('refuses bad club events with a message that says what is wrong', () => {
    const bad: [DomainEvent, RegExp][] = [
      [ev('season.created', S, { ...FIELDS, endDate: '2026-08-01' }, 1000), /cannot end before it starts/],
      [ev('season.created', S, { ...FIELDS, startDate: '2026-02-30' }, 1000), /startDate is not a real date/],
      [ev('season.created', S, { ...FIELDS, name: '' }, 1000), /name is empty/],
      [ev('season.created', S, { ...FIELDS, gameIds: ['chess' as never] }, 1000), /must be a known game/],
      [ev('season.created', S, { ...FIELDS, scheme: { kind: 'placement', top: 0 } }, 1000), /top must be at least 1/],
      [ev('season.updated', S, {}, 1000), /must change something/],
      [ev('season.archived', S, { matchIds: ['x'] }, 1000), /must be an id/],
      [ev('night.venue-set', S, { date: '2026-03-05', venue: 'Pub' }, 1000), /must have the subject 20260305-/],
      [
        ev('night.venue-set', nightSubject('2026-03-05'), { date: '2026-03-05', venue: ' Pub' }, 1000),
        /must not start or end with spaces/,
      ],
      [ev('club.rating-system-set', S, { system: 'elo' }, 1000), /must have the subject/],
      [ev('club.rating-system-set', CLUB_SUBJECT, { system: 'glicko' as never }, 1000), /must be openskill or elo/],
    ]
    for (const [e, message] of bad) {
      const r = validateEvent(e)
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.message).toMatch(message)
    }
  })
})

describe('season reducer', () => {
  it('keeps each field last-writer-wins: a rename on one laptop and new dates on another both stay', () => {
    const events = [
      ev('season.created', S, FIELDS, 1000),
      ev('season.updated', S, { name: 'Renamed on A' }, 2000, DEV_A),
      ev('season.updated', S, { endDate: '2026-12-31' }, 2100, DEV_B),
      ev('season.updated', S, { name: 'Renamed on B' }, 1900, DEV_B), // older: loses to A's rename
    ]
    const s = reduceSeason(events)
    expect(s).toMatchObject({ name: 'Renamed on A', endDate: '2026-12-31', startDate: '2026-09-01', gameIds: ['nine'] })
  })

  it('an edit stamped before the creation (a clock set back) loses to it', () => {
    const s = reduceSeason([
      ev('season.updated', S, { name: 'Early' }, 500, DEV_B),
      ev('season.created', S, FIELDS, 1000),
    ])
    expect(s?.name).toBe('Autumn league')
  })

  it('archive freezes the matches counted, restore takes it back, a deletion is final', () => {
    const created = ev('season.created', S, FIELDS, 1000)
    const archived = ev('season.archived', S, { matchIds: [P1] }, 2000)
    expect(reduceSeason([created, archived])).toMatchObject({
      frozenMatchIds: [P1],
      archivedAt: new Date(2000).toISOString(),
    })
    expect(reduceSeason([created, archived, ev('season.restored', S, {}, 3000)])).toMatchObject({
      frozenMatchIds: null,
      archivedAt: null,
    })
    expect(
      reduceSeason([created, ev('season.deleted', S, {}, 1500), ev('season.updated', S, { name: 'Later' }, 4000)]),
    ).toBeNull()
  })

  it('dates left upside down by two laptops are read in order', () => {
    const s = reduceSeason([
      ev('season.created', S, FIELDS, 1000),
      ev('season.updated', S, { startDate: '2026-12-15' }, 2000, DEV_A),
    ])
    expect(s).toMatchObject({ startDate: '2026-11-30', endDate: '2026-12-15' })
  })

  it('gives the same season for any arrival order of two laptops’ edits (fast-check)', () => {
    const edit = fc.record({
      wall: fc.integer({ min: 1001, max: 1100 }),
      device: fc.constantFrom(DEV_A, DEV_B),
      change: fc.oneof(
        fc.record({ name: fc.constantFrom('A', 'B', 'C') }),
        fc.record({ endDate: fc.constantFrom('2026-12-01', '2026-12-24') }),
        fc.record({ gameIds: fc.constantFrom(null, ['nine' as const], ['ennea' as const, 'nine' as const]) }),
        fc.record({
          scheme: fc.constantFrom(
            { kind: 'result' as const, win: 2, draw: 1, loss: 0 },
            { kind: 'placement' as const, top: 8 },
          ),
        }),
        fc.constant('archive' as const),
        fc.constant('restore' as const),
      ),
    })
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 12 }), fc.integer(), (edits, seed) => {
        const events: DomainEvent[] = [ev('season.created', S, FIELDS, 1000)]
        for (const e of edits) {
          if (e.change === 'archive') events.push(ev('season.archived', S, { matchIds: [P1] }, e.wall, e.device))
          else if (e.change === 'restore') events.push(ev('season.restored', S, {}, e.wall, e.device))
          else events.push(ev('season.updated', S, e.change as Partial<SeasonFields>, e.wall, e.device))
        }
        const shuffled = [...events].sort(
          (a, b) => ((a.deviceSeq * 7919 + seed) % 101) - ((b.deviceSeq * 7919 + seed) % 101),
        )
        expect(reduceSeason(shuffled)).toEqual(reduceSeason(events))
      }),
      { numRuns: 300 },
    )
  })
})

describe('venues and the rating system', () => {
  it('the latest venue by clock wins; null clears it', () => {
    const N = nightSubject('2026-03-05')
    const a = ev('night.venue-set', N, { date: '2026-03-05', venue: 'The Anchor' }, 1000, DEV_A)
    const b = ev('night.venue-set', N, { date: '2026-03-05', venue: 'Club room' }, 1200, DEV_B)
    expect(reduceVenue([b, a])?.venue).toBe('Club room')
    expect(reduceVenue([a, b, ev('night.venue-set', N, { date: '2026-03-05', venue: null }, 1300)])).toBeNull()
  })

  it('OpenSkill unless the club chose otherwise; the latest choice wins', () => {
    expect(reduceRatingSystem([])).toEqual({ system: 'openskill', setAt: null })
    const a = ev('club.rating-system-set', CLUB_SUBJECT, { system: 'elo' }, 2000, DEV_A)
    const b = ev('club.rating-system-set', CLUB_SUBJECT, { system: 'openskill' }, 1000, DEV_B)
    expect(reduceRatingSystem([a, b]).system).toBe('elo')
  })
})
