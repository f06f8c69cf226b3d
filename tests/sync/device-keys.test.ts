/**
 * Device keys (issue 23, item 6): each laptop in a club signs its rows with its own Ed25519 key and
 * its device id is the one that key gives, so nobody, even with the club code, can write as another
 * laptop; another laptop's event sent up again (the hub lost it) keeps its author's signature.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../src/shared/model/sync'
import type { Player } from '../../src/shared/model/player'
import type { EventRow } from '../../src/core/db/repos/events'
import { decodeClubCode } from '../../src/core/sync/club-code'
import { hubToken } from '../../src/core/sync/hub-token'
import { deviceSignature, isKeyedDevice, loadDeviceKey, newDeviceKey, toWire } from '../../src/core/sync/sign'
import { tursoTransport } from '../../src/core/sync/turso'
import { digest, hubSql, laptop, testHub, type Laptop, type TestHub } from '../helpers/club'

let hub: TestHub
const open: Laptop[] = []
const dirs: string[] = []
function lap(name: string): Laptop {
  const l = laptop(name)
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

const deviceOf = (l: Laptop): string =>
  (l.db.prepare("SELECT value FROM meta WHERE key = 'device_id'").get() as { value: string }).value
const names = async (l: Laptop): Promise<string[]> => (await l.call<Player[]>('players:list', {})).map((p) => p.name)

async function twoLaptops(): Promise<{ a: Laptop; b: Laptop; code: string }> {
  const a = lap('ana')
  const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
  const b = lap('bo')
  await b.call('club:join', { hubUrl: hub.url, code: made.club!.code })
  return { a, b, code: made.club!.code }
}

/** Writes rows to the hub as someone holding the club code (and so the hub token) would. */
async function writeAs(code: string, rows: ReturnType<typeof toWire>[]): Promise<void> {
  const secret = decodeClubCode(code)
  if (!secret.ok) throw new Error('code')
  const dir = mkdtempSync(join(tmpdir(), 'ninekeeper-forger-'))
  dirs.push(dir)
  const r = await tursoTransport.open({
    dir,
    url: hub.url,
    clientName: 'forger',
    authToken: hubToken(secret.value.key),
  })
  try {
    await r.insert(rows)
    await r.push()
  } finally {
    await r.close()
  }
}

describe('device keys', () => {
  it('a laptop in a club writes under the device id its own key gives, and its rows go round', async () => {
    const { a, b } = await twoLaptops()
    expect(isKeyedDevice(deviceOf(a))).toBe(true)
    expect(isKeyedDevice(deviceOf(b))).toBe(true)
    expect(deviceOf(a)).not.toBe(deviceOf(b))
    await b.call('players:create', { name: 'Signed by Bo' })
    await b.call('sync:now')
    const s = await a.call<SyncStatus>('sync:now')
    expect(await names(a)).toContain('Signed by Bo')
    expect(s.refusedTotal).toBe(0)
    // On the hub, Bo's row carries Bo's public key and signature after the club's HMAC.
    const [[mac]] = (await hubSql(hub, "SELECT mac FROM club_events WHERE device = ? AND kind = 'player.created'", [
      deviceOf(b),
    ])) as [[string]]
    expect(mac.split('.')).toHaveLength(3)
  })

  it('someone with the club code cannot write as another laptop', async () => {
    const { a, b, code } = await twoLaptops()
    await b.call('sync:now')
    const secret = decodeClubCode(code)
    if (!secret.ok) throw new Error('code')
    const bo = deviceOf(b)
    const forged: EventRow = {
      id: '0193a000-0000-7000-8000-0000000f0000',
      device_id: bo,
      device_seq: 999,
      hlc: `${String(Date.parse('2026-11-30T19:00:00Z')).padStart(15, '0')}.000000.${bo}`,
      kind: 'player.created',
      v: 1,
      subject: '0193a000-0000-7000-8000-0000000f0001',
      payload: JSON.stringify({ name: 'Forged Bo', color: null }),
    }
    // With the club key alone, and with a key of the forger's own: neither is Bo's.
    const own = loadDeviceKey(newDeviceKey())!
    const second = { ...forged, id: '0193a000-0000-7000-8000-0000000f0002', device_seq: 1000 }
    await writeAs(code, [
      toWire(secret.value.key, secret.value.clubId, forged),
      toWire(secret.value.key, secret.value.clubId, second, deviceSignature(own, secret.value.clubId, second)),
    ])
    const s = await a.call<SyncStatus>('sync:now')
    expect(await names(a)).not.toContain('Forged Bo')
    const reasons = s.refused.filter((r) => r.deviceId === bo).map((r) => r.reason)
    expect(reasons).toHaveLength(2)
    expect(reasons.every((r) => /own key did not sign it/.test(r))).toBe(true)
  })

  it('another laptop’s event the hub lost goes up again with its author’s signature', async () => {
    const { a, b, code } = await twoLaptops()
    await b.call('players:create', { name: 'Bo made this' })
    await b.call('sync:now')
    await a.call('sync:now')
    // The hub loses Bo's row, and Bo is away: Ana sends it up again, Bo's signature and all.
    await hubSql(hub, "DELETE FROM club_events WHERE device = ? AND kind = 'player.created'", [deviceOf(b)])
    await b.shutdown()
    open.splice(open.indexOf(b), 1)
    rmSync(b.dir, { recursive: true, force: true })
    await a.call('sync:now')
    const c = lap('cy')
    const joined = await c.call<SyncStatus>('club:join', { hubUrl: hub.url, code })
    expect(joined.refusedTotal).toBe(0)
    expect(await names(c)).toContain('Bo made this')
    await a.call('sync:now')
    await c.call('sync:now')
    expect(digest(c).events).toEqual(digest(a).events)
  })

  it('a copy of a laptop’s data file on another computer gets a key and a device id of its own', async () => {
    const { a, b } = await twoLaptops()
    await b.call('sync:now')
    const bo = deviceOf(b)
    await b.shutdown()
    open.splice(open.indexOf(b), 1)
    const copy = mkdtempSync(join(tmpdir(), 'ninekeeper-copy-'))
    dirs.push(copy, b.dir)
    cpSync(b.dir, copy, { recursive: true })
    const twin = laptop('twin', copy)
    open.push(twin)
    await twin.call('players:create', { name: 'Made on the copy' })
    expect((await twin.call<SyncStatus>('sync:now')).state).toBe('connected')
    expect(deviceOf(twin)).not.toBe(bo)
    expect(isKeyedDevice(deviceOf(twin))).toBe(true)
    const s = await a.call<SyncStatus>('sync:now')
    expect(s.refusedTotal).toBe(0)
    expect(await names(a)).toContain('Made on the copy')
  })
})
