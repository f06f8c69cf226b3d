/** What Settings → Club and the sidebar show of the club sync (sync:status), and its words. */
import type { SyncStatus } from '../../shared/model/sync'
import type { Removal } from '../../shared/events/device'
import { encodeClubCode, type ClubSecret } from './club-code'
import { cleanHubText } from './hub-text'
import { loadRemovals, removalOf } from '../services/removals'
import { pushedFrom } from './cursors'
import type { SyncContext } from './context'

/** This laptop's own removal from the club, when the club took it out (read from the log). */
export function removedHere(c: SyncContext): Removal | null {
  return removalOf(c.o.db, c.o.device.id())
}

export function removedWords(c: SyncContext, r: Removal): string {
  const by = c.devices.find((d) => d.deviceId === r.by)?.label ?? 'another laptop'
  return `This laptop was taken out of the club by ${cleanHubText(by, 60) || 'another laptop'} (${r.hlc ? new Date(Number(r.hlc.slice(0, 15))).toISOString().slice(0, 16).replace('T', ' ') : ''} UTC). The club counts what it played up to then; what it played since stays on this laptop only. Leave the club to go on alone.`
}

/** When the code shown was made, and on which laptop. */
function codeChangedWords(c: SyncContext, id: string, me: string): { at: string; by: string; thisLaptop: boolean } {
  const e = c.o.events.get(id)
  const by = e?.deviceId ?? ''
  return {
    at: e ? new Date(Number(e.hlc.slice(0, 15))).toISOString() : '',
    by: by === me ? 'this laptop' : (c.devices.find((d) => d.deviceId === by)?.label ?? 'another laptop'),
    thisLaptop: by === me,
  }
}

export function snapshot(c: SyncContext): SyncStatus {
  const cfg = c.m.config()
  const me = c.o.device.id()
  const removals = cfg ? loadRemovals(c.o.db) : new Map<string, Removal>()
  const words = c.clock.words()
  const secret: ClubSecret | null = cfg
    ? { clubId: cfg.clubId, key: Buffer.from(cfg.codeKey ?? cfg.key, 'base64url') }
    : null
  return {
    club:
      cfg && secret
        ? {
            id: cfg.clubId,
            name: cfg.name,
            code: encodeClubCode(secret),
            hubUrl: cfg.hubUrl,
            cloud: /^libsql:|turso\.io/i.test(cfg.hubUrl) || cfg.authToken !== undefined,
            joinedAt: cfg.joinedAt,
            ...(cfg.codeChange ? { codeChanged: codeChangedWords(c, cfg.codeChange, me) } : {}),
          }
        : null,
    state: cfg ? c.state : 'off',
    error: cfg ? c.error : null,
    lastSyncAt: c.m.get('sync.last') ?? null,
    waiting: cfg ? c.o.events.countAfterRowid(pushedFrom(c.m)) : 0,
    received: c.m.num('sync.received'),
    progress: c.progress,
    hubNeedsSeed: cfg ? c.hubNeedsSeed : false,
    refused: c.m.refusedList(),
    refusedTotal: c.m.num('sync.refused_total'),
    devices: c.devices.map((d) => ({
      ...d,
      // Two laptops with one name are told apart by the start of their device ids.
      label: c.devices.some((o) => o !== d && o.label === d.label) ? `${d.label} (${d.deviceId.slice(0, 6)})` : d.label,
      thisLaptop: d.deviceId === me,
      removed: removals.has(d.deviceId),
    })),
    removed: [...removals.values()].map((r) => ({
      deviceId: r.deviceId,
      label: r.label,
      through: r.through,
      by: r.by,
      at: new Date(Number(r.hlc.slice(0, 15))).toISOString(),
      uncounted: c.uncounted.get(r.deviceId, r.through)?.n ?? 0,
    })),
    clock:
      cfg && c.clock.offsetMs !== null
        ? {
            offsetMs: c.clock.offsetMs,
            checkedAt: c.clock.checkedAt ?? '',
            warning: words?.warning ?? null,
            short: words?.short ?? null,
          }
        : null,
  }
}
