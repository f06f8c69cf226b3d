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
