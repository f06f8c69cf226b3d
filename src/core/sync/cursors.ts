/**
 * The push cursor's floor (what this laptop held when it left another club stays out of this one)
 * and the `device.joined` event a laptop sends once per club before its first push (docs/SYNC.md).
 */
import type { ClubConfig, SyncMeta } from './meta'
import type { SyncOptions } from './options'
import { cleanHubText } from './hub-text'
import { validatePlayerName } from '../../shared/model/player'

/** The push cursor, never below the floor (what this laptop held when it left another club). */
export function pushedFrom(m: SyncMeta): number {
  return Math.max(m.num('sync.pushed'), pushedFloor(m))
}

export function pushedFloor(m: SyncMeta): number {
  return m.num('sync.floor')
}

/** Joining or creating a club: what this laptop held when it left another club stays out of this one. */
export function startFloor(o: SyncOptions, m: SyncMeta, clubId: string): void {
  let left: { clubId?: string; rowid?: number } = {}
  try {
    left = JSON.parse(m.get('sync.left') ?? '{}') as typeof left
  } catch {
    left = {}
  }
  o.db
    .transaction(() => {
      if (left.clubId && left.clubId !== clubId && typeof left.rowid === 'number')
        m.set('sync.floor', String(left.rowid))
      else m.del('sync.floor')
    })
    .immediate()
}

/**
 * Once per club, before this laptop's first push: when nothing of this laptop's own goes up to the
 * club yet, a `device.joined` event does, so the club holds a signed event of every laptop that
 * joined (a change of the code keeps the laptops whose keys it knows).
 */
export function announce(o: SyncOptions, m: SyncMeta, cfg: ClubConfig): void {
  if (m.get('sync.announced') === cfg.clubId) return
  const me = o.device.id()
  const has = o.db
    .prepare<[string, number], { one: number }>('SELECT 1 AS one FROM events WHERE device_id = ? AND rowid > ? LIMIT 1')
    .get(me, pushedFloor(m))
  const named = validatePlayerName(cleanHubText(o.label, 60))
  o.db
    .transaction(() => {
      if (!has) o.events.append('device.joined', me, { label: named.ok ? named.value : 'A laptop' })
      m.set('sync.announced', cfg.clubId)
    })
    .immediate()
}
