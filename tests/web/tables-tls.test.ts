/**
 * The table units over HTTPS with the club's certificate (--tls-cert/--tls-key): the phones' origin is
 * https, the session cookie is Secure as well, and a POST from the plain-HTTP origin is refused.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:https'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createCore } from '../../src/core/core'
import type { TablesStatus } from '../../src/shared/ipc/tables'
import { tableUnits } from '../../src/web/tables/control'
import { startTablesServer, type TablesServer } from '../../src/web/tables/server'
import { tablesOf, type TablesService } from '../../src/web/tables/service'
import { tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
let tables: TablesService
let server: TablesServer
let cert: Buffer

beforeEach(async () => {
  core = tempCore()
  tables = tablesOf(core)
  tables.store.open(new Date(Date.now() + 3600_000))
  const rendererDir = join(core.dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'phone.html'), '<!doctype html><title>phone</title>')
  // A certificate for the laptop's address, as a club would make one (here self-signed).
  const key = join(core.dir, 'key.pem')
  const crt = join(core.dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.6',
      '-addext',
      'subjectAltName=IP:127.0.0.6',
      '-keyout',
      key,
      '-out',
      crt,
    ],
    { stdio: 'ignore' },
  )
  cert = readFileSync(crt)
  server = await startTablesServer({ tables, host: '127.0.0.6', rendererDir, tls: { cert, key: readFileSync(key) } })
})

afterEach(async () => {
  await server.close()
  core.cleanup()
})

function post(path: string, body: unknown, origin: string): Promise<{ status: number; setCookie: string }> {
  const text = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: '127.0.0.6',
        port: server.port,
        path,
        method: 'POST',
        ca: cert,
        agent: false,
        headers: { origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        res.resume()
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, setCookie: String(res.headers['set-cookie'] ?? '') }),
        )
      },
    )
    req.on('error', reject)
    req.end(text)
  })
}

it('pairs over HTTPS with a Secure, HttpOnly, SameSite=Strict cookie', async () => {
  const ids: string[] = []
  for (const name of ['Ana', 'Bo']) {
    const r = await core.dispatch('players:create', { name })
    ids.push((r as { value: { id: string } }).value.id)
  }
  const m = await core.dispatch('matches:create', { gameId: 'nine', playerIds: ids })
  const { code } = tables.store.addPhone((m as { value: { id: string } }).value.id, 'Table 1')
  expect(server.origin).toBe(`https://127.0.0.6:${server.port}`)
  expect(server.pairingUrl(code)).toBe(`https://127.0.0.6:${server.port}/pair#${code}`)
  // The plain-HTTP origin is another origin.
  expect((await post('/pair', { code }, `http://127.0.0.6:${server.port}`)).status).toBe(403)
  const r = await post('/pair', { code }, server.origin)
  expect(r.status).toBe(200)
  expect(r.setCookie).toMatch(/; Secure/)
  expect(r.setCookie).toMatch(/HttpOnly/)
  expect(r.setCookie).toMatch(/SameSite=Strict/)
})

it("Club night opens the units over HTTPS with the certificate's files, and again after a restart", async () => {
  const dir = core.dir
  const made = createCore({
    dataDir: join(dir, 'second'),
    mode: 'web',
    version: '0.0.0-test',
    log: () => {},
    autoBackup: false,
    tables: tableUnits({ rendererDir: join(dir, 'renderer'), log: () => {} }),
  })
  try {
    const one = await made.dispatch('tables:open', { host: '127.0.0.7', port: 0, tlsCert: join(dir, 'cert.pem') })
    expect(!one.ok && one.error.field).toBe('tlsKey')
    const missing = await made.dispatch('tables:open', {
      host: '127.0.0.7',
      port: 0,
      tlsCert: join(dir, 'nope.pem'),
      tlsKey: join(dir, 'key.pem'),
    })
    expect(!missing.ok && missing.error.field).toBe('tlsCert')
    const r = await made.dispatch('tables:open', {
      host: '127.0.0.7',
      port: 0,
      tlsCert: join(dir, 'cert.pem'),
      tlsKey: join(dir, 'key.pem'),
    })
    const opened = (r.ok ? r.value : null) as TablesStatus | null
    expect(opened?.https).toBe(true)
    const origin = opened?.origin as string
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.7:\d+$/)
    await made.tables?.shutdown()
    made.close()
    const again = createCore({
      dataDir: join(dir, 'second'),
      mode: 'web',
      version: '0.0.0-test',
      log: () => {},
      autoBackup: false,
      tables: tableUnits({ rendererDir: join(dir, 'renderer'), log: () => {} }),
    })
    await again.tables?.restored()
    const status = again.tables?.status()
    expect(status?.origin).toBe(origin)
    expect(status?.https).toBe(true)
    await again.tables?.shutdown()
    again.close()
  } finally {
    if (made.db.open) {
      await made.tables?.shutdown()
      made.close()
    }
  }
})
