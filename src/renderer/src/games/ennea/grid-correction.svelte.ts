/**
 * Correcting the grid of a resolved Ennea round (EN-A22): the referee types the values again, the core answers
 * what the correction would change, entry by entry (matches:preview-correction, which writes nothing), and
 * only "Apply the correction" writes it, with the preview's token, so what is applied is what was shown. A
 * later entry that would become impossible is listed first; applied, it is left out (kept in the log, not
 * counted), and undoing the correction brings it back.
 */
import type { EnneaAction } from '../../../../shared/games/ennea'
import type { CorrectionPreview } from '../../../../shared/model/correction'
import { matchOf } from '../../../../shared/model/match'
import type { MatchState } from '../../state/match.svelte'

/** Digits are values (A = Ace = 1), "?" a card left unknown (EN-A21); spaces, commas and slashes only separate. */
export function gridValues(text: string): (number | null)[] {
  return [...text.replace(/[\s,/]+/g, '')].map((ch) =>
    ch === '?' ? null : /[0-9]/.test(ch) ? Number(ch) : /a/i.test(ch) ? 1 : Number.NaN,
  )
}

export class GridCorrection {
  /** The round whose grid is being corrected, or null when the panel is closed. */
  round = $state<number | null>(null)
  /** The values as typed. */
  text = $state('')
  /** What the correction would change, once asked and while the text is unchanged. */
  preview = $state<CorrectionPreview | null>(null)
  /** Why nothing can be previewed or applied (the core's words). */
  error = $state('')
  /** A preview is being asked for, or the correction is being stored. */
  pending = $state(false)
  /** The grid the preview was made for. */
  private previewed: (number | null)[] | null = null

  constructor(private readonly currentMatch: () => MatchState) {}

  private get match(): MatchState {
    return this.currentMatch()
  }

  /** The entry that revealed round `round` (the round's reveal in the log in force). */
  private revealOf(round: number): string | null {
    const actions = this.match.view?.actions ?? []
    const reveals = actions.filter((a) => (a.action as { type?: unknown } | null)?.type === 'reveal')
    return reveals[round - 1]?.eventId ?? null
  }

  open(round: number): void {
    const rec = matchOf(this.match.view, 'ennea')?.state?.rounds.find((r) => r.round === round)
    this.round = round
    this.text = rec ? rec.grid.map((v) => (v >= 1 && v <= 9 ? String(v) : '?')).join('') : ''
    this.preview = null
    this.previewed = null
    this.error = ''
  }

  close(): void {
    this.round = null
    this.preview = null
    this.previewed = null
    this.error = ''
  }

  /** Typing again drops the preview: only the grid that was previewed can be applied. */
  edit(text: string): void {
    this.text = text
    this.preview = null
    this.previewed = null
    this.error = ''
  }

  async show(): Promise<void> {
    const round = this.round
    if (round === null || this.pending) return
    const grid = gridValues(this.text)
    if (grid.length !== 9) {
      this.error = `Type the 9 card values of round ${round}, row by row (${grid.length} typed).`
      return
    }
    const eventId = this.revealOf(round)
    if (!eventId) {
      this.error = `Round ${round} has no reveal in the log any more (it may have been undone).`
      return
    }
    this.pending = true
    const r = await this.match.previewCorrection(eventId, { type: 'reveal', grid } satisfies EnneaAction)
    this.pending = false
    if (r.ok) {
      this.preview = r.value
      this.previewed = grid
      this.error = ''
    } else {
      this.preview = null
      this.error = r.error.message
    }
  }

  /** Applies the previewed correction once: a second press while it is stored, or after, does nothing. */
  async confirm(): Promise<boolean> {
    const preview = this.preview
    const grid = this.previewed
    if (!preview || !grid || this.pending) return false
    this.pending = true
    const r = await this.match.correct(preview.target.eventId, { type: 'reveal', grid }, preview.token)
    this.pending = false
    if (!r.ok) {
      this.preview = null
      this.previewed = null
      this.error = r.error.message
      return false
    }
    const n = preview.later.length
    const out = preview.leftOut.length
    const leftOut = out === 0 ? '' : out === 1 ? '; 1 entry left out' : `; ${out} entries left out`
    this.match.announcement = `${preview.target.entry} corrected; ${n === 0 ? 'no later entry changed' : n === 1 ? '1 later entry changed' : `${n} later entries changed`}${leftOut}.`
    this.close()
    return true
  }
}
