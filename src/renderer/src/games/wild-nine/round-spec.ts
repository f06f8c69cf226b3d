import { parseCardsText, parsePointsSum } from '../../../../shared/games/sheets'
import {
  showCard,
  wildNineEngine,
  type WildNineAction,
  type WildNineRoundRecord,
  type WildNineState,
} from '../../../../shared/games/wild-nine/index'
import type { GameEngine } from '../../../../shared/games/engine'
import type { RoundFields, RoundFormSpec } from '../round-form/state.svelte'

/** Who went out: a seat, null for a deadlock, undefined while nobody is chosen. */
export type WentOut = number | null | undefined
export type WildNineMode = 'cards' | 'points'
export type WildNineFields = RoundFields<WentOut, WildNineMode>

/**
 * A Wild Nine round's fields and how they become an action (WN-V1..V7): who went out or a deadlock,
 * then each other player's remaining cards or penalty. The checks are the engine's.
 */
export const wildNineRoundSpec: RoundFormSpec<
  WildNineState,
  WildNineAction,
  WildNineRoundRecord,
  WentOut,
  WildNineMode
> = {
  engine: wildNineEngine as GameEngine<unknown, WildNineState, WildNineAction>,
  word: 'round',
  modes: ['cards', 'points'],
  none: undefined,
  choiceMessage: 'Choose who went out, or mark the round as a deadlock.',
  readChoice: (v, players) =>
    v === null ? null : typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < players ? v : undefined,
  tracked: (game) => (game.live?.phase === 'ended' ? game.live.wentOut : undefined),
  fromRecord: (game, r) => ({
    choice: r.wentOut,
    mode: r.entry === 'points' ? 'points' : 'cards',
    cards: game.names.map((_, s) => (r.hands?.[s] ?? []).map(showCard).join(' ')),
    numbers: game.names.map((_, s) => (r.entry === 'points' && r.wentOut !== s ? String(r.points[s] ?? '') : '')),
  }),
  fromAction: (game, a) => {
    if (typeof a !== 'object' || a === null || (a as { type?: unknown }).type !== 'round') return null
    const x = a as { wentOut?: number | null; hands?: string[][]; points?: number[] }
    const choice = x.wentOut ?? null
    if (Array.isArray(x.hands))
      return { choice, mode: 'cards', cards: game.names.map((_, s) => (x.hands?.[s] ?? []).map(showCard).join(' ')) }
    if (Array.isArray(x.points))
      return {
        choice,
        mode: 'points',
        numbers: game.names.map((_, s) => (s === x.wentOut ? '' : String(x.points?.[s] ?? ''))),
      }
    return { choice }
  },
  hasField: (f, s) => s !== f.choice,
  read: (_game, f, s, name) =>
    f.mode === 'cards'
      ? parseCardsText(f.cards[s] ?? '', `hands.${s}`)
      : // a number or a sum ("10+15"); null where the engine's check (WN-V7) says why not
        parsePointsSum(f.numbers[s] ?? '', `${name}'s penalty`, `points.${s}`),
  build: (game, f, reads) => {
    const wentOut = f.choice
    if (wentOut === undefined) return null
    if (f.mode === 'cards') {
      const hands = game.names.map((_, s) => {
        const r = reads[s]
        return s === wentOut || !r?.ok ? [] : (r.value as string[])
      })
      return { type: 'round', wentOut, hands }
    }
    const points = game.names.map((_, s) => {
      const r = reads[s]
      return s === wentOut ? 0 : r?.ok ? (r.value as number) : (f.numbers[s] ?? '').trim()
    })
    return { type: 'round', wentOut, points: points as number[] }
  },
  rounds: (state) => state.rounds,
}
