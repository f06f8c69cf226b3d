/**
 * Club sync against the faults users meet (issue 23): rows deleted, changed and renumbered on the hub
 * by hand (past Ninekeeper's front door, as someone at the hub laptop could), a laptop pointed at
 * another club's hub, clocks off by minutes and days, and hub-supplied text made to hurt. Real hubs
 * (tursodb behind src/core/hub/proxy.ts) on loopback and laptops as real cores.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hubBinary } from '../../src/core/hub/locate'
import { freePort } from '../helpers/net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../src/shared/model/sync'
import type { Player } from '../../src/shared/model/player'
import { digest, hubSql, laptop, skewed, testHub, type Laptop, type TestHub } from '../helpers/club'

const MINUTE = 60_000
/** Direction overrides and control characters: never shown. */
// eslint-disable-next-line no-control-regex
const UNSHOWN = /[\u202a-\u202e\u0000-\u001f]/
const DAY = 24 * 60 * MINUTE

let hub: TestHub
const open: Laptop[] = []
function lap(name: string, clock?: () => Date): Laptop {
  const l = laptop(name, undefined, clock ? { clock } : {})
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
  await hub.lose()
})

async function club(...names: string[]): Promise<Laptop[]> {
  const [first, ...rest] = names.map((n) => lap(n))
  const made = await first!.call<SyncStatus>('club:create', { hubUrl: hub.url, name: 'Tamper club' })
  for (const l of rest) await l.call('club:join', { hubUrl: hub.url, code: made.club!.code })
  return [first!, ...rest]
}

/** A laptop's device id (meta). */
const deviceOf = (l: Laptop): string =>
  (l.db.prepare("SELECT value FROM meta WHERE key = 'device_id'").get() as { value: string }).value

const names = async (l: Laptop): Promise<string[]> =>
  (await l.call<Player[]>('players:list', {})).map((p) => p.name).sort()

async function syncAll(...ls: Laptop[]): Promise<void> {
  for (let pass = 0; pass < 2; pass++)
    for (const l of ls) expect((await l.call<SyncStatus>('sync:now')).state).toBe('connected')
}

describe('club sync heals what was done to the hub', () => {
  it('a row deleted on the hub comes back, and a laptop that joins later has it', async () => {
    const [a, b] = await club('ana', 'bo')
    const zoe = await a!.call<Player>('players:create', { name: 'Zoe' })
    await syncAll(a!, b!)
    const [[id]] = (await hubSql(hub, "SELECT id FROM club_events WHERE subject = ? AND kind = 'player.created'", [
      zoe.id,
    ])) as [[string]]
    await hubSql(hub, 'DELETE FROM club_events WHERE id = ?', [id])
    expect(await hubSql(hub, 'SELECT count(*) FROM club_events WHERE id = ?', [id])).toEqual([['0']])
    // b holds Zoe too: its next check-in sees the hub lacks one of a's events and sends it again.
    await b!.call('sync:now')
    expect(await hubSql(hub, 'SELECT count(*) FROM club_events WHERE id = ?', [id])).toEqual([['1']])
    const c = lap('cy')
    await c.call('club:join', { hubUrl: hub.url, code: (await a!.call<SyncStatus>('sync:status')).club!.code })
    await syncAll(a!, b!, c)
    expect(await names(c)).toContain('Zoe')
    expect(digest(c)).toEqual(digest(a!))
  })

  it('a row renumbered past everything, or a junk row at the top, does not make a laptop miss what follows', async () => {
    const [a, b] = await club('ana', 'bo')
    await a!.call('players:create', { name: 'Zoe' })
    await syncAll(a!, b!)
    // The pull cursor follows the hub's row numbers: move a row to the very top, so that every row
    // inserted afterwards gets a number below b's cursor.
    await hubSql(hub, 'UPDATE club_events SET n = 9223372036854775000 WHERE n = (SELECT max(n) FROM club_events)')
    await b!.call('sync:now')
    await a!.call('players:create', { name: 'Yann' })
    await a!.call('players:create', { name: 'Xia' })
    await a!.call('sync:now')
    await b!.call('sync:now')
    expect(await names(b!)).toEqual(expect.arrayContaining(['Xia', 'Yann', 'Zoe']))
    expect(digest(b!)).toEqual(digest(a!))
  })

  it('a row changed on the hub is listed, never applied, and the laptops keep their own copy', async () => {
    const [a, b] = await club('ana', 'bo')
    const zoe = await a!.call<Player>('players:create', { name: 'Zoe' })
    await syncAll(a!, b!)
    await hubSql(
      hub,
      "UPDATE club_events SET payload = replace(payload, 'Zoe', 'Mallory') WHERE subject = ? AND kind = 'player.created'",
      [zoe.id],
    )
    const s = await a!.call<SyncStatus>('sync:now')
    expect(s.refused.map((r) => r.reason).join(' ')).toMatch(/changed copy/)
    expect(await names(a!)).toContain('Zoe')
    expect(await names(a!)).not.toContain('Mallory')
    // Listed once, not at every sync.
    expect((await a!.call<SyncStatus>('sync:now')).refusedTotal).toBe(s.refusedTotal)
  })
})

describe('club sync checks before it sends', () => {
  it('a laptop whose hub address now reaches another club’s hub sends nothing there', async () => {
    const [a] = await club('ana')
    await a!.call('sync:now')
    // The hub at this address is lost and another club is created on the new one.
    await hub.lose()
    const other = lap('other')
    await other.call('club:create', { hubUrl: hub.url, name: 'Other club' })
    const before = await hubSql(hub, 'SELECT id, device FROM club_events ORDER BY n')
    await a!.call('players:create', { name: 'Secret Name' })
    const s = await a!.call<SyncStatus>('sync:now')
    expect(s.state).toBe('error')
    expect(s.error).toMatch(/another club/)
    expect(s.waiting).toBeGreaterThan(0)
    expect(await hubSql(hub, 'SELECT id, device FROM club_events ORDER BY n')).toEqual(before)
    const devices = await hubSql(hub, 'SELECT device FROM club_devices')
    expect(devices.flat()).not.toContain(deviceOf(a!))
    expect(JSON.stringify(await hubSql(hub, 'SELECT payload FROM club_events'))).not.toContain('Secret Name')
  })
})

/** tursodb alone, with no front door (as a hub without Ninekeeper's proxy, or a cloud database, answers). */
async function bareHub(port: number, dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  mkdirSync(dir, { recursive: true })
  const child = spawn(hubBinary(), [join(dir, 'club.db'), '--sync-server', `127.0.0.1:${port}`], { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    const up = await fetch(`${url}/v2/pipeline`, { method: 'POST', body: '{"requests":[]}' }).then(
      () => true,
      () => false,
    )
    if (up) break
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done())
        child.kill('SIGKILL')
      }),
  }
}

describe('club sync checks the club before it sends, also where no front door does', () => {
  it('a laptop whose bare hub was replaced by another club’s sends nothing there', async () => {
    const port = await freePort()
    const dir = mkdtempSync(join(tmpdir(), 'ninekeeper-bare-'))
    let bare = await bareHub(port, dir)
    try {
      const first = lap('ana')
      await first.call('club:create', { hubUrl: bare.url, name: 'Ours' })
      // The laptop is closed while its hub is replaced (so no sync of its own races the other club's seeding).
      await first.shutdown()
      open.splice(open.indexOf(first), 1)
      await bare.stop()
      rmSync(dir, { recursive: true, force: true })
      bare = await bareHub(port, dir)
      const other = lap('other')
      await other.call('club:create', { hubUrl: bare.url, name: 'Theirs' })
      const rows = async (): Promise<unknown> =>
        (await fetch(`${bare.url}/v2/pipeline`, {
          method: 'POST',
          body: JSON.stringify({
            requests: [{ type: 'execute', stmt: { sql: 'SELECT id, device FROM club_events' } }],
          }),
        }).then((r) => r.json())) as unknown
      const before = JSON.stringify(await rows())
      const a = laptop('ana', first.dir)
      open.push(a)
      await a.call('players:create', { name: 'Secret Name' })
      const s = await a.call<SyncStatus>('sync:now')
      expect(s.state).toBe('error')
      expect(s.error).toMatch(/another club/)
      const after = JSON.stringify(await rows())
      expect(after).toEqual(before)
      expect(after).not.toContain(deviceOf(a))
    } finally {
      await bare.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('club sync and clocks', () => {
  it('says how far this laptop’s clock is from the hub’s when it is off by more than a minute', async () => {
    const a = lap('ana', skewed(10 * MINUTE))
    const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
    expect(made.clock?.warning).toMatch(/10 minutes ahead of the hub/)
    expect(made.clock!.offsetMs).toBeLessThan(-9 * MINUTE)
    expect(made.clock?.short).toBe('Clock 10 minutes ahead of the hub')
    const b = lap('bo', skewed(-2 * DAY))
    const joined = await b.call<SyncStatus>('club:join', { hubUrl: hub.url, code: made.club!.code })
    expect(joined.clock?.warning).toMatch(/2 days behind the hub/)
    const c = lap('cy', skewed(20_000))
    const fine = await c.call<SyncStatus>('club:join', { hubUrl: hub.url, code: made.club!.code })
    expect(fine.clock).toMatchObject({ warning: null, short: null })
    expect(Math.abs(fine.clock!.offsetMs)).toBeLessThan(MINUTE)
  })

  it('refuses and lists an event stamped more than a day ahead of the receiver', async () => {
    const a = lap('ana', skewed(3 * DAY))
    const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
    await a.call('players:create', { name: 'From the future' })
    await a.call('sync:now')
    const b = lap('bo', skewed(0))
    const s = await b.call<SyncStatus>('club:join', { hubUrl: hub.url, code: made.club!.code })
    expect(s.refused.length).toBeGreaterThan(0)
    expect(s.refused.every((r) => /more than a day ahead/.test(r.reason))).toBe(true)
    expect(await names(b)).not.toContain('From the future')
  })
})

describe('club sync and what the hub says', () => {
  it('a huge club name or a laptop label with direction overrides is shown short and plain', async () => {
    const [a, b] = await club('ana', 'bo')
    await hubSql(hub, "UPDATE club_info SET value = ? WHERE key = 'name'", [`\u202eBULC${'x'.repeat(5_000_000)}`])
    await hubSql(hub, 'UPDATE club_devices SET label = ? WHERE device = ?', [
      `\u202eEvil\u0007${'y'.repeat(1000)}`,
      deviceOf(b!),
    ])
    const s = await a!.call<SyncStatus>('sync:now')
    expect(s.club!.name.length).toBeLessThanOrEqual(80)
    expect(s.club!.name).not.toMatch(UNSHOWN)
    const label = s.devices.find((d) => d.deviceId === deviceOf(b!))!.label
    expect(label.length).toBeLessThanOrEqual(60)
    expect(label).not.toMatch(UNSHOWN)
  })
})
