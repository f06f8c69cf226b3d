/**
 * What the club hub's front door (proxy.ts) lets through: the sync client's requests (@tursodatabase/sync
 * 0.7.2) and the app's own, statement by statement (docs/SYNC.md § What the hub protects). Pure checks
 * over what a laptop sent; anything else is a Refusal with a short reason, and nothing of that request
 * reaches tursodb.
 */
import { createHash } from 'node:crypto'

export const TOKEN_FILE = 'hub-token.sha256'
export const CODE_FILE = 'hub-code.json'

export interface HubLimits {
  /** Largest request body (a push of 1000 events is about 1 MB). */
  requestBytes: number
  /** Largest answer to a pipeline (the results of one push batch). */
  pipelineResponseBytes: number
  /** Largest answer to a pull (database pages: a whole club's history for a new laptop). */
  pullResponseBytes: number
  /** Longest time to receive a request, and to have tursodb's answer. */
  timeoutMs: number
  /** Longest long poll a laptop may ask for. */
  longPollMs: number
  /** Most laptops waiting for news at once (POST /ninekeeper/wait). */
  waiters: number
  /** Largest number of statements in one batch. */
  steps: number
  /** Largest event payload (text). */
  payloadChars: number
}

export const DEFAULT_LIMITS: HubLimits = {
  requestBytes: 8 * 1024 * 1024,
  pipelineResponseBytes: 8 * 1024 * 1024,
  pullResponseBytes: 512 * 1024 * 1024,
  timeoutMs: 60_000,
  longPollMs: 60_000,
  waiters: 500,
  steps: 5000,
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

// The same checks as validatePlayerName in src/shared/model/player.ts, with the hub's own lengths and
// wording (a laptop's label may be longer than a player's name): keep them in step.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u

/** Why a club name or laptop label cannot be stored on the hub, or null when it can. */
export function checkName(text: unknown, max: number, what = 'the club name'): string | null {
  if (typeof text !== 'string') return `${what} is not text`
  if (LONE_SURROGATE.test(text)) return `${what} contains a broken character`
  if (CONTROL.test(text)) return `${what} contains control characters`
  if (BIDI_CONTROL.test(text)) return `${what} contains text-direction override characters`
  if ([...text].length > max) return `${what} is longer than ${max} characters`
  if (!VISIBLE.test(text)) return `${what} has no visible letter, digit or symbol`
  return null
}

/** A request the front door answers itself, with this HTTP status and reason (and extra fields). */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
    readonly extra: Record<string, unknown> | undefined = undefined,
  ) {
    super(reason)
  }
}
export function refuse(reason: string): never {
  throw new Refusal(403, reason)
}

export const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/
export const tokenHash = (token: string): Buffer => createHash('sha256').update(token).digest()

export type Obj = Record<string, unknown>

/** `o` is an object with only the fields named, else a refusal. */
export function onlyKeys(o: unknown, keys: readonly string[], what: string): asserts o is Obj {
  if (!o || typeof o !== 'object' || Array.isArray(o)) refuse(`${what} is not an object`)
  for (const k of Object.keys(o)) if (!keys.includes(k)) refuse(`${what} has an unexpected field "${k.slice(0, 40)}"`)
}
const absentOrNull = (v: unknown): v is undefined | null => v === undefined || v === null
const noArgs = (list: unknown): boolean => absentOrNull(list) || (Array.isArray(list) && list.length === 0)

type ArgKind = readonly ['text' | 'integer', number, string]

/** A Hrana argument of the expected kind ('text' ≤ max characters, or 'integer'), else a refusal. */
function arg(a: unknown, kind: 'text' | 'integer', max: number, what: string): string | bigint {
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

function args(stmt: Obj, kinds: readonly ArgKind[], what: string): (string | bigint)[] {
  const list = stmt.args ?? []
  if (!Array.isArray(list) || list.length !== kinds.length) refuse(`${what} must have ${kinds.length} arguments`)
  return kinds.map(([kind, max, name], i) => arg(list[i], kind, max, `${what}: ${name}`))
}

const ID = 200
const EVENT_ARGS = (limits: HubLimits): ArgKind[] => [
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

export type PipelineKind =
  { kind: 'probe' } | { kind: 'read' } | { kind: 'push'; rows: number } | { kind: 'seed'; info: Record<string, string> }

/**
 * What one POST /v2/pipeline body asks, if it is one of the app's requests: `probe` (which club the
 * hub holds), `read` (the sync client's push cursor), `push` (events and device rows) or `seed` (the
 * club's tables and identity, with `info`).
 * Anything else throws a Refusal.
 */
export function classifyPipeline(body: unknown, limits: HubLimits = DEFAULT_LIMITS): PipelineKind {
  onlyKeys(body, ['baton', 'requests'], 'the pipeline')
  if (!absentOrNull(body.baton)) refuse('streams (batons) are not used by Ninekeeper')
  const requests = body.requests
  // The app's own look at which club the hub holds (src/core/sync/turso.ts probe): one read.
  const only: unknown = Array.isArray(requests) && requests.length === 1 ? requests[0] : undefined
  if (only && typeof only === 'object' && (only as Obj).type === 'execute') {
    onlyKeys(only, ['type', 'stmt'], 'the request')
    const stmt = only.stmt
    onlyKeys(stmt, ['sql', 'args', 'named_args', 'want_rows'], 'the statement')
    if (stmt.sql !== SQL.probe) refuse(`the statement is not one Ninekeeper sends (${describe(stmt.sql)})`)
    if (!noArgs(stmt.args) || !noArgs(stmt.named_args)) refuse('the statement takes no arguments')
    return { kind: 'probe' }
  }
  if (only === undefined) refuse('a pipeline must hold exactly one batch')
  onlyKeys(only, ['type', 'batch'], 'the request')
  if (only.type !== 'batch') refuse(`"${String(only.type).slice(0, 20)}" requests are not used by Ninekeeper`)
  const batch = only.batch
  onlyKeys(batch, ['steps', 'replication_index'], 'the batch')
  if (!absentOrNull(batch.replication_index)) refuse('replication_index is not used by Ninekeeper')
  const steps = batch.steps
  if (!Array.isArray(steps) || steps.length === 0) refuse('the batch has no statements')
  if (steps.length > limits.steps) refuse(`the batch has more than ${limits.steps} statements`)
  const parsed = steps.map((step: unknown, i) => {
    const what = `statement ${i + 1}`
    onlyKeys(step, ['condition', 'stmt'], what)
    const s = step.stmt
    onlyKeys(s, ['sql', 'sql_id', 'args', 'named_args', 'want_rows', 'replication_index'], what)
    if (typeof s.sql !== 'string') refuse(`${what} has no SQL text`)
    if (!absentOrNull(s.sql_id) || !absentOrNull(s.replication_index))
      refuse(`${what} uses fields Ninekeeper never sends`)
    if (!noArgs(s.named_args)) refuse(`${what} has named arguments`)
    if (!absentOrNull(s.want_rows) && typeof s.want_rows !== 'boolean')
      refuse(`${what}: want_rows must be true or false`)
    const cond = step.condition
    const condition = absentOrNull(cond) ? 'none' : JSON.stringify(cond) === INSIDE_TXN ? 'in-txn' : 'other'
    if (condition === 'other') refuse(`${what} has a condition Ninekeeper never sends`)
    return { s, sql: s.sql, what, condition }
  })

  // The push cursor: one read on its own.
  const [first] = parsed
  const last = parsed[parsed.length - 1]
  if (!first || !last) refuse('the batch has no statements')
  if (parsed.length === 1) {
    if (first.sql !== SQL.lastChange || first.condition !== 'none')
      refuse(`${first.what} is not a statement Ninekeeper sends (${describe(first.sql)})`)
    args(first.s, [['text', ID, 'client id']], first.what)
    return { kind: 'read' }
  }

  // A write: one transaction, BEGIN IMMEDIATE … COMMIT, every statement inside it one of the shapes.
  if (first.sql !== SQL.begin || first.condition !== 'none' || !noArgs(first.s.args))
    refuse(`statement 1 must be BEGIN IMMEDIATE (${describe(first.sql)})`)
  if (last.sql !== SQL.commit || last.condition !== 'in-txn' || !noArgs(last.s.args))
    refuse(`the last statement must be COMMIT (${describe(last.sql)})`)
  let pushes = 0
  const ddl = new Set<string>()
  const info = new Map<string, string>()
  for (const { s, sql, what, condition } of parsed.slice(1, -1)) {
    if (condition !== 'in-txn') refuse(`${what} runs outside the batch's transaction`)
    if (sql === SQL.event) {
      args(s, EVENT_ARGS(limits), what)
      pushes++
    } else if (sql === SQL.device) {
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
    } else if (sql === SQL.syncTable) {
      args(s, [], what)
    } else if (sql === SQL.setLastChange) {
      args(
        s,
        [
          ['text', ID, 'client id'],
          ['integer', 0, 'pull generation'],
          ['integer', 0, 'change id'],
        ],
        what,
      )
    } else if (SCHEMA_DDL.has(sql)) {
      args(s, [], what)
      ddl.add(sql)
    } else if (sql === SQL.clubInfo) {
      const [key, value] = args(
        s,
        [
          ['text', 20, 'key'],
          ['text', 4 * CLUB_NAME_MAX, 'value'],
        ],
        what,
      ) as [string, string]
      if (!CLUB_INFO_KEYS.includes(key)) refuse(`${what}: club_info has no key "${key}"`)
      if (info.has(key)) refuse(`${what}: club_info "${key}" is set twice`)
      if (key === 'name') {
        const bad = checkName(value, CLUB_NAME_MAX)
        if (bad) refuse(`${what}: ${bad}`)
      } else if (!/^[A-Za-z0-9._-]{1,64}$/.test(value)) refuse(`${what}: club_info "${key}" is not an identifier`)
      info.set(key, value)
    } else {
      refuse(`${what} is not a statement Ninekeeper sends (${describe(sql)})`)
    }
  }
  if (ddl.size === 0 && info.size === 0) return { kind: 'push', rows: pushes }
  if (pushes > 0) refuse('seeding the hub and pushing rows never come in one batch')
  if (ddl.size !== SCHEMA_DDL.size || info.size !== CLUB_INFO_KEYS.length)
    refuse('a seeding batch must create the club tables and set format, club_id, hub_id and name')
  return { kind: 'seed', info: Object.fromEntries(info) }
}

/** The start of a statement, for a refusal's reason (never the whole of what was sent). */
function describe(sql: unknown): string {
  if (typeof sql !== 'string') return 'no SQL'
  const text = sql.replace(/\s+/g, ' ').trim()
  return `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`
}

/**
 * The fields of a POST /pull-updates body the client sends: encoding (1) raw only, server revision (2),
 * client revision (3), long-poll timeout (4), stream kind (8) pages only. Page selectors (5, 6) and a
 * server-side query selector (7) are refused.
 */
export function checkPullRequest(buf: Buffer, limits: HubLimits = DEFAULT_LIMITS): { longPollMs: number } {
  if (buf.length > 1024) refuse('a pull request is never that large')
  let i = 0
  const varint = (): bigint => {
    let v = 0n
    for (let shift = 0n; shift < 70n; shift += 7n) {
      const b = buf[i++]
      if (b === undefined) refuse('the pull request is cut short')
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
