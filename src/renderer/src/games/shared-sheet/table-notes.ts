/**
 * The lines under each total on the table display (Alt+T): how far the player is from the limit (the
 * Wild Nine cutoff, Nine's 99), and in Nine a warning when one deal can land the player exactly on 90,
 * which goes back to 45 (NI-R14): a failed declaration scores 25, any other hand scores its total,
 * at most 64 (NI-R12).
 */
import {
  NINE_FAIL_POINTS,
  NINE_LIMIT,
  NINE_MAX_TOTAL_BY_SIZE,
  NINE_RESET_FROM,
  NINE_RESET_TO,
} from '../../../../shared/games/nine/types'

export interface TableNote {
  text: string
  warn: boolean
}

export function tableNotes(
  game: 'nine' | 'wild-nine',
  totals: readonly number[],
  limit: number,
  over: boolean,
): TableNote[][] {
  if (over) return totals.map(() => [])
  return totals.map((t) => {
    const notes: TableNote[] = []
    // the limit said once, in brackets: "99 to 99" read oddly at the start
    const what = game === 'nine' ? `${NINE_LIMIT} loses` : `cutoff ${limit}`
    notes.push({ text: t >= limit ? `past the limit (${what})` : `${limit - t} to go (${what})`, warn: false })
    const need = NINE_RESET_FROM - t
    const most = NINE_MAX_TOTAL_BY_SIZE[NINE_MAX_TOTAL_BY_SIZE.length - 1] ?? 64
    if (game === 'nine' && need > 0 && need <= most) {
      const how = need === NINE_FAIL_POINTS ? 'a failed NINE' : `+${need}`
      notes.push({ text: `${how} lands on ${NINE_RESET_FROM} → ${NINE_RESET_TO}`, warn: true })
    }
    return notes
  })
}
