/**
 * Nine tracking against a simulated table with a real 54-card deck (NI-R1): every real step of every
 * deal (takes, discards, snaps, reshuffles, void deals, declarations and reveals) must be accepted,
 * and illegal tries planted along the way, each one contradicting what the tracker has seen (the
 * discard pile, the card in front of the player, the cards taken from the pile into hands), must all
 * be refused. The table's knowledge is kept here independently of the engine's, from the rules:
 * a card taken face up from the pile is in the taker's hand (NI-R6 step 4) until the taker discards
 * a card of that value (cards of one value look alike, so the table cannot tell which one went).
 */
import { describe, expect, it } from 'vitest'
import {
  nineEngine,
  type NineAction,
  type NineConfig,
  type NineHouseRules,
  type NineState,
} from '../../../../src/shared/games/nine'
import { mulberry32 } from '../../../helpers/prng'

const copies = (v: number): number => (v === 0 ? 2 : 4)
const count = (xs: readonly number[], v: number): number => xs.filter((x) => x === v).length
const sumOf = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0)

function shuffle<T>(r: () => number, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1))
    ;[xs[i], xs[j]] = [xs[j] as T, xs[i] as T]
  }
  return xs
}

function newDeck(r: () => number): number[] {
  const d: number[] = []
  for (let v = 0; v <= 13; v++) for (let i = 0; i < copies(v); i++) d.push(v)
  return shuffle(r, d)
}

/** One copy of each value removed. */
function minus(hand: readonly number[], values: readonly number[]): number[] {
  const out = [...hand]
  for (const v of values) {
    const i = out.indexOf(v)
    if (i >= 0) out.splice(i, 1)
  }
  return out
}

/** Every legal discard group (NI-R7) from a hand: singles, sets of 2 to 4, runs of exactly five. */
function groups(hand: readonly number[]): number[][] {
  const out: number[][] = []
  for (let v = 0; v <= 13; v++) {
    const c = count(hand, v)
    for (let k = 1; k <= c; k++) out.push(new Array<number>(k).fill(v))
  }
  for (let s = 1; s <= 9; s++) {
    const run = [s, s + 1, s + 2, s + 3, s + 4]
    if (run.every((v) => hand.includes(v))) out.push(run)
  }
  return out
}

interface Tally {
  steps: number
  planted: Record<string, number>
  snaps: number
  reshuffles: number
  voids: number
  reveals: number
}

class Table {
  hands: number[][] = []
  draw: number[] = []
  pile: number[] = []
  /** The table's knowledge: per seat, values taken face up into the hand and not discarded since. */
  known: number[][] = []
  state: NineState

  constructor(
    readonly r: () => number,
    readonly config: NineConfig,
    readonly rules: NineHouseRules,
    readonly tally: Tally,
  ) {
    const s = nineEngine.setup(config)
    if (!s.ok) throw new Error(s.error.message)
    this.state = s.value
  }

  get n(): number {
    return this.state.names.length
  }

  /** A real step: it must be accepted. */
  step(action: NineAction): void {
    const res = nineEngine.apply(this.state, action)
    if (!res.ok) throw new Error(`real step ${JSON.stringify(action)} refused: ${res.error.message}`)
    this.state = res.value
    this.tally.steps++
  }

  /** A planted illegal try: it must be refused, and change nothing. */
  plant(kind: string, action: NineAction, message?: RegExp): void {
    const res = nineEngine.apply(this.state, action)
    if (res.ok) throw new Error(`planted ${kind} ${JSON.stringify(action)} was accepted`)
    if (message) expect(res.error.message, kind).toMatch(message)
    this.tally.planted[kind] = (this.tally.planted[kind] ?? 0) + 1
  }

  /** Copies of `v` the tracker has seen: the pile, the card in front of a player, the known hand cards. */
  seen(v: number, taken: number | null = null): number {
    return count(this.pile, v) + (taken === v ? 1 : 0) + this.known.reduce((a, k) => a + count(k, v), 0)
  }

  deal(): void {
    const deck = newDeck(this.r)
    this.hands = Array.from({ length: this.n }, () => deck.splice(0, 5))
    const top = deck.pop() as number
    this.pile = [top]
    this.draw = deck
    this.known = Array.from({ length: this.n }, () => [])
    this.step({ type: 'deal', top })
  }

  /** Plays one turn; false when the deal has ended. */
  turn(): boolean {
    const live = this.state.live
    if (!live || this.state.phase !== 'turns') return false
    expect(live.hands).toEqual(this.hands.map((h) => h.length))
    expect(live.draw).toBe(this.draw.length)
    const seat = live.seat
    const hand = this.hands[seat] as number[]
    if (hand.length === 0 || (live.turn > this.n && sumOf(hand) <= 9 && this.r() < 0.4)) {
      this.step({ type: 'declare' })
      this.reveal(seat)
      return false
    }
    const take = nineEngine.legalActions(this.state).find((l) => l.type === 'take')
    if (!take || take.type !== 'take') throw new Error('no take offered')
    const fromPile = take.sources.includes('discard') && (!take.sources.includes('draw') || this.r() < 0.35)
    let card: number
    if (fromPile) {
      card = this.pile.pop() as number
    } else {
      if (this.draw.length === 0) {
        if (this.rules.emptyDrawPile === 'VOID_ROUND') {
          this.step({ type: 'take', source: 'draw' })
          expect(this.state.rounds[this.state.rounds.length - 1]?.void).toBe(true)
          this.tally.voids++
          return false
        }
        const top = this.pile.pop() as number
        this.draw = shuffle(this.r, this.pile)
        this.pile = [top]
        this.tally.reshuffles++
      }
      card = this.draw.pop() as number
    }
    this.step({ type: 'take', source: fromPile ? 'discard' : 'draw' })
    const taken = fromPile ? card : null
    this.plantDiscards(seat, taken)
    const options = groups(hand)
    const group = options[Math.floor(this.r() * options.length)] as number[]
    this.hands[seat] = minus(hand, group)
    this.pile.push(...group)
    this.known[seat] = minus(this.known[seat] ?? [], group)
    this.step({ type: 'discard', cards: group })
    ;(this.hands[seat] as number[]).push(card)
    if (fromPile) this.known[seat]?.push(card)
    this.snap(seat, card, fromPile, group)
    return true
  }

  /** Discards a real deck cannot hold, given what the tracker saw. */
  plantDiscards(seat: number, taken: number | null): void {
    const size = (this.hands[seat] as number[]).length
    const mine = this.known[seat] ?? []
    // the five of a kind: the taken card thrown back with the copies in hand (NI-R6)
    if (taken !== null) {
      const c = Math.min(copies(taken), size)
      const after = this.seen(taken, taken) - Math.min(count(mine, taken), c) + c
      if (c > 0 && after > copies(taken)) {
        this.plant('taken card discarded again', { type: 'discard', cards: new Array<number>(c).fill(taken) }, /NI-R6/)
      }
    }
    // a value whose every copy is already seen elsewhere
    for (let v = 0; v <= 13; v++) {
      if (count(mine, v) === 0 && this.seen(v, taken) >= copies(v)) {
        this.plant('copy beyond the deck', { type: 'discard', cards: [v] })
        break
      }
    }
  }

  snap(seat: number, card: number, fromPile: boolean, group: number[]): void {
    const legal = nineEngine.legalActions(this.state).find((l) => l.type === 'snap')
    const offered = legal && legal.type === 'snap' ? legal.values : []
    // every offered value is one a real deck still has (a drawn card would be one more copy)
    for (const v of offered) if (!fromPile) expect(this.seen(v), `snap of ${v} offered`).toBeLessThan(copies(v))
    const run = group.length === 5 && group[0] !== group[4]
    const sourceOk = !fromPile || this.rules.snapSource === 'ANY_TAKEN_CARD'
    const valueOk = run ? this.rules.snapAfterRun === 'ANY_RUN_VALUE' && group.includes(card) : group[0] === card
    if (sourceOk && valueOk) {
      expect(offered, 'a real snap is offered').toContain(card)
      if (this.r() < 0.7) {
        this.hands[seat] = minus(this.hands[seat] as number[], [card])
        if (fromPile) this.known[seat] = minus(this.known[seat] ?? [], [card])
        this.pile.push(card)
        this.step({ type: 'snap', value: card })
        this.tally.snaps++
        return
      }
    }
    // a snap of a value whose copies are all seen cannot exist (the fifth 9)
    if (!run && !fromPile && this.seen(group[0] as number) >= copies(group[0] as number)) {
      expect(offered).not.toContain(group[0])
      this.plant('snap beyond the deck', { type: 'snap', value: group[0] as number })
    }
  }

  reveal(declarer: number): void {
    const hands = this.hands.map((h) => [...h])
    // a hand entered without a card it is known to hold (taken from the pile, not discarded since)
    const s = this.known.findIndex((k) => k.length > 0)
    if (s >= 0) {
      const v = this.known[s]?.[0] as number
      const wrong = hands.map((h, i) => (i === s ? h.map((x) => (x === v ? (v + 1) % 14 : x)) : h))
      this.plant('reveal without a known card', { type: 'round', declarer, hands: wrong, confirmOverNine: true })
      const totals = hands.map((h, i) => (i === s ? sumOf(this.known[s] ?? []) - 1 : sumOf(h)))
      if ((totals[s] as number) >= 0) {
        this.plant('reveal total below its known cards', { type: 'round', declarer, totals, confirmOverNine: true })
      }
    }
    // a hand with a value whose every copy is on the pile or known elsewhere (the issue's [7, 8])
    for (let v = 0; v <= 13; v++) {
      const seat = hands.findIndex((h, i) => minus(h, this.known[i] ?? []).length > 0)
      if (seat >= 0 && this.seen(v) >= copies(v)) {
        const h = hands[seat] as number[]
        const keep = minus(h, this.known[seat] ?? [])
        const swap = keep[0]
        if (swap === undefined) continue
        const wrong = hands.map((x, i) => (i === seat ? [...minus(x, [swap]), v] : x))
        this.plant('reveal beyond the deck', { type: 'round', declarer, hands: wrong, confirmOverNine: true })
        break
      }
    }
    const byTotal = this.r() < 0.3
    this.step({
      type: 'round',
      declarer,
      hands: hands.map((h, i) => (byTotal && i % 2 === 1 ? null : h)),
      ...(byTotal ? { totals: hands.map((h, i) => (i % 2 === 1 ? sumOf(h) : null)) } : {}),
      confirmOverNine: true,
    })
    this.tally.reveals++
  }
}

describe('Nine tracking at a simulated table with a real deck', () => {
  it('accepts every real step and refuses every planted illegal try', () => {
    const tally: Tally = { steps: 0, planted: {}, snaps: 0, reshuffles: 0, voids: 0, reveals: 0 }
    for (let m = 0; m < 24; m++) {
      const r = mulberry32(9000 + m)
      const n = 2 + (m % 7)
      const rules: NineHouseRules = {
        overNineDeclaration: 'FAILED_DECLARATION',
        result: 'LOWEST_WINS',
        snapSource: m % 4 === 1 ? 'ANY_TAKEN_CARD' : 'DRAW_PILE_ONLY',
        snapAfterRun: m % 3 === 2 ? 'ANY_RUN_VALUE' : 'NOT_ALLOWED',
        emptyDrawPile: m % 2 === 1 ? 'VOID_ROUND' : 'RESHUFFLE',
      }
      const table = new Table(
        r,
        { names: Array.from({ length: n }, (_, i) => `P${i + 1}`), houseRules: rules },
        rules,
        tally,
      )
      for (let deal = 0; deal < 40 && table.state.phase !== 'over'; deal++) {
        table.deal()
        let turns = 0
        while (table.turn()) if (++turns > 400) throw new Error('a deal never ends')
      }
    }
    // the table really reaches every situation, and plants every kind of try many times
    expect(tally.steps).toBeGreaterThan(3000)
    expect(tally.snaps).toBeGreaterThan(20)
    expect(tally.reshuffles).toBeGreaterThan(3)
    expect(tally.voids).toBeGreaterThan(3)
    expect(tally.reveals).toBeGreaterThan(100)
    for (const kind of [
      'taken card discarded again',
      'copy beyond the deck',
      'snap beyond the deck',
      'reveal without a known card',
      'reveal total below its known cards',
      'reveal beyond the deck',
    ]) {
      expect(tally.planted[kind] ?? 0, kind).toBeGreaterThan(5)
    }
  })
})
