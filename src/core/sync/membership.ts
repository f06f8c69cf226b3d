/**
 * Membership of a club (docs/SYNC.md): creating one, joining one with its code, leaving, taking
 * another laptop out, and changing the join code. Each answers with the status afterwards.
 */
import type { SyncStatus } from '../../shared/model/sync'
import { err, ok, type Result } from '../../shared/result'
import { validatePlayerName } from '../../shared/model/player'
import { loadRemovals } from '../services/removals'
import { decodeClubCode, newClubSecret } from './club-code'
import { HubRefused, HubUnreachable, type Replica } from './transport'
import type { ClubConfig } from './meta'
import { checkUrl } from './util'
import { cleanHubText } from './hub-text'
import { startFloor } from './cursors'
import { removedHere, removedWords, snapshot } from './status'
import type { SyncContext } from './context'

/** What membership asks of the sync's schedule (SyncService). */
export interface SyncLoop {
  /** Runs one sync after the one under way (if any). */
  run(force?: boolean): Promise<void>
  /** Waits on the hub for news. */
  watch(): void
  /** A write happened here: send it soon. */
  soon(): void
  stopTimers(): void
  /** Resolves when the syncs under way and queued are done. */
  idle(): Promise<void>
  /** Runs `job` in the sync queue: nothing else talks to the hub meanwhile, and a second job waits for the first. */
  inQueue(job: () => Promise<void>): Promise<void>
  /** One sync now, in the queue's turn (see inQueue). */
  cycle(force: boolean): Promise<void>
}

export async function create(
  c: SyncContext,
  loop: SyncLoop,
  input: { hubUrl: string; authToken?: string | undefined; name: string },
): Promise<Result<SyncStatus>> {
  if (c.m.config()) return err('already-in-club', 'This laptop is already in a club. Leave it first (Settings → Club).')
  const url = checkUrl(input.hubUrl)
  if (!url.ok) return url
  const secret = newClubSecret()
  const cfg: ClubConfig = {
    clubId: secret.clubId,
    key: secret.key.toString('base64url'),
    hubUrl: url.value,
    name: input.name.trim() || 'Our club',
    joinedAt: c.o.clock().toISOString(),
    ...(input.authToken ? { authToken: input.authToken } : {}),
  }
  const seeded = await c.slot.seed(cfg, 'create')
  if (!seeded.ok) return seeded
  startFloor(c.o, c.m, cfg.clubId)
  c.m.save(cfg)
  await loop.run(true)
  loop.watch()
  return ok(snapshot(c))
}

export async function join(
  c: SyncContext,
  loop: SyncLoop,
  input: { hubUrl: string; authToken?: string | undefined; code: string },
): Promise<Result<SyncStatus>> {
  if (c.m.config()) return err('already-in-club', 'This laptop is already in a club. Leave it first (Settings → Club).')
  const url = checkUrl(input.hubUrl)
  if (!url.ok) return url
  const secret = decodeClubCode(input.code)
  if (!secret.ok) return secret
  const cfg: ClubConfig = {
    clubId: secret.value.clubId,
    key: secret.value.key.toString('base64url'),
    hubUrl: url.value,
    name: '',
    joinedAt: c.o.clock().toISOString(),
    ...(input.authToken ? { authToken: input.authToken } : {}),
  }
  // When the hub answers, it must hold this club; when it does not, the laptop joins offline and syncs later.
  let replica: Replica | null = null
  try {
    // Asked of the hub itself first: nothing is opened, sent or taken on a hub of another club.
    const info = await c.slot.probe(cfg)
    if (info && info.clubId !== cfg.clubId) {
      c.slot.discard()
      return err(
        'wrong-club',
        'That hub holds another club’s history: check the hub address, or ask for that club’s code.',
        'code',
      )
    }
    if (info) cfg.name = cleanHubText(info.name, 80)
    if (info) replica = await c.slot.open(cfg, true)
  } catch (e) {
    if (e instanceof HubRefused && e.changed) {
      c.slot.discard()
      return err(
        'code-changed',
        'That club code was changed: it no longer lets a laptop in. Ask a laptop in the club for the new code (Settings → Club).',
        'code',
      )
    }
    if (e instanceof HubRefused) {
      c.slot.discard()
      // Ninekeeper's hub lets in only the laptops that hold the code of the club it holds.
      return err(
        'wrong-club',
        'That hub holds another club’s history (it refuses this club code): check the hub address, or ask for that club’s code.',
        'code',
      )
    }
    if (!(e instanceof HubUnreachable)) c.o.log('club join: first contact failed', e)
  }
  // The replica opened for the first contact is the one the first sync uses.
  if (replica) c.slot.current = replica
  startFloor(c.o, c.m, cfg.clubId)
  c.m.save(cfg)
  await loop.run(true)
  loop.watch()
  return ok(snapshot(c))
}

export async function leave(c: SyncContext, loop: SyncLoop): Promise<Result<SyncStatus>> {
  if (!c.m.config()) return err('not-in-club', 'This laptop is not in a club.')
  await loop.idle()
  loop.stopTimers()
  await c.slot.close()
  c.slot.discard()
  const left = { clubId: c.m.config()?.clubId ?? '', rowid: c.maxRowid.get()?.n ?? 0 }
  c.o.db
    .transaction(() => {
      for (const k of [
        'club',
        'sync.floor',
        'sync.pushed',
        'sync.pulled',
        'sync.hub',
        'sync.received',
        'sync.last',
        'sync.refused',
        'sync.refused_total',
        'sync.refused_seen',
        'sync.code_pending',
        'sync.code_checked',
        'sync.announced',
      ])
        c.m.del(k)
      // What this laptop held when it left belongs to that club: joining another club later sends only what came after.
      c.m.set('sync.left', JSON.stringify(left))
      c.m.forget()
    })
    .immediate()
  c.state = 'off'
  c.error = null
  c.hubNeedsSeed = false
  c.devices = []
  c.progress = null
  return ok(snapshot(c))
}

/**
 * Takes another laptop out of the club ("Remove this laptop"): a `device.removed` event that every
 * laptop applies alike, so that laptop's events after the last one this laptop holds are counted
 * nowhere (src/shared/events/device.ts). It cannot be undone, and the removed laptop stays out
 * under its device id (it may come back only as a new laptop: a fresh data folder that joins).
 */
export async function removeDevice(
  c: SyncContext,
  loop: SyncLoop,
  input: { deviceId: string },
): Promise<Result<SyncStatus>> {
  if (!c.m.config()) return err('not-in-club', 'This laptop is not in a club.')
  const me = c.o.device.id()
  if (input.deviceId === me)
    return err('invalid-input', 'That is this laptop: to take it out of the club, leave the club instead.', 'deviceId')
  const listed = c.devices.find((d) => d.deviceId === input.deviceId)
  const known =
    listed ??
    (c.o.db.prepare('SELECT 1 AS one FROM events WHERE device_id = ? LIMIT 1').get(input.deviceId)
      ? { label: 'A laptop' }
      : undefined)
  if (!known)
    return err(
      'not-found',
      'No laptop with that id has synced with this club, so there is nothing to remove.',
      'deviceId',
    )
  if (loadRemovals(c.o.db).has(input.deviceId))
    return err('already-removed', 'That laptop was already taken out of the club.', 'deviceId')
  await loop.idle()
  const named = validatePlayerName(cleanHubText(known.label, 60))
  const removed = c.o.merger.removeDevice(input.deviceId, named.ok ? named.value : 'A laptop')
  if (!removed.ok) return removed
  loop.soon()
  return ok(snapshot(c))
}

/**
 * Changes the club's join code (docs/SYNC.md § Changing the join code): the old code lets nobody
 * in any more, the laptops in the club keep working (each takes the new code at its next sync),
 * laptops taken out stay out. Needs Ninekeeper's hub, reachable now: it is told first.
 */
export async function changeCode(c: SyncContext, loop: SyncLoop): Promise<Result<SyncStatus>> {
  const cfg = c.m.config()
  if (!cfg) return err('not-in-club', 'This laptop is not in a club. Create or join one in Settings → Club.')
  if (cfg.authToken)
    return err(
      'cloud-hub',
      'This club syncs through a Turso Cloud database, whose own token decides who gets in: make a new token in Turso and give it to the club’s laptops. The join code cannot be changed here.',
    )
  const gone = removedHere(c)
  if (gone) return err('removed', removedWords(c, gone))
  let out: Result<unknown> = ok(true)
  // In the sync queue: nothing else talks to the hub meanwhile, and a second press waits for the first.
  await loop.inQueue(async () => {
    await loop.cycle(true)
    const now = c.m.config()
    if (!now) {
      out = err('not-in-club', 'This laptop is not in a club.')
      return
    }
    if (c.state !== 'connected') {
      out = err('hub-unreachable', `The code can only be changed while the hub answers. ${c.error ?? ''}`.trim())
      return
    }
    out = await c.codes.change(now)
    if (out.ok) {
      await c.slot.close()
      c.error = null
    }
  })
  if (!out.ok) return out
  loop.soon()
  return ok(snapshot(c))
}
