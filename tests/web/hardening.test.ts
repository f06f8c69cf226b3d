/**
 * The web bridge under hostile local clients: a broken %-escape in a channel name is a 404, not a
 * crash; a refused request closes its connection (a client announcing a 1 GB body cannot keep it);
 * a flood of idle unauthenticated sockets never locks out an authorised request. Bounded: 300
 * sockets on 127.0.0.1 only; tests wait for events, never for a fixed time.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_CONNECTIONS, startWebServer, type WebServer } from '../../src/web/server'
import { tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
let web: WebServer
beforeAll(async () => {
  core = tempCore()
  const rendererDir = join(core.dir, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  )
  web = await startWebServer({ dispatch: core.dispatch, rendererDir })
})
afterAll(async () => {
  await web.close()
  core.cleanup()
})

/** An authorised API call; resolves with the status and body, or 'refused' when the connection is dropped. */
function call(path: string, body = '{}'): Promise<{ status: number; body: string } | 'refused'> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: web.port,
        method: 'POST',
        path,
        agent: false,
        headers: { host: `127.0.0.1:${web.port}`, 'content-type': 'application/json', 'x-ninekeeper-token': web.token },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', () => resolve('refused'))
    req.end(body)
  })
}

describe('web bridge hardening', () => {
  it('answers a channel name with a broken %-escape with 404, not 500', async () => {
    const r = await call('/api/%E0%A4%A')
    expect(r).not.toBe('refused')
    if (r === 'refused') return
    expect(r.status).toBe(404)
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
    // The bridge still answers.
    expect(await call('/api/players:list')).toMatchObject({ status: 200 })
  })

  it('closes the connection after refusing an unauthenticated POST that announces 1 GB', async () => {
    const s = connect(web.port, '127.0.0.1')
    let received = ''
    s.setEncoding('utf8')
    s.on('data', (c: string) => (received += c))
    s.on('error', () => {})
    const closed = new Promise<void>((done) => s.once('close', () => done()))
    await new Promise<void>((open) => s.once('connect', () => open()))
    s.write(
      `POST /api/players:list HTTP/1.1\r\nHost: 127.0.0.1:${web.port}\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n{"a":`,
    )
    // Keep sending, as the announced body would; the server must not wait for it.
    const pump = setInterval(() => {
      if (!s.destroyed) s.write('x'.repeat(1024))
    }, 20)
    try {
      await closed
    } finally {
      clearInterval(pump)
    }
    // The first answer is the refusal, and it says the connection closes (not a 408 at the request timeout).
    const head = received.slice(0, received.indexOf('\r\n\r\n')).toLowerCase()
    expect(head).toMatch(/^http\/1\.1 403/)
    expect(head).toContain('connection: close')
  })

  it('keeps answering an authorised request while 300 idle unauthenticated sockets are open', async () => {
    const sockets: Socket[] = []
    await Promise.all(
      Array.from(
        { length: 300 },
        () =>
          new Promise<void>((opened) => {
            const s = connect(web.port, '127.0.0.1', () => opened())
            s.on('error', () => opened())
            s.on('close', () => opened())
            s.resume()
            sockets.push(s)
          }),
      ),
    )
    try {
      expect(300).toBeGreaterThan(MAX_CONNECTIONS)
      // Half-open sockets that sent nothing: the authorised call still gets its answer, not a refusal.
      for (let i = 0; i < 3; i++) expect(await call('/api/players:list')).toMatchObject({ status: 200 })
    } finally {
      for (const s of sockets) s.destroy()
    }
  })
})
