/**
 * The sync service's side of changing the join code (the crypto is in code-change.ts; docs/SYNC.md
 * § Changing the join code): making a change, finishing one a crash interrupted, a kept laptop
 * catching up with a change it missed, and a new laptop that joins with a changed code.
 *
 * A change is told to the hub before it is written here, so that an event in the log always means a
 * change the hub took: the hub takes one change at a time, and a laptop that lost that race writes
 * nothing. The change waits in meta (`sync.code_pending`) between the two steps; a sync finishes it
 * (the hub answers "changed, by you, with this mark" once it took it), so a crash in between loses
 * nothing.
 */
import { randomBytes } from 'node:crypto'
import type { DomainEvent } from '../../shared/events/types'
import {
  CODE_CHANGE_MAX_LAPTOPS,
  codeChangeChain,
  codeChangeInForce,
  type DevicePayloadOf,
} from '../../shared/events/device'
import { err, ok, type Result } from '../../shared/result'
import { loadRemovals } from '../services/removals'
import {
  codeKeyFor,
  keyGives,
  makeCodeChange,
  memberToken,
  newCodeKey,
  signKeyFor,
  tokenDigest,
  type KeptLaptop,
} from './code-change'
import { hubToken } from './hub-token'
import type { ClubConfig, SyncMeta } from './meta'
import type { SyncOptions } from './options'
import type { ReplicaSlot } from './replica-slot'
import { fromWire, isKeyedDevice, type DeviceKey } from './sign'
import { HubRefused, HubUnreachable, type CodeChangeNotice, type Replica } from './transport'
import { short } from './util'

const KIND = 'device.code-changed'

/** A change told to the hub and not yet written here. */
interface Pending {
  ref: string
  codeKey: string
  payload: DevicePayloadOf['device.code-changed']
  token: string
  members: string[]
}

/** The code keys a setting held before, with the one it holds now first (at most 10). */
function past(cfg: ClubConfig): string[] {
  return [...(cfg.codeKey ? [cfg.codeKey] : []), ...(cfg.pastCodeKeys ?? [])].slice(0, 10)
}

export class CodeChanges {
  constructor(
    private readonly o: SyncOptions,
    private readonly m: SyncMeta,
    private readonly slot: ReplicaSlot,
    private readonly deviceKey: () => DeviceKey,
  ) {}

  /** The change in force, read from the log (null: the club keeps its first code). */
  inForce(clubId: string): DomainEvent<'device.code-changed'> | null {
    return codeChangeInForce(this.changes(clubId), keyGives)
  }

  private changes(clubId: string): DomainEvent<'device.code-changed'>[] {
    return this.o.events.forSubject(clubId).filter((e): e is DomainEvent<'device.code-changed'> => e.kind === KIND)
  }

  /**
   * Two changes made on either side of a hub that lost its memory (the second by a laptop that never
   * saw the first) fork the chain, and the hub may follow the change the chain leaves out. The
   * laptop holding the code in force then finds which code the hub takes (one sealed for it in a
   * change off the chain) and makes a new change from the one in force with it, keeping everyone it
   * knows: every laptop ends on that new code. Answers the new setting, or null (nothing to mend).
   */
  async mendFork(cfg: ClubConfig): Promise<ClubConfig | null> {
    if (!cfg.codeKey || cfg.authToken || this.pending()) return null
    const all = this.changes(cfg.clubId)
    const chain = codeChangeChain(all, keyGives)
    if (chain.at(-1)?.id !== cfg.codeChange) return null
    const on = new Set(chain.map((e) => e.id))
    const off = all.filter((e) => !on.has(e.id))
    if (off.length === 0) return null
    const me = this.deviceKey()
    const keys = [
      cfg.codeKey,
      ...off.map((e) => codeKeyFor(e.payload, me, cfg.clubId)?.toString('base64url')),
      ...(cfg.pastCodeKeys ?? []),
    ].filter((k): k is string => typeof k === 'string')
    for (const k of new Set(keys)) {
      const auth: ClubConfig = { ...cfg, memberToken: hubToken(Buffer.from(k, 'base64url')) }
      try {
        if ((await this.slot.probe(auth))?.clubId !== cfg.clubId) continue
      } catch (e) {
        if (e instanceof HubRefused) continue
        throw e
      }
      // The hub takes the code in force: nothing to mend.
      if (k === cfg.codeKey) return null
      const made = await this.change(auth)
      return made.ok ? made.value : null
    }
    return null
  }

  /** The laptops a change made here keeps: every keyed laptop of the log but this one and those taken out. */
  kept(): KeptLaptop[] {
    const me = this.o.device.id()
    const removed = loadRemovals(this.o.db)
    // One step of the device index per laptop, not a walk through the whole log.
    const next = this.o.db.prepare<[string], { d: string | null }>(
      'SELECT min(device_id) AS d FROM events WHERE device_id > ?',
    )
    const sigOf = this.o.db.prepare<[string], { sig: string }>(
      'SELECT s.sig FROM events e JOIN sync_signatures s ON s.id = e.id WHERE e.device_id = ? LIMIT 1',
    )
    const out: KeptLaptop[] = []
    for (let d = next.get('')?.d ?? null; d !== null; d = next.get(d)?.d ?? null) {
      if (d === me || !isKeyedDevice(d) || removed.has(d)) continue
      const pub = sigOf.get(d)?.sig.split('.')[0]
      if (pub && keyGives(pub, d)) out.push({ deviceId: d, publicKey: Buffer.from(pub, 'base64url') })
    }
    return out
  }

  pending(): Pending | null {
    try {
      const p = JSON.parse(this.m.get('sync.code_pending') ?? 'null') as Pending | null
      return p && typeof p.ref === 'string' && typeof p.codeKey === 'string' ? p : null
    } catch {
      return null
    }
  }

  private dropPending(): void {
    this.o.db.transaction(() => this.m.del('sync.code_pending')).immediate()
  }

  /**
   * Changes the code: tells the hub, then writes the change and takes the new code key, in one
   * transaction. The caller has just synced (the change names the change in force it saw).
   */
  async change(cfg: ClubConfig): Promise<Result<ClubConfig>> {
    const me = this.deviceKey()
    const keep = this.kept()
    if (keep.length > CODE_CHANGE_MAX_LAPTOPS)
      return err(
        'too-many-laptops',
        `This club has ${keep.length} laptops; a code change can keep at most ${CODE_CHANGE_MAX_LAPTOPS}. Take out the laptops no longer used first.`,
      )
    const codeKey = newCodeKey()
    const ref = randomBytes(16).toString('base64url')
    const pending: Pending = {
      ref,
      codeKey: codeKey.toString('base64url'),
      payload: makeCodeChange({
        me,
        clubId: cfg.clubId,
        signKey: Buffer.from(cfg.key, 'base64url'),
        newCodeKey: codeKey,
        supersedes: this.inForce(cfg.clubId)?.id ?? '',
        keep,
        previousToken: hubToken(Buffer.from(cfg.codeKey ?? cfg.key, 'base64url')),
      }),
      token: tokenDigest(hubToken(codeKey)),
      members: keep.map((k) => tokenDigest(memberToken(me, k.publicKey, cfg.clubId, ref))),
    }
    this.o.db.transaction(() => this.m.set('sync.code_pending', JSON.stringify(pending))).immediate()
    return this.tellHub(cfg, pending)
  }

  /** A change a crash or a lost answer left half done: told to the hub again (it answers the same), then written. */
  async resume(cfg: ClubConfig): Promise<Result<ClubConfig> | null> {
    const p = this.pending()
    return p ? this.tellHub(cfg, p) : null
  }

  private async tellHub(cfg: ClubConfig, p: Pending): Promise<Result<ClubConfig>> {
    const me = this.deviceKey()
    try {
      await this.slot.changeCode(cfg, {
        token: p.token,
        members: p.members,
        by: me.publicKey.toString('base64url'),
        ref: p.ref,
      })
    } catch (e) {
      if (e instanceof HubRefused && e.changed?.ref === p.ref) return ok(this.finish(cfg, p))
      if (e instanceof HubUnreachable) {
        // The hub may have taken it: the change stays pending, and the next sync that reaches the hub finishes it.
        return err(
          'hub-unreachable',
          'The hub stopped answering while the code was being changed. The change is finished at the next sync that reaches it; until then the old code is shown.',
        )
      }
      this.dropPending()
      if (e instanceof HubRefused)
        return err(
          'code-changed-elsewhere',
          'Another laptop changed the club code first. This laptop takes that code at its next sync; change it again then if you still want to.',
        )
      if ((e as Error).message === 'hub-cannot-change-code')
        return err(
          'hub-cannot-change-code',
          'This hub cannot change the club code (it is an older Ninekeeper hub): start it again with this version (npm run hub). Nothing changed.',
        )
      this.o.log('club code change refused by the hub', e)
      return err('hub-failed', `The hub refused the change: ${short((e as Error).message)}. Nothing changed.`)
    }
    return ok(this.finish(cfg, p))
  }

  /** Writes the change the hub took and takes its code key, in one transaction. */
  private finish(cfg: ClubConfig, p: Pending): ClubConfig {
    const next: ClubConfig = { ...cfg, codeKey: p.codeKey, pastCodeKeys: past(cfg) }
    delete next.memberToken
    this.o.db
      .transaction(() => {
        const e = this.o.events.append(KIND, cfg.clubId, p.payload)
        next.codeChange = e.id
        this.m.set('club', JSON.stringify(next))
        this.m.del('sync.code_pending')
      })
      .immediate()
    this.m.forget()
    return next
  }

  /**
   * The hub says the code changed since this laptop's token was made. Answers the setting to sync
   * with next (a change of this laptop's own finished, or the member token this laptop is let in
   * with until it has read the change), or null when there is nothing more to try: the change did
   * not keep this laptop.
   */
  async follow(cfg: ClubConfig, notice: CodeChangeNotice): Promise<ClubConfig | null> {
    const me = this.deviceKey()
    const p = this.pending()
    if (p && p.ref === notice.ref && notice.by === me.publicKey.toString('base64url')) return this.finish(cfg, p)
    const by = Buffer.from(notice.by, 'base64url')
    if (by.length !== 32) return null
    let token: string
    try {
      token = memberToken(me, by, cfg.clubId, notice.ref)
    } catch {
      return null
    }
    if (cfg.memberToken === token) return null
    const next = { ...cfg, memberToken: token }
    this.m.save(next)
    return next
  }

  /**
   * After a merge: when a change this laptop has not taken is in force, takes the code key it sealed
   * for this laptop. Answers the new setting (the replica must be opened again with its token), or
   * null when nothing changed.
   */
  adopt(cfg: ClubConfig): ClubConfig | null {
    const c = this.inForce(cfg.clubId)
    if (!c || c.id === cfg.codeChange || c.deviceId === this.o.device.id()) return null
    const k = codeKeyFor(c.payload, this.deviceKey(), cfg.clubId)
    if (!k) return null
    const next: ClubConfig = { ...cfg, codeKey: k.toString('base64url'), codeChange: c.id, pastCodeKeys: past(cfg) }
    delete next.memberToken
    this.m.save(next)
    return next
  }

  /**
   * Tells a hub which change is in force when it does not know it: a hub lost and seeded again (by
   * this laptop, or by a laptop that missed the change, with an older code of the club this laptop
   * held too). `auth` is the setting whose token the hub takes now. The hub then takes this
   * laptop's current token, a member token for each kept laptop (bound to this laptop's key and a new
   * mark, so a laptop that missed the change gets in and reads it), and refuses every earlier token
   * of the club the log names. False when there is nothing to tell (no change in force here).
   */
  async reassert(cfg: ClubConfig, auth: ClubConfig): Promise<boolean> {
    const c = this.inForce(cfg.clubId)
    if (!c || !cfg.codeKey) return false
    const me = this.deviceKey()
    const ref = randomBytes(16).toString('base64url')
    const current = tokenDigest(hubToken(Buffer.from(cfg.codeKey, 'base64url')))
    const earlier = new Set<string>([
      tokenDigest(hubToken(Buffer.from(cfg.key, 'base64url'))),
      ...(cfg.pastCodeKeys ?? []).map((k) => tokenDigest(hubToken(Buffer.from(k, 'base64url')))),
      ...this.o.events
        .forSubject(cfg.clubId)
        .filter((e): e is DomainEvent<'device.code-changed'> => e.kind === KIND)
        .map((e) => e.payload.previous),
    ])
    earlier.delete(current)
    await this.slot.changeCode(auth, {
      token: current,
      members: this.kept().map((k) => tokenDigest(memberToken(me, k.publicKey, cfg.clubId, ref))),
      by: me.publicKey.toString('base64url'),
      ref,
      revoke: [...earlier].slice(0, 200),
    })
    return true
  }

  /**
   * The hub refuses this laptop's token without a notice of a change: it may have been lost and
   * seeded again by a laptop that missed the change, with an older code of the club. Tried with each
   * older code this laptop knows; the one the hub takes is used to tell it the change in force.
   * True when that worked (the caller syncs again); the notice of a change when the hub says an
   * older code was replaced by a change this laptop has not read (the caller follows it).
   */
  async reclaim(cfg: ClubConfig): Promise<boolean | CodeChangeNotice> {
    if (!cfg.codeKey || cfg.authToken) return false
    for (const k of [cfg.key, ...(cfg.pastCodeKeys ?? [])]) {
      if (k === cfg.codeKey) continue
      const auth: ClubConfig = { ...cfg, memberToken: hubToken(Buffer.from(k, 'base64url')) }
      let info
      try {
        info = await this.slot.probe(auth)
      } catch (e) {
        // An older code that a change on the hub replaced: that change may have kept this laptop.
        if (e instanceof HubRefused && e.changed) return e.changed
        if (e instanceof HubRefused) continue
        throw e
      }
      if (info?.clubId !== cfg.clubId) continue
      return this.reassert(cfg, auth)
    }
    return false
  }

  /**
   * A laptop that joined with a changed code holds that change's code key, not the club's signing
   * key: the change on the hub that opens with it gives the signing key (checked on that row). Asked
   * once per hub while the laptop has no code key of its own; answers the new setting, or null.
   */
  async joinedWithChangedCode(cfg: ClubConfig, replica: Replica, hubId: string): Promise<ClubConfig | null> {
    if (cfg.codeKey || this.m.get('sync.code_checked') === hubId) return null
    const code = Buffer.from(cfg.key, 'base64url')
    for (const w of await replica.rowsOfKind(KIND, 1000)) {
      let payload: unknown
      try {
        payload = JSON.parse(w.payload)
      } catch {
        continue
      }
      const sealed = (payload as { key?: unknown } | null)?.key
      if (typeof sealed !== 'string') continue
      const signKey = signKeyFor({ key: sealed }, code, cfg.clubId)
      if (!signKey || !fromWire(signKey, cfg.clubId, w as unknown as Record<string, unknown>).ok) continue
      const next: ClubConfig = { ...cfg, key: signKey.toString('base64url'), codeKey: cfg.key, codeChange: w.id }
      this.o.db
        .transaction(() => {
          this.m.set('club', JSON.stringify(next))
          this.m.set('sync.code_checked', hubId)
        })
        .immediate()
      this.m.forget()
      return next
    }
    this.o.db.transaction(() => this.m.set('sync.code_checked', hubId)).immediate()
    return null
  }
}
