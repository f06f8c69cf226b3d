/**
 * What the app's two HTTP listeners share — the web bridge (src/web/server.ts) and the table units'
 * listener for phones (src/web/tables/server.ts): reading a cookie and a bounded body, and answering
 * with the same security headers and the same close after a refusal.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

/** A refused request's connection is closed after this long without a byte from the client. */
export const REFUSED_IDLE_MS = 2_000

export function readCookie(req: IncomingMessage, name: string): string | null {
  const header = req.headers.cookie
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}

/** The body as text, or null when it is larger than `maxBytes` (what comes past it is read and dropped). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) tooLarge = true
      else chunks.push(chunk)
    })
    req.on('end', () => resolveBody(tooLarge ? null : Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/**
 * Whether the page's origin is one browsers trust (a secure context): the request came over TLS, or the
 * address it was made to (its Host) is this computer's loopback: 127.0.0.0/8, [::1] or localhost.
 */
export function trustworthyOrigin(req: IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted === true) return true
  const host = (req.headers.host ?? '').toLowerCase()
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '')
  return name === '[::1]' || name === 'localhost' || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name)
}

/**
 * The headers every answer carries: its page's Content-Security-Policy and the framing, opener and cache
 * rules. `opener`: false for a page a browser does not trust (trustworthyOrigin), which ignores the opener
 * policy and says so as an error in the page's console on every load.
 */
export function securityHeaders(csp: string, opener = true): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...(opener ? { 'Cross-Origin-Opener-Policy': 'same-origin' } : {}),
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  }
}

/**
 * Answers with the security headers. After a 4xx or 5xx the connection closes (Connection: close): a
 * refused request's body is never read, so a client announcing a large one cannot keep the socket;
 * what it still sends is discarded until it closes, for at most REFUSED_IDLE_MS of silence.
 */
export function sendWith(
  csp: string,
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headOnly = false,
): void {
  const close = status >= 400
  res.writeHead(status, {
    // no opener policy over plain HTTP on a LAN address (the phones at the tables): it would not apply
    ...securityHeaders(csp, trustworthyOrigin(res.req)),
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    ...(close ? { Connection: 'close' } : {}),
  })
  res.end(headOnly ? undefined : body)
  if (close) {
    res.req.resume()
    res.socket?.setTimeout(REFUSED_IDLE_MS, () => res.socket?.destroy())
  }
}
