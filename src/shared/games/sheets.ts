/**
 * Scoresheets for Wild Nine and Nine: the per-round grid the UI shows, prints and exports as CSV.
 * Pure: every number comes from the engines' round records; nothing here re-applies a rule.
 */
import { ok, type Result } from '../result'
import { err } from './errors'
import { splitCards } from './cards'
import type { NineState } from './nine/index'
import { checkHand, checkHandTotal } from './nine/index'
import { NINE_DECK_SIZE, NINE_HAND_SIZE, NINE_LIMIT } from './nine/types'
import { parseWildNineCard } from './wild-nine/index'
import type { WildNineState } from './wild-nine/index'

export interface SheetCell {
  /** What the round added to this seat. */
  points: number
  /** The running total after the round, as shown ("62", or "90 → 45" for a Nine reset). */
  total: string
  /** The running total after the round, as a number (45 after a Nine reset). */
  value: number
  /** The total a Nine reset took back to 45 (90), or null. */
  resetFrom: number | null
  /** The cards entered for the seat ("9S QH", "3 4 2"), or '' when only a number was entered. */
  cards: string
  /** Nine: the seat's hand total, entered as a total or added up from its cards (null in Wild Nine and a void deal). */
  hand: number | null
  /** Short words for the cell: "went out", "declared", "lost"... */
  marks: string[]
}

export interface SheetRow {
  round: number
  dealer: number
  /** One line for the row: "Bo went out", "Deadlock", "Ana declared NINE and won". */
  result: string
  cells: SheetCell[]
  /** The engine's explanation, one sentence (or seat) per line. */
  lines: string[]
}

export interface Sheet {
  game: string
  /** What the screen calls a row: "Round" in Wild Nine, "Deal" in Nine. */
  roundWord: 'Round' | 'Deal'
  names: string[]
  /** Totals before the first round (a continued paper sheet), or null when all zero. */
  start: number[] | null
  rows: SheetRow[]
  totals: number[]
  over: boolean
  winners: number[]
  /** Seats that have lost (Nine: 99 or more). */
  losers: number[]
  /** How the match ended (or where it stands), in words. */
  message: string
}

/** The name of seat `i`, or P1, P2... */
export function seatLabel(names: readonly string[], seat: number): string {
  const n = names[seat]
  return typeof n === 'string' && n.trim() !== '' ? n : `P${seat + 1}`
}

/** "Ana deals, Bo starts." for the next round. */
export function nextDealText(names: readonly string[], dealer: number): string {
  const n = names.length
  if (n === 0) return ''
  const starter = (dealer + 1) % n
  return `${seatLabel(names, dealer)} deals, ${seatLabel(names, starter)} starts.`
}

/** The seat to the dealer's left, who starts the round. */
export function starterOf(dealer: number, players: number): number {
  return players > 0 ? (dealer + 1) % players : 0
}

/** "Deal 7 each; stock 23" (Wild Nine, from the engine's legal start-round). */
export function wildNineDealText(deal: { handSize: number; stock: number }): string {
  return `Deal ${deal.handSize} each; stock ${deal.stock}`
}

/** "Deal 5 each; draw pile 38" (Nine, NI-R3: 54 − 5 per player − the first discard). */
export function nineDealText(players: number): string {
  const draw = NINE_DECK_SIZE - NINE_HAND_SIZE * players - 1
  return `Deal ${NINE_HAND_SIZE} each; draw pile ${draw}`
}

export function wildNineSheet(state: WildNineState, message: string): Sheet {
  const names = state.names
  const rows: SheetRow[] = state.rounds.map((r) => ({
    round: r.round,
    dealer: r.dealer,
    result: r.deadlock || r.wentOut === null ? 'Deadlock' : `${seatLabel(names, r.wentOut)} went out`,
    cells: r.points.map((p, seat) => ({
      points: p,
      total: String(r.totals[seat] ?? 0),
      value: r.totals[seat] ?? 0,
      resetFrom: null,
      cards: (r.hands?.[seat] ?? []).join(' '),
      hand: null,
      marks: r.wentOut === seat ? ['went out'] : [],
    })),
    lines: [...r.explanations],
  }))
  const start = state.startTotals.some((t) => t !== 0) ? [...state.startTotals] : null
  return {
    game: 'Wild Nine',
    roundWord: 'Round',
    names: [...names],
    start,
    rows,
    totals: [...state.totals],
    over: state.over,
    winners: [...state.winners],
    losers: [],
    message,
  }
}

export function nineSheet(state: NineState, message: string): Sheet {
  const names = state.names
  const rows: SheetRow[] = state.rounds.map((r) => {
    let result: string
    if (r.void || r.declarer === null) result = 'Void deal'
    else {
      const d = seatLabel(names, r.declarer)
      result = r.declarerWon
        ? `${d} declared NINE and won`
        : r.overNine
          ? `${d} declared NINE over 9: failed`
          : `${d} declared NINE and failed`
    }
    return {
      round: r.round,
      dealer: r.dealer,
      result,
      cells: r.points.map((p, seat) => {
        const after = r.totals[seat] ?? 0
        const raw = (r.before[seat] ?? 0) + p
        const marks: string[] = []
        if (r.declarer === seat) marks.push('declared')
        if (r.resets.includes(seat)) marks.push('reset')
        if (after >= NINE_LIMIT) marks.push('lost')
        const reset = r.resets.includes(seat)
        return {
          points: p,
          total: reset ? `${raw} → ${after}` : String(after),
          value: after,
          resetFrom: reset ? raw : null,
          cards: (r.hands[seat] ?? []).join(' '),
          hand: r.void || r.declarer === null ? null : (r.handTotals[seat] ?? null),
          marks,
        }
      }),
      lines: [...r.lines],
    }
  })
  const first = state.rounds[0]
  const startTotals = first ? first.before : state.totals
  const start = state.rounds.length > 0 && startTotals.some((t) => t !== 0) ? [...startTotals] : null
  const losers = state.totals.flatMap((t, i) => (t >= NINE_LIMIT ? [i] : []))
  return {
    game: 'Nine',
    roundWord: 'Deal',
    names: [...names],
    start,
    rows,
    totals: [...state.totals],
    over: state.phase === 'over',
    winners: [...state.winners],
    losers,
    message,
  }
}

/** The separator between CSV fields: a comma, or a semicolon for spreadsheets in comma-decimal locales. */
export type CsvSeparator = ',' | ';'

/**
 * The separator a spreadsheet in `locale` expects: where a decimal is written with a comma (de, fr,
 * es, nl, pt-BR...), spreadsheets split CSV on semicolons, so a comma there would merge the columns.
 */
export function csvSeparatorFor(locale?: string): CsvSeparator {
  try {
    const parts = new Intl.NumberFormat(locale).formatToParts(1.5)
    return parts.find((p) => p.type === 'decimal')?.value === ',' ? ';' : ','
  } catch {
    return ','
  }
}

/** One CSV field: quoted when needed, and a leading = + - @ neutralised so spreadsheets never run it. */
export function csvField(value: string | number, separator: CsvSeparator = ','): string {
  let s = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return s.includes(separator) || /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** A time as the computer's local "2026-11-30 19:42", a form spreadsheets read as a date and time. */
export function localDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const p = (n: number): string => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`
}

export interface SheetCsvOptions {
  /** Per row: when the round was entered (ISO), if known. */
  played?: readonly (string | null)[]
  /** Per row: when the round was last corrected (ISO), or null when it never was. */
  corrected?: readonly (string | null)[]
  /** ',' (the default) or ';' for spreadsheets in comma-decimal locales. */
  separator?: CsvSeparator
}

/**
 * The sheet as CSV for spreadsheets (RFC 4180, CRLF, a UTF-8 byte-order mark so accents show): one
 * row per round (a "Deal" in Nine, as on screen) with when it was played and when it was last
 * corrected (local time), each seat's points and total as numbers, a reset in its own column and the
 * hand total (Nine, also where only the total was entered), the cards entered, then the totals and
 * the result.
 */
export function sheetCsv(sheet: Sheet, options: SheetCsvOptions = {}): string {
  const { played = [], corrected = [], separator = ',' } = options
  const names = sheet.names.map((_, i) => seatLabel(sheet.names, i))
  const resets = sheet.rows.some((r) => r.cells.some((c) => c.resetFrom !== null))
  const hands = sheet.rows.some((r) => r.cells.some((c) => c.hand !== null))
  const cards = sheet.rows.some((r) => r.cells.some((c) => c.cards !== ''))
  const perSeat = (n: string): string[] => [
    `${n} points`,
    `${n} total`,
    ...(resets ? [`${n} reset from`] : []),
    ...(hands ? [`${n} hand`] : []),
    ...(cards ? [`${n} cards`] : []),
  ]
  const cellsOf = (c: SheetCell): (string | number)[] => [
    c.points,
    c.value,
    ...(resets ? [c.resetFrom ?? ''] : []),
    ...(hands ? [c.hand ?? ''] : []),
    ...(cards ? [c.cards] : []),
  ]
  const blank = (t: number | ''): (string | number)[] => [
    '',
    t,
    ...(resets ? [''] : []),
    ...(hands ? [''] : []),
    ...(cards ? [''] : []),
  ]
  const out: (string | number)[][] = []
  out.push([sheet.roundWord, 'Played', 'Corrected', 'Dealer', 'Result', ...names.flatMap(perSeat)])
  if (sheet.start) out.push(['Start', '', '', '', 'Carried over', ...sheet.start.flatMap((t) => blank(t))])
  sheet.rows.forEach((r, i) => {
    out.push([
      r.round,
      localDateTime(played[i]),
      localDateTime(corrected[i]),
      seatLabel(sheet.names, r.dealer),
      r.result,
      ...r.cells.flatMap(cellsOf),
    ])
  })
  out.push(['Total', '', '', '', '', ...sheet.totals.flatMap((t) => blank(t))])
  if (sheet.over) {
    const winners = sheet.winners.map((s) => seatLabel(sheet.names, s))
    out.push(['Result', '', '', '', sheet.message])
    if (winners.length > 0) out.push([winners.length > 1 ? 'Winners' : 'Winner', '', '', '', winners.join(' and ')])
  }
  return `\ufeff${out.map((row) => row.map((f) => csvField(f, separator)).join(separator)).join('\r\n')}\r\n`
}

/** The longest file name an export gets, in UTF-8 bytes (file systems allow 255; the rest is for the folder's copies). */
export const EXPORT_NAME_MAX_BYTES = 120

/** Free text as part of a file name: letters (any script), marks and digits kept, every other run one dash. */
function nameStem(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * A file name for an exported sheet that names the match: the game, when it started (local date and
 * time) and the players, e.g. "nine_2026-11-30_19-42_Ana-Bo-Cy.csv". Safe on every file system (only
 * letters, digits, dashes, underscores and the extension's dot; never a Windows reserved name, since
 * it starts with the game) and capped at EXPORT_NAME_MAX_BYTES, the players cut first, never inside
 * a character.
 */
export function exportFileName(game: string, startedAt: string, names: readonly string[], ext: 'csv' | 'png'): string {
  const gamePart = nameStem(game).toLowerCase() || 'scoresheet'
  const when = localDateTime(startedAt).replace(' ', '_').replace(':', '-')
  const head = [gamePart, when].filter((p) => p !== '').join('_')
  const players = names
    .map((n) => nameStem(n))
    .filter((n) => n !== '')
    .join('-')
  const bytes = (t: string): number => new TextEncoder().encode(t).length
  const room = EXPORT_NAME_MAX_BYTES - bytes(`${head}_.${ext}`)
  let kept = ''
  for (const ch of players) {
    if (bytes(kept + ch) > room) break
    kept += ch
  }
  kept = kept.replace(/-+$/, '')
  const stem = kept !== '' ? `${head}_${kept}` : head
  return `${cutToBytes(stem, EXPORT_NAME_MAX_BYTES - bytes(`.${ext}`))}.${ext}`
}

/** `text` cut to at most `max` UTF-8 bytes, never inside a character. */
function cutToBytes(text: string, max: number): string {
  const enc = new TextEncoder()
  let out = ''
  for (const ch of text) {
    if (enc.encode(out + ch).length > max) break
    out += ch
  }
  return out
}

/**
 * For each completed round (by position), the index in the action log of the 'round' entry that
 * closed it; rounds that were closed by something else (a Nine void deal) get -1.
 */
export function roundEntryIndices(actions: readonly unknown[], rounds: readonly object[]): number[] {
  const entries: number[] = []
  actions.forEach((a, i) => {
    if (a !== null && typeof a === 'object' && (a as { type?: unknown }).type === 'round') entries.push(i)
  })
  let next = 0
  return rounds.map((r) => {
    if ((r as { void?: unknown }).void === true) return -1
    const i = entries[next]
    next++
    return i ?? -1
  })
}

/** Parses typed cards ("9s qh 10d", "9♠, Q♥") into canonical keys, with the engine's card messages. */
export function parseCardsText(text: string, field?: string): Result<string[]> {
  const keys: string[] = []
  for (const token of splitCards(text)) {
    const r = parseWildNineCard(token, field)
    if (!r.ok) return r
    keys.push(r.value.key)
  }
  return ok(keys)
}

/** Parses Nine card values typed as "3 4 0" (checked as a hand: 0–13, at most 5 cards); "-" or "none" is an empty hand. */
export function parseNineValues(text: string, who: string, field: string): Result<number[]> {
  const t = text.trim()
  if (t === '') return err('missing-hand', `Enter ${who}'s cards or hand total.`, field)
  if (/^(-|—|none|empty)$/i.test(t)) return ok([])
  const tokens = text.split(/[\s,;+]+/).filter((t) => t !== '')
  const values: unknown[] = tokens.map((t) => (/^\d+$/.test(t) ? Number(t) : t))
  return checkHand(values, who, field)
}

/** Parses a Nine hand total typed as a number or a sum ("5+7"), checked with the engine's NI-V5 messages. */
export function parseNineTotal(text: string, who: string, field: string): Result<number> {
  const t = text.trim()
  if (t === '') return err('missing-hand', `Enter ${who}'s cards or hand total.`, field)
  const summed = parsePointsSum(t, `${who}'s hand total`, field)
  if (summed && !summed.ok) return summed
  return checkHandTotal(summed ? summed.value : t, null, who, field)
}

/**
 * Points typed as a whole number or as a sum of them ("10+15", "3 + 6 + 2"), as BG Stats takes them,
 * so a table can add a hand up in the field. Null when the text is neither (the caller's own check
 * says why); a minus sign gets a message about the sign, since points are never negative.
 */
export function parsePointsSum(text: string, what: string, field?: string): Result<number> | null {
  const t = text.trim()
  if (/^\d{1,6}(\s*\+\s*\d{1,6})*$/.test(t)) {
    return ok(t.split('+').reduce((a, x) => a + Number(x.trim()), 0))
  }
  if (/^[\d\s+]*[-−–]\s*\d/.test(t)) {
    return err('invalid-points', `${what} is never negative: enter it without the minus sign.`, field)
  }
  return null
}

/** Parses a Wild Nine penalty typed as a number; the WN-V7 range checks are the engine's (scorePoints). */
export function parseWholeNumber(text: string): number | null {
  const t = text.trim()
  return /^\d{1,6}$/.test(t) ? Number(t) : null
}

/**
 * The times each logged entry was corrected, oldest first, leaving out corrections that were undone.
 * `history` is the match's event list (matches:history); one list per event id asked for.
 */
export function correctionTimes(
  history: readonly { kind: string; eventId: string; supersedes: string | null; at: string }[],
  eventIds: readonly (string | null)[],
): string[][] {
  const undone = new Set(history.filter((h) => h.kind === 'undo' && h.supersedes !== null).map((h) => h.supersedes))
  return eventIds.map((id) =>
    id === null
      ? []
      : history
          .filter((h) => h.kind === 'correction' && h.supersedes === id && !undone.has(h.eventId))
          .map((h) => h.at),
  )
}
