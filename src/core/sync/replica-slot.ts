/**
 * The laptop's replica of the club hub, as the sync service holds it: its folder, opening it (once
 * more from nothing when its files are damaged), closing and discarding it, and seeding an empty hub
 * with the club (the person's words for each way that can fail). The replica is only a copy: losing
 * it loses nothing, so discarding is always safe.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { err, ok, type Result } from '../../shared/result'
import {
  HubRefused,
  HubUnreachable,
  ReplicaDamaged,
  type HubInfo,
  type Replica,
  type ReplicaOptions,
  HUB_FORMAT,
} from './transport'
import { hubToken } from './hub-token'
import type { ClubConfig } from './meta'
import type { SyncOptions } from './options'
import { short } from './util'

/** C0 and C1 controls, bidi embeddings, overrides and isolates, a lone surrogate: as validatePlayerName. */
const NOT_IN_A_NAME =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
export const CLUB_NAME_MAX = 80

/**
 * Why the hub would refuse this club name, or null. The same rules as a player name (at most 80
 * characters here); Ninekeeper's hub checks them too (src/core/hub/proxy-rules.ts checkName).
 */
export function clubNameProblem(name: string): string | null {
  if (NOT_IN_A_NAME.test(name)) return 'A club name cannot contain control or text-direction characters.'
  if ([...name].length > CLUB_NAME_MAX) return `A club name can have at most ${CLUB_NAME_MAX} characters.`
  if (!/[\p{L}\p{N}\p{P}\p{S}]/u.test(name)) return 'A club name needs at least one visible letter, digit or symbol.'
  return null
}

export class ReplicaSlot {
  /** The replica open now (null until the next sync opens it). */
  current: Replica | null = null
  /** When this laptop last told the hub it was here, through the replica open now (null: not yet). */
  touchedAt: number | null = null
  /** Told the `Date` header of every answer of the hub (the clock check). */
  onHubDate: ((date: string | null) => void) | undefined

  constructor(private readonly o: SyncOptions) {}

  /** Gives an empty hub the club's tables and identity. */
  async seed(cfg: ClubConfig, why: 'create' | 'reseed'): Promise<Result<true>> {
    const bad = clubNameProblem(cfg.name)
    if (bad) return err('invalid-name', bad, 'name')
    try {
      const transport = await this.o.transport()
      // Seeded with the club code's own token, never a member token (which the others cannot compute).
      const { memberToken: _member, ...own } = cfg
      await transport.seed(this.options(own), {
        format: HUB_FORMAT,
        clubId: cfg.clubId,
        hubId: randomUUID(),
        name: cfg.name,
      })
      return ok(true)
    } catch (e) {
      // Ninekeeper's hub takes only the code of the club that seeded it first (docs/SYNC.md).
      if (e instanceof HubRefused)
        return err(
          'hub-in-use',
          'That hub belongs to another club (it refuses this club’s code). Join that club with its code, or start another hub for a new club.',
          'hubUrl',
        )
      if (e instanceof HubUnreachable)
        return err(
          'hub-unreachable',
          `The hub at ${cfg.hubUrl} does not answer. Check that it is started (npm run hub) and that this laptop is on the same network.`,
          'hubUrl',
        )
      const m = (e as Error).message
      if (m === 'hub-has-another-club')
        return err(
          'hub-in-use',
          'That hub already holds a club. Join that club with its code, or start another hub for a new club.',
          'hubUrl',
        )
      if (m === 'hub-has-this-club')
        return err(
          'hub-not-empty',
          why === 'reseed'
            ? 'The hub still holds this club’s history: there is nothing to re-seed. Use Sync now.'
            : 'That hub already holds this club.',
          'hubUrl',
        )
      this.o.log('club hub seeding failed', e)
      return err('hub-failed', `The hub refused the club: ${short(m)}.`, 'hubUrl')
    }
  }

  /** Opens a replica (`fresh`: from nothing); it is not kept here: the caller decides. */
  async open(cfg: ClubConfig, fresh: boolean): Promise<Replica> {
    if (fresh) this.discard()
    const transport = await this.o.transport()
    try {
      return await transport.open(this.options(cfg))
    } catch (e) {
      if (e instanceof ReplicaDamaged) {
        this.discard()
        return transport.open(this.options(cfg))
      }
      throw e
    }
  }

  /** Forgets the replica and deletes its files (the next sync fetches it again from the hub). */
  discard(): void {
    this.current = null
    this.touchedAt = null
    rmSync(this.dir(), { recursive: true, force: true })
  }

  /** Closes the replica open now, keeping its files (a failure to close is only logged). */
  async close(): Promise<void> {
    const r = this.current
    this.current = null
    // Whatever the replica follows is checked again when it is next opened.
    this.touchedAt = null
    if (r) await r.close().catch((e: unknown) => this.o.log('closing the club replica failed', e))
  }

  private options(cfg: ClubConfig): ReplicaOptions {
    return {
      dir: this.dir(),
      url: cfg.hubUrl,
      // A Turso Cloud database has its own token; Ninekeeper's hub asks for the one the club key gives.
      authToken: cfg.authToken ?? cfg.memberToken ?? hubToken(Buffer.from(cfg.codeKey ?? cfg.key, 'base64url')),
      clientName: this.o.device.id(),
      timeoutMs: this.o.timeoutMs,
      onHubDate: this.onHubDate,
    }
  }

  /** Waits on the hub for news after `after` (see Transport.watch). */
  async watch(cfg: ClubConfig, after: string | null, waitMs: number, signal: AbortSignal): Promise<string | null> {
    return (await this.o.transport()).watch(this.options(cfg), after, waitMs, signal)
  }

  /** Tells the hub the club's join code changed (see Transport.changeCode). */
  async changeCode(
    cfg: ClubConfig,
    change: { token: string; members: string[]; by: string; ref: string; revoke?: string[] },
  ): Promise<void> {
    await (await this.o.transport()).changeCode(this.options(cfg), change)
  }

  /** Which club the hub itself holds (asked directly: the replica may follow a hub that is gone). */
  async probe(cfg: ClubConfig): Promise<HubInfo | null> {
    return (await this.o.transport()).probe(this.options(cfg))
  }

  private dir(): string {
    return join(this.o.dataDir, 'club-replica')
  }
}
