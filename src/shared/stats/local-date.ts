/**
 * Local dates. A match stores its UTC times plus the UTC offset it was played in (minutes east of
 * UTC); its local date is the UTC time shifted by that offset, the same on every computer.
 */
const DAY_MS = 86_400_000

/** yyyy-mm-dd of `iso` in the given offset (minutes east of UTC). */
export function localDateOf(iso: string, utcOffset: number | null | undefined): string {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return iso.slice(0, 10)
  return new Date(t + (utcOffset ?? 0) * 60_000).toISOString().slice(0, 10)
}

/** yyyy-mm of `iso` in the given offset. */
export const localMonthOf = (iso: string, utcOffset: number | null | undefined): string =>
  localDateOf(iso, utcOffset).slice(0, 7)

/** yyyy-mm-ddTHH:MM of `iso` in the given offset (the wall-clock time where it was played). */
export function localDateTimeOf(iso: string, utcOffset: number | null | undefined): string {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return iso.slice(0, 16)
  return new Date(t + (utcOffset ?? 0) * 60_000).toISOString().slice(0, 16)
}

/** The day `n` days after yyyy-mm-dd `day`. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

/** "+05:30" / "-08:00" for an offset in minutes. */
export function offsetLabel(utcOffset: number): string {
  const a = Math.abs(utcOffset)
  return `${utcOffset < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`
}
