/**
 * The Ennea tracker's controller: the chosen card, the engine's last refusal, the table display, and every way
 * an action is attempted (a button, a letter key, the card keys). Which actions are possible comes from the
 * engine (its legal list and its apply, run on the current state before anything is sent); this class only
 * asks it, and talks to the page (focus, the Referee link) and to the match.
 */
import { enneaEngine, type EnneaAction, type EnneaState } from '../../../../shared/games/ennea'
import { matchOf } from '../../../../shared/model/match'
import type { MatchState } from '../../state/match.svelte'
import { liveRoundHref } from './referee-link'

export const KINDS = ['peek', 'stake', 'pass', 'ennea'] as const
export type Kind = (typeof KINDS)[number]
export const KEYS: Record<Kind, string> = { peek: 'P', stake: 'S', pass: 'A', ennea: 'E' }
export const LABELS: Record<Kind, string> = { peek: 'Peek', stake: 'Stake', pass: 'Pass', ennea: 'ENNEA' }

/** What a key press was made for: the seat to act and the match head on show when it was pressed. */
interface Pressed {
  seat: number | null
  head: string | undefined
}

type Queued = { kind: Kind; cell: number | null; pressed: Pressed } | { kind: 'undo' }

function isField(t: EventTarget | null): boolean {
  return (
    t instanceof HTMLInputElement ||
    t instanceof HTMLTextAreaElement ||
    t instanceof HTMLSelectElement ||
    (t instanceof HTMLElement && t.isContentEditable)
  )
}

export class EnneaMatchController {
  selected = $state<number | null>(null)
  /** The engine's refusal of the last attempted action, shown next to the actions. */
  refusal = $state('')
  /** The table display (Alt+T) is open. */
  showTable = $state(false)
  shownRound = $state<number | null>(null)

  /** `match` is read through a function, so the controller follows the component's current prop. */
  constructor(private readonly currentMatch: () => MatchState) {}

  private get match(): MatchState {
    return this.currentMatch()
  }

  readonly es: EnneaState | undefined = $derived(matchOf(this.match.view, 'ennea')?.state ?? undefined)
  readonly legal = $derived(matchOf(this.match.view, 'ennea')?.legal ?? [])
  readonly playing = $derived(this.es?.phase === 'turns' || this.es?.phase === 'final-actions')
  /** R: the live round (while it is played or revealed), else the resolved round on show, in Referee mode. */
  readonly liveHref = $derived(this.es ? liveRoundHref($state.snapshot(this.es), this.match.id) : null)

  /** What a key press was made for: the seat to act and the match head the page showed when it was pressed. */
  private pressNow(): Pressed {
    return { seat: this.es?.toAct ?? null, head: this.match.view?.head }
  }

  /**
   * Every action names the seat it was pressed for (EN-V11), so a repeated key press is refused instead of
   * acting for the next seat.
   */
  private actionOf(kind: Kind, seat: number | null = this.es?.toAct ?? null): EnneaAction | null {
    const who = seat === null ? {} : { seat }
    if (kind === 'peek' || kind === 'stake')
      return this.selected === null ? null : { type: kind, cell: this.selected, ...who }
    return { type: kind, ...who }
  }

  /** The engine's verdict on an action in the current state: null when legal, else its message. */
  private verdict(kind: Kind): string | null {
    if (!this.es) return 'The match is not loaded.'
    const snapshot: EnneaState = $state.snapshot(this.es)
    const action = this.actionOf(kind)
    if (!action) {
      // no card chosen: a card kind the engine allows somewhere only needs a card; otherwise its reason (same for every card)
      if (this.legal.some((l) => l.type === kind)) return 'Choose a card first: arrow keys or 1–9.'
      const probe: EnneaAction = kind === 'peek' || kind === 'stake' ? { type: kind, cell: 0 } : { type: kind }
      const r = enneaEngine.apply(snapshot, probe)
      return r.ok ? null : r.error.message
    }
    const r = enneaEngine.apply(snapshot, action)
    return r.ok ? null : r.error.message
  }

  readonly verdicts: Record<Kind, string | null> = $derived.by(() => {
    void this.selected
    const out: Record<Kind, string | null> = { peek: null, stake: null, pass: null, ennea: null }
    for (const k of KINDS) out[k] = this.playing ? this.verdict(k) : 'The round is not in play.'
    return out
  })

  /**
   * Keys pressed while the previous action was being stored, in order: action keys with the card chosen, the
   * seat and the head of the match when they were pressed, and Ctrl+Z. Played once it is stored (a quick table
   * loses no key), dropped if it was refused. An action key pressed before the last action was stored was
   * meant for the sheet as it was then: it is refused with the reason ("That was Ada's pass; it is Bo's turn
   * now."), never played for the seat to act now.
   */
  private typedAhead: Queued[] = []
  /** An action (or a queued undo) of this controller is being stored. */
  private saving = false

  async attempt(kind: Kind, pressed: Pressed = this.pressNow()): Promise<void> {
    if (!this.es) return
    if (this.match.busy) {
      if (this.saving) this.typedAhead.push({ kind, cell: this.selected, pressed })
      else this.refusal = 'The last change is still being saved: press the key again.'
      this.selected = null
      return
    }
    const action = this.actionOf(kind, pressed.seat)
    const why = pressed.head === this.match.view?.head ? this.verdicts[kind] : this.staleVerdict(action)
    if (!action || why) {
      this.refusal = why ?? 'Choose a card first: arrow keys or 1–9.'
      this.typedAhead = []
      return
    }
    this.refusal = ''
    // the card choice belongs to this action only: the next seat chooses its own card
    this.selected = null
    this.saving = true
    const r = await this.match.apply(action, pressed.head)
    this.saving = false
    if (r.ok) {
      const s = matchOf(r.value, 'ennea')?.state
      this.match.announcement = s?.log[s.log.length - 1] ?? r.value.game.message
      await this.playTypedAhead()
    } else {
      this.refusal = r.error.message
      this.typedAhead = []
    }
  }

  /**
   * The refusal of a key pressed on an earlier sheet (before the last action was stored): the engine's reason
   * when its seat's turn has passed, else that it came too early. The service refuses such a press as well.
   */
  private staleVerdict(action: EnneaAction | null): string {
    if (this.es && action) {
      const r = enneaEngine.apply($state.snapshot(this.es), action)
      if (!r.ok) return r.error.message
    }
    return 'That key was pressed before the last entry was saved: nothing was done. Press it again if it is still meant.'
  }

  private async playTypedAhead(): Promise<void> {
    const next = this.typedAhead.shift()
    if (!next) return
    if (next.kind === 'undo') {
      this.saving = true
      const r = await this.match.undo()
      this.saving = false
      if (r.ok) await this.playTypedAhead()
      else this.typedAhead = []
      return
    }
    this.selected = next.cell
    await this.attempt(next.kind, next.pressed)
  }

  reveal = async (grid: (number | null)[]): Promise<boolean> => {
    const r = await this.match.apply({ type: 'reveal', grid })
    if (r.ok) {
      this.selected = null
      this.match.announcement = r.value.game.message
    }
    return r.ok
  }

  select(cell: number, focus = false): void {
    this.selected = cell
    this.refusal = ''
    if (focus) document.querySelector<HTMLButtonElement>(`.tracker [data-cell="${cell}"]`)?.focus()
  }

  private openReferee(): boolean {
    if (this.liveHref) {
      location.hash = this.liveHref
      return true
    }
    const link = document.querySelector<HTMLAnchorElement>('.tracker [data-testid="open-referee"]')
    link?.click()
    return link !== null
  }

  onkeydown = (e: KeyboardEvent): void => {
    const undoKey = (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'z'
    if (undoKey && this.saving && !e.defaultPrevented && !isField(e.target)) {
      // Ctrl+Z while an action is being stored undoes it once it is stored (the frame's Ctrl+Z waits for no write)
      e.preventDefault()
      this.typedAhead.push({ kind: 'undo' })
      return
    }
    if (this.showTable || e.ctrlKey || e.metaKey || isField(e.target) || e.defaultPrevented) return
    if (e.altKey) {
      if (e.key.toLowerCase() === 't' && this.es) {
        e.preventDefault()
        this.showTable = true
      }
      return
    }
    if (e.key === 'r' || e.key === 'R') {
      if (this.openReferee()) e.preventDefault()
      return
    }
    if (!this.playing) return
    const onCard = e.target instanceof HTMLElement && e.target.closest('.tracker [data-cell]') !== null
    if (/^[1-9]$/.test(e.key)) {
      e.preventDefault()
      this.select(Number(e.key) - 1, onCard)
      return
    }
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    }
    const mv = moves[e.key]
    if (mv) {
      e.preventDefault()
      const selected = this.selected
      const from = selected ?? 4
      const r = Math.min(2, Math.max(0, Math.floor(from / 3) + (selected === null ? 0 : mv[0])))
      const c = Math.min(2, Math.max(0, (from % 3) + (selected === null ? 0 : mv[1])))
      this.select(r * 3 + c, onCard)
      return
    }
    const kind = KINDS.find((k) => KEYS[k].toLowerCase() === e.key.toLowerCase())
    if (kind) {
      e.preventDefault()
      // a key held down repeats: only its first press acts
      if (!e.repeat) void this.attempt(kind)
    }
  }
}
