/**
 * The night board's grid (docs/ARCHITECTURE.md § The night board): how many columns of table cards
 * fill the screen with the largest type, and the words for "last entry 3 min ago". Pure, so it is
 * tested without a page.
 */

/** A card's height in standings lines: its title and round (about 1.6 lines), a line per seat, its footer (about 1.6). */
const CARD_LINES = 3.4
/** A card's width in type sizes: rank, colour stripe, a name of about eight letters, a score of three digits, padding. */
const CARD_EMS = 8.5
/** The gap between cards, px. */
export const BOARD_GAP = 16

export interface BoardGrid {
  cols: number
  rows: number
  /** The standings' type size, px. */
  font: number
}

/**
 * The columns (1 to `count`) that give the standings the largest type in a `width` × `height` area for
 * `count` cards of at most `seats` seats each, and that type size (lines are 1.2 of it).
 */
export function boardGrid(count: number, seats: number, width: number, height: number): BoardGrid {
  const n = Math.max(1, count)
  let best: BoardGrid = { cols: 1, rows: n, font: 0 }
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols)
    const cardW = (width - BOARD_GAP * (cols - 1)) / cols
    const cardH = (height - BOARD_GAP * (rows - 1)) / rows
    const font = Math.max(0, Math.min(cardH / (1.2 * Math.max(2, seats) + CARD_LINES * 1.2), cardW / CARD_EMS))
    if (font > best.font + 0.01) best = { cols, rows, font }
  }
  return { ...best, font: Math.floor(best.font) }
}

/** "just now", "last entry 1 min ago", "2 h 5 min ago": minutes from `lastIso` to `now` (ms). */
export function lastEntryWords(lastIso: string, now: number): string {
  const minutes = Math.floor(Math.max(0, now - Date.parse(lastIso)) / 60_000)
  if (!Number.isFinite(minutes)) return 'last entry: unknown'
  if (minutes < 1) return 'last entry just now'
  if (minutes < 60) return `last entry ${minutes} min ago`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return `last entry ${h} h${m ? ` ${m} min` : ''} ago`
}
