/**
 * The table units' pairing store (docs/TABLES.md, docs/ARCHITECTURE.md § Table units): the evening's
 * closing time, one row per phone added to a running match, and the entries each phone made, keyed
 * by the phone's idempotency key. Kept in the data file beside the log, in tables of their own
 * (local to this laptop: never synced or exported; the entries themselves are events in the log).
 *
 * Secrets are never stored: a pairing token and a session cookie are kept as their SHA-256 only.
 * A pairing token is 128 random bits, good once and for PAIRING_TTL_MS.
 */
import type { Database } from 'better-sqlite3'
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** How long a pairing code stays good (docs/TABLES.md § Adding a phone). */
export const PAIRING_TTL_MS = 10 * 60 * 1000
/** The typed code's alphabet: Crockford base32 (no I, L, O, U: nothing to misread at a dim table). */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
/** 128 random bits in base32: 26 characters, shown in groups of four or five. */
const CODE_LENGTH = 26

export interface TableUnit {
  id: string
  matchId: string
  label: string
  createdAt: string
  pairedAt: string | null
  revokedAt: string | null
  lastSeenAt: string | null
}

export interface NewPairing {
  unit: TableUnit
  /** The one-time code (also the QR code's content, in the pairing address). */
  code: string
  expiresAt: string
}

/** Where the evening's listener is: its address, and the certificate's and key's files when it serves HTTPS. */
export interface Where {
  host: string
  port: number
  tlsCert?: string | null
  tlsKey?: string | null
}

export interface StoredEntry {
  eventId: string
  kind: 'round' | 'undo'
  answer: unknown
}

interface UnitRow {
  id: string
  match_id: string
  label: string
  created_at: number
  paired_at: number | null
  revoked_at: number | null
  last_seen_at: number | null
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS table_units (
  id TEXT PRIMARY KEY,
  match_id TEXT NOT NULL,
  label TEXT NOT NULL,
  pairing_hash TEXT UNIQUE,
  pairing_expires_at INTEGER,
  session_hash TEXT UNIQUE,
  created_at INTEGER NOT NULL,
  paired_at INTEGER,
  revoked_at INTEGER,
  last_seen_at INTEGER
);
CREATE TABLE IF NOT EXISTS table_unit_entries (
  unit_id TEXT NOT NULL,
  entry_key TEXT NOT NULL,
  match_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('round', 'undo')),
  answer TEXT NOT NULL,
  at INTEGER NOT NULL,
  UNIQUE (unit_id, entry_key)
);
CREATE INDEX IF NOT EXISTS table_unit_entries_event ON table_unit_entries (event_id);
CREATE TABLE IF NOT EXISTS table_night (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  closes_at INTEGER NOT NULL,
  host TEXT,
  port INTEGER,
  tls_cert TEXT,
  tls_key TEXT
);
`

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** Equal hashes, compared in constant time. */
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

/** 128 random bits as 26 Crockford base32 characters (the last carries 3 bits of padding). */
export function newPairingCode(): string {
  let bits = 0n
  for (const b of randomBytes(16)) bits = (bits << 8n) | BigInt(b)
  bits <<= 2n // 130 bits: 26 groups of five
  let out = ''
  for (let i = CODE_LENGTH - 1; i >= 0; i--) out += CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)]
  return out
}

/** A typed code as the phone sent it: spaces and dashes dropped, upper case, O→0, I/L→1 (Crockford). */
export function normaliseCode(typed: string): string | null {
  const s = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  if (s.length !== CODE_LENGTH) return null
  for (const ch of s) if (!CODE_ALPHABET.includes(ch)) return null
  return s
}

export class PairingStore {
  private readonly lastSeen = new Map<string, number>()

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {
    db.transaction(() => {
      db.exec(SCHEMA)
      // A table_night made before the certificate's columns (this feature's first days) gets them.
      const columns = (db.prepare('PRAGMA table_info(table_night)').all() as { name: string }[]).map((c) => c.name)
      if (!columns.includes('tls_cert'))
        db.exec('ALTER TABLE table_night ADD COLUMN tls_cert TEXT; ALTER TABLE table_night ADD COLUMN tls_key TEXT')
    }).immediate()
  }

  /** The evening's closing time, or null when the table units are closed. */
  closesAt(): Date | null {
    const row = this.db.prepare('SELECT closes_at FROM table_night WHERE id = 1').get() as
      { closes_at: number } | undefined
    if (!row || row.closes_at <= this.now().getTime()) return null
    return new Date(row.closes_at)
  }

  /**
   * Opens the evening until `closesAt`, remembering where the phones' listener was put (so a laptop
   * started again before the closing time serves the same address, and the phones' cookies still hold).
   */
  open(closesAt: Date, where?: Where): void {
    this.db
      .prepare(
        'INSERT INTO table_night (id, closes_at, host, port, tls_cert, tls_key) VALUES (1, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET closes_at = excluded.closes_at, host = excluded.host, port = excluded.port, tls_cert = excluded.tls_cert, tls_key = excluded.tls_key',
      )
      .run(closesAt.getTime(), where?.host ?? null, where?.port ?? null, where?.tlsCert ?? null, where?.tlsKey ?? null)
  }

  /** Where the open evening's listener was put, or null (closed, or never said). */
  where(): Where | null {
    if (this.closesAt() === null) return null
    const row = this.db.prepare('SELECT host, port, tls_cert, tls_key FROM table_night WHERE id = 1').get() as
      { host: string | null; port: number | null; tls_cert: string | null; tls_key: string | null } | undefined
    if (!row?.host || !row.port) return null
    return { host: row.host, port: row.port, tlsCert: row.tls_cert, tlsKey: row.tls_key }
  }

  /**
   * Closes the evening: every phone's session ends and every waiting pairing code is void (a phone
   * needs a new code next time).
   */
  close(): void {
    const at = this.now().getTime()
    this.db
      .transaction(() => {
        this.db.prepare('DELETE FROM table_night').run()
        this.db
          .prepare(
            'UPDATE table_units SET revoked_at = ?, session_hash = NULL, pairing_hash = NULL WHERE revoked_at IS NULL',
          )
          .run(at)
      })
      .immediate()
  }

  /** A new phone for `matchId` with its one-time pairing code. */
  addPhone(matchId: string, label: string): NewPairing {
    const code = newPairingCode()
    const at = this.now().getTime()
    const id = randomBytes(9).toString('base64url')
    const expires = at + PAIRING_TTL_MS
    this.db
      .prepare(
        'INSERT INTO table_units (id, match_id, label, pairing_hash, pairing_expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(id, matchId, label, hashSecret(code), expires, at)
    return { unit: this.unit(id) as TableUnit, code, expiresAt: new Date(expires).toISOString() }
  }

  /**
   * Trades a pairing code for a new session secret (the cookie's value), once: the code's hash is
   * cleared in the same transaction, so a second use (a replay) finds nothing. Null for an unknown,
   * used, expired or revoked code, or when the evening is closed.
   */
  pair(code: string): { unit: TableUnit; session: string } | null {
    const normal = normaliseCode(code)
    if (normal === null || this.closesAt() === null) return null
    const hash = hashSecret(normal)
    const at = this.now().getTime()
    return this.db
      .transaction(() => {
        const row = this.db
          .prepare('SELECT id, pairing_hash, pairing_expires_at FROM table_units WHERE pairing_hash = ?')
          .get(hash) as { id: string; pairing_hash: string; pairing_expires_at: number } | undefined
        if (!row || !sameHash(row.pairing_hash, hash) || row.pairing_expires_at <= at) return null
        const session = randomBytes(32).toString('base64url')
        this.db
          .prepare(
            'UPDATE table_units SET pairing_hash = NULL, pairing_expires_at = NULL, session_hash = ?, paired_at = ?, last_seen_at = ? WHERE id = ?',
          )
          .run(hashSecret(session), at, at, row.id)
        return { unit: this.unit(row.id) as TableUnit, session }
      })
      .immediate()
  }

  /** The phone a session cookie belongs to, or null (unknown, revoked, or the evening is closed). */
  bySession(session: string | null): TableUnit | null {
    if (!session || session.length > 100 || this.closesAt() === null) return null
    const hash = hashSecret(session)
    const row = this.db.prepare('SELECT id, session_hash FROM table_units WHERE session_hash = ?').get(hash) as
      { id: string; session_hash: string } | undefined
    if (!row || !sameHash(row.session_hash, hash)) return null
    return this.unit(row.id)
  }

  /**
   * Marks a phone as seen (the organiser's list shows it). Kept in memory, not written: a write (and
   * its sync to disk) per request would cost the phones' answers; the pairing time is in the file.
   */
  seen(unitId: string): void {
    this.lastSeen.set(unitId, this.now().getTime())
  }

  /** Revokes a phone: its cookie's and any waiting code's hashes are cleared, so they stop working at once. False when there is no such phone. */
  revoke(unitId: string): boolean {
    const r = this.db
      .prepare(
        'UPDATE table_units SET revoked_at = ?, session_hash = NULL, pairing_hash = NULL WHERE id = ? AND revoked_at IS NULL',
      )
      .run(this.now().getTime(), unitId)
    return r.changes === 1
  }

  unit(id: string): TableUnit | null {
    const row = this.db.prepare('SELECT * FROM table_units WHERE id = ?').get(id) as UnitRow | undefined
    return row ? this.withSeen(row) : null
  }

  /** Every phone added this evening (revoked ones too), oldest first. */
  units(): TableUnit[] {
    return (this.db.prepare('SELECT * FROM table_units ORDER BY created_at, id').all() as UnitRow[]).map((r) =>
      this.withSeen(r),
    )
  }

  private withSeen(row: UnitRow): TableUnit {
    const seen = this.lastSeen.get(row.id)
    return toUnit(seen !== undefined && seen > (row.last_seen_at ?? 0) ? { ...row, last_seen_at: seen } : row)
  }

  /** The entry a phone made under `key`, if it made one. */
  entry(unitId: string, key: string): StoredEntry | null {
    const row = this.db
      .prepare('SELECT event_id, kind, answer FROM table_unit_entries WHERE unit_id = ? AND entry_key = ?')
      .get(unitId, key) as { event_id: string; kind: 'round' | 'undo'; answer: string } | undefined
    return row ? { eventId: row.event_id, kind: row.kind, answer: JSON.parse(row.answer) as unknown } : null
  }

  /** Records an entry; called inside the transaction that appended its event. */
  recordEntry(unitId: string, key: string, matchId: string, entry: StoredEntry): void {
    this.db
      .prepare(
        'INSERT INTO table_unit_entries (unit_id, entry_key, match_id, event_id, kind, answer, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(unitId, key, matchId, entry.eventId, entry.kind, JSON.stringify(entry.answer), this.now().getTime())
  }

  /** The last round this phone entered in its match (its undo takes only that one back), or null. */
  lastRound(unitId: string): string | null {
    return (
      (this.db
        .prepare(
          "SELECT event_id FROM table_unit_entries WHERE unit_id = ? AND kind = 'round' ORDER BY at DESC, rowid DESC LIMIT 1",
        )
        .pluck()
        .get(unitId) as string | undefined) ?? null
    )
  }

  /** Which phone entered each event of a match: event id → the phone's label (the history names it). */
  sources(matchId: string): Record<string, string> {
    const rows = this.db
      .prepare(
        'SELECT e.event_id AS event, u.label AS label FROM table_unit_entries e JOIN table_units u ON u.id = e.unit_id WHERE e.match_id = ?',
      )
      .all(matchId) as { event: string; label: string }[]
    return Object.fromEntries(rows.map((r) => [r.event, r.label]))
  }
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString()
}

function toUnit(r: UnitRow): TableUnit {
  return {
    id: r.id,
    matchId: r.match_id,
    label: r.label,
    createdAt: new Date(r.created_at).toISOString(),
    pairedAt: iso(r.paired_at),
    revokedAt: iso(r.revoked_at),
    lastSeenAt: iso(r.last_seen_at),
  }
}
