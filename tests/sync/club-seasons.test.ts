/**
 * Club data over a real hub (tursodb --sync-server on loopback): a season, a night's venue and the
 * rating system made on one laptop reach the others; concurrent edits of one season on two laptops
 * end the same everywhere (each field last-writer-wins), and every projection matches.
 */
import { rmSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { NightList, RatingsExplained, Season, SeasonStandings } from '../../src/shared/model/club'
import type { Player } from '../../src/shared/model/player'
import type { SyncStatus } from '../../src/shared/model/sync'
import { digest, laptop, testHub, type Laptop, type TestHub } from '../helpers/club'

let hub: TestHub
const open: Laptop[] = []
beforeAll(async () => {
  hub = await testHub()
})
afterAll(async () => {
  await hub.stop()
})
afterEach(async () => {
  for (const l of open.splice(0)) {
    await l.shutdown()
    rmSync(l.dir, { recursive: true, force: true })
  }
})

const lap = (name: string): Laptop => {
  const l = laptop(name)
  open.push(l)
  return l
}
const syncAll = async (...ls: Laptop[]): Promise<void> => {
  for (let pass = 0; pass < 2; pass++)
    for (const l of ls) expect((await l.call<SyncStatus>('sync:now')).state).toBe('connected')
}

describe('club data over sync', () => {
  it('seasons, venues and the rating system go round; concurrent season edits converge', async () => {
    const a = lap('ana')
    const ana = await a.call<Player>('players:create', { name: 'Ana' })
    const bo = await a.call<Player>('players:create', { name: 'Bo' })
    const m = await a.call<{ id: string }>('matches:create', {
      gameId: 'nine',
      playerIds: [ana.id, bo.id],
      utcOffset: 0,
    })
    await a.call('matches:apply', { id: m.id, action: { type: 'round', declarer: 0, totals: [2, 9] } })
    await a.call('matches:close', { id: m.id, status: 'finished' })
    const season = await a.call<Season>('seasons:create', {
      name: 'Winter',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      gameIds: null,
      playerIds: null,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    })
    const night = (await a.call<NightList>('nights:list', {})).nights[0]!.date
    await a.call('nights:set-venue', { date: night, venue: 'The Anchor' })
    const created = await a.call<SyncStatus>('club:create', { hubUrl: hub.url, name: 'Thursday club' })

    const b = lap('bo')
    await b.call<SyncStatus>('club:join', { hubUrl: hub.url, code: created.club!.code })
    // Bo's laptop said it joined (device.joined): Ana has that once she syncs.
    await a.call('sync:now')
    expect(digest(b)).toEqual(digest(a))
    expect(
      (await b.call<SeasonStandings>('seasons:standings', { id: season.id })).rows.map((r) => [r.name, r.points]),
    ).toEqual([
      ['Ana', 3],
      ['Bo', 0],
    ])
    expect((await b.call<NightList>('nights:list', {})).nights[0]?.venue).toBe('The Anchor')

    // Offline on both: A renames and changes the scheme, B renames later and moves the end date.
    await a.call('seasons:update', { id: season.id, name: 'Winter (A)', scheme: { kind: 'placement', top: 10 } })
    await b.call('seasons:update', { id: season.id, name: 'Winter (B)', endDate: '2027-01-31' })
    await b.call('ratings:set-system', { system: 'elo' })
    await syncAll(a, b)
    for (const l of [a, b]) {
      expect((await l.call<Season[]>('seasons:list', {}))[0]).toMatchObject({
        name: 'Winter (B)',
        endDate: '2027-01-31',
        scheme: { kind: 'placement', top: 10 },
      })
      expect((await l.call<RatingsExplained>('ratings:explain', { gameId: 'nine' })).system).toBe('elo')
    }
    expect(digest(a)).toEqual(digest(b))

    // Archive on one laptop: the other shows the same final table.
    await a.call('seasons:set-archived', { id: season.id, archived: true })
    await syncAll(a, b)
    const frozen = await b.call<SeasonStandings>('seasons:standings', { id: season.id })
    expect(frozen.frozen).toBe(true)
    expect(frozen.rows.map((r) => [r.name, r.points])).toEqual([
      ['Ana', 10],
      ['Bo', 0],
    ])
    expect(digest(a)).toEqual(digest(b))
  })
})
