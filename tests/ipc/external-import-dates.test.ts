/**
 * Imported plays carry no time zone: each is taken as played in this computer's zone at its own date
 * (daylight saving included), and keeps that offset, so its local date is what the file said.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EventStore } from '../../src/core/db/repos/events'
import { Device } from '../../src/core/services/device'
import { ExternalImportService, localOffsetAt } from '../../src/core/services/external-import'
import { MatchService } from '../../src/core/services/matches'
import { Projector } from '../../src/core/services/projector'
import { StatsProjector } from '../../src/core/services/stats'
import { tempCore } from '../helpers/tmp'

let zone: string | undefined
let core: ReturnType<typeof tempCore>
beforeEach(() => {
  zone = process.env.TZ
  process.env.TZ = 'America/Los_Angeles'
  core = tempCore()
})
afterEach(() => {
  core.cleanup()
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})

describe('dates of imported plays', () => {
  it('take the offset of this computer’s zone at each play’s own date', () => {
    expect(localOffsetAt('2024-03-09T20:00:00')).toBe(-480)
    expect(localOffsetAt('2024-03-10T20:00:00')).toBe(-420)
  })

  it('keep their local day across midnight UTC and a daylight-saving change', () => {
    const clock = () => new Date()
    const device = new Device(core.db, clock)
    const events = new EventStore(core.db, device)
    const stats = new StatsProjector(core.db)
    const projector = new Projector(core.db, events, stats)
    const matches = new MatchService(core.db, clock, events, projector)
    const service = new ExternalImportService(core.db, { events, device, projector, stats })
    // 19:30 and 23:30 on Saturday 9 March (UTC-8), and 19:30 on Sunday 10 March (UTC-7, after the change).
    const csv = [
      'date,time,game,player,score,winner',
      '2024-03-09,19:30,Nine,Ana,3,yes',
      '2024-03-09,19:30,Nine,Bo,40,no',
      '2024-03-09,23:30,Nine,Ana,50,no',
      '2024-03-09,23:30,Nine,Bo,4,yes',
      '2024-03-10,19:30,Nine,Ana,5,yes',
      '2024-03-10,19:30,Nine,Bo,9,no',
    ].join('\n')
    expect(service.apply(csv, {})).toMatchObject({ ok: true, value: { matchesRecorded: 3 } })
    const list = matches.list({ limit: 10, offset: 0 })
    if (!list.ok) throw new Error(list.error.message)
    expect(list.value.map((m) => [m.createdAt, m.utcOffset, m.localDate]).sort()).toEqual([
      ['2024-03-10T03:30:00.000Z', -480, '2024-03-09'],
      ['2024-03-10T07:30:00.000Z', -480, '2024-03-09'],
      ['2024-03-11T02:30:00.000Z', -420, '2024-03-10'],
    ])
    // The local-day filter finds both Saturday plays, though one is on Sunday in UTC.
    const saturday = matches.list({ fromDate: '2024-03-09', toDate: '2024-03-09', limit: 10, offset: 0 })
    expect(saturday.ok && saturday.value.length).toBe(2)
  })

  it('a BG Stats play inside a spring-forward gap keeps its wall time with the offset before the change', () => {
    // 02:30 on 29 March 2026 never happened in Berlin (02:00 CET became 03:00 CEST): like JS Date and
    // Temporal's 'compatible', it is read as 01:30 UTC, the gap's hour after 01:30 CET; the stored
    // wall time stays 02:30 with the offset in force before the change, +60, not +120.
    process.env.TZ = 'Europe/Berlin'
    expect(localOffsetAt('2026-03-29T02:30:00')).toBe(60)
    expect(localOffsetAt('2026-03-29T03:30:00')).toBe(120)
    // 02:30 on 25 October 2026 came twice: the earlier (summer time, +120) is taken.
    expect(localOffsetAt('2026-10-25T02:30:00')).toBe(120)
    // The same with the zone named (the machine's zone does not matter then).
    process.env.TZ = 'Asia/Tokyo'
    expect(localOffsetAt('2026-03-29T02:30:00', 'Europe/Berlin')).toBe(60)
    expect(localOffsetAt('2026-03-29T01:59:59', 'Europe/Berlin')).toBe(60)
    expect(localOffsetAt('2026-03-29T03:00:00', 'Europe/Berlin')).toBe(120)
    expect(localOffsetAt('2026-10-25T02:30:00', 'Europe/Berlin')).toBe(120)
    expect(localOffsetAt('2026-10-25T03:30:00', 'Europe/Berlin')).toBe(60)
    expect(localOffsetAt('2024-03-10T02:30:00', 'America/New_York')).toBe(-300)
    expect(localOffsetAt('2026-06-01T12:00:00', 'Asia/Kolkata')).toBe(330)

    process.env.TZ = 'Europe/Berlin'
    const clock = () => new Date()
    const device = new Device(core.db, clock)
    const events = new EventStore(core.db, device)
    const stats = new StatsProjector(core.db)
    const projector = new Projector(core.db, events, stats)
    const matches = new MatchService(core.db, clock, events, projector)
    const service = new ExternalImportService(core.db, { events, device, projector, stats })
    const backup = {
      players: [
        { id: 1, name: 'Ana' },
        { id: 2, name: 'Bo' },
      ],
      games: [{ id: 7, name: 'Nine' }],
      plays: [
        {
          uuid: 'c0ffee00-0000-4000-8000-000000000329',
          playDate: '2026-03-29 02:30:00',
          gameRefId: 7,
          playerScores: [
            { playerRefId: 1, score: '3', winner: true },
            { playerRefId: 2, score: '40', winner: false },
          ],
        },
      ],
    }
    expect(service.apply(JSON.stringify(backup), {})).toMatchObject({ ok: true, value: { matchesRecorded: 1 } })
    const list = matches.list({ limit: 10, offset: 0 })
    if (!list.ok) throw new Error(list.error.message)
    expect(list.value.map((m) => [m.createdAt, m.utcOffset, m.localDate])).toEqual([
      ['2026-03-29T01:30:00.000Z', 60, '2026-03-29'],
    ])
  })
})
