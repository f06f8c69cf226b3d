/**
 * The round being typed, kept in sessionStorage per match, so a reload (for example after the
 * data service restarted) brings it back. Only the form's own fields are kept, never a result.
 */
const PREFIX = 'ninekeeper.draft.'

export interface Draft<F> {
  /** The round (Wild Nine) or deal (Nine) number the draft is for. */
  round: number
  fields: F
}

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

export function loadDraft<F>(matchId: string, round: number): F | null {
  const raw = storage()?.getItem(PREFIX + matchId)
  if (!raw) return null
  try {
    const d = JSON.parse(raw) as Draft<F>
    return d && d.round === round && typeof d.fields === 'object' && d.fields !== null ? d.fields : null
  } catch {
    return null
  }
}

export function saveDraft<F>(matchId: string, round: number, fields: F, empty: boolean): void {
  const s = storage()
  if (!s) return
  try {
    if (empty) s.removeItem(PREFIX + matchId)
    else s.setItem(PREFIX + matchId, JSON.stringify({ round, fields } satisfies Draft<F>))
  } catch {
    // A full or blocked storage only loses the draft, never the entry itself.
  }
}

export function clearDraft(matchId: string): void {
  try {
    storage()?.removeItem(PREFIX + matchId)
  } catch {
    // as above
  }
}

/** The round an entry of the action log belongs to: 1 + the rounds entered before it. */
export function roundOfEntry(actions: readonly unknown[], index: number): number {
  let n = 1
  for (let i = 0; i < index && i < actions.length; i++) {
    const a = actions[i]
    if (typeof a === 'object' && a !== null && (a as { type?: unknown }).type === 'round') n++
  }
  return n
}
