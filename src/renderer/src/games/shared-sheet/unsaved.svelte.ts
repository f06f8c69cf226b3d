/**
 * A round the service refused as stale (the match changed in another window or on another computer).
 * The page then shows the current sheet, and the form made for it (a new one, since the log changed)
 * takes the refused entry back from here, marked as not saved, so nothing typed is lost.
 */
export interface UnsavedEntry {
  matchId: string
  /** The refused round action, as the form sent it. */
  action: unknown
  /** The service's words for the refusal. */
  message: string
}

class UnsavedStore {
  entry = $state<UnsavedEntry | null>(null)

  /** The refused entry of `matchId`, handed over once (null when there is none). */
  take(matchId: string): UnsavedEntry | null {
    const e = this.entry
    if (!e || e.matchId !== matchId) return null
    this.entry = null
    return e
  }
}

export const unsaved = new UnsavedStore()

/** The words a form shows beside a refused entry it kept. */
export function notSavedMessage(word: 'deal' | 'round'): string {
  return `Not saved: the match changed elsewhere before this ${word} was entered, and the sheet now shows it as it is. The ${word} you typed is still here: check it, then enter it again.`
}
