import { seatLabel } from '../../../../shared/games/sheets'
import { showCard } from '../../../../shared/games/wild-nine/index'

/** An entered Wild Nine round in words, one line per seat: "Ana went out", "Ben: 9♠ Q♥". */
export function describeWildNineRound(names: readonly string[], action: unknown): string[] {
  if (typeof action !== 'object' || action === null || (action as { type?: unknown }).type !== 'round') return []
  const a = action as { wentOut?: number | null; hands?: string[][]; points?: number[] }
  const out = a.wentOut ?? null
  const lines = [out === null ? 'Deadlock (nobody went out)' : `${seatLabel(names, out)} went out`]
  names.forEach((_, s) => {
    if (s === out) return
    if (Array.isArray(a.hands))
      lines.push(`${seatLabel(names, s)}: ${(a.hands[s] ?? []).map(showCard).join(' ') || 'no cards'}`)
    else if (Array.isArray(a.points)) lines.push(`${seatLabel(names, s)}: ${a.points[s] ?? 0} points`)
  })
  return lines
}

/** An entered Nine deal in words: "Ana declared NINE", "Bo: 13 13 12" or "Bo: total 38". */
export function describeNineDeal(names: readonly string[], action: unknown): string[] {
  if (typeof action !== 'object' || action === null || (action as { type?: unknown }).type !== 'round') return []
  const a = action as { declarer?: number; hands?: (number[] | null)[]; totals?: (number | null)[] }
  const lines = [typeof a.declarer === 'number' ? `${seatLabel(names, a.declarer)} declared NINE` : 'No declarer']
  names.forEach((_, s) => {
    const h = a.hands?.[s]
    const t = a.totals?.[s]
    if (Array.isArray(h)) lines.push(`${seatLabel(names, s)}: ${h.length === 0 ? 'no cards' : h.join(' ')}`)
    else if (typeof t === 'number') lines.push(`${seatLabel(names, s)}: total ${t}`)
  })
  return lines
}

const TEXT_INPUTS = new Set(['text', 'search', 'number', 'email', 'tel', 'url', 'password'])

/** True while the keyboard is in a text field: Ctrl+Z and Ctrl+Shift+Z belong to the field then. */
export function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target instanceof HTMLTextAreaElement) return true
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type)
  return target.isContentEditable
}

/** Ctrl+Shift+Z or Ctrl+Y (outside text fields). */
export function isRedoKey(e: KeyboardEvent): boolean {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return false
  const k = e.key.toLowerCase()
  return (k === 'z' && e.shiftKey) || (k === 'y' && !e.shiftKey)
}

/**
 * What a match closed before its end (abandoned, or finished by hand) says where the engine would ask
 * for the next round; null while it is in progress.
 */
export function closedMatchText(status: string, rounds: number, word: 'round' | 'deal'): string | null {
  if (status === 'in-progress') return null
  const when = rounds === 0 ? `before any ${word} was entered` : `after ${word} ${rounds}`
  const how = status === 'abandoned' ? 'abandoned' : 'closed'
  return `This match was ${how} ${when}: nothing more is entered.`
}
