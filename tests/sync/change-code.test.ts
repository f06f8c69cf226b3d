/**
 * Changing the club's join code (docs/SYNC.md § Changing the join code): once a laptop changes it,
 * the old code lets nobody in (not a new laptop, not a raw request to the hub), every laptop the club
 * keeps takes the new code at its next sync (one that was offline through the change too), a laptop
 * joins with the new code and counts the same history, and a crash or a lost answer between telling
 * the hub and writing the change loses nothing. Real hubs, real laptops.
 */
import { statSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../src/shared/model/sync'
import type { Player } from '../../src/shared/model/player'
import { decodeClubCode } from '../../src/core/sync/club-code'
import { hubToken } from '../../src/core/sync/hub-token'
import { digest, link, type Laptop, type Link } from '../helpers/club'
import { clubTestbed } from '../helpers/club-testbed'

const bed = clubTestbed()
/** Links made by a test, closed after it. */
const links: Link[] = []
afterEach(async () => {
  for (const l of links.splice(0)) await l.close()
})

const names = async (l: Laptop): Promise<string[]> =>
  (await l.call<Player[]>('players:list', {})).map((p) => p.name).sort()
const sync = (l: Laptop): Promise<SyncStatus> => l.call<SyncStatus>('sync:now')
const codeOf = async (l: Laptop): Promise<string> => (await l.call<SyncStatus>('sync:status')).club!.code
const tokenOf = (code: string): string => {
  const s = decodeClubCode(code)
  if (!s.ok) throw new Error('not a code')
  return hubToken(s.value.key)
}
/** What the hub answers a raw read with this token: its status and body. */
async function rawRead(url: string, token: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${url}/v2/pipeline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'SELECT key, value FROM club_info' } }] }),
  })
  return { status: res.status, body: await res.text() }
}

/** Ana creates a club; Bo and Cy join and each add a player, so the club knows their laptops' keys. */
/** Ana creates the club, Bo and Cy join (Cy at `cyUrl`: the hub itself, or a link to it that a test can cut). */
async function club(
  hubUrl = bed.hub.url,
  cyUrl = bed.hub.url,
): Promise<{ a: Laptop; b: Laptop; c: Laptop; code: string }> {
  const a = bed.lap('ana')
  const made = await a.call<SyncStatus>('club:create', { hubUrl })
  const code = made.club!.code
  const b = bed.lap('bo')
  await b.call('club:join', { hubUrl: bed.hub.url, code })
  const c = bed.lap('cy')
  await c.call('club:join', { hubUrl: cyUrl, code })
  await a.call('players:create', { name: 'Ana' })
  await b.call('players:create', { name: 'Bo' })
  await c.call('players:create', { name: 'Cy' })
  for (const l of [a, b, c, a]) await sync(l)
  return { a, b, c, code }
}

describe('changing the join code', () => {
  it('the old code admits nobody; kept laptops, one offline through the change, take the new code; a new laptop joins with it', async () => {
    const { a, b, c, code } = await club()
    // A laptop that joined with the old code and has played nothing yet: its joining is in the log, so it is kept.
    const idle = bed.lap('idle')
    await idle.call('club:join', { hubUrl: bed.hub.url, code })
    await sync(a)

    const changed = await a.call<SyncStatus>('club:change-code')
    const fresh = changed.club!.code
    expect(fresh).not.toBe(code)
    expect(decodeClubCode(fresh)).toMatchObject({ ok: true, value: { clubId: changed.club!.id } })
    expect(changed.club!.codeChanged).toMatchObject({ thisLaptop: true, by: 'this laptop' })
    // The hub's record of the change is the hub laptop's alone.
    expect(statSync(bed.hub.hub.codeFile).mode & 0o777).toBe(0o600)

    // The old code: a new laptop is turned away, and a raw request with its token reads nothing.
    const outsider = bed.lap('outsider')
    expect(await outsider.refuse('club:join', { hubUrl: bed.hub.url, code })).toMatchObject({
      code: 'code-changed',
      message: expect.stringMatching(/ask a laptop in the club for the new code/i),
    })
    const old = await rawRead(bed.hub.url, tokenOf(code))
    expect(old.status).toBe(401)
    expect(old.body).not.toContain(changed.club!.id)
    expect((await rawRead(bed.hub.url, tokenOf(fresh))).status).toBe(200)

    // Bo syncs: he takes the new code and goes on.
    await a.call('players:create', { name: 'After change' })
    await sync(a)
    await sync(b)
    await sync(b)
    expect(await codeOf(b)).toBe(fresh)
    expect((await b.call<SyncStatus>('sync:status')).club!.codeChanged).toMatchObject({ thisLaptop: false, by: 'ana' })
    await b.call('players:create', { name: 'Bo after' })
    expect((await sync(b)).state).toBe('connected')

    // Cy was offline through all of it and played meanwhile: his first sync brings him in.
    await c.call('players:create', { name: 'Cy offline' })
    const atC = await sync(c)
    expect(atC.error).toBeNull()
    await sync(c)
    expect(await codeOf(c)).toBe(fresh)

    // The idle laptop was kept too: it takes the new code and what it plays now goes round.
    await idle.call('players:create', { name: 'Idle' })
    expect((await sync(idle)).error).toBeNull()
    await sync(idle)
    expect(await codeOf(idle)).toBe(fresh)

    // A new laptop joins with the new code and counts the same history as everyone.
    const dee = bed.lap('dee')
    await dee.call('club:join', { hubUrl: bed.hub.url, code: fresh })
    for (const l of [a, b, c, idle, dee, a, b, c, idle, dee]) await sync(l)
    expect((await sync(dee)).refusedTotal).toBe(0)
    expect(await codeOf(dee)).toBe(fresh)
    expect(await names(dee)).toEqual(['Ana', 'Bo', 'Bo after', 'Cy', 'Cy offline', 'After change', 'Idle'].sort())
    const da = digest(a)
    for (const l of [b, c, idle, dee]) expect(digest(l)).toEqual(da)
    await dee.call('players:create', { name: 'Dee' })
    await sync(dee)
    await sync(a)
    expect(await names(a)).toContain('Dee')
    expect((await sync(a)).refusedTotal).toBe(0)
  })

  it('two presses make two changes in turn; every laptop ends on the last code and the first code’s tokens stop working', async () => {
    const { a, b, code } = await club()
    const [one, two] = await Promise.all([
      a.call<SyncStatus>('club:change-code'),
      a.call<SyncStatus>('club:change-code'),
    ])
    const first = one.club!.code
    const last = two.club!.code
    expect(new Set([code, first, last]).size).toBe(3)
    expect(await codeOf(a)).toBe(last)
    await sync(b)
    await sync(b)
    expect(await codeOf(b)).toBe(last)
    expect((await rawRead(bed.hub.url, tokenOf(first))).status).toBe(401)
    expect((await rawRead(bed.hub.url, tokenOf(code))).status).toBe(401)
    const dee = bed.lap('dee')
    expect(await dee.refuse('club:join', { hubUrl: bed.hub.url, code: first })).toMatchObject({ code: 'code-changed' })
    await dee.call('club:join', { hubUrl: bed.hub.url, code: last })
    await sync(dee)
    await sync(a)
    expect(digest(dee)).toEqual(digest(a))
  })

  it('an answer lost after the hub took the change, then the laptop killed: the next start finishes it', async () => {
    // A door in front of the hub that passes everything, but can swallow the answer to a code change.
    let swallow = true
    const door: Server = createServer((req, res) => {
      const up = request(
        { host: '127.0.0.1', port: bed.hub.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          if (swallow && req.url === '/ninekeeper/code') {
            answer.resume()
            answer.on('end', () => res.destroy())
            return
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      up.on('error', () => res.destroy())
      req.pipe(up)
    })
    await new Promise<void>((r) => door.listen(0, '127.0.0.1', () => r()))
    try {
      const url = `http://127.0.0.1:${(door.address() as { port: number }).port}`
      const { a, b, code } = await club(url)
      expect(await a.refuse('club:change-code')).toMatchObject({ code: 'hub-unreachable' })
      // The hub took it: the old code no longer opens it, and Ana still shows the old one.
      expect((await rawRead(bed.hub.url, tokenOf(code))).status).toBe(401)
      expect(await codeOf(a)).toBe(code)

      // Ana's app is killed and started again: its first sync finishes the change.
      const dir = a.dir
      await a.shutdown()
      bed.forget(a)
      swallow = false
      const again = bed.lap('ana', { dir })
      expect((await sync(again)).error).toBeNull()
      const fresh = await codeOf(again)
      expect(fresh).not.toBe(code)
      expect((await rawRead(bed.hub.url, tokenOf(fresh))).status).toBe(200)
      await sync(b)
      await sync(b)
      expect(await codeOf(b)).toBe(fresh)
      // One change in the log, the same on both.
      const changes = (l: Laptop): number =>
        (l.db.prepare("SELECT count(*) AS n FROM events WHERE kind = 'device.code-changed'").get() as { n: number }).n
      expect(changes(again)).toBe(1)
      expect(changes(b)).toBe(1)
      expect(digest(b)).toEqual(digest(again))
    } finally {
      await new Promise<void>((r) => door.close(() => r()))
      door.closeAllConnections()
    }
  })

  it('the hub takes a change only with the current token and a well-formed body, tells only old tokens who changed it, and keeps it across a restart', async () => {
    const { a, b, code } = await club()
    const post = async (token: string, body: unknown) => {
      const res = await fetch(`${bed.hub.url}/ninekeeper/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
      return { status: res.status, body: await res.text() }
    }
    const hex = (c: string) => c.repeat(64)
    const good = { token: hex('a'), members: [hex('b')], by: 'A'.repeat(43), ref: 'r'.repeat(22) }
    expect((await post('x'.repeat(43), good)).status).toBe(401)
    for (const bad of [
      { ...good, token: 'nope' },
      { ...good, members: [hex('b'), hex('b')] },
      { ...good, members: Array.from({ length: 501 }, (_, i) => i.toString(16).padStart(64, '0')) },
      { ...good, by: 'short' },
      { ...good, ref: 'x' },
      { ...good, extra: 1 },
      { ...good, members: [hex('a')] },
    ])
      expect((await post(tokenOf(code), bad)).status).toBe(403)
    // Nothing of that changed the hub: the club's code still opens it.
    expect((await rawRead(bed.hub.url, tokenOf(code))).status).toBe(200)

    const changed = await a.call<SyncStatus>('club:change-code')
    const fresh = changed.club!.code
    await sync(a)
    // Someone still holding the old code cannot change it again (the hub says the code changed).
    const again = await post(tokenOf(code), { ...good, token: hex('c') })
    expect(again.status).toBe(401)
    expect(JSON.parse(again.body)).toMatchObject({ changed: { ref: expect.any(String), by: expect.any(String) } })
    // A token the hub never knew is refused without the notice.
    const stranger = await rawRead(bed.hub.url, 'y'.repeat(43))
    expect(stranger.status).toBe(401)
    expect(stranger.body).not.toContain('changed')

    // Restarted, the hub keeps the change: old code out, new code and Bo's way in kept.
    await bed.hub.restart()
    expect((await rawRead(bed.hub.url, tokenOf(code))).status).toBe(401)
    expect((await rawRead(bed.hub.url, tokenOf(fresh))).status).toBe(200)
    await sync(b)
    await sync(b)
    expect(await codeOf(b)).toBe(fresh)
  })

  for (const first of ['a laptop that took the change', 'the laptop that missed it'] as const)
    it(`a hub lost after a change and seeded again by ${first}: the laptop that missed the change comes back, and the old code stays out`, async () => {
      const cable = await link(() => bed.hub.port)
      links.push(cable)
      const { a, b, c, code } = await club(bed.hub.url, cable.url)
      // Cy is switched off through the change and the hub's loss (his link cut, so the sync a write starts by
      // itself cannot reach the hub either); he played meanwhile.
      cable.setOnline(false)
      const fresh = (await a.call<SyncStatus>('club:change-code')).club!.code
      await sync(a)
      await sync(b)
      await sync(b)
      expect(await codeOf(b)).toBe(fresh)
      await c.call('players:create', { name: 'Cy offline' })
      // That write's own sync, and this one after it, fail (the next try is a minute away)
      expect((await sync(c)).state).not.toBe('connected')
      await bed.hub.lose()
      cable.setOnline(true)
      if (first === 'the laptop that missed it') {
        // Cy seeds the empty hub with the old code; Ana takes it back with that code and tells it the change.
        expect((await sync(c)).state).toBe('connected')
        expect((await sync(a)).state).toBe('connected')
      } else expect((await sync(a)).state).toBe('connected')
      for (const l of [b, c, c, a, b, c]) expect((await sync(l)).state).toBe('connected')
      expect(await codeOf(c)).toBe(fresh)
      expect((await rawRead(bed.hub.url, tokenOf(code))).status).toBe(401)
      expect((await rawRead(bed.hub.url, tokenOf(fresh))).status).toBe(200)
      expect(await names(a)).toContain('Cy offline')
      const da = digest(a)
      expect(digest(b)).toEqual(da)
      expect(digest(c)).toEqual(da)
    })

  it('two changes on either side of a lost hub (the second by a laptop that never saw the first): every laptop ends on one code', async () => {
    const { a, b, c, code } = await club()
    const first = (await a.call<SyncStatus>('club:change-code')).club!.code
    await sync(a)
    // The hub is lost before Cy hears of Ana's change; Cy seeds it again and changes the code himself.
    await bed.hub.lose()
    const second = (await c.call<SyncStatus>('club:change-code')).club!.code
    expect(new Set([code, first, second]).size).toBe(3)
    for (const l of [a, b, c, a, b, c, a, b, c]) await sync(l)
    const codes = await Promise.all([a, b, c].map(codeOf))
    expect(new Set(codes).size).toBe(1)
    for (const l of [a, b, c]) expect((await sync(l)).state).toBe('connected')
    expect((await rawRead(bed.hub.url, tokenOf(codes[0]!))).status).toBe(200)
    for (const old of [code, first, second].filter((k) => k !== codes[0]))
      expect((await rawRead(bed.hub.url, tokenOf(old))).status).toBe(401)
    const da = digest(a)
    expect(digest(b)).toEqual(da)
    expect(digest(c)).toEqual(da)
  })

  it('refuses outside a club and for a laptop taken out, changing nothing', async () => {
    const solo = bed.lap('solo')
    expect(await solo.refuse('club:change-code')).toMatchObject({ code: 'not-in-club' })
    const { a, c } = await club()
    const cId = (c.db.prepare("SELECT value FROM meta WHERE key = 'device_id'").get() as { value: string }).value
    await a.call('club:remove-device', { deviceId: cId })
    await sync(a)
    await sync(c)
    const before = await codeOf(c)
    expect(await c.refuse('club:change-code')).toMatchObject({ code: 'removed' })
    expect(await codeOf(c)).toBe(before)
    // A change after the removal does not keep the removed laptop: it cannot read the hub any more.
    const changed = await a.call<SyncStatus>('club:change-code')
    expect(changed.club!.code).not.toBe(before)
    const atC = await sync(c)
    expect(atC.state).toBe('error')
    expect(atC.error).toMatch(/taken out of the club/)
  })
})
