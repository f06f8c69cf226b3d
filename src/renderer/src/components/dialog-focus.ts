/**
 * Where focus goes around a modal table display (<dialog>). Opening it remembers what had focus;
 * after it closes, focus goes back there, unless a key pressed since already moved it: Escape closes
 * the dialog at once, but its `close` event comes a task later, and a key pressed right after
 * Escape (P for the pile count) must keep the field it focused.
 */
export class DialogFocus {
  private opener: Element | null = null

  /** Call just before showModal(). */
  opened(): void {
    this.opener = document.activeElement
  }

  /** Call from the dialog's close event. */
  closed(dialog: HTMLDialogElement | undefined): void {
    const active = document.activeElement
    const free = active === null || active === document.body || (dialog?.contains(active) ?? false)
    if (free && this.opener instanceof HTMLElement) this.opener.focus()
    this.opener = null
  }
}
