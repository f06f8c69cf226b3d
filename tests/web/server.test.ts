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
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  )
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

function raw(opts: {
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: web.port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: { host: `127.0.0.1:${web.port}`, ...opts.headers },
      },
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

/** Opens the printed address once, as a browser does, and returns the session cookie it set. */
async function sessionCookie(): Promise<string> {
  const r = await raw({ path: `/?k=${web.token}` })
  return String(r.headers['set-cookie']).split(';')[0] as string
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

  it('shows a page without the secret or session that explains how to open the app, not the app', async () => {
    for (const path of ['/', '/index.html', '/assets/app.js']) {
      const r = await raw({ path })
      expect(r.status, path).toBe(403)
      expect(r.headers['content-type'], path).toMatch(/^text\/html/)
      expect(r.body, path).toMatch(/address printed in the terminal/)
      expect(r.body, path).toContain('?k=')
      expect(r.body, path).not.toContain(web.token)
      expect(r.body, path).not.toContain('<title>t</title>')
      expect(r.body, path).not.toContain('console.log(1)')
      expect(r.headers['set-cookie'], path).toBeUndefined()
    }
  })

  it('trades the secret in the address for an HttpOnly SameSite=Strict cookie and a clean address', async () => {
    expect(web.openUrl).toBe(`http://127.0.0.1:${web.port}/?k=${web.token}`)
    const r = await raw({ path: `/?k=${web.token}` })
    expect(r.status).toBe(303)
    expect(r.headers.location).toBe('/')
    const cookie = String(r.headers['set-cookie'])
    expect(cookie).toMatch(new RegExp(`^ninekeeper_session_${web.port}=[A-Za-z0-9_-]{40,}; `))
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; SameSite=Strict/)
    expect(cookie).toMatch(/; Path=\//)
    expect(cookie).not.toContain(web.token)
    // Other query parameters survive the redirect; only the secret goes.
    const deep = await raw({ path: `/index.html?x=1&k=${web.token}` })
    expect(deep.headers.location).toBe('/index.html?x=1')
    // Never a redirect to another site.
    const doubled = await raw({ path: `/.//evil.example/x?k=${web.token}` })
    expect(doubled.headers.location).toBe('/evil.example/x')
  })

  it('serves the app to the session cookie, and the page carries no secret', async () => {
    const r = await raw({ path: '/', headers: { cookie: await sessionCookie() } })
    expect(r.status).toBe(200)
    expect(r.body).toContain('<title>t</title>')
    expect(r.body).not.toContain(web.token)
    expect(r.body).not.toMatch(/ninekeeper-token/)
    expect(r.headers['content-security-policy']).toMatch(/script-src 'self'/)
    expect(r.headers['x-content-type-options']).toBe('nosniff')
    expect(web.token.length).toBeGreaterThanOrEqual(40)
  })

  it('refuses a wrong or empty secret, with no cookie', async () => {
    for (const k of ['guess', '', web.token.slice(0, -1), `${web.token}x`]) {
      const r = await raw({ path: `/?k=${encodeURIComponent(k)}` })
      expect(r.status, k).toBe(403)
      expect(r.headers['set-cookie'], k).toBeUndefined()
      expect(r.body, k).toMatch(/address printed in the terminal/)
    }
  })

  it('answers API calls with the session cookie (as the page does) or the secret header (as a script does)', async () => {
    const viaCookie = await api('players:list', {}, { 'x-ninekeeper-token': '', cookie: await sessionCookie() })
    expect(JSON.parse(viaCookie.body)).toMatchObject({ ok: true })
    const viaHeader = await api('players:list', {})
    expect(JSON.parse(viaHeader.body)).toMatchObject({ ok: true })
  })

  it('refuses a forged, stale or other-port cookie, and a wrong header even with a good cookie', async () => {
    const before = snapshot(core.db)
    const good = await sessionCookie()
    const value = good.split('=')[1] as string
    const cases: Record<string, string>[] = [
      { 'x-ninekeeper-token': '', cookie: `ninekeeper_session_${web.port}=${web.token}` },
      { 'x-ninekeeper-token': '', cookie: `ninekeeper_session_${web.port}=${value.slice(0, -1)}` },
      { 'x-ninekeeper-token': '', cookie: `ninekeeper_session_${web.port + 1}=${value}` },
      { 'x-ninekeeper-token': 'guess', cookie: good },
    ]
    for (const headers of cases) {
      const r = await api('players:create', { name: 'Eve' }, headers)
      expect(r.status, JSON.stringify(headers)).toBe(403)
      expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'bad-token' } })
    }
    const other = await startWebServer({ dispatch: core.dispatch, rendererDir })
    try {
      // A session of another start (another server) opens nothing here.
      const r = await raw({ path: `/?k=${other.token}` })
      expect(r.status).toBe(403)
    } finally {
      await other.close()
    }
    expect(snapshot(core.db)).toEqual(before)
  })

  it('answers HEAD like GET without a body, with or without a session', async () => {
    const out = await raw({ method: 'HEAD', path: '/' })
    expect(out.status).toBe(403)
    expect(out.body).toBe('')
    expect(Number(out.headers['content-length'])).toBeGreaterThan(100)
    const wrongKey = await raw({ method: 'HEAD', path: '/?k=guess' })
    expect(wrongKey.status).toBe(403)
    expect(wrongKey.body).toBe('')
    const page = await raw({ method: 'HEAD', path: '/', headers: { cookie: await sessionCookie() } })
    expect(page.status).toBe(200)
    expect(page.body).toBe('')
    expect(Number(page.headers['content-length'])).toBeGreaterThan(10)
    const js = await raw({ method: 'HEAD', path: '/assets/app.js', headers: { cookie: await sessionCookie() } })
    expect(js.body).toBe('')
    expect(js.headers['content-length']).toBe('14')
  })

  it('refuses other methods on pages, and says how large a request may be', async () => {
    const post = await raw({ method: 'POST', path: '/', headers: { cookie: await sessionCookie() } })
    expect(post.status).toBe(405)
    const big = await api('players:create', { name: 'x'.repeat(5 * 1024 * 1024) })
    expect(JSON.parse(big.body).error.message).toBe('The request is larger than 4 MB.')
    const missing = await raw({ path: '/nothing-here.js', headers: { cookie: await sessionCookie() } })
    expect(missing.status).toBe(404)
  })

  it('reads the session cookie among others, by its exact name', async () => {
    const good = await sessionCookie()
    const value = good.split('=')[1] as string
    const name = `ninekeeper_session_${web.port}`
    const ok = (cookie: string) => api('players:list', {}, { 'x-ninekeeper-token': '', cookie }).then((r) => r.status)
    expect(await ok(`a=b; ${name}=${value}; c=d`)).toBe(200)
    expect(await ok(`a=b;${name}=${value}`)).toBe(200)
    expect(await ok(`  ${name}=${value}  `)).toBe(200)
    expect(await ok(`x${name}=${value}`)).toBe(403)
    expect(await ok(`${name}x=${value}`)).toBe(403)
    expect(await ok(`=${value}`)).toBe(403)
    expect(await ok(`${name}=x${value}`)).toBe(403)
  })

  it('accepts same-origin fetches (both addresses, any charset or letter case of JSON)', async () => {
    const calls: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: `http://127.0.0.1:${web.port}` },
      { 'sec-fetch-site': 'none' },
      { origin: `http://localhost:${web.port}`, host: `localhost:${web.port}` },
      { 'content-type': 'application/json; charset=utf-8' },
      { 'content-type': ' Application/JSON ;charset=UTF-8' },
    ]
    for (const headers of calls) {
      const r = await api('players:list', {}, headers)
      expect(r.status, JSON.stringify(headers)).toBe(200)
      expect(JSON.parse(r.body)).toMatchObject({ ok: true })
    }
    expect((await api('players:list', {}, { 'content-type': 'text/json' })).status).toBe(415)
  })

  it('sends the framing, opener and resource policies on every answer', async () => {
    for (const r of [
      await raw({ path: '/' }),
      await raw({ path: '/', headers: { cookie: await sessionCookie() } }),
      await api('players:list', {}),
    ]) {
      const csp = String(r.headers['content-security-policy'])
      expect(csp).toContain("frame-ancestors 'none'")
      expect(r.headers['cross-origin-opener-policy']).toBe('same-origin')
      expect(r.headers['cross-origin-resource-policy']).toBe('same-origin')
      expect(r.headers['referrer-policy']).toBe('no-referrer')
      expect(r.headers['cache-control']).toBe('no-store')
    }
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
    // A refusal by the app is an answer (200); only an unknown channel is a 404.
    expect(r.status).toBe(200)
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'invalid-input', field: 'name' } })
  })

  const refusals: [string, () => Promise<Reply>, number, string][] = [
    ['no token', () => api('players:create', { name: 'Eve' }, { 'x-ninekeeper-token': '' }), 403, 'bad-token'],
    [
      'a wrong token',
      () => api('players:create', { name: 'Eve' }, { 'x-ninekeeper-token': 'guess' }),
      403,
      'bad-token',
    ],
    [
      'a foreign Origin',
      () => api('players:create', { name: 'Eve' }, { origin: 'https://evil.example' }),
      403,
      'forbidden-origin',
    ],
    [
      'a look-alike Origin',
      () => api('players:create', { name: 'Eve' }, { origin: `http://127.0.0.1.evil:${web.port}` }),
      403,
      'forbidden-origin',
    ],
    [
      'a cross-site fetch',
      () => api('players:create', { name: 'Eve' }, { 'sec-fetch-site': 'cross-site' }),
      403,
      'forbidden-origin',
    ],
    [
      'a text/plain body',
      () => api('players:create', { name: 'Eve' }, { 'content-type': 'text/plain' }),
      415,
      'unsupported-media-type',
    ],
    [
      'a form body',
      () => api('players:create', { name: 'Eve' }, { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'unsupported-media-type',
    ],
    [
      'malformed JSON',
      () =>
        raw({
          method: 'POST',
          path: '/api/players:create',
          headers: { 'content-type': 'application/json', 'x-ninekeeper-token': web.token },
          body: '{"name": "Eve"',
        }),
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
    const cookie = await sessionCookie()
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt']) {
      const r = await raw({ path, headers: { cookie } })
      expect(r.status, path).toBe(404)
      expect(r.body).not.toContain('do not serve')
    }
    const js = await raw({ path: '/assets/app.js', headers: { cookie: await sessionCookie() } })
    expect(js.status).toBe(200)
    expect(js.headers['content-type']).toMatch(/^text\/javascript/)
  })
})
