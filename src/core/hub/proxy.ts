/**
 * The club hub's front door: a small HTTP server in front of `tursodb --sync-server` (which listens on
 * 127.0.0.1 only) that lets through only what a Ninekeeper laptop's sync client sends (proxy-rules.ts),
 * from laptops that hold the club code (docs/SYNC.md § What the hub protects).
 *
 * - The hub token (src/core/sync/hub-token.ts: base64url(HMAC-SHA256(club key,
 *   "ninekeeper-hub-token-v1"))) comes as `Authorization: Bearer <token>`. The hub cannot derive it:
 *   while it holds no club, any well-formed token may seed it, and the seeding laptop's token is kept
 *   as sha256(token) in `hub-token.sha256` beside club.db (trust on first seed). From then on every
 *   request needs a token with that hash, else 401 and nothing is read or written.
 * - A change of the club's join code (docs/SYNC.md § Changing the join code): POST /ninekeeper/code,
 *   with the current token, names the new token's hash, the member tokens' hashes (one per laptop the
 *   club keeps, each usable until that laptop has read the change) and the change's mark. The old
 *   token stops working at once: a laptop showing it is told that the code changed and by whom (so a
 *   kept laptop can compute its member token), and nothing else. Kept in `hub-code.json` (0600).
 * - Bytes are capped both ways, slow requests time out, the club name is checked like a player name.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import {
  checkPullRequest,
  classifyPipeline,
  CODE_FILE,
  DEFAULT_LIMITS,
  onlyKeys,
  Refusal,
  refuse,
  TOKEN_FILE,
  TOKEN_FORM,
  tokenHash,
  type HubLimits,
  type Obj,
} from './proxy-rules'
import { holdsClub } from './upstream'

/** The most laptops one code change keeps, and old tokens remembered (to tell their holders the code changed). */
const CODE_MEMBERS_MAX = 500
const REVOKED_MAX = 2000
/** The most earlier tokens one change names to refuse (a hub seeded again after changes is told the club's old ones). */
const REVOKE_MAX = 200
const HEX64 = /^[0-9a-f]{64}$/
const isHex64 = (h: unknown): h is string => typeof h === 'string' && HEX64.test(h)
const hexList = (a: unknown): a is string[] => Array.isArray(a) && a.every(isHex64)

interface CodeRecord {
  current: string
  members: string[]
  revoked: string[]
  by: string
  ref: string
}

export interface HubProxy {
  port: number
  tokenFile: string
  codeFile: string
  close(): Promise<void>
}

export interface HubProxyOptions {
  host: string
  port: number
  upstreamPort: number
  dataDir: string
  limits?: Partial<HubLimits> | undefined
  log?: ((line: string) => void) | undefined
}

/** The request's body, at most `max` bytes, received within `timeoutMs` (else 413 or 408). */
function readBody(req: IncomingMessage, max: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > max) return reject(new Refusal(413, `a request is at most ${max} bytes`))
    const chunks: Buffer[] = []
    let size = 0
    const timer = setTimeout(() => {
      req.pause()
      reject(new Refusal(408, `a request must arrive within ${timeoutMs} ms`))
    }, timeoutMs)
    const fail = (e: unknown): void => {
      clearTimeout(timer)
      req.pause()
      reject(e instanceof Error ? e : new Error(String(e)))
    }
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > max) return fail(new Refusal(413, `a request is at most ${max} bytes`))
      chunks.push(c)
    })
    req.on('end', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks))
    })
    req.on('error', fail)
  })
}

/**
 * Starts the hub's front door on host:port for tursodb listening on 127.0.0.1:upstreamPort over
 * `dataDir/club.db`. Resolves once it listens.
 */
export async function startHubProxy({
  host,
  port,
  upstreamPort,
  dataDir,
  limits: custom = {},
  log = () => {},
}: HubProxyOptions): Promise<HubProxy> {
  const limits: HubLimits = { ...DEFAULT_LIMITS, ...custom }
  const tokenFile = join(dataDir, TOKEN_FILE)
  const codeFile = join(dataDir, CODE_FILE)
  let known: Buffer | null = null
  /** After a code change: the change's record (hex hashes), else null; undefined until read. */
  let code: CodeRecord | null | undefined
  const readCode = (): CodeRecord | null => {
    if (code !== undefined) return code
    if (!existsSync(codeFile)) return (code = null)
    let c: Obj | null
    try {
      c = JSON.parse(readFileSync(codeFile, 'utf8')) as Obj | null
    } catch {
      c = null
    }
    if (
      !c ||
      !isHex64(c.current) ||
      !hexList(c.members) ||
      !hexList(c.revoked) ||
      typeof c.by !== 'string' ||
      typeof c.ref !== 'string'
    )
      throw new Error(`${codeFile} is damaged: delete it only if the hub's club is gone`)
    return (code = { current: c.current, members: c.members, revoked: c.revoked, by: c.by, ref: c.ref })
  }
  const readKnown = (): Buffer | null => {
    if (known) return known
    // After a code change, the change's file says which token is the club's now.
    const c = readCode()
    if (c) return (known = Buffer.from(c.current, 'hex'))
    if (!existsSync(tokenFile)) return null
    const hex = readFileSync(tokenFile, 'utf8').trim()
    if (!HEX64.test(hex)) throw new Error(`${tokenFile} is damaged: delete it only if the hub's club is gone`)
    known = Buffer.from(hex, 'hex')
    return known
  }
  const writeFile0600 = (file: string, text: string): void => {
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, text, { mode: 0o600 })
    renameSync(tmp, file)
  }
  /** The hex hashes a set holds, compared in constant time each. */
  const holds = (list: string[], hash: Buffer): boolean =>
    list.some((h) => timingSafeEqual(Buffer.from(h, 'hex'), hash))
  const changedNotice = (): Record<string, unknown> | undefined => {
    const c = readCode()
    return c ? { changed: { by: c.by, ref: c.ref } } : undefined
  }
  let seeding: Promise<unknown> = Promise.resolve()

  const send = (res: ServerResponse, status: number, reason: string | null, answer?: unknown): void => {
    if (res.headersSent) {
      res.destroy()
      return
    }
    const body = JSON.stringify(answer ?? { error: reason })
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  }

  /** POST /ninekeeper/code (see the file comment): only with the club's current token. */
  const changeCode = async (body: Buffer, hash: Buffer, res: ServerResponse): Promise<void> => {
    let ask: unknown
    try {
      ask = JSON.parse(body.toString('utf8'))
    } catch {
      refuse('the code change is not JSON')
    }
    onlyKeys(ask, ['token', 'members', 'by', 'ref', 'revoke'], 'the code change')
    const token = ask.token
    const members = ask.members
    if (!isHex64(token)) refuse('token must be a sha256 in hex')
    if (!hexList(members) || members.length > CODE_MEMBERS_MAX || new Set(members).size !== members.length)
      refuse(`members must be at most ${CODE_MEMBERS_MAX} different sha256 hashes in hex`)
    const by = ask.by
    const ref = ask.ref
    if (typeof by !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(by)) refuse('by must be a public device key')
    if (typeof ref !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(ref)) refuse('ref must be a short mark')
    const revoke = ask.revoke ?? []
    if (!hexList(revoke) || revoke.length > REVOKE_MAX)
      refuse(`revoke must be at most ${REVOKE_MAX} sha256 hashes in hex`)
    if (members.includes(token) || revoke.includes(token))
      refuse('the new token must differ from every member token and every token it revokes')
    // One change at a time (seeding and changes share the turn): the token is checked again in it.
    const turn = seeding.then(() => {
      const stored = readKnown()
      if (!stored || !timingSafeEqual(stored, hash))
        throw new Refusal(401, 'the club code was changed on another laptop first', changedNotice())
      const before = readCode()
      // The token that made the change stops working, unless the change keeps it (a laptop telling a
      // hub seeded again which change is in force, with the token it seeded it with).
      const revoked = [
        ...(stored.toString('hex') === token ? [] : [stored.toString('hex')]),
        ...revoke,
        ...(before?.members ?? []),
        ...(before?.revoked ?? []),
      ].filter((h) => h !== token && !members.includes(h))
      const next: CodeRecord = {
        current: token,
        members,
        revoked: [...new Set(revoked)].slice(0, REVOKED_MAX),
        by,
        ref,
      }
      writeFile0600(codeFile, `${JSON.stringify(next)}\n`)
      writeFile0600(tokenFile, `${token}\n`)
      code = next
      known = Buffer.from(token, 'hex')
      log(`hub: the club code was changed; ${members.length} laptops kept`)
      send(res, 200, null, { ok: true })
    })
    seeding = turn.catch(() => {})
    await turn
  }

  /** Passes the request to tursodb and streams its answer back, cut off past `max` bytes. */
  const forward = (
    res: ServerResponse,
    path: string,
    contentType: string,
    body: Buffer,
    max: number,
    timeoutMs: number,
    hold = false,
  ): Promise<{ status: number | undefined; type?: string | undefined; body?: Buffer } | null> =>
    new Promise((resolve) => {
      const up = httpRequest(
        {
          host: '127.0.0.1',
          port: upstreamPort,
          method: 'POST',
          path,
          headers: { 'content-type': contentType, 'content-length': body.length },
          timeout: timeoutMs,
        },
        (answer) => {
          const declared = Number(answer.headers['content-length'] ?? 0)
          let size = 0
          const cut = (): void => {
            log(`hub: an answer to ${path} was larger than ${max} bytes; cut`)
            answer.destroy()
            up.destroy()
            res.destroy()
            resolve(null)
          }
          if (declared > max) return cut()
          if (hold) {
            // The caller answers once it has acted on the result (seeding: the token is kept first).
            const chunks: Buffer[] = []
            answer.on('data', (c: Buffer) => {
              size += c.length
              if (size > max) return cut()
              chunks.push(c)
            })
            answer.on('end', () => {
              if (size <= max)
                resolve({
                  status: answer.statusCode,
                  type: answer.headers['content-type'],
                  body: Buffer.concat(chunks),
                })
            })
            answer.on('error', () => resolve(null))
            return
          }
          res.writeHead(answer.statusCode ?? 502, {
            'content-type': answer.headers['content-type'] ?? 'application/octet-stream',
            ...(answer.headers['content-length'] ? { 'content-length': declared } : {}),
          })
          answer.on('data', (c: Buffer) => {
            size += c.length
            if (size > max) return cut()
            if (!res.write(c)) answer.pause()
          })
          res.on('drain', () => answer.resume())
          answer.on('end', () => {
            if (size > max) return
            res.end()
            resolve({ status: answer.statusCode })
          })
          answer.on('error', () => {
            res.destroy()
            resolve(null)
          })
        },
      )
      up.on('timeout', () => up.destroy(new Error('timeout')))
      up.on('error', () => {
        if (res.headersSent) res.destroy()
        else send(res, 502, 'the hub’s database did not answer')
        resolve(null)
      })
      up.end(body)
    })

  // News for waiting laptops (docs/SYNC.md § How it works): a mark that changes whenever rows arrive
  // through this door (a push or a seed). A laptop's POST /ninekeeper/wait with the mark it saw last
  // is answered at once when the mark moved since, else as soon as it moves (or after its wait), so
  // a round entered on one laptop reaches the others within a round trip instead of a poll interval.
  const epoch = randomBytes(6).toString('base64url')
  let version = 0
  const waiters = new Set<() => void>()
  const mark = (): string => `${epoch}:${version}`
  const news = (): void => {
    version++
    for (const w of waiters) w()
    waiters.clear()
  }
  const wait = async (body: Buffer, res: ServerResponse): Promise<void> => {
    let ask: unknown
    try {
      ask = JSON.parse(body.toString('utf8'))
    } catch {
      refuse('the wait is not JSON')
    }
    onlyKeys(ask, ['after', 'waitMs'], 'the wait')
    const { after, waitMs } = ask
    if (after !== null && (typeof after !== 'string' || after.length > 100))
      refuse('after must be a mark this hub gave, or null')
    if (typeof waitMs !== 'number' || !Number.isInteger(waitMs) || waitMs < 0 || waitMs > limits.longPollMs)
      refuse(`waitMs must be a whole number of milliseconds up to ${limits.longPollMs}`)
    if (after === mark() && waitMs > 0) {
      if (waiters.size >= limits.waiters) throw new Refusal(503, 'too many laptops waiting')
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer)
          waiters.delete(done)
          resolve()
        }
        const timer = setTimeout(done, waitMs)
        waiters.add(done)
        res.once('close', done)
      })
    }
    if (!res.destroyed) send(res, 200, null, { mark: mark() })
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '').split('?')[0]
    if (
      path !== '/pull-updates' &&
      path !== '/v2/pipeline' &&
      path !== '/ninekeeper/wait' &&
      path !== '/ninekeeper/code'
    )
      throw new Refusal(404, 'not a Ninekeeper hub request')
    if (req.method !== 'POST') throw new Refusal(405, 'only POST is used')

    // The token, before anything is read.
    const auth = String(req.headers.authorization ?? '')
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : ''
    if (!TOKEN_FORM.test(token))
      throw new Refusal(401, 'this hub needs the club’s hub token (join the club with its code)')
    const hash = tokenHash(token)
    // While the hub has no token yet, a seed under way decides who owns it: wait for it, then look.
    if (!readKnown()) await seeding
    const stored = readKnown()
    let member = false
    if (stored) {
      if (!timingSafeEqual(stored, hash)) {
        const c = readCode()
        if (c && holds(c.members, hash)) member = true
        else if (c && holds(c.revoked, hash))
          throw new Refusal(
            401,
            'the club code was changed: this laptop’s code no longer opens this hub',
            changedNotice(),
          )
        else throw new Refusal(401, 'this hub holds another club, or the token is wrong')
      }
    } else if (await holdsClub(upstreamPort, limits.timeoutMs)) {
      throw new Refusal(
        401,
        'this hub holds a club but no hub token (it was seeded before hub tokens): move its folder away, start it again, and re-seed it from a laptop',
      )
    }

    const body = await readBody(req, limits.requestBytes, limits.timeoutMs)
    if (path === '/ninekeeper/wait') return wait(body, res)
    if (path === '/ninekeeper/code') {
      if (!stored || member) throw new Refusal(401, 'only a laptop holding the club’s current code can change it')
      return changeCode(body, hash, res)
    }
    if (path === '/pull-updates') {
      const { longPollMs } = checkPullRequest(body, limits)
      await forward(res, path, 'application/protobuf', body, limits.pullResponseBytes, limits.timeoutMs + longPollMs)
      return
    }
    let json: unknown
    try {
      json = JSON.parse(body.toString('utf8'))
    } catch {
      refuse('the pipeline is not JSON')
    }
    const what = classifyPipeline(json, limits)
    if (what.kind !== 'seed') {
      const answer = await forward(res, path, 'application/json', body, limits.pipelineResponseBytes, limits.timeoutMs)
      if (what.kind === 'push' && answer?.status === 200) news()
      return
    }
    // Seeding: one at a time, and only while the hub holds no club; the first seed's token is kept.
    const turn = seeding.then(async () => {
      if (await holdsClub(upstreamPort, limits.timeoutMs)) refuse('this hub already holds a club')
      const before = readKnown()
      if (before && !timingSafeEqual(before, hash)) throw new Refusal(401, 'this hub holds another club')
      const answer = await forward(
        res,
        path,
        'application/json',
        body,
        limits.pipelineResponseBytes,
        limits.timeoutMs,
        true,
      )
      if (!answer?.body) {
        if (!res.headersSent) send(res, 502, 'the hub’s database did not answer')
        return
      }
      if (answer.status === 200 && !readKnown() && (await holdsClub(upstreamPort, limits.timeoutMs))) {
        writeFile0600(tokenFile, `${hash.toString('hex')}\n`)
        known = hash
        log(`hub: seeded with club ${what.info.club_id} ("${what.info.name}"); only its laptops are let in from now on`)
      }
      res.writeHead(answer.status ?? 502, {
        'content-type': answer.type ?? 'application/json',
        'content-length': answer.body.length,
      })
      res.end(answer.body)
      if (answer.status === 200) news()
    })
    seeding = turn.catch(() => {})
    await turn
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (e instanceof Refusal) {
        if (e.status !== 401 && e.status !== 404) log(`hub: refused ${req.method} ${req.url}: ${e.message}`)
        send(res, e.status, e.message, e.extra ? { error: e.message, ...e.extra } : undefined)
        // A refused upload is not read to its end.
        if (e.status === 413 || e.status === 408) res.once('finish', () => req.destroy())
      } else {
        log(`hub: ${e instanceof Error ? e.message : String(e)}`)
        send(res, 502, 'the hub’s database did not answer')
      }
    })
  })
  server.requestTimeout = limits.timeoutMs
  server.headersTimeout = Math.min(limits.timeoutMs, 20_000)
  server.maxHeadersCount = 50
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    port: (server.address() as AddressInfo).port,
    tokenFile,
    codeFile,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
