/**
 * GET /events, the web bridge's change stream (docs/ARCHITECTURE.md § Change events): a `changed`
 * event reaches the session's open stream after a write, none after a read; no session, another site
 * or another host gets no stream; and no more than MAX_EVENT_STREAMS stay open at once.
 */
import { request, type IncomingMessage } from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_EVENT_STREAMS, sessionCookieName, startWebServer, type WebServer } from '../../src/web/server'
import { tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
let web: WebServer
let cookie = ''

beforeAll(async () => {
  core = tempCore()
  const rendererDir = join(core.dir, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>')
  web = await startWebServer({ dispatch: core.dispatch, rendererDir, changes: core.changes })
  // The session cookie, as the browser gets it from the printed address.
  const set = await new Promise<string>((done, fail) => {
    request(
      { host: '127.0.0.1', port: web.port, path: `/?k=${web.token}`, headers: { host: `127.0.0.1:${web.port}` } },
      (res) => {
        res.resume()
        done(String(res.headers['set-cookie']?.[0] ?? ''))
      },
    )
      .on('error', fail)
      .end()
  })
  cookie = set.split(';')[0] ?? ''
  expect(cookie.startsWith(`${sessionCookieName(web.port)}=`)).toBe(true)
})
afterAll(async () => {
  await web.close()
  core.cleanup()
})

/** Opens GET /events with these headers; resolves with the response as soon as its head arrives. */
function open(headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((done, fail) => {
    request(
      { host: '127.0.0.1', port: web.port, path: '/events', headers: { host: `127.0.0.1:${web.port}`, ...headers } },
      done,
    )
      .on('error', fail)
      .end()
  })
}

/** Collects a stream's text; `until` resolves once the text holds `needle`. */
function reader(res: IncomingMessage): { text: () => string; until: (needle: string) => Promise<void> } {
  let text = ''
  const waiting: { needle: string; done: () => void }[] = []
  res.setEncoding('utf8')
  res.on('data', (chunk: string) => {
    text += chunk
    for (const w of waiting.splice(0))
      if (text.includes(w.needle)) w.done()
      else waiting.push(w)
  })
  return {
    text: () => text,
    until: (needle) => new Promise<void>((done) => (text.includes(needle) ? done() : waiting.push({ needle, done }))),
  }
}

const listeners = (): number => core.changes.size

describe('GET /events', () => {
  it('refuses no session, another site and another host, listening to nothing for them', async () => {
    // First, while no stream is open.
    expect(listeners()).toBe(0)
    const none = await open({})
    expect(none.statusCode).toBe(403)
    none.resume()
    const otherSite = await open({ cookie, 'sec-fetch-site': 'cross-site' })
    expect(otherSite.statusCode).toBe(403)
    otherSite.resume()
    const wrongSecret = await open({ 'x-ninekeeper-token': 'not-the-secret' })
    expect(wrongSecret.statusCode).toBe(403)
    wrongSecret.resume()
    const otherHost = await open({ cookie, host: 'evil.example' })
    expect(otherHost.statusCode).toBe(421)
    otherHost.resume()
    expect(listeners()).toBe(0)
  })

  it('sends a changed event to the session after a write, none after a read', async () => {
    const res = await open({ cookie })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(res.headers['content-security-policy']).toBeTruthy()
    const stream = reader(res)
    await stream.until('retry:')
    await core.dispatch('players:list', {})
    const created = await core.dispatch('players:create', { name: 'Ana' })
    expect(created.ok).toBe(true)
    await stream.until('event: changed')
    const data = /data: (.*)\n/.exec(stream.text())?.[1] ?? ''
    expect(JSON.parse(data)).toMatchObject({ seq: 1, cause: 'call' })
    // One write, one event: the read before it sent none.
    expect(stream.text().match(/event: changed/g)).toHaveLength(1)
    res.destroy()
    await new Promise<void>((done) => res.once('close', done))
  })

  it(`keeps at most ${MAX_EVENT_STREAMS} streams open: a new one closes the oldest`, async () => {
    const first = await open({ cookie })
    const closed = new Promise<void>((done) => first.once('close', done))
    first.resume()
    const rest: IncomingMessage[] = []
    for (let i = 0; i < MAX_EVENT_STREAMS; i++) {
      const r = await open({ cookie })
      expect(r.statusCode).toBe(200)
      r.resume()
      rest.push(r)
    }
    await closed
    expect(listeners()).toBe(MAX_EVENT_STREAMS)
    for (const r of rest) r.destroy()
  })
})
