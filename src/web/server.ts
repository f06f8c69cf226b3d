/**
 * The web bridge: a loopback-only HTTP server that serves the built renderer and exposes the same
 * IPC handlers at POST /api/<channel>. It lets the real app (real handlers, real SQLite file) run
 * in a browser where Electron is missing, and lets Playwright drive it in Chromium.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname } from 'node:path'
import type { Dispatch } from '../main/ipc/dispatch'
import { CONTENT_SECURITY_POLICY, CONTENT_TYPES, resolveStaticPath } from '../main/security'

export const TOKEN_HEADER = 'x-ninekeeper-token'
export const TOKEN_META = 'ninekeeper-token'
export const MAX_BODY_BYTES = 4 * 1024 * 1024

export interface WebServerOptions {
  dispatch: Dispatch
  rendererDir: string
  port?: number
  /** Fixed token for tests; a fresh random one per start otherwise. */
  token?: string
}

export interface WebServer {
  server: Server
  url: string
  port: number
  token: string
  close(): Promise<void>
}

const HOST = '127.0.0.1'

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(32).toString('base64url')
  let port = 0
  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, 'text/plain; charset=utf-8', 'Internal error'))
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const allowedHosts = new Set([`${HOST}:${port}`, `localhost:${port}`])
    // Host check defeats DNS rebinding: a page on evil.example resolving to 127.0.0.1 sends Host: evil.example.
    if (!req.headers.host || !allowedHosts.has(req.headers.host)) return send(res, 421, 'text/plain; charset=utf-8', 'Unknown host')
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`)

    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return sendJson(res, 405, transportError('method-not-allowed', 'Use POST for /api/ calls.'))
      const origin = req.headers.origin
      if (origin !== undefined && !allowedOrigin(origin, port)) return sendJson(res, 403, transportError('forbidden-origin', 'Requests from other sites are refused.'))
      if (req.headers['sec-fetch-site'] && !['same-origin', 'none'].includes(String(req.headers['sec-fetch-site']))) {
        return sendJson(res, 403, transportError('forbidden-origin', 'Requests from other sites are refused.'))
      }
      if (req.headers[TOKEN_HEADER] !== token) return sendJson(res, 403, transportError('bad-token', 'Missing or wrong session token; reload the page.'))
      const type = String(req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
      if (type !== 'application/json') return sendJson(res, 415, transportError('unsupported-media-type', 'Send the request body as application/json.'))
      const body = await readBody(req)
      if (body === null) return sendJson(res, 413, transportError('too-large', `The request is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`))
      let payload: unknown
      try {
        payload = JSON.parse(body.length ? body : 'null')
      } catch {
        return sendJson(res, 400, transportError('invalid-json', 'The request body is not valid JSON.'))
      }
      const channel = decodeURIComponent(url.pathname.slice('/api/'.length))
      const result = await options.dispatch(channel, payload)
      return sendJson(res, result.ok || result.error.code !== 'unknown-channel' ? 200 : 404, result)
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed')
    const file = resolveStaticPath(options.rendererDir, url.pathname)
    if (!file) return send(res, 404, 'text/plain; charset=utf-8', 'Not found')
    let content: Buffer
    try {
      content = await readFile(file)
    } catch {
      return send(res, 404, 'text/plain; charset=utf-8', 'Not found')
    }
    const ext = extname(file)
    if (ext === '.html') {
      const html = content.toString('utf8').replace('</head>', `  <meta name="${TOKEN_META}" content="${token}">\n  </head>`)
      return send(res, 200, CONTENT_TYPES['.html'] as string, html, req.method === 'HEAD')
    }
    return send(res, 200, CONTENT_TYPES[ext] ?? 'application/octet-stream', content, req.method === 'HEAD')
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, HOST, () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  port = (server.address() as AddressInfo).port
  return {
    server,
    port,
    token,
    url: `http://${HOST}:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

function allowedOrigin(origin: string, port: number): boolean {
  return origin === `http://${HOST}:${port}` || origin === `http://localhost:${port}`
}

function transportError(code: string, message: string) {
  return { ok: false as const, error: { code, message } }
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) tooLarge = true
      else chunks.push(chunk)
    })
    req.on('end', () => resolveBody(tooLarge ? null : Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  }
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headOnly = false): void {
  res.writeHead(status, { ...securityHeaders(), 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) })
  res.end(headOnly ? undefined : body)
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value))
}
