// The club hub's front door: a small HTTP server in front of `tursodb --sync-server` (which listens on
// 127.0.0.1 only) that lets through only what a Ninekeeper laptop's sync client (@tursodatabase/sync
// 0.7.2) sends, from laptops that hold the club code.
//
// - The hub token (src/core/sync/hub-token.ts: base64url(HMAC-SHA256(club key,
//   "ninekeeper-hub-token-v1"))) comes as `Authorization: Bearer <token>`. The hub cannot derive it:
//   while it holds no club, any well-formed token may seed it, and the seeding laptop's token is kept
//   as sha256(token) in `hub-token.sha256` beside club.db (trust on first seed). From then on every
//   request needs a token with that hash, else 401 and nothing is read or written.
// - A change of the club's join code (docs/SYNC.md § Changing the join code): POST /ninekeeper/code,
//   with the current token, names the new token's hash, the member tokens' hashes (one per laptop the
//   club keeps, each usable until that laptop has read the change) and the change's mark. The old
//   token stops working at once: a laptop showing it is told that the code changed and by whom (so a
//   kept laptop can compute its member token), and nothing else. Kept in `hub-code.json` (0600).
// - Two requests exist (recorded from the client and read in its engine):
//   POST /pull-updates (a small protobuf: which revision the laptop has; the answer is database pages)
//   POST /v2/pipeline (one Hrana batch: the engine's own bookkeeping, and the pushed rows as
//   src/core/sync/turso.ts `transform()` rewrites them). Every statement must be one of the exact
//   shapes below, with arguments of the expected types and sizes; anything else is 403 with a reason
//   and nothing of that request reaches tursodb. The club's tables and name can only be written by
//   the seeding batch, and only while the hub holds no club.
// - Bytes are capped both ways, slow requests time out, the club name is checked like a player name.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import { join } from 'node:path'

export const TOKEN_FILE = 'hub-token.sha256'
export const CODE_FILE = 'hub-code.json'
/** The most laptops one code change keeps, and old tokens remembered (to tell their holders the code changed). */
const CODE_MEMBERS_MAX = 500
const REVOKED_MAX = 2000
/** The most earlier tokens one change names to refuse (a hub seeded again after changes is told the club's old ones). */
const REVOKE_MAX = 200
const HEX64 = /^[0-9a-f]{64}$/

export const DEFAULT_LIMITS = {
  /** Largest request body (a push of 1000 events is about 1 MB). */
  requestBytes: 8 * 1024 * 1024,
  /** Largest answer to a pipeline (the results of one push batch). */
  pipelineResponseBytes: 8 * 1024 * 1024,
  /** Largest answer to a pull (database pages: a whole club's history for a new laptop). */
  pullResponseBytes: 512 * 1024 * 1024,
  /** Longest time to receive a request, and to have tursodb's answer. */
  timeoutMs: 60_000,
  /** Longest long poll a laptop may ask for. */
  longPollMs: 60_000,
  /** Most laptops waiting for news at once (POST /ninekeeper/wait). */
  waiters: 500,
  /** Largest number of statements in one batch. */
  steps: 5000,
  /** Largest event payload (text). */
  payloadChars: 256 * 1024,
}

/** The sync client's statements, exactly as it sends them. */
const SQL = {
  begin: 'BEGIN IMMEDIATE',
  commit: 'COMMIT',
  syncTable:
    'CREATE TABLE IF NOT EXISTS turso_sync_last_change_id (client_id TEXT PRIMARY KEY, pull_gen INTEGER, change_id INTEGER)',
  probe: 'SELECT key, value FROM club_info',
  lastChange: 'SELECT pull_gen, change_id FROM turso_sync_last_change_id WHERE client_id = ?',
  setLastChange:
    'INSERT INTO turso_sync_last_change_id(client_id, pull_gen, change_id) VALUES (?, ?, ?) ON CONFLICT(client_id) DO UPDATE SET pull_gen=excluded.pull_gen, change_id=excluded.change_id',
  // src/core/sync/turso.ts transform(): events only ever added, device rows stamped with the hub's id.
  event:
    'INSERT OR IGNORE INTO club_events (id, club, device, seq, hlc, kind, v, subject, payload, mac) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  device:
    "INSERT OR REPLACE INTO club_devices (device, label, last_seen, hub) VALUES (?, ?, ?, (SELECT value FROM club_info WHERE key = 'hub_id'))",
  // Seeding (src/core/sync/turso.ts seed(): SCHEMA and the club_info rows, as the engine replays them).
  clubInfo:
    'INSERT INTO "club_info"("key", "value") VALUES (?,?) ON CONFLICT("key") DO UPDATE SET "key" = excluded."key","value" = excluded."value"',
}
const SCHEMA_DDL = new Set([
  'CREATE TABLE IF NOT EXISTS club_events (n INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, club TEXT NOT NULL, device TEXT NOT NULL, seq INTEGER NOT NULL, hlc TEXT NOT NULL, kind TEXT NOT NULL, v INTEGER NOT NULL, subject TEXT NOT NULL, payload TEXT NOT NULL, mac TEXT NOT NULL);',
  'CREATE TABLE IF NOT EXISTS club_info ("key" TEXT PRIMARY KEY, value TEXT NOT NULL);',
  'CREATE TABLE IF NOT EXISTS club_devices (device TEXT PRIMARY KEY, label TEXT NOT NULL, last_seen TEXT NOT NULL, hub TEXT);',
])
const CLUB_INFO_KEYS = ['format', 'club_id', 'hub_id', 'name']
const INSIDE_TXN = JSON.stringify({ type: 'not', cond: { type: 'is_autocommit' } })

export const CLUB_NAME_MAX = 80
export const LABEL_MAX = 255

// The same checks as validatePlayerName in src/shared/model/player.ts (TypeScript, which `node
// scripts/hub.mjs` cannot import), mirrored here: keep them in step.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u

/** Why a club name or laptop label cannot be stored on the hub, or null when it can. */
export function checkName(text, max, what = 'the club name') {
  if (typeof text !== 'string') return `${what} is not text`
  if (LONE_SURROGATE.test(text)) return `${what} contains a broken character`
  if (CONTROL.test(text)) return `${what} contains control characters`
  if (BIDI_CONTROL.test(text)) return `${what} contains text-direction override characters`
  if ([...text].length > max) return `${what} is longer than ${max} characters`
  if (!VISIBLE.test(text)) return `${what} has no visible letter, digit or symbol`
  return null
}

class Refusal extends Error {
  constructor(status, reason, extra = undefined) {
    super(reason)
    this.status = status
    this.extra = extra
  }
}
const refuse = (reason) => {
  throw new Refusal(403, reason)
}

const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/
export const tokenHash = (token) => createHash('sha256').update(token).digest()

function onlyKeys(o, keys, what) {
  if (!o || typeof o !== 'object' || Array.isArray(o)) refuse(`${what} is not an object`)
  for (const k of Object.keys(o)) if (!keys.includes(k)) refuse(`${what} has an unexpected field "${k.slice(0, 40)}"`)
}
const absentOrNull = (v) => v === undefined || v === null

/** A Hrana argument of the expected kind ('text' ≤ max characters, or 'integer'), else a refusal. */
function arg(a, kind, max, what) {
  onlyKeys(a, ['type', 'value', 'base64'], what)
  if (kind === 'integer') {
    if (a.type !== 'integer' || typeof a.value !== 'string' || !/^-?[0-9]{1,19}$/.test(a.value))
      refuse(`${what} must be an integer`)
    return BigInt(a.value)
  }
  if (a.type !== 'text' || typeof a.value !== 'string') refuse(`${what} must be text`)
  if (a.value.length > max) refuse(`${what} is longer than ${max} characters`)
  return a.value
}

function args(stmt, kinds, what) {
  const list = stmt.args ?? []
  if (!Array.isArray(list) || list.length !== kinds.length) refuse(`${what} must have ${kinds.length} arguments`)
  return kinds.map(([kind, max, name], i) => arg(list[i], kind, max, `${what}: ${name}`))
}

const ID = 200
const EVENT_ARGS = (limits) => [
  ['text', ID, 'id'],
  ['text', ID, 'club'],
  ['text', ID, 'device'],
  ['integer', 0, 'seq'],
  ['text', 100, 'hlc'],
  ['text', 100, 'kind'],
  ['integer', 0, 'v'],
  ['text', 1000, 'subject'],
  ['text', limits.payloadChars, 'payload'],
  ['text', ID, 'mac'],
]

/**
 * What one POST /v2/pipeline body asks, if it is one of the app's requests: `probe` (which club the
 * hub holds), `read` (the sync client's push cursor), `push` (events and device rows) or `seed` (the
 * club's tables and identity, with `info`).
 * Anything else throws a Refusal.
 */
export function classifyPipeline(body, limits = DEFAULT_LIMITS) {
  onlyKeys(body, ['baton', 'requests'], 'the pipeline')
  if (!absentOrNull(body.baton)) refuse('streams (batons) are not used by Ninekeeper')
  // The app's own look at which club the hub holds (src/core/sync/turso.ts probe): one read.
  if (Array.isArray(body.requests) && body.requests.length === 1 && body.requests[0]?.type === 'execute') {
    const exec = body.requests[0]
    onlyKeys(exec, ['type', 'stmt'], 'the request')
    onlyKeys(exec.stmt, ['sql', 'args', 'named_args', 'want_rows'], 'the statement')
    if (exec.stmt.sql !== SQL.probe) refuse(`the statement is not one Ninekeeper sends (${describe(exec.stmt.sql)})`)
    if ((exec.stmt.args ?? []).length !== 0 || (exec.stmt.named_args ?? []).length !== 0)
      refuse('the statement takes no arguments')
    return { kind: 'probe' }
  }
  if (!Array.isArray(body.requests) || body.requests.length !== 1) refuse('a pipeline must hold exactly one batch')
  const req = body.requests[0]
  onlyKeys(req, ['type', 'batch'], 'the request')
  if (req.type !== 'batch') refuse(`"${String(req.type).slice(0, 20)}" requests are not used by Ninekeeper`)
  onlyKeys(req.batch, ['steps', 'replication_index'], 'the batch')
  if (!absentOrNull(req.batch.replication_index)) refuse('replication_index is not used by Ninekeeper')
  const steps = req.batch.steps
  if (!Array.isArray(steps) || steps.length === 0) refuse('the batch has no statements')
  if (steps.length > limits.steps) refuse(`the batch has more than ${limits.steps} statements`)
  const parsed = steps.map((step, i) => {
    const what = `statement ${i + 1}`
    onlyKeys(step, ['condition', 'stmt'], what)
    const s = step.stmt
    onlyKeys(s, ['sql', 'sql_id', 'args', 'named_args', 'want_rows', 'replication_index'], what)
    if (typeof s.sql !== 'string') refuse(`${what} has no SQL text`)
    if (!absentOrNull(s.sql_id) || !absentOrNull(s.replication_index))
      refuse(`${what} uses fields Ninekeeper never sends`)
    if (!absentOrNull(s.named_args) && !(Array.isArray(s.named_args) && s.named_args.length === 0))
      refuse(`${what} has named arguments`)
    if (!absentOrNull(s.want_rows) && typeof s.want_rows !== 'boolean')
      refuse(`${what}: want_rows must be true or false`)
    const cond = step.condition
    const condition = absentOrNull(cond) ? 'none' : JSON.stringify(cond) === INSIDE_TXN ? 'in-txn' : 'other'
    if (condition === 'other') refuse(`${what} has a condition Ninekeeper never sends`)
    return { s, what, condition }
  })

  // The push cursor: one read on its own.
  if (parsed.length === 1) {
    const { s, what, condition } = parsed[0]
    if (s.sql !== SQL.lastChange || condition !== 'none')
      refuse(`${what} is not a statement Ninekeeper sends (${describe(s.sql)})`)
    args(s, [['text', ID, 'client id']], what)
    return { kind: 'read' }
  }

  // A write: one transaction, BEGIN IMMEDIATE … COMMIT, every statement inside it one of the shapes.
  const first = parsed[0]
  const last = parsed[parsed.length - 1]
  if (first.s.sql !== SQL.begin || first.condition !== 'none' || (first.s.args ?? []).length !== 0)
    refuse(`statement 1 must be BEGIN IMMEDIATE (${describe(first.s.sql)})`)
  if (last.s.sql !== SQL.commit || last.condition !== 'in-txn' || (last.s.args ?? []).length !== 0)
    refuse(`the last statement must be COMMIT (${describe(last.s.sql)})`)
  let pushes = 0
  const ddl = new Set()
  const info = new Map()
  for (const { s, what, condition } of parsed.slice(1, -1)) {
    if (condition !== 'in-txn') refuse(`${what} runs outside the batch's transaction`)
    if (s.sql === SQL.event) {
      args(s, EVENT_ARGS(limits), what)
      pushes++
    } else if (s.sql === SQL.device) {
      const [, label] = args(
        s,
        [
          ['text', ID, 'device'],
          ['text', 4 * LABEL_MAX, 'label'],
          ['text', 100, 'last seen'],
        ],
        what,
      )
      const bad = checkName(label, LABEL_MAX, 'the laptop label')
      if (bad) refuse(`${what}: ${bad}`)
      pushes++
    } else if (s.sql === SQL.syncTable) {
      args(s, [], what)
    } else if (s.sql === SQL.setLastChange) {
      args(
        s,
        [
          ['text', ID, 'client id'],
          ['integer', 0, 'pull generation'],
          ['integer', 0, 'change id'],
        ],
        what,
      )
    } else if (SCHEMA_DDL.has(s.sql)) {
      args(s, [], what)
      ddl.add(s.sql)
    } else if (s.sql === SQL.clubInfo) {
      const [key, value] = args(
        s,
        [
          ['text', 20, 'key'],
          ['text', 4 * CLUB_NAME_MAX, 'value'],
        ],
        what,
      )
      if (!CLUB_INFO_KEYS.includes(key)) refuse(`${what}: club_info has no key "${key}"`)
      if (info.has(key)) refuse(`${what}: club_info "${key}" is set twice`)
      if (key === 'name') {
        const bad = checkName(value, CLUB_NAME_MAX)
        if (bad) refuse(`${what}: ${bad}`)
      } else if (!/^[A-Za-z0-9._-]{1,64}$/.test(value)) refuse(`${what}: club_info "${key}" is not an identifier`)
      info.set(key, value)
    } else {
      refuse(`${what} is not a statement Ninekeeper sends (${describe(s.sql)})`)
    }
  }
  if (ddl.size === 0 && info.size === 0) return { kind: 'push', rows: pushes }
  if (pushes > 0) refuse('seeding the hub and pushing rows never come in one batch')
  if (ddl.size !== SCHEMA_DDL.size || info.size !== CLUB_INFO_KEYS.length)
    refuse('a seeding batch must create the club tables and set format, club_id, hub_id and name')
  return { kind: 'seed', info: Object.fromEntries(info) }
}

/** The start of a statement, for a refusal's reason (never the whole of what was sent). */
function describe(sql) {
  if (typeof sql !== 'string') return 'no SQL'
  const text = sql.replace(/\s+/g, ' ').trim()
  return `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`
}

/**
 * The fields of a POST /pull-updates body the client sends: encoding (1) raw only, server revision (2),
 * client revision (3), long-poll timeout (4), stream kind (8) pages only. Page selectors (5, 6) and a
 * server-side query selector (7) are refused.
 */
export function checkPullRequest(buf, limits = DEFAULT_LIMITS) {
  if (buf.length > 1024) refuse('a pull request is never that large')
  let i = 0
  const varint = () => {
    let v = 0n
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (i >= buf.length) refuse('the pull request is cut short')
      const b = buf[i++]
      v |= BigInt(b & 0x7f) << shift
      if ((b & 0x80) === 0) return v
    }
    refuse('the pull request has a malformed number')
  }
  let longPollMs = 0
  while (i < buf.length) {
    const key = Number(varint())
    const field = key >> 3
    const wire = key & 7
    if ((field === 1 || field === 4 || field === 8) && wire === 0) {
      const v = varint()
      if (field === 1 && v !== 0n) refuse('only raw page encoding is used by Ninekeeper')
      if (field === 8 && v !== 0n) refuse('only page updates are used by Ninekeeper')
      if (field === 4) {
        if (v > BigInt(limits.longPollMs)) refuse(`a long poll is at most ${limits.longPollMs} ms`)
        longPollMs = Number(v)
      }
    } else if ((field === 2 || field === 3) && wire === 2) {
      const len = Number(varint())
      const text = buf.subarray(i, i + len)
      if (text.length !== len) refuse('the pull request is cut short')
      if (!/^[A-Za-z0-9._:-]{0,64}$/.test(text.toString('latin1'))) refuse('a revision must be a short identifier')
      i += len
    } else {
      refuse(`the pull request has field ${field}, which Ninekeeper never sends`)
    }
  }
  return { longPollMs }
}

/** The request's body, at most `max` bytes, received within `timeoutMs` (else 413 or 408). */
function readBody(req, max, timeoutMs) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > max) return reject(new Refusal(413, `a request is at most ${max} bytes`))
    const chunks = []
    let size = 0
    const timer = setTimeout(() => {
      req.pause()
      reject(new Refusal(408, `a request must arrive within ${timeoutMs} ms`))
    }, timeoutMs)
    const fail = (e) => {
      clearTimeout(timer)
      req.pause()
      reject(e)
    }
    req.on('data', (c) => {
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

/** One request to tursodb on loopback, its answer whole (at most `max` bytes). */
function upstreamJson(port, body, timeoutMs) {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body))
    const r = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v2/pipeline',
        headers: { 'content-type': 'application/json', 'content-length': data.length },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
          } catch (e) {
            reject(e)
          }
        })
        res.on('error', reject)
      },
    )
    r.on('timeout', () => r.destroy(new Error('tursodb did not answer')))
    r.on('error', reject)
    r.end(data)
  })
}

/** One read-only statement on tursodb; its first column of its first row as a number. */
async function count(port, sql, timeoutMs) {
  const answer = await upstreamJson(
    port,
    {
      baton: null,
      requests: [{ type: 'batch', batch: { steps: [{ condition: null, stmt: { sql, args: [], want_rows: true } }] } }],
    },
    timeoutMs,
  )
  const result = answer?.results?.[0]
  const step = result?.response?.result
  if (result?.type !== 'ok' || !step || step.step_errors?.[0]) throw new Error('tursodb did not answer the club check')
  return Number(step.step_results[0]?.rows?.[0]?.[0]?.value ?? 0)
}

/** Whether tursodb's file holds a club (a club_info table with rows). */
async function holdsClub(port, timeoutMs) {
  // Asked in two steps: counting rows of a table that is not there would make tursodb log an error.
  if (
    (await count(port, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'club_info'", timeoutMs)) ===
    0
  )
    return false
  return (await count(port, 'SELECT count(*) FROM club_info', timeoutMs)) > 0
}

/**
 * Starts the hub's front door on host:port for tursodb listening on 127.0.0.1:upstreamPort over
 * `dataDir/club.db`. Resolves once it listens.
 */
export async function startHubProxy({ host, port, upstreamPort, dataDir, limits: custom = {}, log = () => {} }) {
  const limits = { ...DEFAULT_LIMITS, ...custom }
  const tokenFile = join(dataDir, TOKEN_FILE)
  const codeFile = join(dataDir, CODE_FILE)
  let known = null
  /** After a code change: { current, members, revoked, by, ref } (hex hashes), else null. */
  let code
  const readCode = () => {
    if (code !== undefined) return code
    if (!existsSync(codeFile)) return (code = null)
    let c
    try {
      c = JSON.parse(readFileSync(codeFile, 'utf8'))
    } catch {
      c = null
    }
    const hexes = (a) => Array.isArray(a) && a.every((h) => typeof h === 'string' && HEX64.test(h))
    if (
      !c ||
      typeof c.current !== 'string' ||
      !HEX64.test(c.current) ||
      !hexes(c.members) ||
      !hexes(c.revoked) ||
      typeof c.by !== 'string' ||
      typeof c.ref !== 'string'
    )
      throw new Error(`${codeFile} is damaged: delete it only if the hub's club is gone`)
    return (code = c)
  }
  const readKnown = () => {
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
  const writeFile0600 = (file, text) => {
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, text, { mode: 0o600 })
    renameSync(tmp, file)
  }
  /** The hex hashes a set holds, compared in constant time each. */
  const holds = (list, hash) => list.some((h) => timingSafeEqual(Buffer.from(h, 'hex'), hash))
  const changedNotice = () => {
    const c = readCode()
    return c ? { changed: { by: c.by, ref: c.ref } } : undefined
  }

  /** POST /ninekeeper/code (see the file comment): only with the club's current token. */
  const changeCode = async (body, hash, res) => {
    let ask
    try {
      ask = JSON.parse(body.toString('utf8'))
    } catch {
      refuse('the code change is not JSON')
    }
    onlyKeys(ask, ['token', 'members', 'by', 'ref', 'revoke'], 'the code change')
    if (typeof ask.token !== 'string' || !HEX64.test(ask.token)) refuse('token must be a sha256 in hex')
    if (
      !Array.isArray(ask.members) ||
      ask.members.length > CODE_MEMBERS_MAX ||
      !ask.members.every((h) => typeof h === 'string' && HEX64.test(h)) ||
      new Set(ask.members).size !== ask.members.length
    )
      refuse(`members must be at most ${CODE_MEMBERS_MAX} different sha256 hashes in hex`)
    if (typeof ask.by !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(ask.by)) refuse('by must be a public device key')
    if (typeof ask.ref !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(ask.ref)) refuse('ref must be a short mark')
    const revoke = ask.revoke ?? []
    if (
      !Array.isArray(revoke) ||
      revoke.length > REVOKE_MAX ||
      !revoke.every((h) => typeof h === 'string' && HEX64.test(h))
    )
      refuse(`revoke must be at most ${REVOKE_MAX} sha256 hashes in hex`)
    if (ask.members.includes(ask.token) || revoke.includes(ask.token))
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
        ...(stored.toString('hex') === ask.token ? [] : [stored.toString('hex')]),
        ...revoke,
        ...(before?.members ?? []),
        ...(before?.revoked ?? []),
      ].filter((h) => h !== ask.token && !ask.members.includes(h))
      const next = {
        current: ask.token,
        members: ask.members,
        revoked: [...new Set(revoked)].slice(0, REVOKED_MAX),
        by: ask.by,
        ref: ask.ref,
      }
      writeFile0600(codeFile, `${JSON.stringify(next)}\n`)
      writeFile0600(tokenFile, `${ask.token}\n`)
      code = next
      known = Buffer.from(ask.token, 'hex')
      log(`hub: the club code was changed; ${ask.members.length} laptops kept`)
      send(res, 200, null, { ok: true })
    })
    seeding = turn.catch(() => {})
    await turn
  }
  let seeding = Promise.resolve()

  const send = (res, status, reason, answer) => {
    if (res.headersSent) return res.destroy()
    const body = JSON.stringify(answer ?? { error: reason })
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  }

  /** Passes the request to tursodb and streams its answer back, cut off past `max` bytes. */
  const forward = (res, path, contentType, body, max, timeoutMs, hold = false) =>
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
          const cut = () => {
            log(`hub: an answer to ${path} was larger than ${max} bytes; cut`)
            answer.destroy()
            up.destroy()
            res.destroy()
            resolve(null)
          }
          if (declared > max) return cut()
          if (hold) {
            // The caller answers once it has acted on the result (seeding: the token is kept first).
            const chunks = []
            answer.on('data', (c) => {
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
          answer.on('data', (c) => {
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

  // News for waiting laptops (docs/SYNC.md § How it works, sync latency): a mark that changes whenever rows arrive
  // through this door (a push or a seed). A laptop's POST /ninekeeper/wait with the mark it saw last
  // is answered at once when the mark moved since, else as soon as it moves (or after its wait), so
  // a round entered on one laptop reaches the others within a round trip instead of a poll interval.
  const epoch = randomBytes(6).toString('base64url')
  let version = 0
  const waiters = new Set()
  const mark = () => `${epoch}:${version}`
  const news = () => {
    version++
    for (const w of waiters) w()
    waiters.clear()
  }
  const wait = async (body, res) => {
    let ask
    try {
      ask = JSON.parse(body.toString('utf8'))
    } catch {
      refuse('the wait is not JSON')
    }
    onlyKeys(ask, ['after', 'waitMs'], 'the wait')
    if (ask.after !== null && (typeof ask.after !== 'string' || ask.after.length > 100))
      refuse('after must be a mark this hub gave, or null')
    if (!Number.isInteger(ask.waitMs) || ask.waitMs < 0 || ask.waitMs > limits.longPollMs)
      refuse(`waitMs must be a whole number of milliseconds up to ${limits.longPollMs}`)
    if (ask.after === mark() && ask.waitMs > 0) {
      if (waiters.size >= limits.waiters) throw new Refusal(503, 'too many laptops waiting')
      await new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer)
          waiters.delete(done)
          resolve()
        }
        const timer = setTimeout(done, ask.waitMs)
        waiters.add(done)
        res.once('close', done)
      })
    }
    if (!res.destroyed) send(res, 200, null, { mark: mark() })
  }

  const handle = async (req, res) => {
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
    let json
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
      if (readKnown() && !timingSafeEqual(readKnown(), hash)) throw new Refusal(401, 'this hub holds another club')
      const answer = await forward(
        res,
        path,
        'application/json',
        body,
        limits.pipelineResponseBytes,
        limits.timeoutMs,
        true,
      )
      if (!answer) {
        if (!res.headersSent) send(res, 502, 'the hub’s database did not answer')
        return
      }
      if (answer.status === 200 && !readKnown() && (await holdsClub(upstreamPort, limits.timeoutMs))) {
        const tmp = `${tokenFile}.${process.pid}.tmp`
        writeFileSync(tmp, `${hash.toString('hex')}\n`, { mode: 0o600 })
        renameSync(tmp, tokenFile)
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
    handle(req, res).catch((e) => {
      if (e instanceof Refusal) {
        if (e.status !== 401 && e.status !== 404) log(`hub: refused ${req.method} ${req.url}: ${e.message}`)
        send(res, e.status, e.message, e.extra ? { error: e.message, ...e.extra } : undefined)
        // A refused upload is not read to its end.
        if (e.status === 413 || e.status === 408) res.once('finish', () => req.destroy())
      } else {
        log(`hub: ${e?.message ?? e}`)
        send(res, 502, 'the hub’s database did not answer')
      }
    })
  })
  server.requestTimeout = limits.timeoutMs
  server.headersTimeout = Math.min(limits.timeoutMs, 20_000)
  server.maxHeadersCount = 50
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    port: server.address().port,
    tokenFile,
    codeFile,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
