/** Words for Settings → Club and the navigation's club indicator. */
import type { SyncState } from '../../../shared/model/sync'

/** "12 s ago", "5 min ago", "3 h ago", "2 days ago" (from `now`, both in ms). */
export function ago(iso: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000))
  if (s < 60) return `${s} s ago`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} min ago`
  const h = Math.floor(m / 60)
  if (h < 48) return `${h} h ago`
  const d = Math.floor(h / 24)
  return `${d} days ago`
}

export const STATE_WORDS: Record<SyncState, string> = {
  off: 'Not in a club',
  connected: 'Connected',
  syncing: 'Syncing…',
  offline: 'Offline',
  error: 'Problem',
}
