/**
 * The latest `sync:status` answer, shared by the header's club indicator, Settings → Club and the
 * match history (laptop labels). Small on purpose: it is in the start screen's chunk.
 */
import type { SyncStatus } from '../../../shared/model/sync'
import { call } from '../lib/api'

class SyncStatusStore {
  current = $state<SyncStatus | null>(null)
  /** Why the last status could not be read (the data service did not answer). */
  error = $state<string | null>(null)
  private inFlight: Promise<void> | null = null
  /** Bumped by `set`: a status asked for before a club call answered is older than that answer. */
  private generation = 0

  /** Asks for the status; calls made while one is under way share it. */
  refresh(): Promise<void> {
    const asked = this.generation
    this.inFlight ??= call('sync:status', {})
      .then((r) => {
        if (asked !== this.generation) return
        if (r.ok) {
          this.current = r.value
          this.error = null
        } else this.error = r.error.message
      })
      .finally(() => (this.inFlight = null))
    return this.inFlight
  }

  /** The status a club call (create, join, sync now, leave) answered with. */
  set(status: SyncStatus): void {
    this.generation++
    this.current = status
    this.error = null
  }
}

export const syncStatus = new SyncStatusStore()

/**
 * Runs `fn` now and then every `ms` while the page is visible (a hidden window asks nothing; it asks
 * again at once when shown). Returns the function that stops it.
 */
export function pollWhileVisible(fn: () => unknown, ms: number): () => void {
  const tick = (): void => {
    if (!document.hidden) void fn()
  }
  const onVisible = (): void => {
    if (!document.hidden) void fn()
  }
  tick()
  const timer = setInterval(tick, ms)
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    clearInterval(timer)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
