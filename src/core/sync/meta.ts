/**
 * What club sync keeps in the meta table: the club setting (club id, key, hub, name), the two
 * cursors (sync.pushed: the local events table's rowid; sync.pulled: the hub's row number), counts
 * and the list of refused rows. Written inside the transactions that move what they describe.
 */
import type { Database, Statement } from 'better-sqlite3'
import type { RefusedEvent } from '../../shared/model/sync'

/** Refused rows listed in the status (the total is counted apart). */
const REFUSED_KEPT = 200
/** Refused row ids remembered so that a row met again is not counted again (about 1.5 MB at most). */
const REFUSED_REMEMBERED = 20_000

export interface ClubConfig {
  clubId: string
  /** The club's signing key (every row's HMAC): the key of its first code, for good. */
  key: string
  hubUrl: string
  authToken?: string
  name: string
  joinedAt: string
  /** After a change of the join code (sync/code-change.ts): the code key now, which the code shows and the hub token comes from. */
  codeKey?: string
  /** The `device.code-changed` event that gave codeKey. */
  codeChange?: string
  /** Until this laptop has read a change it was kept through: the member token the hub takes meanwhile. */
  memberToken?: string
  /** Code keys this laptop held before (newest first): a hub seeded again with one of them can be taken back. */
  pastCodeKeys?: string[]
}

export class SyncMeta {
  private readonly getStmt: Statement<[string], { value: string }>
  private readonly setStmt: Statement<[string, string]>
  private readonly delStmt: Statement<[string]>
  private cached: { raw: string | undefined; cfg: ClubConfig | null } | null = null
  private cachedAt = 0

  constructor(private readonly db: Database) {
    this.getStmt = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?')
    this.setStmt = db.prepare<[string, string]>(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    )
    this.delStmt = db.prepare<[string]>('DELETE FROM meta WHERE key = ?')
    // The signatures keyed laptops put on their events, kept as they arrived (schema 10), so that
    // anti-entropy can send another laptop's event up again: this laptop cannot sign for it.
    this.putSig = db.prepare<[string, string]>('INSERT OR IGNORE INTO sync_signatures (id, sig) VALUES (?, ?)')
    this.getSig = db.prepare<[string], { sig: string }>('SELECT sig FROM sync_signatures WHERE id = ?')
  }

  private readonly putSig: Statement<[string, string]>
  private readonly getSig: Statement<[string], { sig: string }>

  /** Keeps keyed devices' signatures of events just merged (inside the merge's transaction). */
  keepSigs(sigs: ReadonlyMap<string, string>): void {
    for (const [id, sig] of sigs) this.putSig.run(id, sig)
  }

  /** The device signature kept for an event (null: none). */
  sigOf(id: string): string | null {
    return this.getSig.get(id)?.sig ?? null
  }

  /** The club setting as read at most a second ago (for the check after every call). */
  recentConfig(): ClubConfig | null {
    if (this.cached && this.db.open && performance.now() - this.cachedAt < 1000) return this.cached.cfg
    return this.config()
  }

  /** The club setting, read now (null when this laptop is in no club). */
  config(): ClubConfig | null {
    if (!this.db.open) return null
    const raw = this.get('club')
    this.cachedAt = performance.now()
    if (this.cached && this.cached.raw === raw) return this.cached.cfg
    let cfg: ClubConfig | null
    try {
      cfg = raw ? (JSON.parse(raw) as ClubConfig) : null
    } catch {
      cfg = null
    }
    this.cached = { raw, cfg }
    return cfg
  }

  save(cfg: ClubConfig): void {
    this.db.transaction(() => this.setStmt.run('club', JSON.stringify(cfg))).immediate()
    this.cached = null
  }

  /** Forgets the club setting read last (it was just changed here). */
  forget(): void {
    this.cached = null
  }

  get(key: string): string | undefined {
    return this.getStmt.get(key)?.value
  }

  set(key: string, value: string): void {
    this.setStmt.run(key, value)
  }

  del(key: string): void {
    this.delStmt.run(key)
  }

  num(key: string): number {
    const n = Number(this.get(key) ?? '0')
    return Number.isFinite(n) ? n : 0
  }

  /**
   * After a merge (inside its transaction): the pull cursor, the count received, the rows refused
   * (newest first, REFUSED_KEPT kept, all counted) and, when nothing of this laptop's was waiting,
   * the push cursor.
   */
  recordPull(p: { pushedTo: number | null; pulledTo: number; added: number; refused: RefusedEvent[] }): void {
    if (p.pushedTo !== null) this.set('sync.pushed', String(p.pushedTo))
    this.set('sync.pulled', String(p.pulledTo))
    this.set('sync.received', String(this.num('sync.received') + p.added))
    // A row is listed and counted once, however often it is met again (anti-entropy meets refused
    // rows at every check-in, since this laptop never holds them).
    const seen = this.refusedSeen()
    const fresh = p.refused.filter((r) => !seen.has(r.id) && seen.add(r.id))
    if (fresh.length) {
      this.set('sync.refused', JSON.stringify([...fresh, ...this.refusedList()].slice(0, REFUSED_KEPT)))
      this.set('sync.refused_total', String(this.num('sync.refused_total') + fresh.length))
      this.set('sync.refused_seen', JSON.stringify([...seen].slice(-REFUSED_REMEMBERED)))
    }
  }

  /** The ids of every row refused so far (the last REFUSED_REMEMBERED), listed or not. */
  refusedSeen(): Set<string> {
    try {
      const ids = JSON.parse(this.get('sync.refused_seen') ?? '[]') as unknown
      return new Set(Array.isArray(ids) ? ids.map(String) : [])
    } catch {
      return new Set()
    }
  }

  refusedList(): RefusedEvent[] {
    try {
      return JSON.parse(this.get('sync.refused') ?? '[]') as RefusedEvent[]
    } catch {
      return []
    }
  }
}
