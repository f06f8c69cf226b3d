/**
 * Game nights. A night is named by the local date it starts on and runs until 06:00 the next
 * morning, local time where each match was played: a match started at 01:30 on Friday belongs to
 * Thursday's night. Each match uses its own UTC offset, so a night across a daylight-saving change
 * (clocks going back at 03:00, say) stays one night.
 */
export const NIGHT_CUTOFF_HOUR = 6

/** The night (yyyy-mm-dd) of a match started at UTC time `iso` in offset `utcOffset` (minutes east). */
export function nightOf(iso: string, utcOffset: number | null | undefined): string {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return iso.slice(0, 10)
  return new Date(t + ((utcOffset ?? 0) - NIGHT_CUTOFF_HOUR * 60) * 60_000).toISOString().slice(0, 10)
}
