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

/**
 * The drafts of one match, one per round. Several are kept because an undo (Ctrl+Z) takes the form
 * back a round: the round half typed then is kept for when the form comes back to it (a redo, or the
 * undone round entered again), instead of being overwritten by the earlier round's empty form.
 */
function readAll<F>(s: Storage, matchId: string): Draft<F>[] {
  const raw = s.getItem(PREFIX + matchId)
  if (!raw) return []
  try {
    const d = JSON.parse(raw) as unknown
    // an older tab kept a single draft
    const list = Array.isArray(d) ? d : [d]
    return list.filter(
      (x): x is Draft<F> =>
        typeof x === 'object' &&
        x !== null &&
        typeof (x as Draft<F>).round === 'number' &&
        typeof (x as Draft<F>).fields === 'object' &&
        (x as Draft<F>).fields !== null,
    )
  } catch {
    return []
  }
}

function writeAll<F>(s: Storage, matchId: string, drafts: Draft<F>[]): void {
  if (drafts.length === 0) s.removeItem(PREFIX + matchId)
  else s.setItem(PREFIX + matchId, JSON.stringify(drafts))
}

export function loadDraft<F>(matchId: string, round: number): F | null {
  const s = storage()
  if (!s) return null
  return readAll<F>(s, matchId).find((d) => d.round === round)?.fields ?? null
}

/** The round of a draft kept beyond `round` (typed before an undo took the form back), if any. */
export function laterDraft(matchId: string, round: number): number | null {
  const s = storage()
  if (!s) return null
  const later = readAll(s, matchId)
    .map((d) => d.round)
    .filter((r) => r > round)
  return later.length > 0 ? Math.min(...later) : null
}

export function saveDraft<F>(matchId: string, round: number, fields: F, empty: boolean): void {
  const s = storage()
  if (!s) return
  try {
    const others = readAll<F>(s, matchId).filter((d) => d.round !== round)
    writeAll(s, matchId, empty ? others : [...others, { round, fields }])
  } catch {
    // A full or blocked storage only loses the draft, never the entry itself.
  }
}

/** Forgets the draft of `round` once it is entered, or every draft of the match without a round. */
export function clearDraft(matchId: string, round?: number): void {
  try {
    const s = storage()
    if (!s) return
    if (round === undefined) s.removeItem(PREFIX + matchId)
    else
      writeAll(
        s,
        matchId,
        readAll(s, matchId).filter((d) => d.round !== round),
      )
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
