import { request } from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebServer, type WebServer } from '../../src/web/server'
import { snapshot, tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
let web: WebServer
let rendererDir: string

beforeAll(async () => {
  core = tempCore()
  rendererDir = join(core.dir, 'renderer')
  mkdirSync(join(rendererDir, 'assets'), { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>')
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(core.dir, 'secret.txt'), 'do not serve')
  web = await startWebServer({ dispatch: core.dispatch, rendererDir })
})
afterAll(async () => {
  await web.close()
  core.cleanup()
})

interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function raw(opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: web.port, method: opts.method ?? 'GET', path: opts.path, headers: { host: `127.0.0.1:${web.port}`, ...opts.headers } },
      (res) => {
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end(opts.body)
  })
}

const api = (channel: string, payload: unknown, headers: Record<string, string> = {}) =>
  raw({
    method: 'POST',
    path: `/api/${channel}`,
    headers: { 'content-type': 'application/json', 'x-ninekeeper-token': web.token, ...headers },
    body: JSON.stringify(payload),
  })

describe('web bridge', () => {
  it('listens on 127.0.0.1 only', () => {
    expect((web.server.address() as AddressInfo).address).toBe('127.0.0.1')
    expect(web.url).toBe(`http://127.0.0.1:${web.port}/`)
  })

  it('serves the page with the per-start token and a strict CSP header', async () => {
    const r = await raw({ path: '/' })
    expect(r.status).toBe(200)
    expect(r.body).toContain(`<meta name="ninekeeper-token" content="${web.token}">`)
    expect(r.headers['content-security-policy']).toMatch(/script-src 'self'/)
    expect(r.headers['x-content-type-options']).toBe('nosniff')
    expect(web.token.length).toBeGreaterThanOrEqual(40)
  })

  it('uses a different token on every start', async () => {
    const other = await startWebServer({ dispatch: core.dispatch, rendererDir })
    expect(other.token).not.toBe(web.token)
    await other.close()
  })

  it('answers a valid call with the handler result', async () => {
    const r = await api('players:create', { name: 'Ana' })
    expect(r.status).toBe(200)
    expect(JSON.parse(r.body)).toMatchObject({ ok: true, value: { name: 'Ana' } })
  })

  it('passes schema refusals through as invalid-input', async () => {
    const r = await api('players:create', { name: 12 })
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'invalid-input', field: 'name' } })
  })

  const refusals: [string, () => Promise<Reply>, number, string][] = [
    ['no token', () => api('players:create', { name: 'Eve' }, { 'x-ninekeeper-token': '' }), 403, 'bad-token'],
    ['a wrong token', () => api('players:create', { name: 'Eve' }, { 'x-ninekeeper-token': 'guess' }), 403, 'bad-token'],
    ['a foreign Origin', () => api('players:create', { name: 'Eve' }, { origin: 'https://evil.example' }), 403, 'forbidden-origin'],
    ['a look-alike Origin', () => api('players:create', { name: 'Eve' }, { origin: `http://127.0.0.1.evil:${web.port}` }), 403, 'forbidden-origin'],
    ['a cross-site fetch', () => api('players:create', { name: 'Eve' }, { 'sec-fetch-site': 'cross-site' }), 403, 'forbidden-origin'],
    ['a text/plain body', () => api('players:create', { name: 'Eve' }, { 'content-type': 'text/plain' }), 415, 'unsupported-media-type'],
    ['a form body', () => api('players:create', { name: 'Eve' }, { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported-media-type'],
    [
      'malformed JSON',
      () => raw({ method: 'POST', path: '/api/players:create', headers: { 'content-type': 'application/json', 'x-ninekeeper-token': web.token }, body: '{"name": "Eve"' }),
      400,
      'invalid-json',
    ],
    [
      'a body over 4 MB',
      () =>
        raw({
          method: 'POST',
          path: '/api/players:create',
          headers: { 'content-type': 'application/json', 'x-ninekeeper-token': web.token },
          body: JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024) }),
        }),
      413,
      'too-large',
    ],
    ['GET on the api', () => raw({ path: '/api/players:list' }), 405, 'method-not-allowed'],
    ['an unknown channel', () => api('db:exec', { sql: 'DROP TABLE players' }), 404, 'unknown-channel'],
  ]
  for (const [label, send, status, code] of refusals) {
    it(`refuses ${label} (${status}) and changes nothing`, async () => {
      const before = snapshot(core.db)
      const r = await send()
      expect(r.status).toBe(status)
      expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code } })
      expect(snapshot(core.db)).toEqual(before)
    })
  }

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const before = snapshot(core.db)
    const page = await raw({ path: '/', headers: { host: 'evil.example' } })
    expect(page.status).toBe(421)
    expect(page.body).not.toContain(web.token)
    const call = await api('players:create', { name: 'Eve' }, { host: `evil.example:${web.port}` })
    expect(call.status).toBe(421)
    expect(snapshot(core.db)).toEqual(before)
  })

  it('never serves files outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt']) {
      const r = await raw({ path })
      expect(r.status, path).toBe(404)
      expect(r.body).not.toContain('do not serve')
    }
    const js = await raw({ path: '/assets/app.js' })
    expect(js.status).toBe(200)
    expect(js.headers['content-type']).toMatch(/^text\/javascript/)
  })
})
