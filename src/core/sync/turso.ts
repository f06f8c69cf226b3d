/**
 * Club sync's transport on Turso Sync (`@tursodatabase/sync`): a replica file per laptop that pulls
 * and pushes changes with a hub (`tursodb --sync-server`, or a Turso Cloud database). Only the
 * insert-only `club_events` table matters; better-sqlite3 stays the app's database.
 *
 * Turso Sync pushes a laptop's inserts by rowid, and on the hub the last push wins, so two laptops'
 * rows with the same rowid would overwrite each other. Every push is therefore rewritten into
 * `INSERT OR IGNORE` without the rowid: the hub numbers rows in the order they arrive (the cursor
 * every laptop reads after), an event already there is never replaced, and nothing is deleted.
 *
 * The engine's native module is about 85 MB: it is imported the first time a club is used.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import {
  HubRefused,
  changeNoticeOf,
  HubTooLarge,
  HubUnreachable,
  MAX_ROW_PAYLOAD,
  ReplicaDamaged,
  type DeviceTally,
  type HubInfo,
  type Replica,
  type RowMark,
  type ReplicaOptions,
  type Transport,
} from './transport'
import type { WireEvent } from './sign'

type TursoModule = typeof import('@tursodatabase/sync')
type TursoDb = Awaited<ReturnType<TursoModule['connect']>>
type Mutation = Parameters<NonNullable<Parameters<TursoModule['connect']>[0]['transform']>>[0]

let loaded: Promise<TursoModule> | null = null
function turso(): Promise<TursoModule> {
  loaded ??= import('@tursodatabase/sync')
  return loaded
}

const EVENT_COLUMNS = ['id', 'club', 'device', 'seq', 'hlc', 'kind', 'v', 'subject', 'payload', 'mac'] as const

export { HUB_FORMAT } from './transport'

/**
 * The pull cursor is a JavaScript number: a hub row numbered past 2^53 (a junk row written at the top
 * by hand) could not be passed exactly, and would be read again and again. Such rows are left to
 * anti-entropy, which finds events by id, not by row number.
 */
const MAX_CURSOR = Number.MAX_SAFE_INTEGER

/**
 * The columns a laptop reads of a hub row: every text field cut to what a real event can hold, and a
 * payload larger than MAX_ROW_PAYLOAD left out unread (null), so junk rows on a hub cost nothing.
 */
const ROW_COLUMNS = [
  'n',
  'substr(id, 1, 64) AS id',
  'substr(club, 1, 64) AS club',
  'substr(device, 1, 64) AS device',
  'seq',
  'substr(hlc, 1, 64) AS hlc',
  'substr(kind, 1, 64) AS kind',
  'v',
  'substr(subject, 1, 64) AS subject',
  `CASE WHEN length(CAST(payload AS BLOB)) > ${MAX_ROW_PAYLOAD} THEN NULL ELSE payload END AS payload`,
  'substr(mac, 1, 256) AS mac',
].join(', ')

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS club_events (
    n INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, club TEXT NOT NULL, device TEXT NOT NULL, seq INTEGER NOT NULL,
    hlc TEXT NOT NULL, kind TEXT NOT NULL, v INTEGER NOT NULL, subject TEXT NOT NULL, payload TEXT NOT NULL, mac TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS club_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS club_devices (device TEXT PRIMARY KEY, label TEXT NOT NULL, last_seen TEXT NOT NULL, hub TEXT);
`

/** What a push sends: events only ever added (never replaced), device rows upserted, nothing else. */
function transform(m: Mutation) {
  if (m.tableName === 'club_events') {
    if (m.changeType !== 'insert' || !m.after) return { operation: 'skip' as const }
    const after = m.after
    return {
      operation: 'rewrite' as const,
      stmt: {
        sql: `INSERT OR IGNORE INTO club_events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map(() => '?').join(', ')})`,
        values: EVENT_COLUMNS.map((c) => after[c]),
      },
    }
  }
  if (m.tableName === 'club_devices') {
    if (m.changeType === 'delete' || !m.after) return { operation: 'skip' as const }
    const a = m.after
    // The hub writes its own id into the row: a laptop that reads it back after a pull knows its
    // replica follows this hub (and not one that was lost and replaced at the same address).
    return {
      operation: 'rewrite' as const,
      stmt: {
        sql: "INSERT OR REPLACE INTO club_devices (device, label, last_seen, hub) VALUES (?, ?, ?, (SELECT value FROM club_info WHERE key = 'hub_id'))",
        values: [a.device, a.label, a.last_seen],
      },
    }
  }
  return { operation: 'skip' as const }
}

function isNetwork(e: unknown): boolean {
  const text = `${(e as Error)?.message ?? ''} ${String((e as { cause?: unknown })?.cause ?? '')}`
  return /fetch failed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|aborted|timeout|socket|network|HTTP error|status: 5\d\d|other side closed/i.test(
    text,
  )
}

/** The most one answer of the hub may weigh: a hub that answers more is cut off (it cannot fill the disk). */
export const MAX_ANSWER_BYTES = 256 * 1024 * 1024

/**
 * A body that errors once more than `max` bytes came through: the sync engine reads answers whole,
 * so a hub (malicious, or broken) answering without end would otherwise grow this laptop's memory
 * and replica without bound.
 */
export function capped(res: Response, max: number): Response {
  if (!res.body) return res
  let seen = 0
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, ctl) {
      seen += chunk.byteLength
      if (seen > max) ctl.error(new HubTooLarge(`the hub answered more than ${max} bytes`))
      else ctl.enqueue(chunk)
    },
  })
  return new Response(res.body.pipeThrough(limit), {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  })
}

/**
 * Every request to the hub gives up after `timeoutMs`, so a hub that hangs never hangs a sync; every
 * answer is capped, and the hub's clock (its `Date` header) is noted for the clock check.
 */
function hubFetch(o: ReplicaOptions): typeof fetch {
  const timeoutMs = o.timeoutMs ?? 30_000
  const max = o.maxAnswerBytes ?? MAX_ANSWER_BYTES
  return async (input, init) => {
    const res = await fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    o.onHubDate?.(res.headers.get('date'))
    return capped(res, max)
  }
}

/** The address of the hub's SQL-over-HTTP endpoint (Hrana over HTTP, /v2/pipeline). */
function pipelineUrl(url: string): string {
  return `${url.replace(/^libsql:/i, 'https:').replace(/\/+$/, '')}/v2/pipeline`
}

interface HranaValue {
  type: string
  value?: unknown
}
interface HranaResult {
  type: 'ok' | 'error'
  response?: { result?: { rows?: HranaValue[][] } }
  error?: { message?: string }
}

/**
 * Reads from the hub itself, not from the replica (which may follow a hub that is gone): one read-only
 * statement over the hub's SQL-over-HTTP endpoint. Null when the table does not exist there.
 */
async function hubRead(o: ReplicaOptions, sql: string): Promise<unknown[][] | null> {
  let res: Response
  try {
    res = await hubFetch(o)(pipelineUrl(o.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(o.authToken ? { authorization: `Bearer ${o.authToken}` } : {}),
      },
      body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql } }] }),
    })
  } catch (e) {
    throw new HubUnreachable(`probe: ${(e as Error).message}`)
  }
  if (res.status === 401 || res.status === 403) throw await refusal(res)
  if (res.status >= 500) throw new HubUnreachable(`probe: HTTP error ${res.status}`)
  let body: { results?: HranaResult[] }
  try {
    body = (await res.json()) as { results?: HranaResult[] }
  } catch (e) {
    if (e instanceof HubTooLarge) throw e
    throw new HubUnreachable(`probe: the hub's answer is not JSON (HTTP ${res.status})`)
  }
  const first = body.results?.[0]
  if (!first) throw new HubUnreachable(`probe: the hub gave no answer (HTTP ${res.status})`)
  if (first.type === 'error') {
    if (/no such table/i.test(first.error?.message ?? '')) return null
    throw new Error(`the hub refused a read: ${first.error?.message ?? 'no reason given'}`)
  }
  return (first.response?.result?.rows ?? []).map((row) => row.map((v) => (v.type === 'null' ? null : v.value)))
}

/** A 401/403 as HubRefused, with the hub's notice of a code change when it gave one. */
async function refusal(res: Response): Promise<HubRefused> {
  let text = ''
  try {
    text = await capped(res, 4096).text()
  } catch {
    // an answer too long or cut: no notice
  }
  return new HubRefused(res.status, changeNoticeOf(text))
}

function wrap(e: unknown, what: string): Error {
  if (e instanceof HubUnreachable || e instanceof ReplicaDamaged || e instanceof HubRefused || e instanceof HubTooLarge)
    return e
  if (e instanceof Error && /status=40[13]\b|HTTP error 40[13]\b|unauthori[sz]ed/i.test(e.message))
    return new HubRefused(/status=403|error 403/.test(e.message) ? 403 : 401)
  if (e instanceof Error && /answered more than \d+ bytes/.test(e.message)) return new HubTooLarge(e.message)
  if (isNetwork(e)) return new HubUnreachable(`${what}: ${(e as Error).message}`)
  return e instanceof Error ? e : new Error(String(e))
}

class TursoReplica implements Replica {
  constructor(private readonly db: TursoDb) {}

  async info(): Promise<HubInfo | null> {
    const has = await (
      await this.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name IN ('club_events', 'club_info')")
    ).get()
    if (Number((has as { n: number }).n) < 2) return null
    const rows = (await (await this.db.prepare('SELECT key, value FROM club_info')).all()) as {
      key: string
      value: string
    }[]
    const map = new Map(rows.map((r) => [r.key, r.value]))
    return {
      format: map.get('format') ?? '',
      clubId: map.get('club_id') ?? '',
      hubId: map.get('hub_id') ?? '',
      name: map.get('name') ?? '',
    }
  }

  async insert(rows: WireEvent[]): Promise<void> {
    if (rows.length === 0) return
    const stmt = await this.db.prepare(
      `INSERT OR IGNORE INTO club_events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map(() => '?').join(', ')})`,
    )
    await this.db.exec('BEGIN')
    try {
      for (const r of rows) await stmt.run(EVENT_COLUMNS.map((c) => r[c]))
      await this.db.exec('COMMIT')
    } catch (e) {
      await this.db.exec('ROLLBACK').catch(() => {})
      throw e
    }
  }

  async touch(deviceId: string, label: string, at: string): Promise<void> {
    await (
      await this.db.prepare('INSERT OR REPLACE INTO club_devices (device, label, last_seen) VALUES (?, ?, ?)')
    ).run([deviceId, label, at])
  }

  async follows(deviceId: string): Promise<boolean> {
    const r = (await (
      await this.db.prepare(
        "SELECT count(*) AS n FROM club_devices d JOIN club_info i ON i.key = 'hub_id' WHERE d.device = ? AND d.hub = i.value",
      )
    ).get([deviceId])) as { n: number }
    return Number(r.n) === 1
  }

  async push(): Promise<void> {
    try {
      await this.db.push()
    } catch (e) {
      throw wrap(e, 'push')
    }
  }

  async pull(): Promise<void> {
    try {
      await this.db.pull()
    } catch (e) {
      throw wrap(e, 'pull')
    }
  }

  async after(after: number, limit: number): Promise<(WireEvent & { n: number })[]> {
    const rows = (await (
      await this.db.prepare(
        `SELECT ${ROW_COLUMNS} FROM club_events WHERE n > ? AND n <= ${MAX_CURSOR} ORDER BY n LIMIT ?`,
      )
    ).all([after, limit])) as (WireEvent & { n: number })[]
    return rows.map((r) => ({ ...r, n: Number(r.n), seq: Number(r.seq), v: Number(r.v) }))
  }

  async countAfter(after: number): Promise<number> {
    const r = (await (
      await this.db.prepare(`SELECT count(*) AS n FROM club_events WHERE n > ? AND n <= ${MAX_CURSOR}`)
    ).get([after])) as {
      n: number
    }
    return Number(r.n)
  }

  async tally(): Promise<DeviceTally[]> {
    const rows = (await (
      await this.db.prepare('SELECT device, count(*) AS c, max(seq) AS m FROM club_events GROUP BY device')
    ).all()) as { device: string; c: number; m: number }[]
    return rows.map((r) => ({ device: String(r.device), count: Number(r.c), maxSeq: Number(r.m) }))
  }

  async marks(device: string): Promise<RowMark[]> {
    const rows = (await (
      await this.db.prepare('SELECT substr(id, 1, 64) AS id, seq FROM club_events WHERE device = ? ORDER BY seq')
    ).all([device])) as { id: string; seq: number }[]
    return rows.map((r) => ({ id: String(r.id), seq: Number(r.seq) }))
  }

  async rowsOf(device: string): Promise<(WireEvent & { n: number })[]> {
    const rows = (await (
      await this.db.prepare(`SELECT ${ROW_COLUMNS} FROM club_events WHERE device = ? ORDER BY seq`)
    ).all([device])) as (WireEvent & { n: number })[]
    return rows.map((r) => ({ ...r, n: Number(r.n), seq: Number(r.seq), v: Number(r.v) }))
  }

  async rowsById(ids: string[]): Promise<(WireEvent & { n: number })[]> {
    const out: (WireEvent & { n: number })[] = []
    const stmt = await this.db.prepare(`SELECT ${ROW_COLUMNS} FROM club_events WHERE id = ?`)
    for (const id of ids) {
      const r = (await stmt.get([id])) as (WireEvent & { n: number }) | undefined
      if (r) out.push({ ...r, n: Number(r.n), seq: Number(r.seq), v: Number(r.v) })
    }
    return out
  }

  async rowsOfKind(kind: string, limit: number): Promise<(WireEvent & { n: number })[]> {
    const rows = (await (
      await this.db.prepare(`SELECT ${ROW_COLUMNS} FROM club_events WHERE kind = ? ORDER BY n LIMIT ?`)
    ).all([kind, limit])) as (WireEvent & { n: number })[]
    return rows.map((r) => ({ ...r, n: Number(r.n), seq: Number(r.seq), v: Number(r.v) }))
  }

  async devices(): Promise<{ deviceId: string; label: string; lastSeen: string }[]> {
    const rows = (await (
      await this.db.prepare('SELECT device, label, last_seen FROM club_devices ORDER BY last_seen DESC LIMIT 50')
    ).all()) as { device: string; label: string; last_seen: string }[]
    return rows.map((r) => ({ deviceId: r.device, label: r.label, lastSeen: r.last_seen }))
  }

  async pending(): Promise<number> {
    return (await this.db.stats()).cdcOperations
  }

  async close(): Promise<void> {
    await this.db.close()
  }
}

async function connectAt(path: string, o: ReplicaOptions, withTransform: boolean): Promise<TursoDb> {
  const { connect } = await turso()
  try {
    return await connect({
      path,
      url: o.url,
      ...(o.authToken ? { authToken: o.authToken } : {}),
      clientName: o.clientName,
      fetch: hubFetch(o),
      // A long history goes up in several requests rather than one that could outlast the timeout.
      pushOperationsThreshold: 1000,
      ...(withTransform ? { transform } : {}),
    })
  } catch (e) {
    const w = wrap(e, 'connect')
    if (w instanceof HubUnreachable || w instanceof HubRefused || w instanceof HubTooLarge) throw w
    throw new ReplicaDamaged(`the replica could not be opened: ${(e as Error).message}`)
  }
}

export const tursoTransport: Transport = {
  async watch(o, after, waitMs, signal) {
    let res: Response
    try {
      res = await fetch(`${o.url.replace(/^libsql:/i, 'https:').replace(/\/+$/, '')}/ninekeeper/wait`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(o.authToken ? { authorization: `Bearer ${o.authToken}` } : {}),
        },
        body: JSON.stringify({ after, waitMs }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(waitMs + (o.timeoutMs ?? 30_000))]),
      })
    } catch (e) {
      throw new HubUnreachable(`watch: ${(e as Error).message}`)
    }
    if (res.status === 401 || res.status === 403) throw await refusal(res)
    if (res.status === 404 || res.status === 405) return null
    if (res.status !== 200) throw new HubUnreachable(`watch: HTTP error ${res.status}`)
    const text = await capped(res, 4096).text()
    const mark = (JSON.parse(text) as { mark?: unknown }).mark
    if (typeof mark !== 'string' || mark.length > 100) throw new HubUnreachable('watch: the hub gave no mark')
    return mark
  },

  async probe(o) {
    const rows = await hubRead(o, 'SELECT key, value FROM club_info')
    if (rows === null) return null
    const map = new Map(rows.map((r) => [String(r[0]), String(r[1] ?? '')]))
    if (!map.has('club_id')) return null
    return {
      format: map.get('format') ?? '',
      clubId: map.get('club_id') ?? '',
      hubId: map.get('hub_id') ?? '',
      name: map.get('name') ?? '',
    }
  },

  async open(o) {
    mkdirSync(o.dir, { recursive: true })
    return new TursoReplica(await connectAt(join(o.dir, 'replica.db'), o, true))
  },

  async changeCode(o, change) {
    let res: Response
    try {
      res = await hubFetch(o)(`${o.url.replace(/^libsql:/i, 'https:').replace(/\/+$/, '')}/ninekeeper/code`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(o.authToken ? { authorization: `Bearer ${o.authToken}` } : {}),
        },
        body: JSON.stringify(change),
      })
    } catch (e) {
      throw new HubUnreachable(`code change: ${(e as Error).message}`)
    }
    if (res.status === 403) {
      const text = await capped(res, 4096)
        .text()
        .catch(() => '')
      throw new Error(`the hub refused the change: ${text.slice(0, 200)}`)
    }
    if (res.status === 401) throw await refusal(res)
    if (res.status === 404 || res.status === 405) throw new Error('hub-cannot-change-code')
    if (res.status >= 500) throw new HubUnreachable(`code change: HTTP error ${res.status}`)
    if (res.status !== 200) throw new Error(`the hub answered the code change with HTTP ${res.status}`)
  },

  async seed(o, info) {
    // Schema changes go through a connection of their own without the rewrite (Turso Sync cannot
    // rewrite a schema change), in a scratch replica deleted afterwards.
    const dir = join(o.dir, `seed-${process.pid}-${Date.now()}`)
    mkdirSync(dir, { recursive: true })
    try {
      const db = await connectAt(join(dir, 'seed.db'), o, false)
      try {
        const existing = await new TursoReplica(db).info()
        if (existing) throw new Error(existing.clubId === info.clubId ? 'hub-has-this-club' : 'hub-has-another-club')
        await db.exec(SCHEMA)
        const put = await db.prepare('INSERT OR REPLACE INTO club_info (key, value) VALUES (?, ?)')
        for (const [k, v] of [
          ['format', info.format],
          ['club_id', info.clubId],
          ['hub_id', info.hubId],
          ['name', info.name],
        ])
          await put.run([k, v])
        await db.push()
      } finally {
        await db.close()
      }
    } catch (e) {
      throw wrap(e, 'seed')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
}
