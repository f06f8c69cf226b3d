/**
 * The table units' listener (docs/TABLES.md § Threat model): pairing once, expiry, revoke, the
 * evening's close, the phone's own match only, every IPC channel refused, Host and Origin checks,
 * cookie flags, the close after a refusal and the idempotency key.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CHANNELS } from '../../src/shared/ipc/channels'
import type { MatchView } from '../../src/shared/model/match'
import { PHONE_OPERATIONS, startTablesServer, type TablesServer } from '../../src/web/tables/server'
import { tablesOf, type PhoneAnswer, type PhoneView, type TablesService } from '../../src/web/tables/service'
import { PAIRING_TTL_MS } from '../../src/web/tables/store'
import { cookieOf, phoneRequest } from '../helpers/phone'
import { snapshot, tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
let tables: TablesService
let server: TablesServer
let now: number

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value as T
}

async function wildNine(): Promise<MatchView> {
  const ids: string[] = []
  for (const name of ['Ana', 'Bo', 'Cy']) ids.push((await call<{ id: string }>('players:create', { name })).id)
  return call<MatchView>('matches:create', { gameId: 'wild-nine', playerIds: ids })
}

const round = (out: number) => ({ type: 'round', wentOut: out, points: [0, 1, 2].map((s) => (s === out ? 0 : 5 + s)) })

async function paired(matchId: string, label = 'Table 1'): Promise<{ cookie: string; unitId: string }> {
  const { code, unit } = tables.store.addPhone(matchId, label)
  const r = await phoneRequest(server.origin, '/pair', { body: { code } })
  expect(r.status).toBe(200)
  return { cookie: cookieOf(r), unitId: unit.id }
}

const events = (): number => core.db.prepare('SELECT count(*) FROM events').pluck().get() as number

beforeEach(async () => {
  core = tempCore()
  now = Date.parse('2026-12-04T19:00:00.000Z')
  tables = tablesOf(core, () => new Date(now))
  tables.store.open(new Date(now + 11 * 3600_000))
  const rendererDir = join(core.dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'phone.html'), '<!doctype html><title>phone</title>')
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>the organiser app</title>')
  server = await startTablesServer({ tables, host: '127.0.0.2', rendererDir })
})

afterEach(async () => {
  await server.close()
  core.cleanup()
})

describe('pairing', () => {
  it('trades a code once for an HttpOnly, SameSite=Strict cookie; the second use is refused', async () => {
    const m = await wildNine()
    const { code } = tables.store.addPhone(m.id, 'Table 3')
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/)
    const first = await phoneRequest(server.origin, '/pair', { body: { code } })
    expect(first.status).toBe(200)
    const set = String(first.headers['set-cookie'])
    expect(set).toMatch(/HttpOnly/)
    expect(set).toMatch(/SameSite=Strict/)
    expect(set).toMatch(/Path=\//)
    expect(set).not.toMatch(/Secure/) // plain HTTP on the LAN
    const again = await phoneRequest(server.origin, '/pair', { body: { code } })
    expect(again.status).toBe(403)
    expect(again.json.error?.code).toBe('bad-code')
    // Typed with dashes, spaces and lower case: the same code (but used already).
    const typed = code.toLowerCase().replace(/(.{5})/g, '$1-')
    expect((await phoneRequest(server.origin, '/pair', { body: { code: typed } })).json.error?.code).toBe('bad-code')
  })

  it('accepts a typed code with dashes and lower case', async () => {
    const m = await wildNine()
    const { code } = tables.store.addPhone(m.id, 'Table 3')
    const typed = code.toLowerCase().replace(/(.{5})/g, '$1 - ')
    expect((await phoneRequest(server.origin, '/pair', { body: { code: typed } })).status).toBe(200)
  })

  it('refuses a code older than 10 minutes', async () => {
    const m = await wildNine()
    const { code } = tables.store.addPhone(m.id, 'Table 1')
    now += PAIRING_TTL_MS
    const r = await phoneRequest(server.origin, '/pair', { body: { code } })
    expect(r.status).toBe(403)
    expect(r.headers['set-cookie']).toBeUndefined()
  })

  it('keeps only the hash of a code and of a session', async () => {
    const m = await wildNine()
    const { code } = tables.store.addPhone(m.id, 'Table 1')
    const r = await phoneRequest(server.origin, '/pair', { body: { code } })
    const session = cookieOf(r).split('=')[1] as string
    const dump = JSON.stringify(snapshot(core.db))
    expect(dump).not.toContain(code)
    expect(dump).not.toContain(session)
  })

  it('a revoked phone is refused at its next request and changes nothing', async () => {
    const m = await wildNine()
    const { cookie, unitId } = await paired(m.id)
    expect((await phoneRequest(server.origin, '/phone/view', { cookie })).status).toBe(200)
    expect(tables.store.revoke(unitId)).toBe(true)
    const before = events()
    const r = await phoneRequest(server.origin, '/phone/enter', {
      cookie,
      body: { key: 'k-revoked-1', action: round(0) },
    })
    expect(r.status).toBe(401)
    expect(r.json.error?.code).toBe('not-paired')
    expect(events()).toBe(before)
  })

  it('closing the evening ends every session, and so does its closing time', async () => {
    const m = await wildNine()
    const a = await paired(m.id, 'Table 1')
    tables.store.close()
    expect((await phoneRequest(server.origin, '/phone/view', { cookie: a.cookie })).status).toBe(401)
    tables.store.open(new Date(now + 3600_000))
    const b = await paired(m.id, 'Table 2')
    expect((await phoneRequest(server.origin, '/phone/view', { cookie: b.cookie })).status).toBe(200)
    now += 3600_000
    expect((await phoneRequest(server.origin, '/phone/view', { cookie: b.cookie })).status).toBe(401)
  })
})

describe('what a phone can reach', () => {
  it('its own match only: a match id in the request is ignored', async () => {
    const a = await wildNine()
    const b = await call<MatchView>('matches:create', {
      gameId: 'wild-nine',
      playerIds: a.seats.map((s) => s.playerId),
    })
    const { cookie } = await paired(a.id)
    const r = await phoneRequest(server.origin, '/phone/enter', {
      cookie,
      body: { key: 'key-own-match', action: round(1), id: b.id, matchId: b.id },
    })
    expect(r.json.ok).toBe(true)
    expect((r.json.value as PhoneAnswer).view.matchId).toBe(a.id)
    expect((await call<MatchView>('matches:get', { id: a.id })).actions).toHaveLength(1)
    expect((await call<MatchView>('matches:get', { id: b.id })).actions).toHaveLength(0)
  })

  it('every IPC channel is refused, by its name and under the phone path, and nothing changes', async () => {
    const m = await wildNine()
    const { cookie } = await paired(m.id)
    const before = snapshot(core.db)
    const refused: string[] = []
    for (const channel of CHANNELS) {
      for (const path of [`/api/${channel}`, `/phone/${channel}`, `/phone/${encodeURIComponent(channel)}`]) {
        const r = await phoneRequest(server.origin, path, { cookie, body: { id: m.id, action: round(0), name: 'X' } })
        if (r.status === 404 && r.json.error?.code === 'not-allowed') refused.push(channel)
      }
    }
    expect(refused).toHaveLength(CHANNELS.length * 3)
    const after = snapshot(core.db)
    // Only the phone's last-seen time may move: no event, no projection.
    delete before['table_units']
    delete after['table_units']
    expect(after).toEqual(before)
    // The allowlist is exactly the phone's three operations.
    expect([...PHONE_OPERATIONS]).toEqual(['view', 'enter', 'undo'])
  })

  it('the organiser app is not served to phones', async () => {
    for (const path of ['/index.html', '/api/app:info', '/download/x'])
      expect((await phoneRequest(server.origin, path, { method: 'GET' })).status).toBe(404)
    expect((await phoneRequest(server.origin, '/', { method: 'GET' })).body).toContain('phone')
  })
})

describe('request checks', () => {
  it('refuses another Host (DNS rebinding)', async () => {
    const m = await wildNine()
    const { cookie } = await paired(m.id)
    const r = await phoneRequest(server.origin, '/phone/view', { cookie, host: `evil.example:${server.port}` })
    expect(r.status).toBe(421)
    const page = await phoneRequest(server.origin, '/', { method: 'GET', host: `evil.example:${server.port}` })
    expect(page.status).toBe(421)
  })

  it('sends the opener policy only where a browser applies it: on loopback, not to a phone over plain HTTP on the LAN', async () => {
    const here = await phoneRequest(server.origin, '/', { method: 'GET' })
    expect(here.status).toBe(200)
    expect(here.headers['cross-origin-opener-policy']).toBe('same-origin')
    // A phone's request names the laptop's network address (refused here: this listener is on 127.0.0.2).
    const lan = await phoneRequest(server.origin, '/', { method: 'GET', host: `192.168.1.20:${server.port}` })
    expect(lan.status).toBe(421)
    expect(lan.headers['cross-origin-opener-policy']).toBeUndefined()
    expect(lan.headers['content-security-policy']).toBeTruthy()
    expect(lan.headers['cross-origin-resource-policy']).toBe('same-origin')
    for (const host of ['localhost', '[::1]', '127.9.9.9'])
      expect(
        (await phoneRequest(server.origin, '/', { method: 'GET', host: `${host}:${server.port}` })).headers[
          'cross-origin-opener-policy'
        ],
      ).toBe('same-origin')
  })

  it('refuses a POST from another origin or without one (CSRF), before pairing too', async () => {
    const m = await wildNine()
    const { cookie } = await paired(m.id)
    const before = events()
    for (const origin of ['http://evil.example', null, 'null', `http://127.0.0.2:${server.port + 1}`]) {
      const r = await phoneRequest(server.origin, '/phone/enter', {
        cookie,
        origin,
        body: { key: 'key-csrf-1', action: round(0) },
      })
      expect(r.status).toBe(403)
    }
    const { code } = tables.store.addPhone(m.id, 'Table 2')
    expect((await phoneRequest(server.origin, '/pair', { origin: 'http://evil.example', body: { code } })).status).toBe(
      403,
    )
    expect(events()).toBe(before)
  })

  it('closes the connection after refusing a POST that announces 1 GB (a client cannot keep the socket)', async () => {
    const s = connect(server.port, '127.0.0.2')
    let received = ''
    s.setEncoding('utf8')
    s.on('data', (c: string) => (received += c))
    s.on('error', () => {})
    const closed = new Promise<void>((done) => s.once('close', () => done()))
    await new Promise<void>((open) => s.once('connect', () => open()))
    s.write(
      `POST /phone/enter HTTP/1.1\r\nHost: 127.0.0.2:${server.port}\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n{"a":`,
    )
    // Keep sending, as the announced body would; the listener must not wait for it.
    const pump = setInterval(() => {
      if (!s.destroyed) s.write('x'.repeat(1024))
    }, 20)
    try {
      await closed
    } finally {
      clearInterval(pump)
    }
    const head = received.slice(0, received.indexOf('\r\n\r\n')).toLowerCase()
    expect(head).toMatch(/^http\/1\.1 403/)
    expect(head).toContain('connection: close')
  })

  it('refuses a body that is not JSON (a plain form post)', async () => {
    const m = await wildNine()
    const { cookie } = await paired(m.id)
    const r = await phoneRequest(server.origin, '/phone/enter', {
      cookie,
      contentType: 'text/plain',
      body: { key: 'key-form-1', action: round(0) },
    })
    expect(r.status).toBe(415)
  })
})

describe('entries', () => {
  it('a resend with the same key is answered with the first result and applied once', async () => {
    const m = await wildNine()
    const { cookie } = await paired(m.id)
    const send = () =>
      phoneRequest(server.origin, '/phone/enter', {
        cookie,
        body: { key: 'entry-0001', action: round(2), expected: m.head },
      })
    const first = (await send()).json.value as PhoneAnswer
    const second = (await send()).json.value as PhoneAnswer
    expect(first.repeated).toBe(false)
    expect(second.repeated).toBe(true)
    expect(second.eventId).toBe(first.eventId)
    expect((await call<MatchView>('matches:get', { id: m.id })).actions).toHaveLength(1)
  })

  it('a refused entry changes nothing and records no key', async () => {
    const m = await wildNine()
    const { cookie } = await paired(m.id)
    const before = snapshot(core.db)
    const r = await phoneRequest(server.origin, '/phone/enter', {
      cookie,
      body: { key: 'entry-bad-1', action: { type: 'round', wentOut: 0, points: [0, 1] } },
    })
    expect(r.json.ok).toBe(false)
    expect(snapshot(core.db)).toEqual(before)
    expect(tables.store.entry(tables.store.units()[0]!.id, 'entry-bad-1')).toBeNull()
  })

  it('undoes only its own last round, while nothing came after it', async () => {
    const m = await wildNine()
    const one = await paired(m.id, 'Table 1')
    const other = await paired(m.id, 'Table 1 (second phone)')
    await phoneRequest(server.origin, '/phone/enter', {
      cookie: one.cookie,
      body: { key: 'entry-one-1', action: round(0) },
    })
    const view = (await phoneRequest(server.origin, '/phone/view', { cookie: one.cookie })).json.value as PhoneView
    expect(view.canUndo).toBe(true)
    // Another phone cannot take it back.
    const theirs = await phoneRequest(server.origin, '/phone/undo', {
      cookie: other.cookie,
      body: { key: 'undo-other-1' },
    })
    expect(theirs.json.error?.code).toBe('not-your-entry')
    // Once the laptop entered a round after it, neither can this phone.
    const later = await call<MatchView>('matches:apply', { id: m.id, action: round(1) })
    const mine = await phoneRequest(server.origin, '/phone/undo', { cookie: one.cookie, body: { key: 'undo-one-1' } })
    expect(mine.json.error?.code).toBe('not-your-entry')
    expect((await call<MatchView>('matches:get', { id: m.id })).head).toBe(later.head)
    // Its next round it can take back, once.
    await phoneRequest(server.origin, '/phone/enter', {
      cookie: one.cookie,
      body: { key: 'entry-one-2', action: round(2) },
    })
    const undone = await phoneRequest(server.origin, '/phone/undo', { cookie: one.cookie, body: { key: 'undo-one-2' } })
    expect(undone.json.ok).toBe(true)
    expect((undone.json.value as PhoneAnswer).view.canUndo).toBe(false)
    expect((await call<MatchView>('matches:get', { id: m.id })).actions).toHaveLength(2)
    const twice = await phoneRequest(server.origin, '/phone/undo', { cookie: one.cookie, body: { key: 'undo-one-3' } })
    expect(twice.json.error?.code).toBe('not-your-entry')
  })

  it('names the phone that entered each round', async () => {
    const m = await wildNine()
    const { cookie } = await paired(m.id, 'Table 3')
    const r = (
      await phoneRequest(server.origin, '/phone/enter', { cookie, body: { key: 'entry-name-1', action: round(0) } })
    ).json.value as PhoneAnswer
    expect(tables.store.sources(m.id)).toEqual({ [r.eventId]: 'Table 3' })
  })
})
