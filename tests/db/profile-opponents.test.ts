/**
 * Issue 27, item 5: the profile's Nemesis and Favourite opponent by rates with minimums (NemeStats:
 * at least 3 finished matches together and ahead in more than half), so they are never the same
 * person; and its recent matches by when they were played, not when they last changed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import type { MatchSummary } from '../../src/shared/model/match'
import type { PlayerStats } from '../../src/shared/model/stats'
import { tempDir } from '../helpers/tmp'

let core: Core
let cleanup: () => void
let now = 0
const id: Record<string, string> = {}

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

/** A Seven Eight Nine match of two, one game won by `winner`; closed as finished unless `open`. */
async function play(a: string, b: string, winner: string, open = false): Promise<string> {
  now += 60_000
  const m = await call<{ id: string }>('matches:create', {
    gameId: 'seven-eight-nine',
    playerIds: [id[a], id[b]],
    utcOffset: 0,
  })
  if (!open) await finish(m.id, winner === a ? 0 : 1)
  return m.id
}
async function finish(matchId: string, seat: number): Promise<void> {
  await call('matches:apply', { id: matchId, action: { type: 'dealt-win', seats: [seat] } })
  await call('matches:close', { id: matchId, status: 'finished' })
}

beforeEach(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  now = Date.parse('2026-10-01T12:00:00.000Z')
  core = createCore({
    dataDir: t.dir,
    mode: 'web',
    version: '0.0.0-test',
    clock: () => new Date((now += 1000)),
    log: () => {},
    autoBackup: false,
  })
  for (const n of ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Fy', 'Gus'])
    id[n] = (await call<{ id: string }>('players:create', { name: n })).id
})
afterEach(() => {
  core.close()
  cleanup()
})

describe('nemesis and favourite opponent', () => {
  it('go by rates over at least 3 matches, ahead in more than half; never one person for both', async () => {
    // Bo: 10 matches with Ana, ahead in 6 (60%), behind in 4. By counts he was both her nemesis
    // (6 behind) and her favourite (4 ahead, the most).
    for (let i = 0; i < 10; i++) await play('Ana', 'Bo', i < 6 ? 'Bo' : 'Ana')
    // Cy: ahead in all 3 (100%): the nemesis by rate. Di: ahead in both of 2: too few to count.
    for (let i = 0; i < 3; i++) await play('Ana', 'Cy', 'Cy')
    for (let i = 0; i < 2; i++) await play('Ana', 'Di', 'Di')
    // Ed: Ana ahead in 3 of 4 (75%): her favourite; Bo's 40% for her is not over half.
    for (let i = 0; i < 4; i++) await play('Ana', 'Ed', i < 3 ? 'Ana' : 'Ed')
    const ana = (await call<PlayerStats>('stats:player', { playerId: id.Ana })).profile
    expect(ana?.nemesis?.name).toBe('Cy')
    expect(ana?.favourite?.name).toBe('Ed')
    const bo = (await call<PlayerStats>('stats:player', { playerId: id.Bo })).profile
    // For Bo, Ana is the favourite (60% over 10); nobody is his nemesis (Ana 40%).
    expect([bo?.favourite?.name, bo?.nemesis]).toEqual(['Ana', null])
    const ed = (await call<PlayerStats>('stats:player', { playerId: id.Ed })).profile
    expect([ed?.nemesis?.name, ed?.favourite]).toEqual(['Ana', null])
  })

  it('exactly half is not more than half', async () => {
    for (let i = 0; i < 4; i++) await play('Ana', 'Bo', i < 2 ? 'Ana' : 'Bo')
    const ana = (await call<PlayerStats>('stats:player', { playerId: id.Ana })).profile
    expect([ana?.nemesis, ana?.favourite]).toEqual([null, null])
  })
})

describe('recent matches on the profile', () => {
  it('are in the order they were played, not the order they last changed', async () => {
    const early = await play('Fy', 'Gus', 'Fy', true)
    const later = await play('Fy', 'Gus', 'Gus')
    // The early match is finished last: it changed last, but it was played first.
    now += 60_000
    await finish(early, 0)
    const list = await call<MatchSummary[]>('matches:list', { playerId: id.Fy, limit: 10 })
    expect(list.map((m) => m.id)).toEqual([early, later])
    const fy = (await call<PlayerStats>('stats:player', { playerId: id.Fy })).profile
    expect(fy?.recent?.map((m) => [m.id, m.status, m.winners])).toEqual([
      [later, 'finished', ['Gus']],
      [early, 'finished', ['Fy']],
    ])
    expect(fy?.recent?.[0]?.localDate).toBe('2026-10-01')
  })
})
