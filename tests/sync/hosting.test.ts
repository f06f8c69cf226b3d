/**
 * Hosting the club's hub from the app (docs/SYNC.md § Hosting the hub from the app), through the
 * dispatcher as Settings → Club calls it: a real tursodb behind the real front door, in the hosting
 * laptop's data folder, and other laptops as real cores joining it by its address and the club code.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { HostStatus } from '../../src/shared/model/hosting'
import type { Player } from '../../src/shared/model/player'
import type { SyncStatus } from '../../src/shared/model/sync'
import { HOSTING_META_KEY } from '../../src/core/hub/hosting'
import { lanAddresses } from '../../src/core/hub/hub'
import { isAlive as alive } from '../../src/core/hub/leftover'
import { hubBinary } from '../../src/core/hub/locate'
import { TOKEN_FILE } from '../../src/core/hub/proxy-rules'
import { decodeClubCode } from '../../src/core/sync/club-code'
import { hubToken } from '../../src/core/sync/hub-token'
import { laptop, type Laptop } from '../helpers/club'
import { freePort } from '../helpers/net'

const open: Laptop[] = []
const dirs: string[] = []
const servers: Server[] = []
function lap(name: string, dir?: string): Laptop {
  const l = laptop(name, dir)
  open.push(l)
  if (!dirs.includes(l.dir)) dirs.push(l.dir)
  return l
}
/** Shuts a laptop as the app's quit does (core.close), and resolves once its hub's tursodb has ended. */
async function quit(l: Laptop): Promise<void> {
  const hub = l.hosting.running
  open.splice(open.indexOf(l), 1)
  await l.shutdown()
  // The app's close stops the hub at once (its quit does not wait for anything).
  expect(l.hosting.running).toBeNull()
  if (hub) await hub.exited
}
afterEach(async () => {
  for (const l of open.splice(0)) {
    await l.hosting.shutdown()
    await l.shutdown()
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r))
})

/** Resolves with the first status (now or after a change) that `ok` accepts. */
function until(l: Laptop, ok: (s: HostStatus) => boolean): Promise<HostStatus> {
  return new Promise((resolve) => {
    const now = l.hosting.status()
    if (ok(now)) return resolve(now)
    const off = l.hosting.onChange((s) => {
      if (!ok(s)) return
      off()
      resolve(s)
    })
  })
}

const names = async (l: Laptop): Promise<string[]> =>
  (await l.call<Player[]>('players:list', {})).map((p) => p.name).sort()

describe('hosting the club on this laptop', () => {
  it('other laptops join it by its address and code; stopping it leaves them offline; a restart brings it back on the same port with the same history', async () => {
    const port = await freePort()
    const a = lap('Organiser')
    expect(await a.call<HostStatus>('hub:host-status')).toMatchObject({ state: 'off', port: null, addresses: [] })
    const hosted = await a.call<HostStatus>('hub:host-start', { port, lan: true })
    expect(hosted).toMatchObject({ state: 'running', port, lan: true, localUrl: `http://127.0.0.1:${port}` })
    expect(hosted.folder).toBe(join(a.dir, 'hub'))
    expect(existsSync(join(a.dir, 'hub', 'club.db'))).toBe(true)
    expect(statSync(join(a.dir, 'hub')).mode & 0o777).toBe(0o700)
    // The addresses to give the others: one per network interface, as npm run hub prints them.
    expect(hosted.addresses).toEqual(lanAddresses(port))
    const other = hosted.addresses[0] ?? hosted.localUrl ?? ''

    // The organiser creates the club on it; another laptop joins at the address shown, with the code.
    const created = await a.call<SyncStatus>('club:create', { hubUrl: hosted.localUrl, name: 'Thursday club' })
    const code = created.club?.code ?? ''
    const b = lap('Table 2')
    await b.call('club:join', { hubUrl: other, code })
    await b.call('players:create', { name: 'Zoe' })
    expect((await b.call<SyncStatus>('sync:now')).state).toBe('connected')
    expect((await a.call<SyncStatus>('sync:now')).state).toBe('connected')
    expect(await names(a)).toEqual(['Zoe'])

    // The status never carries the hub token nor its hash (they stay in the hub's folder).
    const secret = decodeClubCode(code)
    if (!secret.ok) throw new Error(secret.error.message)
    const token = hubToken(secret.value.key)
    const stored = readFileSync(join(a.dir, 'hub', TOKEN_FILE), 'utf8').trim()
    expect(stored).toBe(createHash('sha256').update(token).digest('hex'))
    const shown = JSON.stringify([await a.call('hub:host-status'), await a.call('hub:host-start', { port, lan: true })])
    expect(shown).not.toContain(token)
    expect(shown).not.toContain(stored)

    // Stop: the other laptop's sync finds the hub unreachable (and keeps going offline).
    const pid = a.hosting.running?.pid ?? 0
    expect(await a.call<HostStatus>('hub:host-stop')).toMatchObject({ state: 'off', localUrl: null, addresses: [] })
    expect(alive(pid)).toBe(false)
    await b.call('players:create', { name: 'Yan' })
    const offline = await b.call<SyncStatus>('sync:now')
    expect(offline.state).toBe('offline')
    expect(offline.error ?? '').toMatch(/reach|answer|connect/i)

    // Started again, then the app quits and starts again: the hub comes back by itself, same port, same history.
    await a.call('hub:host-start', { port, lan: true })
    await quit(a)
    expect(alive(pid)).toBe(false)
    const again = lap('Organiser', a.dir)
    await again.hosting.restored
    expect(again.hosting.status()).toMatchObject({ state: 'running', port, lan: true })
    expect((await b.call<SyncStatus>('sync:now')).state).toBe('connected')
    // A laptop that joins now gets the whole history from the hub the app brought back.
    const c = lap('Table 3')
    await c.call('club:join', { hubUrl: other, code })
    expect(await names(c)).toEqual(['Yan', 'Zoe'])
  }, 120_000)

  it('a port another program holds is refused by name and changes nothing; after a restart it is a status, not a crash', async () => {
    const taken = createServer()
    servers.push(taken)
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()))
    const port = (taken.address() as { port: number }).port
    const a = lap('Organiser')
    const r = await a.dispatch('hub:host-start', { port })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error).toMatchObject({ code: 'port-in-use', field: 'port' })
    expect(r.error.message).toContain(`Port ${port} is taken by another program`)
    expect(a.hosting.status()).toMatchObject({ state: 'off', error: null })
    expect(a.db.prepare('SELECT value FROM meta WHERE key = ?').get(HOSTING_META_KEY)).toBeUndefined()

    // Hosted on a free port, the app quits; another program takes that port before the app starts again.
    const free = await freePort()
    await a.call('hub:host-start', { port: free })
    await quit(a)
    const squatter = createServer()
    servers.push(squatter)
    await new Promise<void>((res) => squatter.listen(free, '127.0.0.1', () => res()))
    const again = lap('Organiser', a.dir)
    await again.hosting.restored
    const status = await again.call<HostStatus>('hub:host-status')
    expect(status).toMatchObject({ state: 'failed', port: free, localUrl: null })
    expect(status.error).toContain(`Port ${free} is taken by another program`)
    // Still wanted: once the port is free, Start brings it up there.
    await new Promise((res) => squatter.close(res))
    expect(await again.call<HostStatus>('hub:host-start', {})).toMatchObject({ state: 'running', port: free })
  }, 60_000)

  it('a hub whose database stops on its own is started again once, then reported', async () => {
    const a = lap('Organiser')
    const port = await freePort()
    await a.call('hub:host-start', { port })
    await a.call('club:create', { hubUrl: `http://127.0.0.1:${port}`, name: 'Crash club' })
    const first = a.hosting.running?.pid ?? 0
    process.kill(first, 'SIGKILL')
    const back = await until(a, (s) => s.state === 'running' && s.restarts === 1)
    expect(back.port).toBe(port)
    expect(a.hosting.running?.pid).not.toBe(first)
    // The club is still there: the laptop syncs with it as before.
    expect((await a.call<SyncStatus>('sync:now')).state).toBe('connected')
    process.kill(a.hosting.running?.pid ?? 0, 'SIGKILL')
    const failed = await until(a, (s) => s.state === 'failed')
    expect(failed.error).toMatch(/stopped on its own \(SIGKILL\), again/)
    expect(failed.localUrl).toBeNull()
  }, 60_000)

  it('listens for this laptop only unless the organiser chooses the network', async () => {
    const a = lap('Organiser')
    const port = await freePort()
    const local = await a.call<HostStatus>('hub:host-start', { port })
    expect(local).toMatchObject({ lan: false, addresses: [] })
    const reach = (url: string): Promise<number> =>
      fetch(`${url}/v2/pipeline`, { method: 'POST', body: '{}' }).then(
        (r) => r.status,
        () => 0,
      )
    expect(await reach(`http://127.0.0.1:${port}`)).toBe(401)
    const outside = lanAddresses(port)[0]
    // This computer's own network address stands for another laptop's view (none: nothing to try).
    if (outside) expect(await reach(outside)).toBe(0)
    await a.call('hub:host-stop')
    await a.call('hub:host-start', { port, lan: true })
    if (outside) expect(await reach(outside)).toBe(401)
  }, 60_000)

  it('a hub folder another tursodb holds is refused with what tursodb said, and changes nothing', async () => {
    const a = lap('Organiser')
    const folder = join(a.dir, 'hub')
    mkdirSync(folder, { recursive: true })
    const held = await freePort()
    const squatter = spawn(hubBinary(), [join(folder, 'club.db'), '--sync-server', `127.0.0.1:${held}`], {
      stdio: 'ignore',
    })
    // It holds the file once it answers HTTP.
    for (;;) {
      const answered = await fetch(`http://127.0.0.1:${held}/`).then(
        () => true,
        () => false,
      )
      if (answered) break
    }
    try {
      const r = await a.dispatch('hub:host-start', { port: await freePort() })
      expect(r.ok).toBe(false)
      if (r.ok) return
      expect(r.error.code).toBe('hub-failed')
      expect(r.error.message).toMatch(/stopped at once \(exit 1\): .*lock/i)
      expect(a.hosting.status()).toMatchObject({ state: 'off' })
    } finally {
      squatter.kill('SIGKILL')
    }
  }, 60_000)
})
