/**
 * The night board's data (docs/ARCHITECTURE.md § The night board): board:night, asked again when the
 * core says its log grew (onCoreChange: an entry here or on a phone, another laptop's rows merged),
 * never by a fast poll. Notes in a burst (a sync merging many rows, several phones at once) cause at
 * most one call per MIN_GAP_MS and never two at once; a slow poll catches a note that was lost (the
 * stream was reconnecting). The clock for "3 min ago" ticks here without asking the core.
 */
import { call } from '../lib/api'
import { onCoreChange } from '../lib/changes'
import type { BoardNight } from '../../../shared/model/board'

/** At most this often a call (four a second). */
export const MIN_GAP_MS = 250
/** The fallback poll. */
export const SLOW_POLL_MS = 30_000
/** How often "last entry … ago" is worked out again (no call). */
export const TICK_MS = 15_000

export class NightBoard {
  night = $state<BoardNight | null>(null)
  error = $state<string | null>(null)
  /** The page's clock, ticking every TICK_MS. */
  now = $state(Date.now())
  /** Calls answered so far (the tests and the bench read it from the page's data-loads). */
  loads = $state(0)
  private last = -Infinity
  private timer: ReturnType<typeof setTimeout> | null = null
  private inFlight = false
  private again = false

  constructor(private readonly date: string | undefined) {}

  /** Starts listening; the function returned stops everything. */
  start(): () => void {
    this.request()
    const stopChanges = onCoreChange(() => this.request())
    const poll = setInterval(() => this.request(), SLOW_POLL_MS)
    const tick = setInterval(() => (this.now = Date.now()), TICK_MS)
    return () => {
      stopChanges()
      clearInterval(poll)
      clearInterval(tick)
      if (this.timer) clearTimeout(this.timer)
      this.timer = null
    }
  }

  /** Asks again soon: at once when the last call is MIN_GAP_MS old, else when it is; one call at a time. */
  request(): void {
    if (this.timer) return
    if (this.inFlight) {
      this.again = true
      return
    }
    const wait = Math.max(0, this.last + MIN_GAP_MS - performance.now())
    this.timer = setTimeout(() => {
      this.timer = null
      void this.load()
    }, wait)
  }

  private async load(): Promise<void> {
    this.inFlight = true
    this.last = performance.now()
    const r = await call('board:night', this.date ? { date: this.date } : {})
    this.inFlight = false
    if (r.ok) {
      this.night = r.value
      this.error = null
    } else this.error = r.error.message
    this.now = Date.now()
    this.loads++
    if (this.again) {
      this.again = false
      this.request()
    }
  }
}
