/** The hub's clock against this laptop's (docs/SYNC.md): read from the `Date` of the hub's answers, said when far off. */
import type { Clock } from '../ids'
import { formatSpan } from '../../shared/util'

/** How far this laptop's clock may be from the hub's before Settings → Club and the sidebar say so. */
export const CLOCK_WARN_MS = 60_000

export class HubClock {
  /** The hub's clock minus this laptop's, from the `Date` of the hub's last answer (null: not known yet). */
  offsetMs: number | null = null
  checkedAt: string | null = null

  constructor(private readonly clock: Clock) {}

  /** The hub's clock, from the `Date` of its answer (one-second resolution, so the check is to ±1 s). */
  note(date: string | null): void {
    const hub = date ? Date.parse(date) : NaN
    if (!Number.isFinite(hub)) return
    const here = this.clock()
    this.offsetMs = hub - here.getTime()
    this.checkedAt = here.toISOString()
  }

  words(): { warning: string; short: string } | null {
    const off = this.offsetMs
    if (off === null || Math.abs(off) <= CLOCK_WARN_MS) return null
    const how = `${formatSpan(Math.abs(off))} ${off < 0 ? 'ahead of' : 'behind'}`
    return {
      warning: `This laptop’s clock is ${how} the hub’s. Scoring goes on; set the clock right so the club’s history shows the right times.`,
      // The sidebar's words, made here so the start screen does not load the formatting code.
      short: `Clock ${how} the hub`,
    }
  }
}
