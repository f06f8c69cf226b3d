/**
 * Each protection of club sync has a test that fails without it (issue 23, item 8): pulled rows pass
 * the live event checks, the hub keeps the first copy of an event (inserts never replace), a hub that
 * never answers does not hang a sync, the list of refused rows is capped while all are counted, and a
 * refused row's id is kept short. Real hub on loopback; the rows are written by someone who holds the
 * hub token (the laptops must still check everything).
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../src/shared/model/sync'
import type { Player } from '../../src/shared/model/player'
import { decodeClubCode } from '../../src/core/sync/club-code'
import { hubToken } from '../../src/core/sync/hub-token'
import { toWire, type WireEvent } from '../../src/core/sync/sign'
import { tursoTransport } from '../../src/core/sync/turso'
import type { EventRow } from '../../src/core/db/repos/events'
import { hubSql, laptop, testHub, type Laptop, type TestHub } from '../helpers/club'

let hub: TestHub
const open: Laptop[] = []
const dirs: string[] = []
function lap(name: string, timing: { timeoutMs?: number } = {}): Laptop {
  const l = laptop(name, undefined, timing)
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
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  await hub.lose()
})

/** A club on the hub, and a way to put rows on it as someone holding the hub token would. */
async function clubWithWriter(): Promise<{
  a: Laptop
  key: Buffer
  clubId: string
  write(rows: WireEvent[]): Promise<void>
}> {
  const a = lap('ana')
  const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
  const secret = decodeClubCode(made.club!.code)
  if (!secret.ok) throw new Error('code')
  const dir = mkdtempSync(join(tmpdir(), 'ninekeeper-writer-'))
  dirs.push(dir)
  return {
    a,
    key: secret.value.key,
    clubId: secret.value.clubId,
    async write(rows) {
      const r = await tursoTransport.open({
        dir,
        url: hub.url,
        clientName: 'writer',
        authToken: hubToken(secret.value.key),
      })
      try {
        await r.insert(rows)
        await r.push()
      } finally {
        await r.close()
      }
    },
  }
}

let seq = 0
function playerRow(name: string, over: Partial<EventRow> = {}): EventRow {
  const id = randomUUID()
  seq++
  return {
    id,
    device_id: '0193a000-0000-7000-8000-00000000beef',
    device_seq: seq,
    hlc: `${String(Date.parse('2026-11-30T18:00:00Z') + seq).padStart(15, '0')}.000000.0193a000-0000-7000-8000-00000000beef`,
    kind: 'player.created',
    v: 1,
    subject: randomUUID(),
    payload: JSON.stringify({ name, color: null }),
    ...over,
  }
}

const names = async (l: Laptop): Promise<string[]> => (await l.call<Player[]>('players:list', {})).map((p) => p.name)

describe('club sync protections', () => {
  it('a row signed with the club key but failing the live checks is refused and listed', async () => {
    const { a, key, clubId, write } = await clubWithWriter()
    const good = playerRow('Signed Sam')
    const bad = playerRow('x', { payload: JSON.stringify({ name: '\u202eevil', color: null }) })
    const junk = playerRow('y', { payload: JSON.stringify({ name: 'Z'.repeat(500), color: 'red' }) })
    await write([good, bad, junk].map((r) => toWire(key, clubId, r)))
    const s = await a.call<SyncStatus>('sync:now')
    expect(await names(a)).toContain('Signed Sam')
    const refused = new Map(s.refused.map((r) => [r.id, r.reason]))
    expect(refused.get(bad.id)).toMatch(/name/)
    expect(refused.has(junk.id)).toBe(true)
    expect(s.refusedTotal).toBe(2)
  })

  it('the hub keeps the first copy of an event: a second insert with the same id changes nothing', async () => {
    const { a, key, clubId, write } = await clubWithWriter()
    const first = playerRow('First Copy')
    await write([toWire(key, clubId, first)])
    await write([toWire(key, clubId, { ...first, payload: JSON.stringify({ name: 'Second Copy', color: null }) })])
    const rows = await hubSql(hub, 'SELECT payload FROM club_events WHERE id = ?', [first.id])
    expect(rows).toEqual([[first.payload]])
    await a.call('sync:now')
    expect(await names(a)).toContain('First Copy')
    expect(await names(a)).not.toContain('Second Copy')
  })

  it('a hub that accepts the connection and never answers does not hang a sync', async () => {
    const sockets = new Set<Socket>()
    const silent = createServer((s) => sockets.add(s))
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()))
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`
    try {
      const t0 = performance.now()
      const made = await lap('bo', { timeoutMs: 800 }).refuse('club:create', { hubUrl: url })
      expect(made.code).toBe('hub-unreachable')
      // Given up on by the request timeout (0.8 s here), not by the test's.
      expect(performance.now() - t0).toBeLessThan(60_000)
    } finally {
      for (const s of sockets) s.destroy()
      await new Promise<void>((r) => silent.close(() => r()))
    }
  })

  it('lists at most 200 refused rows but counts them all, each id kept short', async () => {
    const { a, clubId, write } = await clubWithWriter()
    const wrongKey = Buffer.alloc(32, 9)
    const rows = Array.from({ length: 205 }, (_, i) => toWire(wrongKey, clubId, playerRow(`Forged ${i}`)))
    // The front door refuses an id that long; someone at the hub laptop writes it past the door. It
    // is the newest refusal, so it is listed.
    await write(rows)
    await a.call('sync:now')
    const long = toWire(wrongKey, clubId, playerRow('Long', { id: 'L'.repeat(3000) }))
    await hubSql(
      hub,
      'INSERT INTO club_events (id, club, device, seq, hlc, kind, v, subject, payload, mac) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [long.id, long.club, long.device, long.seq, long.hlc, long.kind, long.v, long.subject, long.payload, long.mac],
    )
    const s = await a.call<SyncStatus>('sync:now')
    expect(s.refusedTotal).toBe(206)
    expect(s.refused).toHaveLength(200)
    expect(Math.max(...s.refused.map((r) => r.id.length))).toBeLessThanOrEqual(64)
    expect(s.refused.some((r) => r.id === 'L'.repeat(64))).toBe(true)
    expect(s.state).toBe('connected')
  })
})
