/**
 * The keyboard around a scoresheet's entry form (Wild Nine, Nine): opening a match puts the focus in
 * the form, on its first choice (who declared NINE / who went out), and a digit on that choice picks
 * the seat with that number, 1 being the first seat (before, it took 13 Tabs to reach the form).
 */
const opened = new WeakSet<object>()

/**
 * Once per opened match (the screen's match object): the form's chosen seat, else its first one,
 * takes the focus, unless something other than the screen's heading already has it.
 */
export function focusOnOpen(match: object, form: HTMLFormElement | undefined): void {
  if (!form || opened.has(match)) return
  opened.add(match)
  // the screen's heading, focused when the screen opened (App.svelte), gives way to the form
  const active = document.activeElement
  if (active && active !== document.body && active.tagName !== 'H1') return
  const first = form.querySelector<HTMLInputElement>('input[type="radio"]')
  if (!first) return
  const chosen = form.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(first.name)}"]:checked`)
  ;(chosen ?? first).focus()
}

/** The seat a digit key picks on the radio group `group` (1 is seat 0), or null when it is no such key. */
export function seatDigit(e: KeyboardEvent, group: string, seats: number): number | null {
  const t = e.target
  if (!(t instanceof HTMLInputElement) || t.type !== 'radio' || t.name !== group) return null
  if (e.ctrlKey || e.altKey || e.metaKey || !/^[1-9]$/.test(e.key)) return null
  const seat = Number(e.key) - 1
  return seat < seats ? seat : null
}

/** Focuses the radio button of `seat` in the group `group` of `form`. */
export function focusSeat(form: HTMLFormElement | undefined, group: string, seat: number): void {
  form?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(group)}"][value="${seat}"]`)?.focus()
}
