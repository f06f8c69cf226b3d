/**
 * The one seam between club sync and the engine that carries it (Turso Sync today). The sync
 * service only inserts signed rows, pushes, pulls and reads rows after a cursor; swapping the
 * engine (PowerSync, say) means another implementation of this interface, nothing else.
 */
import type { WireEvent } from './sign'

/** What a hub of this app says it is (club_info.format). Here, not in turso.ts, so the engine stays lazily loaded. */
export const HUB_FORMAT = 'ninekeeper-club-1'

/** A row's payload larger than this is never read (the live checks cap an action at 64 KB). */
export const MAX_ROW_PAYLOAD = 256 * 1024

export interface HubInfo {
  format: string
  clubId: string
  /** Random per seeding: a hub that was lost and seeded again has a new one. */
  hubId: string
  name: string
}

export interface ReplicaOptions {
  /** A folder of its own for the replica's files. */
  dir: string
  url: string
  authToken?: string | undefined
  /** This laptop's device id (the engine adds its own suffix). */
  clientName: string
  /** Longest wait for one request to the hub. */
  timeoutMs?: number | undefined
  /** The most one answer of the hub may weigh (default MAX_ANSWER_BYTES in turso.ts). */
  maxAnswerBytes?: number | undefined
  /** Told the `Date` header of every answer of the hub (the hub's clock, for the clock check). */
  onHubDate?: ((date: string | null) => void) | undefined
}

/** What one device's events look like on the hub: how many, the highest number. */
export interface DeviceTally {
  device: string
  count: number
  maxSeq: number
}

/** One hub row as anti-entropy counts it: which event, its number on its device. */
export interface RowMark {
  id: string
  seq: number
}

export interface Replica {
  /** The club the hub holds, or null when the hub holds nothing yet (new, or lost and replaced). */
  info(): Promise<HubInfo | null>
  /** Stores rows to send (rows already there are left as they are). */
  insert(rows: WireEvent[]): Promise<void>
  /** Records that this laptop was seen now (Settings → Club lists the club's laptops). */
  touch(deviceId: string, label: string, at: string): Promise<void>
  /**
   * After touch, push and pull: whether the row the hub wrote for this laptop came back with the
   * hub's id. False means the replica follows a hub that is gone (replaced at the same address).
   */
  follows(deviceId: string): Promise<boolean>
  push(): Promise<void>
  pull(): Promise<void>
  /** Rows the hub numbered after `after`, in the hub's order. Only meaningful right after a pull. */
  after(after: number, limit: number): Promise<(WireEvent & { n: number })[]>
  countAfter(after: number): Promise<number>
  /** Per device: how many rows the hub holds and the highest number (after a pull). */
  tally(): Promise<DeviceTally[]>
  /** One device's rows on the hub, by number (after a pull). */
  marks(device: string): Promise<RowMark[]>
  /** One device's whole rows on the hub, by number (after a pull): the digest compares their content. */
  rowsOf(device: string): Promise<(WireEvent & { n: number })[]>
  /** The hub's rows with these ids (after a pull). */
  rowsById(ids: string[]): Promise<(WireEvent & { n: number })[]>
  /** The hub's rows of one kind, by number, at most `limit` (after a pull): a new laptop finds the code changes. */
  rowsOfKind(kind: string, limit: number): Promise<(WireEvent & { n: number })[]>
  devices(): Promise<{ deviceId: string; label: string; lastSeen: string }[]>
  /** Local changes not sent yet. */
  pending(): Promise<number>
  close(): Promise<void>
}

export interface Transport {
  open(options: ReplicaOptions): Promise<Replica>
  /**
   * Asks the hub itself (not a replica, which may follow a hub that is gone) which club it holds:
   * null when it holds none (new, or lost and started again empty).
   */
  probe(options: ReplicaOptions): Promise<HubInfo | null>
  /**
   * Waits until the hub has taken new rows since `after` (a mark it gave before; null: now), or until
   * `waitMs` passed, and answers its new mark. Null when the hub cannot tell (not Ninekeeper's hub:
   * a cloud database), so the laptop goes on asking every few seconds instead.
   */
  watch(options: ReplicaOptions, after: string | null, waitMs: number, signal: AbortSignal): Promise<string | null>
  /** Gives an empty hub the club's tables and identity. Refuses a hub that already holds a club. */
  seed(options: ReplicaOptions, info: HubInfo): Promise<void>
  /**
   * Tells Ninekeeper's hub that the club's join code changed (with the current token): from now on
   * it takes the token whose sha256 is `token` and each member token, and tells a laptop showing the
   * old token who changed the code (`by`, `ref`). HubRefused when the token is no longer the
   * current one (its `changed` says by whom); an Error when the hub cannot (not Ninekeeper's hub).
   */
  changeCode(
    options: ReplicaOptions,
    change: CodeChangeNotice & { token: string; members: string[]; revoke?: string[] },
  ): Promise<void>
}

/** What Ninekeeper's hub tells a laptop whose token an earlier code change replaced. */
export interface CodeChangeNotice {
  /** The changer's public device key (base64url). */
  by: string
  /** The change's mark (its member tokens are bound to it). */
  ref: string
}

/** The hub did not answer (down, unreachable, timed out): try again later. */
export class HubUnreachable extends Error {}
/** The hub answered, but the replica's files are unusable: delete them and start the replica again. */
export class ReplicaDamaged extends Error {}
/** The hub refused this laptop (HTTP 401/403): the hub token (from the club code) is not the one it knows. */
export class HubRefused extends Error {
  constructor(
    readonly status: number,
    /** Set when the hub says the club's code was changed since this laptop's token was made. */
    readonly changed: CodeChangeNotice | null = null,
  ) {
    super(`the hub refused the request (HTTP ${status})`)
  }
}

/** The notice of a code change in a refusal's body, if it is one (anything else: null). */
export function changeNoticeOf(body: string): CodeChangeNotice | null {
  try {
    const c = (JSON.parse(body) as { changed?: { by?: unknown; ref?: unknown } }).changed
    if (
      c &&
      typeof c.by === 'string' &&
      /^[A-Za-z0-9_-]{43}$/.test(c.by) &&
      typeof c.ref === 'string' &&
      /^[A-Za-z0-9_-]{16,64}$/.test(c.ref)
    )
      return { by: c.by, ref: c.ref }
  } catch {
    // not JSON: no notice
  }
  return null
}
/** The hub answered more than a laptop takes in one answer. */
export class HubTooLarge extends Error {}
/** The replica follows a hub that is no longer at its address: start it again from the hub there now. */
export class ReplicaStale extends Error {}
