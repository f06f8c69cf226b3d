import { GAME_IDS, GAME_NAMES, mapGames, type GameId } from '../../../shared/games/registry'

export { GAME_IDS, GAME_NAMES }
export type { GameId }

/**
 * Twelve distinct qualitative colours (Okabe-Ito first, then darker companions), readable as lines
 * on light and dark surfaces. A chart gives its series the palette in order, so up to twelve players
 * never share a colour (the players' own colours may repeat, so charts do not use them).
 */
export const PALETTE = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#d55e00',
  '#cc79a7',
  '#56b4e9',
  '#7b3294',
  '#8c6d31',
  '#b2182b',
  '#66a61e',
  '#8d8d8d',
  '#c51b7d',
] as const
export const paletteAt = (i: number): string =>
  PALETTE[((i % PALETTE.length) + PALETTE.length) % PALETTE.length] as string

export const pct = (x: number | null): string => (x === null ? '–' : `${Math.round(x * 100)}%`)
export const num = (x: number | null, digits = 2): string =>
  x === null ? '–' : Number.isInteger(x) ? String(x) : x.toFixed(digits)

/** Each game's rule events as [name, label], in the order the Stats screen lists them (from the game's module). */
export const EVENT_LABELS: Record<GameId, [string, string][]> = mapGames((m) =>
  m.statEventOrder.map((name): [string, string] => [name, m.statEvents.find((e) => e.name === name)?.label ?? name]),
)

/** What the average round score means in each game. */
export const ROUND_SCORE_LABEL: Record<GameId, string> = mapGames((m) => m.roundScoreLabel)

/** A yyyy-mm-dd from a date input (a real calendar day). */
export function isDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false
  const t = Date.parse(`${day}T00:00:00.000Z`)
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(day)
}

/** A yyyy-mm-dd from a date input to the ISO bound the API takes (the "to" day is included). */
export function dayBound(day: string, end: boolean): string | undefined {
  if (!isDay(day)) return undefined
  const start = Date.parse(`${day}T00:00:00.000Z`)
  return new Date(end ? start + 86_400_000 : start).toISOString()
}

/** "12 Mar 2026" for a yyyy-mm-dd local date (no time-zone shift: it is already the local date). */
export function dayLabel(day: string): string {
  const t = Date.parse(`${day}T00:00:00.000Z`)
  if (Number.isNaN(t)) return day
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(t)
}

/** "Mar 2026" for a yyyy-mm month. */
export function monthLabel(month: string): string {
  const t = Date.parse(`${month}-01T00:00:00.000Z`)
  if (Number.isNaN(t)) return month
  return new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(t)
}
