import { GAME_FACTS, GAME_NAMES, isGameId, mapFacts, type GameId } from '../../../shared/games/ids'
import { defaultHouseRules, HOUSE_RULES } from '../../../shared/games/house-rules'
import { SEAT_LIMITS } from '../../../shared/games/registry'
import { PLAYER_COLORS, type Player } from '../../../shared/model/player'
import type { AppError } from '../../../shared/result'
import { call } from '../lib/api'
import { GAME_UI } from '../games/registry'

/** One line per game for the game picker (each game's facts). */
export const GAME_BLURBS: Record<GameId, string> = mapFacts((f) => f.blurb)

/** Which setting picks the first player: the dealer (games dealt round by round) or the starting player. */
export function firstSeatKey(game: GameId): 'firstDealer' | 'starter' {
  return GAME_FACTS[game].firstSeat
}

/** "Ana", "Ana and Bo", "Ana, Bo and Cy". */
function list(names: string[]): string {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

export class NewMatchState {
  game = $state<GameId>('wild-nine')
  roster = $state<Player[]>([])
  seats = $state<string[]>([])
  first = $state(0)
  rules = $state<Record<string, string | number | boolean>>(defaultHouseRules('wild-nine'))
  colours = $state<string[]>([])
  target = $state<number | null>(3)
  error = $state<AppError | null>(null)
  /** What the last change did beyond the obvious, in words ("The table is full…", "Kept Ana and Bo…"). */
  notice = $state('')
  busy = $state(false)
  loading = $state(true)

  limits = $derived(SEAT_LIMITS[this.game])
  seated = $derived(
    this.seats.map((id) => this.roster.find((p) => p.id === id)).filter((p): p is Player => p !== undefined),
  )

  constructor(initialGame?: string) {
    if (initialGame && isGameId(initialGame)) this.setGame(initialGame)
  }

  async load(): Promise<void> {
    const r = await call('players:list', {})
    this.loading = false
    if (r.ok) this.roster = r.value
    else this.error = r.error
  }

  setGame(game: GameId): void {
    this.game = game
    this.rules = defaultHouseRules(game)
    this.error = null
    this.notice = ''
    const max = SEAT_LIMITS[game].max
    if (this.seats.length > max) {
      const name = (id: string) => this.roster.find((p) => p.id === id)?.name ?? '?'
      const kept = this.seats.slice(0, max).map(name)
      const left = this.seats.slice(max).map(name)
      this.notice = `${GAME_NAMES[game]} seats at most ${max}: kept ${list(kept)} (the first ${max} seats); ${list(left)} ${left.length === 1 ? 'is' : 'are'} no longer seated.`
      this.seats = this.seats.slice(0, max)
    }
    this.first = Math.min(this.first, Math.max(0, this.seats.length - 1))
    this.fillColours()
  }

  toggle(id: string): void {
    this.error = null
    if (this.seats.includes(id)) this.remove(id)
    else if (this.seats.length < this.limits.max) {
      this.seats = [...this.seats, id]
      this.fillColours()
    }
  }

  remove(id: string): void {
    const i = this.seats.indexOf(id)
    if (i < 0) return
    this.seats = this.seats.filter((s) => s !== id)
    this.colours = this.colours.filter((_, k) => k !== i)
    if (this.first >= this.seats.length) this.first = Math.max(0, this.seats.length - 1)
  }

  /** Moves a seat up (-1) or down (+1); the first player follows their player. */
  move(index: number, delta: -1 | 1): void {
    const to = index + delta
    if (to < 0 || to >= this.seats.length) return
    const seats = [...this.seats]
    const colours = [...this.colours]
    ;[seats[index], seats[to]] = [seats[to] as string, seats[index] as string]
    ;[colours[index], colours[to]] = [colours[to] as string, colours[index] as string]
    if (this.first === index) this.first = to
    else if (this.first === to) this.first = index
    this.seats = seats
    this.colours = colours
  }

  /** Moves a seat to another position (drag and drop). */
  moveTo(from: number, to: number): void {
    while (from !== to) {
      const step = from < to ? 1 : -1
      this.move(from, step)
      from += step
    }
  }

  async addPlayer(name: string): Promise<AppError | null> {
    const r = await call('players:create', { name })
    if (!r.ok) return r.error
    this.roster = [...this.roster, r.value].sort((a, b) => a.name.localeCompare(b.name))
    if (this.seats.length < this.limits.max) {
      this.seats = [...this.seats, r.value.id]
      this.fillColours()
      this.notice = `Added ${r.value.name} and seated them.`
    } else {
      this.notice = `Added ${r.value.name} to the players, but not seated: the table is full (${this.limits.max} players for ${GAME_NAMES[this.game]}). Unseat someone to seat them.`
    }
    return null
  }

  /** A number house rule outside its box's range, in words, or null. */
  ruleRangeError(): AppError | null {
    for (const rule of HOUSE_RULES[this.game]) {
      if (rule.kind !== 'number') continue
      const v = this.rules[rule.key]
      if (typeof v !== 'number' || !Number.isInteger(v) || v < rule.min || v > rule.max) {
        return {
          code: 'invalid-input',
          message: `${rule.label} must be a whole number from ${rule.min.toLocaleString('en')} to ${rule.max.toLocaleString('en')}.`,
          field: `houseRules.${rule.key}`,
        }
      }
    }
    return null
  }

  /** Ennea cube colours: each seat keeps its choice; new seats take their player's colour if free, else the next free one. */
  private fillColours(): void {
    const colours: string[] = []
    this.seats.forEach((id, i) => {
      const existing = this.colours[i]
      const own = this.roster.find((p) => p.id === id)?.color
      const pick = [existing, own, ...PLAYER_COLORS.map((c) => c.value)].find(
        (c): c is string => !!c && !colours.includes(c),
      )
      colours.push(pick ?? PLAYER_COLORS[0].value)
    })
    this.colours = colours
  }

  /** Starts the match; null when refused, or while an earlier press is still on its way (one match per press). */
  async start(): Promise<string | null> {
    if (this.busy) return null
    const range = this.ruleRangeError()
    if (range) {
      this.error = range
      return null
    }
    this.busy = true
    const options: Record<string, unknown> = {
      houseRules: { ...this.rules },
      [firstSeatKey(this.game)]: this.first,
      ...GAME_UI[this.game].createOptions(this),
    }
    const r = await call('matches:create', { gameId: this.game, playerIds: this.seats, options })
    this.busy = false
    if (!r.ok) {
      this.error = r.error
      return null
    }
    return r.value.id
  }
}
