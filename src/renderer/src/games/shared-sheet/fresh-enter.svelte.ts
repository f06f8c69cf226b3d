/**
 * A confirmation that answers to Enter only when it is a new press (NI-V7's over-nine prompt): the
 * Enter that entered the deal brings the prompt up and moves the focus to its confirm button, so
 * that same press, held down (key repeats) or still down when the prompt took the focus, must never
 * score it. A fresh press of Enter on the focused, labelled button does.
 */
export class FreshEnter {
  /** Enter is down right now (seen by the window's key listeners, in the capture phase). */
  #held = false
  /** The Enter that was down when the prompt took the focus has not been released yet. */
  #stale = false
  /** How many Enters on the button were refused as the one that entered the deal since the prompt took the focus (the prompt says so). */
  refused = $state(0)

  /** The window's keydown and keyup (capture phase), and its blur (a key let go elsewhere is never seen). */
  track = (e: KeyboardEvent | FocusEvent): void => {
    if (e.type === 'blur') {
      this.#held = false
      this.#stale = false
      return
    }
    if ((e as KeyboardEvent).key !== 'Enter') return
    if (e.type === 'keyup') {
      this.#held = false
      this.#stale = false
    } else if (e.type === 'keydown') this.#held = true
  }

  /** The prompt has just taken the focus: an Enter down now belongs to the entry, not to the prompt. */
  arm = (): void => {
    this.#stale = this.#held
    this.refused = 0
  }

  /**
   * The confirm button's keydown: true when this is a fresh Enter, which confirms. Every Enter is
   * taken from the browser (no click of its own), so one that is refused does nothing else.
   */
  accept = (e: KeyboardEvent): boolean => {
    if (e.key !== 'Enter') return false
    e.preventDefault()
    // a key repeat, or a second Enter key pressed while the first is still down from the entry
    const fresh = !e.repeat && !this.#stale
    if (!fresh) this.refused++
    return fresh
  }
}
