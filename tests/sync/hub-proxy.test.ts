/**
 * The hub's front door (src/core/hub/proxy.ts): tursodb listens on 127.0.0.1 only and
 * the club's address is Ninekeeper's own proxy, which lets in only laptops holding the club code (the
 * hub token, trust on first seed) and only the statements the app's sync sends. Real hubs, real laptops.
 */
import { readFileSync, rmSync, statSync, readdirSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../src/shared/model/sync'
import type { Player } from '../../src/shared/model/player'
import { decodeClubCode } from '../../src/core/sync/club-code'
import { hubToken } from '../../src/core/sync/hub-token'
import { tursoTransport } from '../../src/core/sync/turso'
import { tokenHash, TOKEN_FILE } from '../../src/core/hub/proxy-rules'
import { digest, laptop, testHub, type Laptop, type TestHub } from '../helpers/club'

let hub: TestHub
const open: Laptop[] = []
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
  await hub.lose()
})

type Value = { type: 'text'; value: string } | { type: 'integer'; value: string } | { type: 'null' }
const text = (value: string): Value => ({ type: 'text', value })
const int = (n: number): Value => ({ type: 'integer', value: String(n) })
const IN_TXN = { type: 'not', cond: { type: 'is_autocommit' } }
const step = (sql: string, args: Value[] = [], condition: unknown = IN_TXN) => ({
  condition,
  stmt: { sql, sql_id: null, args, named_args: [], want_rows: false, replication_index: null },
})
const pipeline = (steps: unknown[]) => ({
  baton: null,
  requests: [{ type: 'batch', batch: { steps, replication_index: null } }],
})
/** A statement inside the transaction a push uses (BEGIN IMMEDIATE … COMMIT), as the client sends it. */
const inPush = (sql: string, args: Value[] = []) =>
  pipeline([step('BEGIN IMMEDIATE', [], null), step(sql, args), step('COMMIT')])

const EVENT_INSERT =
  'INSERT OR IGNORE INTO club_events (id, club, device, seq, hlc, kind, v, subject, payload, mac) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
const eventArgs = (id: string): Value[] => [
  text(id),
  text('club'),
  text('dev-x'),
  int(1),
  text('hlc'),
  text('player.created'),
  int(1),
  text('s'),
  text('{}'),
  text('mac'),
]

async function post(
  path: string,
  body: Buffer | string | object,
  token?: string,
  contentType = 'application/json',
): Promise<{ status: number; body: Buffer }> {
  const data = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body))
  const r = await fetch(`${hub.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new Uint8Array(data),
    signal: AbortSignal.timeout(20_000),
  })
  return { status: r.status, body: Buffer.from(await r.arrayBuffer()) }
}

/** What tursodb itself holds (read past the front door, on its loopback port). */
async function hubRows(): Promise<unknown> {
  const r = await fetch(`${hub.hub.databaseUrl}/v2/pipeline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      baton: null,
      requests: [
        {
          type: 'batch',
          batch: {
            steps: [
              'SELECT * FROM club_events ORDER BY n',
              'SELECT * FROM club_info ORDER BY key',
              'SELECT device, label, hub FROM club_devices ORDER BY device',
              "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'turso_%' ORDER BY name",
            ].map((sql) => ({ condition: null, stmt: { sql, args: [], want_rows: true } })),
          },
        },
      ],
    }),
  })
  const json = (await r.json()) as {
    results: { response: { result: { step_results: { rows: unknown[] }[] } } }[]
  }
  return json.results[0]!.response.result.step_results.map((s) => s.rows)
}

/** A club on the hub with events of two laptops; its hub token. */
async function club(): Promise<{ a: Laptop; b: Laptop; token: string; code: string }> {
  const a = lap('ana')
  await a.call('players:create', { name: 'Ana' })
  const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url, name: 'Thursday club' })
  expect(made.state).toBe('connected')
  const b = lap('bo')
  expect((await b.call<SyncStatus>('club:join', { hubUrl: hub.url, code: made.club!.code })).state).toBe('connected')
  await b.call('players:create', { name: 'Bo' })
  await b.call('sync:now')
  await a.call('sync:now')
  const secret = decodeClubCode(made.club!.code)
  if (!secret.ok) throw new Error('code')
  return { a, b, token: hubToken(secret.value.key), code: made.club!.code }
}

describe('the hub front door', () => {
  it('lets the club create, join and sync with the token, and keeps only the token’s hash', async () => {
    const { a, b, token } = await club()
    expect(digest(a)).toEqual(digest(b))
    expect((await a.call<Player[]>('players:list', {})).map((p) => p.name).sort()).toEqual(['Ana', 'Bo'])
    expect(readFileSync(join(hub.dir, TOKEN_FILE), 'utf8').trim()).toBe(tokenHash(token).toString('hex'))
    // A laptop with another club's code is refused by the hub and brings nothing in.
    const replica = await tursoTransport
      .open({ dir: join(a.dir, 'x-replica'), url: hub.url, clientName: 'x', authToken: hubToken(Buffer.alloc(16, 9)) })
      .then(
        () => 'opened',
        (e: Error) => e.message,
      )
    expect(replica).toMatch(/\b401\b/)
  })

  it('without the club’s token every request is 401 and nothing is read', async () => {
    const { token } = await club()
    const before = await hubRows()
    const wrong = hubToken(Buffer.alloc(16, 1))
    // An empty pull request asks for every page of the database.
    for (const t of [undefined, wrong, `${token.slice(0, -1)}x`, 'short']) {
      for (const [path, body, type] of [
        ['/pull-updates', Buffer.alloc(0), 'application/protobuf'],
        ['/v2/pipeline', inPush(EVENT_INSERT, eventArgs('intruder')), 'application/json'],
        [
          '/v2/pipeline',
          pipeline([
            step('SELECT pull_gen, change_id FROM turso_sync_last_change_id WHERE client_id = ?', [text('x')], null),
          ]),
          'application/json',
        ],
      ] as const) {
        const r = await post(path, body, t, type)
        expect(r.status, `${path} with ${t ?? 'no token'}`).toBe(401)
        // The answer is the reason, never a byte of the club's database.
        expect(JSON.parse(r.body.toString('utf8'))).toEqual({ error: expect.any(String) })
      }
    }
    expect(await hubRows()).toEqual(before)
    // The right token reads.
    const ok = await post('/pull-updates', Buffer.alloc(0), token, 'application/protobuf')
    expect(ok.status).toBe(200)
    expect(ok.body.includes(Buffer.from('Thursday club'))).toBe(true)
  })

  it('refuses with 403 every statement the app never sends, and the hub’s rows stay as they were', async () => {
    const { a, b, token } = await club()
    const before = await hubRows()
    const attacks: [string, object][] = [
      ['load_extension', pipeline([step("SELECT load_extension('/tmp/evil.so')", [], null)])],
      ['load_extension in a push', inPush("SELECT load_extension('/tmp/evil.so')")],
      ['VACUUM INTO', pipeline([step("VACUUM INTO '/tmp/stolen.db'", [], null)])],
      ['ATTACH', inPush("ATTACH DATABASE '/tmp/other.db' AS other")],
      ['CREATE TRIGGER', inPush('CREATE TRIGGER t BEFORE INSERT ON club_events BEGIN SELECT RAISE(ABORT, "no"); END')],
      ['UPDATE', inPush("UPDATE club_events SET payload = '{}'")],
      ['DELETE', inPush('DELETE FROM club_events')],
      ['INSERT OR REPLACE', inPush(EVENT_INSERT.replace('OR IGNORE', 'OR REPLACE'), eventArgs('x'))],
      ['DROP TABLE', inPush('DROP TABLE club_events')],
      ['stacked', inPush(`${EVENT_INSERT}; DELETE FROM club_events`, eventArgs('y'))],
      ['PRAGMA', pipeline([step('PRAGMA writable_schema = ON', [], null)])],
      [
        'a renamed club (the seeding statement once the hub holds a club)',
        inPush(
          'INSERT INTO "club_info"("key", "value") VALUES (?,?) ON CONFLICT("key") DO UPDATE SET "key" = excluded."key","value" = excluded."value"',
          [text('name'), text('Hijacked')],
        ),
      ],
      [
        'an event row with the wrong types',
        inPush(EVENT_INSERT, [...eventArgs('z').slice(0, 3), text('not a number'), ...eventArgs('z').slice(4)]),
      ],
      ['a statement outside the transaction', pipeline([step(EVENT_INSERT, eventArgs('w'), null), step('COMMIT')])],
      ['a stream (baton)', { ...inPush(EVENT_INSERT, eventArgs('v')), baton: 'b' }],
    ]
    for (const [what, body] of attacks) {
      const r = await post('/v2/pipeline', body, token)
      expect(r.status, what).toBe(403)
      expect(JSON.parse(r.body.toString('utf8')), what).toEqual({ error: expect.any(String) })
    }
    // A pull asking for pages picked by a server-side query (protobuf field 7).
    const query = Buffer.from('SELECT 1')
    const selector = await post(
      '/pull-updates',
      Buffer.concat([Buffer.from([0x3a, query.length]), query]),
      token,
      'application/protobuf',
    )
    expect(selector.status).toBe(403)
    expect(await hubRows()).toEqual(before)
    // The club goes on as before.
    await a.call('players:create', { name: 'Cy' })
    await a.call('sync:now')
    await b.call('sync:now')
    expect(digest(b)).toEqual(digest(a))
  })

  it('answers 413 to an oversized request without passing it on', async () => {
    const { token } = await club()
    const before = await hubRows()
    const big = inPush(EVENT_INSERT, [...eventArgs('big').slice(0, 8), text('x'.repeat(9 * 1024 * 1024)), text('m')])
    const r = await post('/v2/pipeline', big, token)
    expect(r.status).toBe(413)
    expect(await hubRows()).toEqual(before)
  })

  it('keeps the hub’s files owner-only: 0600 in a 0700 folder', async () => {
    if (process.platform === 'win32') return
    await club()
    const mode = (p: string): string => (statSync(p).mode & 0o777).toString(8)
    expect(mode(hub.dir)).toBe('700')
    const files = readdirSync(hub.dir)
    expect(files).toEqual(expect.arrayContaining(['club.db', 'club.db-wal', TOKEN_FILE]))
    for (const f of files) expect(`${f} ${mode(join(hub.dir, f))}`).toBe(`${f} 600`)
  })

  it('trusts the first seed only: another club cannot seed or read it; a wiped hub takes a new first seed', async () => {
    const { a } = await club()
    const other = lap('other')
    const refused = await other.refuse('club:create', { hubUrl: hub.url, name: 'Other club' })
    expect(refused.code).toBe('hub-in-use')
    expect(readFileSync(join(hub.dir, TOKEN_FILE), 'utf8')).toBeTruthy()
    // The hub's folder is lost: the next laptop to seed it owns it, and the old club's token no longer reads it.
    await hub.lose()
    expect(readdirSync(hub.dir)).not.toContain(TOKEN_FILE)
    expect((await other.call<SyncStatus>('club:create', { hubUrl: hub.url, name: 'Other club' })).state).toBe(
      'connected',
    )
    const old = await a.call<SyncStatus>('sync:now')
    expect(old.state).not.toBe('connected')
  })

  it('refuses a club name a player name would not pass, and stays open for a proper seed', async () => {
    const secret = { clubId: '7a1e0f7c-1d2b-4c3a-8b4d-5e6f7a8b9c0d', key: Buffer.alloc(16, 3) }
    const o = (dir: string) => ({
      dir: join(hub.dir, '..', `${dir}-${process.pid}`),
      url: hub.url,
      clientName: 'seed',
      authToken: hubToken(secret.key),
    })
    const info = (name: string) => ({ format: 'ninekeeper-club-1', clubId: secret.clubId, hubId: 'h-1', name })
    try {
      for (const name of ['Thursday \u202eevil', 'x'.repeat(81), 'tab\there', '\u200b']) {
        await expect(tursoTransport.seed(o('s1'), info(name)), JSON.stringify(name)).rejects.toThrow()
        expect(readdirSync(hub.dir)).not.toContain(TOKEN_FILE)
      }
      await tursoTransport.seed(o('s2'), info('Thursday club ✓'))
      expect(readdirSync(hub.dir)).toContain(TOKEN_FILE)
    } finally {
      for (const d of ['s1', 's2']) rmSync(o(d).dir, { recursive: true, force: true })
    }
  })
})

describe('the hub front door, cut short', () => {
  it('times out a request whose body never arrives (408) and cuts an answer past its cap', async () => {
    const { startHub } = await import('../../src/core/hub/hub')
    const { freePort } = await import('../helpers/net')
    const { mkdtempSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const dir = mkdtempSync(join(tmpdir(), 'ninekeeper-hub-small-'))
    const small = await startHub({
      port: await freePort(),
      dataDir: dir,
      limits: { timeoutMs: 1500, pullResponseBytes: 4096 },
    })
    try {
      const token = hubToken(Buffer.alloc(16, 5))
      // Headers, then a body that never comes.
      const status = await new Promise<number>((resolve, reject) => {
        const u = new URL(small.url)
        const r = request(
          {
            host: u.hostname,
            port: u.port,
            method: 'POST',
            path: '/v2/pipeline',
            headers: { 'content-type': 'application/json', 'content-length': 1000, authorization: `Bearer ${token}` },
          },
          (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          },
        )
        r.on('error', reject)
        r.write('{"baton":')
      })
      expect(status).toBe(408)
      // Seeding works (small answers); a new laptop's first pull (every page, > 4 KB) is cut.
      const o = (d: string) => ({
        dir: join(dir, '..', `${d}-cut-${process.pid}`),
        url: small.url,
        clientName: d,
        authToken: token,
      })
      try {
        await tursoTransport
          .seed(o('s'), {
            format: 'ninekeeper-club-1',
            clubId: '7a1e0f7c-1d2b-4c3a-8b4d-5e6f7a8b9c0d',
            hubId: 'h-2',
            name: 'Small',
          })
          .catch(() => {})
        const r = await fetch(`${small.url}/pull-updates`, {
          method: 'POST',
          headers: { 'content-type': 'application/protobuf', authorization: `Bearer ${token}` },
          body: new Uint8Array(0),
        }).then(
          async (res) => Buffer.from(await res.arrayBuffer()).length,
          () => 'cut',
        )
        expect(r).toBe('cut')
      } finally {
        for (const d of ['s']) rmSync(o(d).dir, { recursive: true, force: true })
      }
    } finally {
      await small.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
