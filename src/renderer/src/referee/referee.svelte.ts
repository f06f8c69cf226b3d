import {
  enneaBoardCode,
  readEnneaBoardCode,
  REMOVAL_RULES,
  resolveEnneaBoard,
  type EnneaBoard,
  type EnneaBoardCodeReading,
  type EnneaBoardDraft,
  type EnneaRemovalRule,
  type EnneaSeatResolution,
} from '../../../shared/games/ennea'
import type { Result } from '../../../shared/result'
import { seatLooks, type SeatLook } from '../games/ennea/seats'

const COLOURS = ['#d7263d', '#1b6ec2', '#2e8540', '#c98a00']
const DEFAULT_NAMES = ['P1', 'P2', 'P3', 'P4']
const emptyStakes = (): number[][] => Array.from({ length: 9 }, () => [])

/**
 * Referee mode: any board (card values, each seat's cubes and totals), resolved by the engine under
 * all three failed-line removal rules. The board is kept as typed, so an impossible one is shown with
 * the resolver's own message instead of being silently corrected.
 */
export class RefereeState {
  players = $state(3)
  /** Raw text per card, so a wrong entry stays visible until fixed. */
  values = $state<string[]>(Array(9).fill(''))
  totals = $state<string[]>(['9', '9', '9', '9'])
  stakes = $state<number[][]>(emptyStakes())
  rule = $state<EnneaRemovalRule>('STRICT')

  /** The seats' names and cube colours: P1..P4 in red, blue, green, yellow, or the match's from a match link. */
  names = $state<string[]>([...DEFAULT_NAMES])
  colours = $state<string[]>([...COLOURS])
  looks: SeatLook[] = $derived(seatLooks(this.names, this.colours))
  seatLooks = $derived(this.looks.slice(0, this.players))
  /** Cards seen in earlier rounds (no reshuffle), typed as digits; they count against the four of each value. */
  earlier = $state('')

  grid = $derived<(number | null)[]>(this.values.map((t) => parseValue(t)))
  board = $derived<EnneaBoardDraft>({
    grid: this.grid,
    stakes: this.stakes.map((c) => c.filter((s) => s < this.players)),
    totals: this.totals.slice(0, this.players).map((t) => (t.trim() === '' ? Number.NaN : Number(t))),
  })
  /** The engine's resolution under each rule (the same validation for all three). */
  results = $derived(
    Object.fromEntries(
      REMOVAL_RULES.map((r) => [r, resolveEnneaBoard(this.board as unknown as EnneaBoard, { failedLineRemoval: r })]),
    ) as Record<EnneaRemovalRule, Result<{ seats: EnneaSeatResolution[] }>>,
  )
  current = $derived(this.results[this.rule])
  /** True once any cube or value is on the board (before that, nothing is worth resolving). */
  started = $derived(this.values.some((v) => v.trim() !== '') || this.stakes.some((c) => c.length > 0))
  /** The board's code, or why it has none (only a valid board gets a code). */
  codeResult = $derived(enneaBoardCode(this.board))
  code = $derived(this.codeResult.ok ? this.codeResult.value : '')

  toggle(cell: number, seat: number): void {
    if (seat >= this.players) return
    const on = this.stakes[cell] ?? []
    this.stakes[cell] = on.includes(seat) ? on.filter((s) => s !== seat) : [...on, seat].sort((a, b) => a - b)
  }

  /** Next combination of cubes on a card: none, P1, P2, P1+P2, P3, ... (every combination, so impossible ones can be shown). */
  cycle(cell: number): void {
    const on = this.stakes[cell] ?? []
    let mask = 0
    for (const s of on) mask |= 1 << s
    const next = (mask + 1) % (1 << this.players)
    const seats: number[] = []
    for (let s = 0; s < this.players; s++) if (next & (1 << s)) seats.push(s)
    this.stakes[cell] = seats
  }

  clearCell(cell: number): void {
    this.stakes[cell] = []
  }

  clear(): void {
    this.values = Array(9).fill('')
    this.stakes = emptyStakes()
    this.totals = ['9', '9', '9', '9']
  }

  load(draft: EnneaBoardDraft): void {
    this.players = draft.totals.length
    this.values = draft.grid.map((v) => (v === null ? '' : String(v)))
    this.totals = [...draft.totals.map(String), '9', '9', '9', '9'].slice(0, 4)
    this.stakes = draft.stakes.map((c) => [...c])
  }

  /**
   * An old (EN1) code that was read but is not used yet: its single check character lets some typos through as
   * another valid board, so its board is shown beside the code and used only once the referee confirms it is the
   * table (confirmPending). `then` runs after the confirm (a match link's names and earlier cards).
   */
  pending = $state<{ code: string; reading: EnneaBoardCodeReading; then: (() => void) | null } | null>(null)

  /**
   * Loads a pasted code; returns the reading (with its note for an old code) so the caller can show its message.
   * A current (EN2) code is used at once. An old (EN1) code is not: it waits in `pending` for the referee's
   * confirm, and the board on show stays as it was.
   */
  loadCode(text: string, then: (() => void) | null = null): Result<EnneaBoardCodeReading> {
    const r = readEnneaBoardCode(text)
    if (!r.ok) return r
    if (r.value.version === 1) {
      this.pending = { code: text.trim().toUpperCase().replace(/\s+/g, ''), reading: r.value, then }
      return r
    }
    this.pending = null
    this.load(r.value.board)
    then?.()
    return r
  }

  /** Uses the old code's board the referee confirmed is the table; false (and nothing changes) when none waits. */
  confirmPending(): boolean {
    const p = this.pending
    if (!p) return false
    this.pending = null
    this.load(p.reading.board)
    p.then?.()
    return true
  }

  /** The old code's board is not the table: it is dropped and the board on show stays. */
  dropPending(): void {
    this.pending = null
  }

  /**
   * The match's players (from a match link): each seat's name and colour, for the seats of the board. Anything
   * else (a list that is not text, or of another length) keeps P1..P4; returns whether the names were taken.
   */
  setSeats(names: unknown, colours: unknown): boolean {
    const texts = (v: unknown): v is string[] =>
      Array.isArray(v) && v.length === this.players && v.every((x) => typeof x === 'string')
    if (!texts(names)) {
      this.names = [...DEFAULT_NAMES]
      this.colours = [...COLOURS]
      return false
    }
    const pad = (list: string[], fill: readonly string[]) => [...list, ...fill.slice(list.length)]
    this.names = pad(
      names.map((n, i) => (n.trim() === '' ? (DEFAULT_NAMES[i] ?? `P${i + 1}`) : n.trim())),
      DEFAULT_NAMES,
    )
    if (texts(colours)) this.colours = pad(colours, COLOURS)
    return true
  }

  /** Sets the removal rule from text (a link from a match); false when it is not one of the rules. */
  setRule(text: string): boolean {
    const rule = REMOVAL_RULES.find((r) => r === text)
    if (rule) this.rule = rule
    return rule !== undefined
  }
}

function parseValue(text: string): number | null {
  const t = text.trim()
  if (t === '') return null
  if (/^a$/i.test(t)) return 1
  return /^\d+$/.test(t) ? Number(t) : Number.NaN
}
