/**
 * Issue 11, finding 4: a local flood of slow connections (slowloris) must not lock the bridge out.
 * Bounded: 300 sockets on 127.0.0.1 only, and the whole test takes a few seconds.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEADERS_TIMEOUT_MS, MAX_CONNECTIONS, startWebServer, type WebServer } from '../../src/web/server'
import { tempCore } from '../helpers/tmp'

const SLOW_SOCKETS = 300

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

/** A normal API call; resolves with the status, or with 'refused' when the connection is dropped. */
function normalCall(): Promise<number | 'refused'> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: web.port,
        method: 'POST',
        path: '/api/players:list',
        headers: { host: `127.0.0.1:${web.port}`, 'content-type': 'application/json', 'x-ninekeeper-token': web.token },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', () => resolve('refused'))
    req.end('{}')
  })
}

describe('slow clients', () => {
  it('bounds connections and header time', () => {
    expect(web.server.maxConnections).toBe(MAX_CONNECTIONS)
    expect(MAX_CONNECTIONS).toBeLessThan(SLOW_SOCKETS)
    expect(web.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS)
    expect(web.server.requestTimeout).toBeGreaterThan(0)
    expect(web.server.requestTimeout).toBeLessThanOrEqual(30_000)
  })

  it(`drops ${SLOW_SOCKETS} slow sockets quickly and keeps answering`, { timeout: 30_000 }, async () => {
    const sockets: Socket[] = []
    const closedAt: number[] = []
    const start = Date.now()
    await Promise.all(
      Array.from(
        { length: SLOW_SOCKETS },
        () =>
          new Promise<void>((opened) => {
            const s = connect(web.port, '127.0.0.1', () => {
              // Half a request line, then nothing: the classic slowloris.
              s.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: ')
              opened()
            })
            s.on('error', () => {})
            // Read what the server sends (its 408, its close); a paused socket would never see the close.
            s.resume()
            s.on('close', () => {
              closedAt.push(Date.now() - start)
              opened()
            })
            sockets.push(s)
          }),
      ),
    )
    try {
      // While the flood holds: a normal request answers, or is refused at once; it never hangs.
      const t0 = Date.now()
      const during = await normalCall()
      expect(Date.now() - t0).toBeLessThan(2_000)
      expect([200, 'refused']).toContain(during)

      // The sockets over the cap are closed at once, the rest once the header timeout passes.
      await new Promise((r) => setTimeout(r, 300))
      expect(closedAt.length).toBeGreaterThanOrEqual(SLOW_SOCKETS - MAX_CONNECTIONS - 1)
      const deadline = HEADERS_TIMEOUT_MS + 3_000
      while (closedAt.length < SLOW_SOCKETS && Date.now() - start < deadline + 2_000)
        await new Promise((r) => setTimeout(r, 100))
      expect(closedAt.length).toBe(SLOW_SOCKETS)
      expect(Math.max(...closedAt)).toBeLessThan(deadline)

      // And then the bridge answers normally.
      expect(await normalCall()).toBe(200)
    } finally {
      for (const s of sockets) s.destroy()
    }
  })
})
