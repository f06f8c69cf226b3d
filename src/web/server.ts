/**
 * The web bridge: a loopback-only HTTP server that serves the built renderer and exposes the same
 * IPC handlers at POST /api/<channel>. It lets the real app (real handlers, real SQLite file) run
 * in a browser where Electron is missing, and lets Playwright drive it in Chromium.
 *
 * Access: a per-start secret is printed in the address (`/?k=…`) by `npm start` / `npm run web`.
 * Opening that address exchanges the secret for an HttpOnly, SameSite=Strict session cookie and
 * redirects to the clean address, so the page itself never carries a secret another local user
 * could read with a plain GET. Scripts may send the secret as the X-Ninekeeper-Token header instead.
 *
 * Change events: GET /events is a server-sent event stream to the same session: a `changed` event each
 * time the core's event log grew (a call, a phone's entry, a sync's merge; docs/ARCHITECTURE.md § Change
 * events), so live screens (the night board) refresh on it instead of polling. At most MAX_EVENT_STREAMS
 * are open at once; a new one closes the oldest (a reloaded page's stream may linger a moment).
 *
 * Exports: GET /download/<handle> streams an export the database worker left in a file
 * (transfer:export-json-file, transfer:export-csv-file) as an attachment, once, to the same session; then the file is gone.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { extname } from 'node:path'
import type { Dispatch } from '../core/ipc/dispatch'
import type { ExportDownloads } from '../core/services/export-downloads'
import type { ChangeListener } from '../core/changes'
import { CONTENT_SECURITY_POLICY, CONTENT_TYPES, resolveStaticPath } from '../core/security'
import { readBody, readCookie, securityHeaders as httpSecurityHeaders, sendWith } from './http'

export const TOKEN_HEADER = 'x-ninekeeper-token'
/** The query parameter that carries the per-start secret in the printed address. */
export const SECRET_PARAM = 'k'
export const MAX_BODY_BYTES = 4 * 1024 * 1024
/** Open connections at once: a browser uses a handful; a local flood of slow sockets is cut off here. */
export const MAX_CONNECTIONS = 128
/** A request's headers must arrive within this time, its whole body within REQUEST_TIMEOUT_MS. */
export const HEADERS_TIMEOUT_MS = 5_000
export const REQUEST_TIMEOUT_MS = 30_000
/** How often Node looks for connections past those timeouts (its default, 30 s, would let them linger). */
const CONNECTIONS_CHECK_MS = 1_000
/**
 * Connections that have not yet made an authorised request (no session, no secret): at most this many
 * at once, the oldest closed to make room for a new one, so a local flood of idle or half-open
 * sockets never takes the slots the owner's browser needs (MAX_CONNECTIONS − MAX_UNAUTHENTICATED stay
 * for authorised ones).
 */
export const MAX_UNAUTHENTICATED = 32
/** An unauthenticated connection idle this long is closed (an authorised one keeps the usual timeouts). */
export const UNAUTHENTICATED_IDLE_MS = 2_000

/** Change streams (GET /events) open at once: a projector's board and a few windows; the oldest goes first. */
export const MAX_EVENT_STREAMS = 8
/** A comment line this often on an idle change stream, so a dead connection is noticed and closed. */
const EVENT_PING_MS = 20_000

/** The session cookie's name: per port, so two bridges on one machine keep their own sessions. */
export function sessionCookieName(port: number): string {
  return `ninekeeper_session_${port}`
}

export interface WebServerOptions {
  dispatch: Dispatch
  rendererDir: string
  port?: number
  /** Fixed secret for tests; a fresh random one per start otherwise. */
  token?: string
  /** Exports waiting for their download (core.downloads); without it /download/ answers 404. */
  downloads?: Pick<ExportDownloads, 'take' | 'release'>
  /** The core's change feed (core.changes); without it /events answers 404. */
  changes?: { subscribe(listener: ChangeListener): () => void }
}

export interface WebServer {
  server: Server
  /** The clean address (no secret): opening it without the session cookie shows how to get in. */
  url: string
  /** The address to open: the clean one with the per-start secret, `http://127.0.0.1:PORT/?k=…`. */
  openUrl: string
  port: number
  /** The per-start secret (the `k` of openUrl, or the X-Ninekeeper-Token header for scripts). */
  token: string
  close(): Promise<void>
}

const HOST = '127.0.0.1'

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(32).toString('base64url')
  // The cookie's value is its own random value, not the secret: the secret only ever travels in the printed address.
  const session = randomBytes(32).toString('base64url')
  let port = 0
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
    },
    (req, res) => {
      handle(req, res).catch(() => send(res, 500, 'text/plain; charset=utf-8', 'Internal error'))
    },
  )
  server.maxConnections = MAX_CONNECTIONS
  // An idle keep-alive socket is closed soon, so it does not hold one of the connections.
  server.keepAliveTimeout = 5_000
  // Sockets that have not made an authorised request yet, oldest first.
  const unauthenticated = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    unauthenticated.add(socket)
    socket.once('close', () => unauthenticated.delete(socket))
    // A short idle time before authentication: a socket that sends nothing (or stops) is closed soon.
    socket.setTimeout(UNAUTHENTICATED_IDLE_MS, () => socket.destroy())
    if (unauthenticated.size > MAX_UNAUTHENTICATED) {
      const oldest = unauthenticated.values().next().value as Socket
      unauthenticated.delete(oldest)
      oldest.destroy()
    }
  })
  /** The socket made an authorised request: it leaves the unauthenticated ones and their short idle time. */
  const trusted = (req: IncomingMessage): void => {
    if (unauthenticated.delete(req.socket)) req.socket.setTimeout(0)
  }

  const hasSession = (req: IncomingMessage): boolean => sameSecret(readCookie(req, sessionCookieName(port)), session)
  const authorised = (req: IncomingMessage): boolean => {
    // An empty header is no header: the page sends none (its cookie is its session); a script sends the secret.
    const header = req.headers[TOKEN_HEADER]
    if (header) return sameSecret(String(header), token)
    return hasSession(req)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const allowedHosts = new Set([`${HOST}:${port}`, `localhost:${port}`])
    // Host check defeats DNS rebinding: a page on evil.example resolving to 127.0.0.1 sends Host: evil.example.
    if (!req.headers.host || !allowedHosts.has(req.headers.host))
      return send(res, 421, 'text/plain; charset=utf-8', 'Unknown host')
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`)

    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST')
        return sendJson(res, 405, transportError('method-not-allowed', 'Use POST for /api/ calls.'))
      const origin = req.headers.origin
      if (origin !== undefined && !allowedOrigin(origin, port))
        return sendJson(res, 403, transportError('forbidden-origin', 'Requests from other sites are refused.'))
      if (req.headers['sec-fetch-site'] && !['same-origin', 'none'].includes(String(req.headers['sec-fetch-site']))) {
        return sendJson(res, 403, transportError('forbidden-origin', 'Requests from other sites are refused.'))
      }
      if (!authorised(req)) {
        return sendJson(
          res,
          403,
          transportError(
            'bad-token',
            'Missing or wrong session; open the address printed where Ninekeeper was started (it ends in ?k=…).',
          ),
        )
      }
      trusted(req)
      const type = String(req.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase()
      if (type !== 'application/json')
        return sendJson(
          res,
          415,
          transportError('unsupported-media-type', 'Send the request body as application/json.'),
        )
      const body = await readBody(req, MAX_BODY_BYTES)
      if (body === null)
        return sendJson(
          res,
          413,
          transportError('too-large', `The request is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`),
        )
      let payload: unknown
      try {
        payload = JSON.parse(body.length ? body : 'null')
      } catch {
        return sendJson(res, 400, transportError('invalid-json', 'The request body is not valid JSON.'))
      }
      let channel: string
      try {
        channel = decodeURIComponent(url.pathname.slice('/api/'.length))
      } catch {
        // Not a channel name (a broken %-escape, such as %E0%A4%A): no such channel, not a crash.
        return sendJson(res, 404, transportError('unknown-channel', 'There is no such channel.'))
      }
      const result = await options.dispatch(channel, payload)
      return sendJson(res, result.ok || result.error.code !== 'unknown-channel' ? 200 : 404, result)
    }

    if (url.pathname.startsWith('/download/')) return download(req, res, url)
    if (url.pathname === '/events') return events(req, res)
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed')
    const offered = url.searchParams.get(SECRET_PARAM)
    if (offered !== null) {
      if (!sameSecret(offered, token))
        return send(
          res,
          403,
          CONTENT_TYPES['.html'] as string,
          howToOpenPage('That address has an old or wrong key.'),
          req.method === 'HEAD',
        )
      // Trade the secret for the cookie, then drop it from the address bar (and from history).
      trusted(req)
      url.searchParams.delete(SECRET_PARAM)
      // One leading slash only: `//evil.example/?k=…` must not become a redirect to another site.
      const clean = `/${url.pathname.replace(/^\/+/, '')}${url.search}`
      res.writeHead(303, {
        ...securityHeaders(),
        'Set-Cookie': `${sessionCookieName(port)}=${session}; Path=/; HttpOnly; SameSite=Strict`,
        Location: clean,
        'Content-Length': 0,
      })
      res.end()
      return
    }
    if (!hasSession(req))
      return send(res, 403, CONTENT_TYPES['.html'] as string, howToOpenPage(null), req.method === 'HEAD')
    const file = resolveStaticPath(options.rendererDir, url.pathname)
    if (!file) return send(res, 404, 'text/plain; charset=utf-8', 'Not found')
    let content: Buffer
    try {
      content = await readFile(file)
    } catch {
      return send(res, 404, 'text/plain; charset=utf-8', 'Not found')
    }
    const ext = extname(file)
    return send(res, 200, CONTENT_TYPES[ext] ?? 'application/octet-stream', content, req.method === 'HEAD')
  }

  /** An export by its handle, streamed from its file (never read whole), once; the file is removed after. */
  function download(req: IncomingMessage, res: ServerResponse, url: URL): void {
    // GET only: a HEAD (or a prefetch by another method) must not use the handle up.
    if (req.method !== 'GET') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed')
    if (req.headers['sec-fetch-site'] && !['same-origin', 'none'].includes(String(req.headers['sec-fetch-site'])))
      return send(res, 403, 'text/plain; charset=utf-8', 'Requests from other sites are refused.')
    if (!authorised(req)) return send(res, 403, CONTENT_TYPES['.html'] as string, howToOpenPage(null))
    trusted(req)
    const file = options.downloads?.take(url.pathname.slice('/download/'.length)) ?? null
    if (!file)
      return send(
        res,
        404,
        'text/plain; charset=utf-8',
        'That export is no longer available (it was already downloaded, or it waited too long). Export again.',
      )
    const stream = createReadStream(file.path)
    const done = (): void => {
      stream.destroy()
      void options.downloads?.release(file)
    }
    stream.once('error', () => {
      if (!res.headersSent)
        send(res, 500, 'text/plain; charset=utf-8', 'The export file could not be read. Export again.')
      else res.destroy()
      done()
    })
    stream.once('open', () => {
      res.writeHead(200, {
        ...securityHeaders(),
        // A CSV table (transfer:export-csv-file) or the JSON export.
        'Content-Type': file.fileName.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'Content-Length': file.bytes,
        'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      })
      stream.pipe(res)
    })
    res.once('close', done)
  }

  /** Open change streams, oldest first. */
  const streams = new Set<ServerResponse>()
  /** GET /events: one `changed` event per note of the change feed, to the session only. */
  function events(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed')
    if (req.headers['sec-fetch-site'] && !['same-origin', 'none'].includes(String(req.headers['sec-fetch-site'])))
      return send(res, 403, 'text/plain; charset=utf-8', 'Requests from other sites are refused.')
    if (!authorised(req)) return send(res, 403, CONTENT_TYPES['.html'] as string, howToOpenPage(null))
    const feed = options.changes
    if (!feed) return send(res, 404, 'text/plain; charset=utf-8', 'Not found')
    trusted(req)
    streams.add(res)
    if (streams.size > MAX_EVENT_STREAMS) {
      const oldest = streams.values().next().value as ServerResponse
      streams.delete(oldest)
      oldest.destroy()
    }
    res.writeHead(200, {
      ...securityHeaders(),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'X-Accel-Buffering': 'no',
    })
    // A lost stream is opened again by the browser after this pause.
    res.write('retry: 2000\n\n')
    const stop = feed.subscribe((note) => res.write(`event: changed\ndata: ${JSON.stringify(note)}\n\n`))
    const ping = setInterval(() => res.write(': ping\n\n'), EVENT_PING_MS)
    ping.unref()
    res.once('close', () => {
      stop()
      clearInterval(ping)
      streams.delete(res)
    })
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, HOST, () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  port = (server.address() as AddressInfo).port
  const url = `http://${HOST}:${port}/`
  return {
    server,
    port,
    token,
    url,
    openUrl: `${url}?${SECRET_PARAM}=${token}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

/** Compares two secrets in constant time (hashing first, so unequal lengths are no shortcut). */
function sameSecret(offered: string | null | undefined, expected: string): boolean {
  if (!offered) return false
  const a = createHash('sha256').update(offered).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/** What a browser sees without the session: how to open the app, and nothing of it. */
function howToOpenPage(problem: string | null): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ninekeeper</title></head>
<body>
<h1>Open Ninekeeper from its address</h1>
${problem ? `<p>${problem}</p>\n` : ''}<p>Ninekeeper only answers the browser that opened the address printed in the terminal where it was started
(<code>npm start</code> or <code>npm run web</code>). That address ends in <code>?k=</code> and a key that changes at every start.</p>
<p>Copy that whole address into this browser. If the terminal is gone, start Ninekeeper again.</p>
</body></html>
`
}

function allowedOrigin(origin: string, port: number): boolean {
  return origin === `http://${HOST}:${port}` || origin === `http://localhost:${port}`
}

function transportError(code: string, message: string) {
  return { ok: false as const, error: { code, message } }
}

function securityHeaders(): Record<string, string> {
  return httpSecurityHeaders(CONTENT_SECURITY_POLICY)
}

/** Answers with the bridge's headers; a refusal closes the connection (src/web/http.ts). */
function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headOnly = false): void {
  sendWith(CONTENT_SECURITY_POLICY, res, status, type, body, headOnly)
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value))
}
