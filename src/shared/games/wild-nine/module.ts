/** Wild Nine as one module: everything the app knows about the game, for the registry (`../registry.ts`). */
import { countOf, roundsFrom, type GameModule, type HouseRule, type RoundRow } from '../module'
import { cardText, moveWords, roundWords } from '../module-words'
import { seatLabel, wildNineSheet } from '../sheets'
import { wildNineEngine } from './engine'
import { wildNineFacts } from './facts'
import { WildNineActionSchema, WildNineConfigSchema } from './schema'
import { showCard } from './scoring'
import type { WildNineAction, WildNineConfig, WildNineLegal, WildNineState } from './types'

/**
 * The house rules (docs/rules/wild-nine.md § House rules); the keys are those the engine takes in
 * `config.houseRules`.
 */
export const WILD_NINE_HOUSE_RULES: readonly HouseRule[] = [
  {
    kind: 'number',
    key: 'cutoff',
    label: 'Cutoff',
    explanation:
      'The match ends at the end of the round in which any total reaches the cutoff; the lowest total wins, ties share.',
    default: 100,
    min: 1,
    max: 10000,
  },
  {
    kind: 'choice',
    key: 'drawnCardPlay',
    label: 'Playing a drawn card',
    explanation:
      'Whether a player who draws a playable card must play it. The text says “may”, so the default is optional.',
    default: 'OPTIONAL',
    choices: [
      { value: 'OPTIONAL', label: 'Optional' },
      { value: 'MANDATORY', label: 'Mandatory' },
    ],
  },
  {
    kind: 'choice',
    key: 'deadlock',
    label: 'Deadlock',
    explanation:
      'By default a round ends after a full circuit of turns (one per player) in which nobody played a card, counting turns where players drew. “No stock only” means a round ends only when someone goes out.',
    default: 'CIRCUIT_WITHOUT_PLAY',
    choices: [
      { value: 'CIRCUIT_WITHOUT_PLAY', label: 'A circuit without a play ends the round' },
      { value: 'NO_STOCK_ONLY', label: 'Only when no stock can be formed' },
    ],
  },
]

function rows(state: WildNineState, fromRound: number): RoundRow[] {
  return roundsFrom(state.rounds, fromRound).flatMap((r) =>
    r.points.map((points, seat) => {
      const hand = r.hands?.[seat] ?? null
      return {
        round: r.round,
        seat,
        score: points,
        total: r.totals[seat] ?? 0,
        wonRound: r.wentOut === seat,
        details: {
          wentOut: r.wentOut === seat,
          deadlock: r.deadlock,
          entry: r.entry,
          ...(hand ? { ninesLeft: hand.filter((c) => c.startsWith('9')).length, cardsLeft: hand.length } : {}),
        },
      }
    }),
  )
}

/**
 * An entered round's values per seat (WN-A14): who went out, or the deadlock (WN-R14), then every other
 * seat's cards left ("Ben: 9♠ Q♥", "no cards") or its penalty ("Ben: 12 points").
 */
function roundSeats(a: Readonly<Record<string, unknown>>, names: readonly string[]): string[] {
  const out = typeof a.wentOut === 'number' ? a.wentOut : null
  const hands = Array.isArray(a.hands) ? (a.hands as unknown[]) : null
  const points = Array.isArray(a.points) ? (a.points as unknown[]) : null
  const lines = [out === null ? 'Deadlock (nobody went out)' : `${seatLabel(names, out)} went out`]
  names.forEach((_, s) => {
    if (s === out) return
    const hand = hands?.[s]
    if (hands)
      lines.push(
        `${seatLabel(names, s)}: ${(Array.isArray(hand) ? hand.map((c) => showCard(String(c))).join(' ') : '') || 'no cards'}`,
      )
    else if (points) lines.push(`${seatLabel(names, s)}: ${String(points[s] ?? 0)} points`)
  })
  return lines
}

export const wildNineModule: GameModule<'wild-nine', WildNineConfig, WildNineState, WildNineAction, WildNineLegal> = {
  ...wildNineFacts,
  seats: { min: 2, max: 6 },
  configSchema: WildNineConfigSchema,
  actionSchema: WildNineActionSchema,
  houseRules: WILD_NINE_HOUSE_RULES,
  engine: wildNineEngine,
  engineVersion: 1,
  statEvents: [
    { name: 'ninesLeft', label: '9s left in hand', count: (d) => countOf(d.ninesLeft) },
    { name: 'roundsWon', label: 'Rounds won (went out)', count: (d) => countOf(d.wentOut) },
    { name: 'deadlocks', label: 'Deadlocked rounds', count: (d) => countOf(d.deadlock) },
  ],
  statEventOrder: ['roundsWon', 'ninesLeft', 'deadlocks'],
  roundScoreLabel: 'Average penalty per round',
  csvColumns: [
    ['entry', 'entry'],
    ['wentOut', 'went_out'],
    ['deadlock', 'deadlock'],
    ['ninesLeft', 'nines_left'],
    ['cardsLeft', 'cards_left'],
  ],
  completedRounds: (state) => state.rounds.length,
  roundRows: rows,
  describeEntry(a, who, ctx) {
    if (a.type === 'round') return roundWords(`Round ${ctx.round}`, roundSeats(a, ctx.names))
    if (a.type === 'start-round') return moveWords(`Round ${ctx.round} dealt (up card ${cardText(a.upcard)})`)
    if (a.type === 'play') return moveWords(`${who} plays ${cardText(a.card)}`)
    if (a.type === 'draw') return moveWords(`${who} draws`)
    return null
  },
  sheet: wildNineSheet,
}
