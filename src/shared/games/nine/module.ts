/** Nine as one module: everything the app knows about the game, for the registry (`../registry.ts`). */
import { countOf, roundsFrom, type GameModule, type HouseRule, type RoundRow } from '../module'
import { moveWords, roundWords } from '../module-words'
import { nineSheet, seatLabel } from '../sheets'
import { nineEngine } from './engine'
import { nineFacts } from './facts'
import { NineActionSchema, NineConfigSchema } from './schema'
import type { NineAction, NineConfig, NineLegal, NineState } from './types'

/** The house rules (docs/rules/nine.md § House rules); the keys are those the engine takes in `config.houseRules`. */
export const NINE_HOUSE_RULES: readonly HouseRule[] = [
  {
    kind: 'choice',
    key: 'overNineDeclaration',
    label: 'Declarer above 9',
    explanation:
      'A NINE declaration needs 9 or less. By default a declarer found above 9 scores as a failed declaration (25 to the declarer, 0 to everyone else) after a confirmation.',
    default: 'FAILED_DECLARATION',
    choices: [
      { value: 'FAILED_DECLARATION', label: 'Score it as a failed declaration (after confirming)' },
      { value: 'REJECT', label: 'Refuse the entry; the table fixes it' },
    ],
  },
  {
    kind: 'choice',
    key: 'result',
    label: 'Result',
    explanation:
      'Everyone at 99 or more has lost. By default the lowest total wins and tied lowest totals share; “losers only” shows only who lost.',
    default: 'LOWEST_WINS',
    choices: [
      { value: 'LOWEST_WINS', label: 'Lowest total wins (ties share)' },
      { value: 'LOSERS_ONLY', label: 'Only the losers are named' },
    ],
  },
  {
    kind: 'choice',
    key: 'snapSource',
    label: 'Snap source',
    explanation:
      'Which taken card may be snapped. By default only a card drawn from the draw pile; allowing a taken discard gives a free card.',
    default: 'DRAW_PILE_ONLY',
    choices: [
      { value: 'DRAW_PILE_ONLY', label: 'Draw pile only' },
      { value: 'ANY_TAKEN_CARD', label: 'Any taken card' },
    ],
  },
  {
    kind: 'choice',
    key: 'snapAfterRun',
    label: 'Snap after a run',
    explanation:
      'After a single card or an identical set, a snap matches its value. By default there is no snap after a 5-card run.',
    default: 'NOT_ALLOWED',
    choices: [
      { value: 'NOT_ALLOWED', label: 'Not allowed' },
      { value: 'ANY_RUN_VALUE', label: 'Any value of the run' },
    ],
  },
  {
    kind: 'choice',
    key: 'emptyDrawPile',
    label: 'Empty draw pile',
    explanation:
      'By default the discard pile except its top card is shuffled into a new draw pile. “Void the deal” ends the deal with no scores.',
    default: 'RESHUFFLE',
    choices: [
      { value: 'RESHUFFLE', label: 'Reshuffle the discards (keep the top card)' },
      { value: 'VOID_ROUND', label: 'Void the deal' },
    ],
  },
]

function rows(state: NineState, fromRound: number): RoundRow[] {
  return roundsFrom(state.rounds, fromRound).flatMap((r) =>
    r.points.map((points, seat) => ({
      round: r.round,
      seat,
      score: points,
      total: r.totals[seat] ?? 0,
      wonRound: !r.void && (r.declarerWon ? r.declarer === seat : r.declarer !== seat),
      details: {
        declared: r.declarer === seat,
        declaredWon: r.declarer === seat && r.declarerWon,
        declaredFailed: r.declarer === seat && !r.declarerWon && !r.void,
        reset90: r.resets.includes(seat),
        lost99: r.losers.includes(seat) && !(r.before[seat] !== undefined && r.before[seat] >= 99),
        handTotal: r.handTotals[seat] ?? 0,
        void: r.void,
      },
    })),
  )
}

/**
 * An entered deal's values per seat (NI-R12, NI-V13): the declarer (NI-R10), then each seat's card values
 * ("Bo: 13 13 12", "no cards") or, entered as totals, its hand total ("Bo: total 38").
 */
function dealSeats(a: Readonly<Record<string, unknown>>, names: readonly string[]): string[] {
  const hands = Array.isArray(a.hands) ? (a.hands as unknown[]) : []
  const totals = Array.isArray(a.totals) ? (a.totals as unknown[]) : []
  const lines = [typeof a.declarer === 'number' ? `${seatLabel(names, a.declarer)} declared NINE` : 'No declarer']
  names.forEach((_, s) => {
    const h = hands[s]
    const t = totals[s]
    if (Array.isArray(h)) lines.push(`${seatLabel(names, s)}: ${h.length === 0 ? 'no cards' : h.join(' ')}`)
    else if (typeof t === 'number') lines.push(`${seatLabel(names, s)}: total ${t}`)
  })
  return lines
}

export const nineModule: GameModule<'nine', NineConfig, NineState, NineAction, NineLegal> = {
  ...nineFacts,
  seats: { min: 2, max: 8 },
  configSchema: NineConfigSchema,
  actionSchema: NineActionSchema,
  houseRules: NINE_HOUSE_RULES,
  engine: nineEngine,
  engineVersion: 1,
  statEvents: [
    { name: 'ninesOk', label: 'NINE declared and won', count: (d) => countOf(d.declaredWon) },
    { name: 'ninesFailed', label: 'NINE declared and failed', count: (d) => countOf(d.declaredFailed) },
    { name: 'resets90', label: '90 → 45 resets', count: (d) => countOf(d.reset90) },
    { name: 'lost99', label: 'Games lost at 99', count: (d) => countOf(d.lost99) },
  ],
  statEventOrder: ['ninesOk', 'ninesFailed', 'resets90', 'lost99'],
  roundScoreLabel: 'Average penalty per round',
  csvColumns: [
    ['declared', 'declared'],
    ['declaredWon', 'declared_won'],
    ['declaredFailed', 'declared_failed'],
    ['reset90', 'reset_90'],
    ['lost99', 'lost_99'],
    ['handTotal', 'hand_total'],
    ['void', 'void'],
  ],
  completedRounds: (state) => state.rounds.length,
  roundRows: rows,
  describeEntry(a, who, ctx) {
    if (a.type === 'round') return roundWords(`Deal ${ctx.round}`, dealSeats(a, ctx.names))
    if (a.type === 'deal') return moveWords(`Deal ${ctx.round} dealt`)
    if (a.type === 'declare') return moveWords(`${who} declares NINE`)
    if (a.type === 'take')
      return moveWords(`${who} takes from the ${a.source === 'discard' ? 'discard pile' : 'draw pile'}`)
    if (a.type === 'discard') return moveWords(`${who} discards`)
    if (a.type === 'snap') return moveWords(`${who} snaps`)
    if (a.type === 'stop-tracking') return moveWords(`Deal ${ctx.round}: tracking stopped`)
    return null
  },
  sheet: nineSheet,
}
