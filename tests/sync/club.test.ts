/**
 * Club sync end to end: a real hub (tursodb --sync-server on loopback) and laptops as real cores, each
 * with its own data folder, driven through the IPC contract (club:create/join/leave/reseed, sync:now).
 */
import { rmSync, writeFileSync, readdirSync } from 'node:fs'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../src/shared/model/sync'
import type { MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import { tursoTransport } from '../../src/core/sync/turso'
import { toWire } from '../../src/core/sync/sign'
import { decodeClubCode, encodeClubCode, newClubSecret } from '../../src/core/sync/club-code'
import { hubToken } from '../../src/core/sync/hub-token'
import { digest, laptop, link, testHub, type Laptop, type TestHub } from '../helpers/club'
import { generate } from '../../bench/club-history'
import type { DomainEvent } from '../../src/shared/events/types'

let hub: TestHub
const open: Laptop[] = []
function lap(name: string, dir?: string): Laptop {
  const l = laptop(name, dir)
  open.push(l)
  return l
}

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
  // Every test starts from an empty hub.
  await hub.lose()
})

async function play(l: Laptop, names: string[], rounds: number): Promise<MatchView> {
  const ids: string[] = []
  for (const name of names) ids.push((await l.call<Player>('players:create', { name })).id)
  let m = await l.call<MatchView>('matches:create', {
    gameId: 'wild-nine',
    playerIds: ids,
    options: { houseRules: { cutoff: 10000 } },
  })
  for (let i = 0; i < rounds; i++) {
    const w = i % names.length
    m = await l.call<MatchView>('matches:apply', {
      id: m.id,
      action: { type: 'round', wentOut: w, points: names.map((_, k) => (k === w ? 0 : 1 + ((i + k) % 4))) },
    })
  }
  return m
}

async function importEvents(l: Laptop, events: DomainEvent[]): Promise<void> {
  const bytes = Buffer.from(JSON.stringify({ format: 'ninekeeper-export', version: 2, events }))
  const { uploadId } = await l.call<{ uploadId: string }>('upload:begin', { purpose: 'import', size: bytes.length })
  for (let i = 0, n = 0; i < bytes.length; i += 900 * 1024, n++)
    await l.call('upload:chunk', { uploadId, index: n, data: bytes.subarray(i, i + 900 * 1024).toString('base64') })
  await l.call('transfer:import', { uploadId })
}

const syncAll = async (...ls: Laptop[]): Promise<void> => {
  // Twice round: what one sends in the first pass reaches everyone in the second.
  for (let pass = 0; pass < 2; pass++)
    for (const l of ls) expect((await l.call<SyncStatus>('sync:now')).state).toBe('connected')
}

describe('club sync', () => {
  it('a club created on one laptop reaches the laptops that join it, and every write goes round', async () => {
    const a = lap('ana')
    await play(a, ['Ana', 'Bo'], 3)
    const created = await a.call<SyncStatus>('club:create', { hubUrl: hub.url, name: 'Thursday club' })
    expect(created.state).toBe('connected')
    expect(created.club?.name).toBe('Thursday club')
    expect(created.club?.code).toMatch(/^NK1-/)
    expect(created.waiting).toBe(0)

    const b = lap('bo')
    const joined = await b.call<SyncStatus>('club:join', { hubUrl: hub.url, code: created.club!.code })
    expect(joined.state).toBe('connected')
    expect(joined.club?.name).toBe('Thursday club')
    expect(joined.received).toBeGreaterThan(0)
    // Bo's laptop said it joined (device.joined): Ana has that once she syncs.
    await a.call('sync:now')
    expect(digest(b)).toEqual(digest(a))

    // A write on B: after B and A sync, A has it.
    await play(b, ['Cy', 'Di'], 2)
    expect((await b.call<SyncStatus>('sync:status')).waiting).toBeGreaterThan(0)
    await syncAll(b, a)
    expect((await b.call<SyncStatus>('sync:status')).waiting).toBe(0)
    expect(digest(a)).toEqual(digest(b))
    const players = await a.call<Player[]>('players:list', {})
    expect(players.map((p) => p.name).sort()).toEqual(['Ana', 'Bo', 'Cy', 'Di'])
  })

  it('refuses a bad code, a hub of another club, and a second club', async () => {
    const a = lap('ana')
    const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
    const b = lap('bo')
    expect((await b.refuse('club:join', { hubUrl: hub.url, code: 'NK1-12345' })).code).toBe('invalid-club-code')
    const typo = made.club!.code.replace(/-(.)/, (_m, c: string) => `-${c === '0' ? '1' : '0'}`)
    expect((await b.refuse('club:join', { hubUrl: hub.url, code: typo })).code).toBe('invalid-club-code')
    expect((await b.refuse('club:join', { hubUrl: 'ftp://x', code: made.club!.code })).code).toBe('invalid-hub-url')
    // A hub that already holds a club cannot be given another one.
    const inUse = await b.refuse('club:create', { hubUrl: hub.url })
    expect(inUse, inUse.message).toMatchObject({ code: 'hub-in-use' })
    expect((await a.refuse('club:create', { hubUrl: hub.url })).code).toBe('already-in-club')
    // The code of another club: the hub answers with a club that is not this one, and nothing is saved.
    const wrong = await b.refuse('club:join', { hubUrl: hub.url, code: encodeClubCode(newClubSecret()) })
    expect(wrong.code).toBe('wrong-club')
    expect((await b.call<SyncStatus>('sync:status')).state).toBe('off')
  })

  it('an event signed with another club key is never applied and is listed with its origin', async () => {
    const a = lap('ana')
    const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
    const b = lap('bo')
    await b.call('club:join', { hubUrl: hub.url, code: made.club!.code })
    // A stranger who reaches the hub writes a player event, signed with a key that is not the club's.
    const stranger = lap('stranger')
    await stranger.call('players:create', { name: 'Mallory' })
    const row = stranger.db.prepare("SELECT * FROM events WHERE kind = 'player.created'").get() as never
    const club = decodeClubCode(made.club!.code)
    if (!club.ok) throw new Error('code')
    // (Someone with the hub's token: the hub lets them in, the laptops still check every row.)
    const replica = await tursoTransport.open({
      dir: join(stranger.dir, 'x-replica'),
      url: hub.url,
      clientName: 'stranger',
      authToken: hubToken(club.value.key),
    })
    await replica.insert([toWire(Buffer.alloc(16, 7), club.value.clubId, row)])
    // And one properly signed by another club (its own key and id).
    const other = newClubSecret()
    const row2 = { ...(row as object), id: '01a22ac0-b7cc-7707-8c21-a7278f6924c8' } as never
    await replica.insert([toWire(other.key, other.clubId, row2)])
    await replica.push()
    await replica.close()
    const s = await a.call<SyncStatus>('sync:now')
    expect(s.state).toBe('connected')
    expect(s.refusedTotal).toBe(2)
    const reasons = Object.fromEntries(s.refused.map((x) => [x.id, x]))
    expect(reasons[(row as { id: string }).id]).toMatchObject({
      deviceId: (row as { device_id: string }).device_id,
      reason: expect.stringContaining('signature'),
    })
    expect(reasons['01a22ac0-b7cc-7707-8c21-a7278f6924c8']).toMatchObject({ reason: 'it belongs to another club' })
    expect((await a.call<Player[]>('players:list', {})).map((p) => p.name)).not.toContain('Mallory')
    // Seen once, listed once: the next sync does not list it again.
    expect((await a.call<SyncStatus>('sync:now')).refusedTotal).toBe(2)
  })

  it('keeps scoring offline and sends everything when the hub is back; a damaged replica is rebuilt', async () => {
    const a = lap('ana')
    const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
    const b = lap('bo')
    await b.call('club:join', { hubUrl: hub.url, code: made.club!.code })
    await hub.hub.stop()
    await play(a, ['Ana', 'Bo'], 4)
    const off = await a.call<SyncStatus>('sync:now')
    expect(off.state).toBe('offline')
    expect(off.error).toMatch(/does not answer/)
    expect(off.waiting).toBeGreaterThan(0)
    await hub.restart()
    // B's replica files are damaged meanwhile: B starts its replica again and loses nothing.
    for (const f of readdirSync(join(b.dir, 'club-replica'))) writeFileSync(join(b.dir, 'club-replica', f), 'garbage')
    await syncAll(a, b)
    expect(digest(b)).toEqual(digest(a))
  })

  it('a laptop offline for a whole club night ends with the same stats as the others', async () => {
    const a = lap('ana')
    const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
    const b = lap('bo')
    const c = lap('cy')
    // Cy reaches the hub through the venue's network, which goes away for the night.
    const venue = await link(() => hub.port)
    try {
      await b.call('club:join', { hubUrl: hub.url, code: made.club!.code })
      await c.call('club:join', { hubUrl: venue.url, code: made.club!.code })
      venue.setOnline(false)
      await play(a, ['Ana', 'Bo'], 6)
      await play(b, ['Cat', 'Dan', 'Eve'], 5)
      await play(c, ['Fay', 'Gus'], 7)
      await syncAll(a, b)
      const away = await c.call<SyncStatus>('sync:now')
      expect(away.state).toBe('offline')
      expect(away.waiting).toBeGreaterThan(0)
      // Back at the venue the next morning.
      venue.setOnline(true)
      await syncAll(a, b, c)
      const overview = await a.call('stats:overview', {})
      for (const l of [b, c]) {
        expect(await l.call('stats:overview', {})).toEqual(overview)
        expect(digest(l)).toEqual(digest(a))
      }
      expect((await c.call<Player[]>('players:list', {})).map((p) => p.name).sort()).toEqual([
        'Ana',
        'Bo',
        'Cat',
        'Dan',
        'Eve',
        'Fay',
        'Gus',
      ])
    } finally {
      await venue.close()
    }
  })

  it('a lost hub is seeded again by the first laptop that syncs, and the club carries on with no button pressed', async () => {
    const a = lap('ana')
    const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
    const b = lap('bo')
    await b.call('club:join', { hubUrl: hub.url, code: made.club!.code })
    await play(a, ['Ana', 'Bo'], 2)
    await syncAll(a, b)
    await hub.lose()
    await play(b, ['Cy'].concat(['Di']), 1)
    // The hub is empty: b's next sync gives it the club again and sends everything b holds.
    const healed = await b.call<SyncStatus>('sync:now')
    expect(healed).toMatchObject({ state: 'connected', hubNeedsSeed: false, waiting: 0 })
    // a, whose replica follows the hub that is gone, finds the new one and sends what it lacks.
    await syncAll(a, b)
    expect(digest(a)).toEqual(digest(b))
    expect((await a.call<Player[]>('players:list', {})).map((p) => p.name).sort()).toEqual(['Ana', 'Bo', 'Cy', 'Di'])
    // club:reseed (kept for scripts) is Sync now.
    expect((await a.call<SyncStatus>('club:reseed')).state).toBe('connected')
  })

  it('a laptop that saw the empty hub before another re-seeded it is not stranded (issue 23, 1)', async () => {
    const a = lap('ana')
    const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
    const b = lap('bo')
    await b.call('club:join', { hubUrl: hub.url, code: made.club!.code })
    await play(a, ['Ana', 'Bo'], 2)
    await syncAll(a, b)
    await hub.lose()
    // Both see the empty hub, one after the other; both keep playing.
    await a.call('players:create', { name: 'Cy' })
    expect((await a.call<SyncStatus>('sync:now')).state).toBe('connected')
    await b.call('players:create', { name: 'Di' })
    expect((await b.call<SyncStatus>('sync:now')).state).toBe('connected')
    await hub.restart()
    await b.call('players:create', { name: 'Eve' })
    await syncAll(a, b)
    expect((await b.call<SyncStatus>('sync:status')).waiting).toBe(0)
    expect(digest(a)).toEqual(digest(b))
    expect((await a.call<Player[]>('players:list', {})).map((p) => p.name).sort()).toEqual([
      'Ana',
      'Bo',
      'Cy',
      'Di',
      'Eve',
    ])
  })

  it('waits, keeping its replica, while another program holds the data file, and merges once it is free', async () => {
    const a = lap('ana')
    const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
    const b = lap('bo')
    await b.call('club:join', { hubUrl: hub.url, code: made.club!.code })
    await play(a, ['Ana', 'Bo'], 3)
    await a.call('sync:now')
    const replicaFiles = readdirSync(join(b.dir, 'club-replica')).sort()
    const other = new Database(join(b.dir, 'ninekeeper.sqlite'))
    other.exec('BEGIN IMMEDIATE')
    try {
      const held = await b.call<SyncStatus>('sync:now')
      expect(held.state).not.toBe('error')
      expect(held.error).toMatch(/Another program is writing/)
      expect(readdirSync(join(b.dir, 'club-replica')).sort()).toEqual(replicaFiles)
    } finally {
      other.exec('ROLLBACK')
      other.close()
    }
    expect((await b.call<SyncStatus>('sync:now')).state).toBe('connected')
    expect(digest(b)).toEqual(digest(a))
  })

  it('a long first sync (seeding a hub, joining a club) says how far it is', async () => {
    const { events } = generate({ matches: 700 })
    expect(events.length).toBeGreaterThan(5000)
    const a = lap('ana')
    await importEvents(a, events)
    const watch = async (l: Laptop, work: Promise<SyncStatus>): Promise<{ done: number; total: number }[]> => {
      const seen: { done: number; total: number }[] = []
      let finished = false
      void work.finally(() => (finished = true))
      while (!finished) {
        const p = (await l.call<SyncStatus>('sync:status')).progress
        if (p && !seen.some((x) => x.done === p.done)) seen.push(p)
        await new Promise((r) => setTimeout(r, 5))
      }
      expect((await work).progress).toBeNull()
      return seen
    }
    const up = await watch(a, a.call<SyncStatus>('club:create', { hubUrl: hub.url }))
    expect(up.length).toBeGreaterThanOrEqual(2)
    // Going up, then (the hub's rows, its own among them) coming down: each step within its total
    // (the history, and the event saying this laptop is in the club).
    expect(up.every((p) => p.total === events.length + 1 && p.done <= p.total)).toBe(true)
    const b = lap('bo')
    const code = (await a.call<SyncStatus>('sync:status')).club!.code
    const down = await watch(b, b.call<SyncStatus>('club:join', { hubUrl: hub.url, code }))
    expect(down.length).toBeGreaterThanOrEqual(2)
    expect(down.every((p) => p.total >= events.length && p.done <= p.total)).toBe(true)
    await a.call('sync:now')
    expect(digest(b)).toEqual(digest(a))
  })

  it('leaving a club keeps everything here and sends nothing more', async () => {
    const a = lap('ana')
    await a.call('club:create', { hubUrl: hub.url })
    await play(a, ['Ana', 'Bo'], 1)
    const left = await a.call<SyncStatus>('club:leave')
    expect(left.state).toBe('off')
    expect(left.club).toBeNull()
    expect((await a.call<Player[]>('players:list', {})).length).toBe(2)
    expect((await a.refuse('sync:now')).code).toBe('not-in-club')
  })
})
