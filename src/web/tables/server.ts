/**
 * The table units' listener (docs/TABLES.md, docs/ARCHITECTURE.md § Table units): a second HTTP(S)
 * server, on the interface the organiser picks, that only phones use. It is not the web bridge: it
 * has no /api/<channel>, no dispatcher and no session of the bridge. A phone can do exactly the
 * operations in PHONE_OPERATIONS, each on the match its cookie was paired with; the match id is
 * never read from the request.
 *
 * Protections (each has a test in tests/web/tables-server.test.ts):
 * - Host must be the listener's own address (DNS rebinding: a page on evil.example resolving to this
 *   address sends Host: evil.example);
 * - every POST needs an Origin equal to the listener's own origin and a JSON body (CSRF: another
 *   site's form or fetch is refused; a cross-site JSON fetch also needs a preflight nobody answers);
 * - the session cookie is HttpOnly, SameSite=Strict, Path=/, Secure under TLS, and ends with the evening;
 * - a pairing code is good once, for 10 minutes (store.ts); a revoked phone is refused at its next request.
 */
import { readFile } from 'node:fs/promises'
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { extname } from 'node:path'
import { CONTENT_TYPES, resolveStaticPath } from '../../core/security'
import type { Result } from '../../shared/result'
import type { ServiceErrorCode } from '../../shared/service-errors'
import { readBody, readCookie, sendWith } from '../http'
import type { TablesService } from './service'
import type { TableUnit } from './store'

/** The operations a phone may ask for: POST /phone/<operation>. Nothing else is answered. */
export const PHONE_OPERATIONS = ['view', 'enter', 'undo'] as const
export type PhoneOperation = (typeof PHONE_OPERATIONS)[number]

export const PHONE_COOKIE = 'nk_table'
export const MAX_PHONE_BODY_BYTES = 16 * 1024
export const MAX_PHONE_CONNECTIONS = 256
/** The phone page's own policy: its script and style only, calls only to this listener. */
export const PHONE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

export interface TablesServerOptions {
  tables: TablesService
  /** The interface to listen on, e.g. the laptop's Wi-Fi address (tests bind 127.0.0.x). */
  host: string
  port?: number
  /** The built renderer folder, which holds phone.html and its assets. */
  rendererDir: string
  /** PEM certificate and key: serve HTTPS (the club's own certificate). */
  tls?: { cert: string | Buffer; key: string | Buffer }
  /** Extra names the phones may use for this address (a hostname on the club's network). */
  hostNames?: string[]
}

export interface TablesServer {
  server: Server
  /** The listener's origin, e.g. http://192.168.1.20:4180 */
  origin: string
  port: number
  /** The address a phone opens to pair with `code` (the QR code's content). */
  pairingUrl(code: string): string
  close(): Promise<void>
}

export async function startTablesServer(options: TablesServerOptions): Promise<TablesServer> {
  const { tables } = options
  const scheme = options.tls ? 'https' : 'http'
  let port = 0
  let allowedHosts = new Set<string>()
  let origin = ''
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch(() => sendJson(res, 500, refuse('internal', 'Something went wrong on the laptop.')))
  }
  const server: Server = options.tls
    ? (createHttpsServer(
        { cert: options.tls.cert, key: options.tls.key, headersTimeout: 5_000, requestTimeout: 30_000 },
        handler,
      ) as unknown as Server)
    : createHttpServer({ headersTimeout: 5_000, requestTimeout: 30_000 }, handler)
  server.maxConnections = MAX_PHONE_CONNECTIONS
  server.keepAliveTimeout = 5_000

  const unitOf = (req: IncomingMessage): TableUnit | null => tables.store.bySession(readCookie(req, PHONE_COOKIE))

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // DNS rebinding: only this listener's own address (and the names the organiser gave) is answered.
    if (!req.headers.host || !allowedHosts.has(req.headers.host.toLowerCase()))
      return send(res, 421, 'text/plain; charset=utf-8', 'Unknown host')
    const url = new URL(req.url ?? '/', origin)
    if (req.method === 'POST') {
      // CSRF: a POST must come from this listener's own page.
      if (req.headers.origin !== origin)
        return sendJson(res, 403, refuse('forbidden-origin', 'Requests from other sites are refused.'))
      const type = String(req.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase()
      if (type !== 'application/json')
        return sendJson(res, 415, refuse('unsupported-media-type', 'Send the request body as application/json.'))
      const body = await readBody(req, MAX_PHONE_BODY_BYTES)
      if (body === null) return sendJson(res, 413, refuse('too-large', 'The request is too large.'))
      let payload: unknown
      try {
        payload = JSON.parse(body.length ? body : 'null')
      } catch {
        return sendJson(res, 400, refuse('invalid-json', 'The request body is not valid JSON.'))
      }
      if (url.pathname === '/pair') return pair(res, payload)
      const op = url.pathname.startsWith('/phone/') ? url.pathname.slice('/phone/'.length) : null
      if (op === null || !(PHONE_OPERATIONS as readonly string[]).includes(op))
        return sendJson(
          res,
          404,
          refuse('not-allowed', 'A table unit can only view its match, enter a round and undo its own last round.'),
        )
      const unit = unitOf(req)
      if (!unit)
        return sendJson(
          res,
          401,
          refuse(
            'not-paired',
            'This phone is not paired (or was removed, or the evening is closed). Ask the organiser for a new code.',
          ),
        )
      tables.store.seen(unit.id)
      return sendJson(res, 200, await operate(unit, op as PhoneOperation, payload))
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed')
    // The page itself holds nothing secret; its calls need the cookie.
    const path = url.pathname === '/' || url.pathname === '/pair' ? '/phone.html' : url.pathname
    if (path !== '/phone.html' && !path.startsWith('/assets/'))
      return send(res, 404, 'text/plain; charset=utf-8', 'Not found')
    const file = resolveStaticPath(options.rendererDir, path)
    if (!file) return send(res, 404, 'text/plain; charset=utf-8', 'Not found')
    let content: Buffer
    try {
      content = await readFile(file)
    } catch {
      return send(res, 404, 'text/plain; charset=utf-8', 'Not found')
    }
    return send(res, 200, CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', content, req.method === 'HEAD')
  }

  function pair(res: ServerResponse, payload: unknown): void {
    const code = isRecord(payload) && typeof payload['code'] === 'string' ? payload['code'] : ''
    const paired = tables.store.pair(code)
    if (!paired)
      return sendJson(
        res,
        403,
        refuse(
          'bad-code',
          'That code is wrong, used already or older than 10 minutes. Ask the organiser for a new one.',
        ),
      )
    const closes = tables.store.closesAt()
    const maxAge = closes ? Math.max(0, Math.floor((closes.getTime() - Date.now()) / 1000)) : 0
    const flags = `Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${options.tls ? '; Secure' : ''}`
    res.setHeader('Set-Cookie', `${PHONE_COOKIE}=${paired.session}; ${flags}`)
    sendJson(res, 200, { ok: true, value: { table: paired.unit.label } })
  }

  async function operate(unit: TableUnit, op: PhoneOperation, payload: unknown): Promise<Result<unknown>> {
    const input = isRecord(payload) ? payload : {}
    // A phone never names its match: any matchId, id or channel it sends is ignored, not trusted.
    if (op === 'view') return tables.view(unit)
    const key = typeof input['key'] === 'string' ? input['key'] : ''
    if (op === 'undo') return tables.undo(unit, key)
    const expected = typeof input['expected'] === 'string' ? input['expected'] : undefined
    return tables.enter(unit, key, input['action'], expected)
  }

  await new Promise<void>((done, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host, () => {
      server.off('error', reject)
      done()
    })
  })
  port = (server.address() as AddressInfo).port
  const hostPart = options.host.includes(':') ? `[${options.host}]` : options.host
  origin = `${scheme}://${hostPart}:${port}`
  allowedHosts = new Set([`${hostPart}:${port}`, ...(options.hostNames ?? []).map((n) => `${n.toLowerCase()}:${port}`)])
  return {
    server,
    origin,
    port,
    pairingUrl: (code) => `${origin}/pair#${code}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function refuse(code: ServiceErrorCode, message: string) {
  return { ok: false as const, error: { code, message } }
}

/** Answers with the phone page's headers; a refusal closes the connection (src/web/http.ts). */
function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headOnly = false): void {
  sendWith(PHONE_CSP, res, status, type, body, headOnly)
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value))
}
