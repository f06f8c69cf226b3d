import { parseNineTotal, parseNineValues } from '../../../../shared/games/sheets'
import { nineEngine, type NineAction, type NineRoundRecord, type NineState } from '../../../../shared/games/nine/index'
import type { GameEngine } from '../../../../shared/games/engine'
import type { RoundFields, RoundFormSpec } from '../round-form/state.svelte'

export type NineMode = 'cards' | 'totals'
export type NineFields = RoundFields<number | null, NineMode>
type RoundAction = Extract<NineAction, { type: 'round' }>

const handText = (h: readonly number[] | null | undefined): string => (h ? (h.length === 0 ? '-' : h.join(' ')) : '')

/**
 * A Nine deal's fields and how they become an action (NI-V1..V7): who declared NINE, then each hand
 * as card values or as a total. A declarer above 9 is a question for the table (NI-V7), asked by the
 * form's prompt; confirming resends the entry with confirmOverNine.
 */
export const nineRoundSpec: RoundFormSpec<NineState, NineAction, NineRoundRecord, number | null, NineMode> = {
  engine: nineEngine as GameEngine<unknown, NineState, NineAction>,
  word: 'deal',
  modes: ['cards', 'totals'],
  none: null,
  choiceMessage: 'Choose the player who declared NINE.',
  readChoice: (v, players) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < players ? v : null),
  tracked: (game) => (game.phase === 'reveal' ? (game.live?.declarer ?? null) : null),
  fromRecord: (game, r) => {
    const byTotals = r.hands.some((h) => h === null)
    return {
      choice: r.declarer,
      mode: byTotals ? 'totals' : 'cards',
      cards: game.names.map((_, s) => handText(r.hands[s])),
      numbers: game.names.map((_, s) => (byTotals ? String(r.handTotals[s] ?? '') : '')),
    }
  },
  fromAction: (game, a) => {
    if (typeof a !== 'object' || a === null || (a as { type?: unknown }).type !== 'round') return null
    const x = a as { declarer?: number; hands?: (number[] | null)[]; totals?: (number | null)[] }
    const choice = typeof x.declarer === 'number' ? x.declarer : null
    if (Array.isArray(x.hands) && x.hands.every((h) => Array.isArray(h)))
      return { choice, mode: 'cards', cards: game.names.map((_, s) => handText(x.hands?.[s])) }
    if (Array.isArray(x.totals))
      return { choice, mode: 'totals', numbers: game.names.map((_, s) => String(x.totals?.[s] ?? '')) }
    return { choice }
  },
  hasField: () => true,
  read: (_game, f, s, name) =>
    f.mode === 'cards'
      ? parseNineValues(f.cards[s] ?? '', name, `hands.${s}`)
      : parseNineTotal(f.numbers[s] ?? '', name, `totals.${s}`),
  build: (_game, f, reads): RoundAction | null => {
    const declarer = f.choice
    if (declarer === null) return null
    const values = reads.map((r) => (r?.ok ? r.value : 0))
    return f.mode === 'cards'
      ? { type: 'round', declarer, hands: values as number[][] }
      : { type: 'round', declarer, totals: values as number[] }
  },
  rounds: (state) => state.rounds,
  asks: (code) => code === 'confirm-over-nine',
}

/** The same deal confirmed as a failed declaration above 9 (NI-V7). */
export function confirmedOverNine(action: NineAction | null): NineAction | null {
  return action && action.type === 'round' ? { ...action, confirmOverNine: true } : null
}
