import { GAME_NAMES } from '../../../shared/games/engine'
import type { Night, NightMatch, Season } from '../../../shared/model/club'

/** How the club pages write seasons and game nights: plain functions, so the panels hold only their own markup. */

/** A season's span: "2026-01-01 to 2026-03-31". */
export const dateRange = (s: Pick<Season, 'startDate' | 'endDate'>): string => `${s.startDate} to ${s.endDate}`

/** Which games and players a season counts: "Nine, Wild Nine · 4 players", or "every game · everyone". */
export const seasonScope = (s: Pick<Season, 'gameIds' | 'playerIds'>): string =>
  `${s.gameIds ? s.gameIds.map((g) => GAME_NAMES[g]).join(', ') : 'every game'} · ${s.playerIds ? `${s.playerIds.length} players` : 'everyone'}`

/** A local calendar day as YYYY-MM-DD. */
export const isoDay = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

/** A new season's suggested span: from the first of this month to the last day of the month after next. */
export function suggestedSpan(today: Date): { startDate: string; endDate: string } {
  return {
    startDate: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)),
    endDate: isoDay(new Date(today.getFullYear(), today.getMonth() + 3, 0)),
  }
}

/** `list` with `item` added (on) or taken out (off): a ticked or unticked box. */
export const toggle = <T>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? [...list, item] : list.filter((x) => x !== item)

/** A night's date written out in the user's language ("Tue, 1 Dec 2026"), the same in every time zone. */
export const longDate = (d: string): string =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

/** How many of a night's matches were finished (not abandoned, not still going). */
export const finishedCount = (n: Pick<Night, 'matches'>): number =>
  n.matches.filter((m) => m.status === 'finished').length

/** A match's outcome in the nights table: its winners (– when nobody won), "abandoned" or "in progress". */
export const matchOutcome = (m: Pick<NightMatch, 'status' | 'winners'>): string =>
  m.status === 'finished' ? m.winners.join(', ') || '–' : m.status === 'abandoned' ? 'abandoned' : 'in progress'

/**
 * An axis for `values`: from a round number at or below the smallest to one at or above the largest,
 * with 3 to 7 ticks a round step apart (1, 2 or 5 times a power of ten). No values: 0 to 1.
 */
export function niceScale(values: readonly number[]): { lo: number; hi: number; step: number; ticks: number[] } {
  const finite = values.filter(Number.isFinite)
  let min = finite.length ? Math.min(...finite) : 0
  let max = finite.length ? Math.max(...finite) : 1
  if (max - min < 0.01) {
    min -= 1
    max += 1
  }
  const rough = (max - min) / 4
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = ([1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power) as number
  // Rounded to the step's own decimals, so 0.1 + 0.2 reads as 0.3.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)))
  const round = (v: number): number => Number(v.toFixed(decimals))
  let lo = round(Math.floor(min / step) * step)
  if (lo > min) lo = round(lo - step)
  let hi = round(Math.ceil(max / step) * step)
  if (hi < max) hi = round(hi + step)
  const ticks: number[] = []
  for (let i = 0; lo + i * step <= hi + step / 1e6; i++) ticks.push(round(lo + i * step))
  return { lo, hi, step, ticks }
}
