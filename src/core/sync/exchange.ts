/**
 * One exchange with the hub (docs/SYNC.md § How it works), step by step as the protocol goes:
 * finish a code change left half-done; ask the hub itself which club it holds (following a change
 * of the code, seeding a lost hub); the replica that follows this hub; up: the local events the hub
 * has not confirmed, signed; "this laptop was here"; down: the others' rows, checked and merged with
 * the cursor; anti-entropy; the club's laptops; and what a change of the code asks next.
 */
import type { Removal } from '../../shared/events/device'
import type { ClubConfig } from './meta'
import { HubRefused, HubUnreachable, ReplicaStale, type HubInfo, type Replica, HUB_FORMAT } from './transport'
import { checkIncoming } from './incoming'
import { cleanHubText } from './hub-text'
import { alive, type SyncContext } from './context'
import { announce, pushedFloor, pushedFrom } from './cursors'
import { mergeBatch } from './merge'
import { removedHere, removedWords } from './status'

const TOUCH_EVERY_MS = 30_000
const PUSH_BATCH = 2000
/** Events merged per transaction: small enough that the app answers between batches, large enough to be quick. */
const PULL_BATCH = 1000
/** Anti-entropy compares signatures row by row (not only counts) at most this often, and on Sync now. */
const DIGEST_EVERY_MS = 5 * 60_000

export async function exchange(c: SyncContext, given: ClubConfig, force: boolean, followed = 0): Promise<void> {
  c.keys.get()
  const cfg = await resumeCodeChange(c, given)
  // Which club the hub holds, asked of the hub itself before anything is sent: the replica may
  // follow a hub that is gone, and a hub of another club must get nothing from this laptop.
  let probed: HubInfo | null
  try {
    probed = await c.slot.probe(cfg)
  } catch (e) {
    const next = await afterRefusal(c, cfg, e, followed)
    if (next) {
      await c.slot.close()
      return exchange(c, next, force, followed + 1)
    }
    throw e
  }
  alive(c)
  const info = await seedIfLost(c, cfg, probed)
  if (!info || !(await holdsThisClub(c, cfg, info))) return
  noteHub(c, cfg, info)
  const { club, replica } = await openReplica(c, cfg, info)
  const key = Buffer.from(club.key, 'base64url')
  announce(c.o, c.m, club)
  await pushUp(c, replica, key, club)
  const touching = force || c.slot.touchedAt === null || performance.now() - c.slot.touchedAt >= TOUCH_EVERY_MS
  if (touching) await checkIn(c, replica)
  await pullDown(c, replica, key, club, touching)
  if (touching) await heal(c, replica, key, club, force)
  await listDevices(c, replica)
  await finish(c, club)
}

/** A code change this laptop told the hub of, not written here yet (a crash, a lost answer): finished first. */
async function resumeCodeChange(c: SyncContext, cfg: ClubConfig): Promise<ClubConfig> {
  const resumed = await c.codes.resume(cfg)
  alive(c)
  if (resumed && resumed.ok) {
    await c.slot.close()
    return resumed.value
  } else if (resumed && resumed.error.code === 'hub-unreachable') throw new HubUnreachable(resumed.error.message)
  return cfg
}

/** The hub refused the probe: the club setting to try again with, or null (the refusal stands). */
async function afterRefusal(c: SyncContext, cfg: ClubConfig, e: unknown, followed: number): Promise<ClubConfig | null> {
  // The code was changed since this laptop's token was made: a laptop the change kept gets in
  // with its member token until it has read the change (once; a second refusal is final).
  const next = e instanceof HubRefused && e.changed && followed < 2 ? await c.codes.follow(cfg, e.changed) : null
  if (next) return next
  // Refused without a notice after a change: a hub seeded again by a laptop that missed the change,
  // with an older code of the club; taken back with that code and told the change in force.
  const reclaimed = e instanceof HubRefused && !e.changed && followed < 2 ? await c.codes.reclaim(cfg) : false
  if (reclaimed === true) return cfg
  return reclaimed ? await c.codes.follow(cfg, reclaimed) : null
}

/** The hub holds no club: seeded again here (null: not this laptop's to seed, or the seeding failed; the state says why). */
async function seedIfLost(c: SyncContext, cfg: ClubConfig, probed: HubInfo | null): Promise<HubInfo | null> {
  if (probed) return probed
  if (removedHere(c)) {
    // Taken out of the club: a lost hub is not this laptop's to seed again (it sends nothing more).
    c.state = 'error'
    c.error = removedWords(c, removedHere(c) as Removal)
    return null
  }
  // A new or lost hub: seeded again at once, by whichever laptop gets there first; every
  // laptop then sends what the hub lacks (the cursors start over with the new hub's id).
  const seeded = await c.slot.seed(cfg, 'reseed')
  alive(c)
  if (!seeded.ok && seeded.error.code === 'hub-unreachable') throw new HubUnreachable(seeded.error.message)
  if (!seeded.ok && seeded.error.code !== 'hub-not-empty' && seeded.error.code !== 'hub-in-use') {
    c.state = 'error'
    c.error = seeded.error.message
    return null
  }
  // Seeded here after a change of the code: the new hub learns which change is in force, so a laptop
  // that missed it gets in with its member token and every older code of the club is refused.
  if (seeded.ok) {
    await c.codes.reassert(cfg, cfg)
    alive(c)
  }
  const info = await c.slot.probe(cfg)
  alive(c)
  if (!info) throw new HubUnreachable('the hub still holds no club after seeding it')
  return info
}

/** The hub holds this club, in this format, and this laptop is still in it (false: the state says why). */
async function holdsThisClub(c: SyncContext, cfg: ClubConfig, info: HubInfo): Promise<boolean> {
  c.hubNeedsSeed = false
  if (info.clubId !== cfg.clubId || info.format !== HUB_FORMAT) {
    // Whatever the replica had ready to send must never reach that hub.
    await c.slot.close()
    c.slot.discard()
    c.state = 'error'
    c.error =
      'The hub at this address now holds another club’s history. Nothing was sent or taken. Check the hub address, or leave this club.'
    return false
  }
  const gone = removedHere(c)
  if (gone) {
    // Taken out of the club: nothing more goes up (the others would not count it anyway).
    c.state = 'error'
    c.error = removedWords(c, gone)
    return false
  }
  return true
}

/** The club's name as the hub gives it; a new hub restarts both cursors. */
function noteHub(c: SyncContext, cfg: ClubConfig, info: HubInfo): void {
  const name = cleanHubText(info.name, 80)
  if (name && name !== cfg.name) c.m.save({ ...cfg, name })
  if (c.m.get('sync.hub') !== info.hubId) {
    // A new hub (first contact, or a lost hub seeded again): it may lack anything, so send everything.
    c.o.db
      .transaction(() => {
        c.m.set('sync.pushed', '0')
        c.m.set('sync.pulled', '0')
        c.m.set('sync.hub', info.hubId)
      })
      .immediate()
  }
}

/** The replica that follows this hub, and the club setting to sign with (a changed code may bring another). */
async function openReplica(
  c: SyncContext,
  given: ClubConfig,
  info: HubInfo,
): Promise<{ club: ClubConfig; replica: Replica }> {
  let cfg = given
  let replica = await replicaFor(c, cfg, info)
  // Joined with a changed code: the club's signing key comes from that change, before anything is signed.
  if (!cfg.codeKey && c.m.get('sync.code_checked') !== info.hubId) {
    await replica.pull()
    alive(c)
    const joined = await c.codes.joinedWithChangedCode(cfg, replica, info.hubId)
    alive(c)
    if (joined) {
      cfg = joined
      replica = await replicaFor(c, cfg, info)
    }
  }
  return { club: cfg, replica }
}

/** The replica open now, or one opened now; started again from the hub when it follows another hub. */
async function replicaFor(c: SyncContext, cfg: ClubConfig, info: HubInfo): Promise<Replica> {
  let replica = c.slot.current ?? (c.slot.current = await c.slot.open(cfg, false))
  alive(c)
  const mine = await replica.info()
  alive(c)
  if (!mine || mine.hubId !== info.hubId) {
    await c.slot.close()
    replica = c.slot.current = await c.slot.open(cfg, true)
    alive(c)
  }
  return replica
}

/**
 * Up: local events the hub has not confirmed, in the order they were stored here (a long
 * history, as when a laptop seeds a hub, reports how far it is).
 */
async function pushUp(c: SyncContext, replica: Replica, key: Buffer, cfg: ClubConfig): Promise<void> {
  const up = c.o.events.countAfterRowid(pushedFrom(c.m))
  c.progress = up > PUSH_BATCH ? { done: 0, total: up } : null
  for (;;) {
    const from = pushedFrom(c.m)
    const rows = c.o.events.afterRowid(from, PUSH_BATCH)
    if (rows.length === 0) break
    await replica.insert(rows.map((r) => c.keys.wire(key, cfg.clubId, r)))
    alive(c)
    await replica.push()
    alive(c)
    const last = rows[rows.length - 1] as { rowid: number }
    c.o.db.transaction(() => c.m.set('sync.pushed', String(last.rowid))).immediate()
    if (c.progress)
      c.progress = {
        done: Math.min(c.progress.total, c.progress.done + rows.length),
        total: c.progress.total,
      }
  }
  c.progress = null
}

/**
 * "This laptop was here" (on Sync now, the first sync, then every half minute): the hub stamps the
 * row with its own id, which proves, once pulled back, that this replica follows the hub at this
 * address now. The syncs in between only push what is new and pull.
 */
async function checkIn(c: SyncContext, replica: Replica): Promise<void> {
  await replica.touch(c.o.device.id(), c.o.label, c.o.clock().toISOString())
  alive(c)
  await replica.push()
  alive(c)
}

/** Down: what the others sent, checked, merged as an import is, with the cursor in the same transaction. */
async function pullDown(
  c: SyncContext,
  replica: Replica,
  key: Buffer,
  cfg: ClubConfig,
  touching: boolean,
): Promise<void> {
  await replica.pull()
  alive(c)
  if (touching) {
    if (!(await replica.follows(c.o.device.id())))
      throw new ReplicaStale('the replica follows a hub that is no longer at this address')
    c.slot.touchedAt = performance.now()
  }
  const total = await replica.countAfter(c.m.num('sync.pulled'))
  alive(c)
  c.progress = total > PULL_BATCH ? { done: 0, total } : null
  // A long history comes down in about ten batches (each sums the stats once); a night's events in small ones.
  const batchSize = total > 10 * PULL_BATCH ? Math.ceil(total / 10) : PULL_BATCH
  await new Promise((r) => setImmediate(r))
  alive(c)
  const me = c.o.device.id()
  for (;;) {
    const from = c.m.num('sync.pulled')
    const rows = await replica.after(from, batchSize)
    alive(c)
    if (rows.length === 0) break
    // A cursor that would not move (a hub answering out of order) ends the batch loop; anti-entropy
    // still finds whatever it skipped.
    if ((rows[rows.length - 1] as { n: number }).n <= from) break
    const { checked, refused, sigs } = checkIncoming(rows, key, cfg.clubId, me, c.o.clock().toISOString(), (id) =>
      c.o.events.rawById(id),
    )
    const lastN = (rows[rows.length - 1] as { n: number }).n
    mergeBatch(c, checked, refused, lastN, rows, sigs)
    if (c.progress)
      c.progress = {
        done: Math.min(c.progress.total, c.progress.done + rows.length),
        total: c.progress.total,
      }
    // The replica answers local reads without leaving the event loop: give the app's other calls
    // (a status poll, a round being entered) their turn between batches.
    await new Promise((r) => setImmediate(r))
    alive(c)
  }
  c.progress = null
}

/**
 * Anti-entropy: per device, what the hub holds against what this laptop holds. Counts on every
 * check-in, signatures row by row every few minutes and on Sync now; what the hub lacks goes up
 * again, what this laptop lacks (a cursor moved past it) comes down, a changed row is listed.
 */
async function heal(c: SyncContext, replica: Replica, key: Buffer, cfg: ClubConfig, force: boolean): Promise<void> {
  const digest = force || performance.now() - c.digestAt >= DIGEST_EVERY_MS
  const healed = await c.healer.run(
    replica,
    key,
    cfg.clubId,
    digest,
    pushedFloor(c.m),
    () => alive(c),
    (r) => c.keys.wire(key, cfg.clubId, r),
  )
  if (digest) c.digestAt = performance.now()
  if (healed.missing.length)
    mergeBatch(c, healed.missing, healed.refused, c.m.num('sync.pulled'), healed.rows, healed.sigs)
  else if (healed.refused.length) mergeBatch(c, [], healed.refused, c.m.num('sync.pulled'), [])
}

/** The club's laptops as the hub lists them, its text cleaned. */
async function listDevices(c: SyncContext, replica: Replica): Promise<void> {
  c.devices = (await replica.devices()).map((d) => ({
    deviceId: d.deviceId.slice(0, 64),
    label: cleanHubText(d.label, 60) || 'A laptop',
    lastSeen: d.lastSeen.slice(0, 40),
  }))
}

/** The sync's time; a change of the code taken up or a fork mended (the next sync comes soon); the state. */
async function finish(c: SyncContext, cfg: ClubConfig): Promise<void> {
  c.o.db.transaction(() => c.m.set('sync.last', c.o.clock().toISOString())).immediate()
  // A code change that kept this laptop has arrived: its new code key, and the token it gives, from the next sync on.
  const adopted = c.codes.adopt(cfg)
  // Two changes on either side of a lost hub: the laptop holding the code in force mends the fork.
  const mended = adopted ? null : await c.codes.mendFork(c.m.config() ?? cfg)
  alive(c)
  if (adopted || mended) {
    await c.slot.close()
    c.retrySoon = true
  }
  const out = removedHere(c)
  c.state = out ? 'error' : 'connected'
  c.error = out ? removedWords(c, out) : null
}
