import { tick } from 'svelte'
import type { MatchView } from '../../../../shared/model/match'
import type { AppError, Result } from '../../../../shared/result'
import { hasCode } from '../../../../shared/service-errors'
import { unsaved } from './unsaved.svelte'

/** Where a round is sent: the laptop's MatchState, or a phone's entry queue (phone/form.svelte.ts). */
export interface RoundSaver {
  readonly id: string
  /** The match's view, for a correction's event id (null: no correction possible). */
  readonly view: MatchView | null
  /** The frame's copy of a refusal, cleared when the form shows it instead. */
  error: AppError | null
  apply(action: unknown): Promise<Result<unknown>>
  correct(eventId: string, action: unknown): Promise<Result<unknown>>
}

/**
 * Sends a round from a scoresheet form: a correction of the edited entry, or a new entry. Returns
 * the refusal message, or null. The form shows the message next to its fields, so the frame's copy
 * is cleared rather than shown twice.
 */
export async function saveRound(
  match: RoundSaver,
  edit: { index: number } | null | undefined,
  action: unknown,
): Promise<string | null> {
  const eventId = edit ? match.view?.actions[edit.index]?.eventId : undefined
  const r = edit && eventId ? await match.correct(eventId, action) : await match.apply(action)
  if (r.ok) return null
  // The service restarted or stopped: the draft (sessionStorage) keeps the round for this tab.
  if (hasCode(r.error, 'bad-token') || hasCode(r.error, 'unreachable')) {
    match.error = null
    return `${r.error.message} What you typed is kept in this tab and comes back when the page is opened again.`
  }
  // A stale write (another window changed the match) stays in the frame, above the current sheet, and
  // the entry goes back into the form made for that sheet, marked as not saved (unsaved.svelte.ts).
  if (r.error.code !== 'stale') match.error = null
  else if (!edit) unsaved.entry = { matchId: match.id, action, message: r.error.message }
  return r.error.message
}

/** After a round is entered, the next round's form (created afresh for the new log) takes the focus. */
export async function focusNextRoundForm(): Promise<void> {
  await tick()
  document.querySelector<HTMLInputElement>('[data-testid="round-form"] input[type="radio"]')?.focus()
}
