import { request } from 'node:http'

export interface PhoneReply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  json: { ok: boolean; value?: unknown; error?: { code: string; message: string } }
}

/** One request to a table units' listener as a phone (or an attacker) would send it: every header is the caller's. */
export function phoneRequest(
  origin: string,
  path: string,
  options: {
    method?: string
    body?: unknown
    cookie?: string | null
    origin?: string | null
    host?: string
    contentType?: string
  } = {},
): Promise<PhoneReply> {
  const url = new URL(path, origin)
  const method = options.method ?? 'POST'
  const body = options.body === undefined ? (method === 'POST' ? '{}' : '') : JSON.stringify(options.body)
  const headers: Record<string, string> = { host: options.host ?? url.host }
  if (method === 'POST') headers['content-type'] = options.contentType ?? 'application/json'
  const sentOrigin = options.origin === undefined ? origin : options.origin
  if (sentOrigin !== null) headers['origin'] = sentOrigin
  if (options.cookie) headers['cookie'] = options.cookie
  if (body) headers['content-length'] = String(Buffer.byteLength(body))
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let json: PhoneReply['json'] = { ok: false }
          try {
            json = JSON.parse(text) as PhoneReply['json']
          } catch {
            // not JSON: a page or a plain refusal
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** The phone's cookie from a pairing answer's Set-Cookie ("name=value"). */
export function cookieOf(reply: PhoneReply): string {
  const set = reply.headers['set-cookie']
  const first = Array.isArray(set) ? set[0] : set
  if (!first) throw new Error(`no cookie in the answer (${reply.status}: ${reply.body})`)
  return first.split(';')[0] as string
}
