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
import { HubUnreachable, ReplicaDamaged, type Replica, type ReplicaOptions } from './transport'
import { HUB_FORMAT } from './turso'
import type { ClubConfig } from './meta'
import type { SyncOptions } from './options'
import { short } from './util'

export class ReplicaSlot {
  /** The replica open now (null until the next sync opens it). */
  current: Replica | null = null
  /** When this laptop last told the hub it was here, through the replica open now (null: not yet). */
  touchedAt: number | null = null

  constructor(private readonly o: SyncOptions) {}

  /** Gives an empty hub the club's tables and identity. */
  async seed(cfg: ClubConfig, why: 'create' | 'reseed'): Promise<Result<true>> {
    try {
      const transport = await this.o.transport()
      await transport.seed(this.options(cfg), {
        format: HUB_FORMAT,
        clubId: cfg.clubId,
        hubId: randomUUID(),
        name: cfg.name,
      })
      return ok(true)
    } catch (e) {
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
      authToken: cfg.authToken,
      clientName: this.o.device.id(),
      timeoutMs: this.o.timeoutMs,
    }
  }

  private dir(): string {
    return join(this.o.dataDir, 'club-replica')
  }
}
