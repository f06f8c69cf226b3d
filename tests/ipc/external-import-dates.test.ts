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
    const service = new ExternalImportService(core.db, { events, device, projector, stats, matches })
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
})
