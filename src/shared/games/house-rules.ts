/**
 * The house rules of SPEC section 5, for the New match screen: each with its explanation, its
 * default and its choices. The keys are those the engines take in `config.houseRules`. A unit test
 * checks every default here against the engine's own.
 */
import type { GameId } from './engine'

export interface ChoiceRule {
  kind: 'choice'
  key: string
  label: string
  /** What the rule decides, in the SPEC's words (shown under the control). */
  explanation: string
  default: string | number | boolean
  choices: { value: string | number | boolean; label: string; note?: string }[]
}

export interface NumberRule {
  kind: 'number'
  key: string
  label: string
  explanation: string
  default: number
  min: number
  max: number
}

export type HouseRule = ChoiceRule | NumberRule

export const HOUSE_RULES: Record<GameId, HouseRule[]> = {
  ennea: [
    {
      kind: 'choice',
      key: 'failedLineRemoval',
      label: 'Cubes removed by failed lines',
      explanation:
        'When a player’s failed lines share cubes, how many cubes come off. The default takes a different unprotected cube for each failed line, as many as possible.',
      default: 'STRICT',
      choices: [
        { value: 'STRICT', label: 'Strict: one different cube per failed line' },
        { value: 'OWNER_SEQUENTIAL', label: 'Owner sequential: the owner removes line by line, choosing cubes to lose the fewest' },
        { value: 'SHARED', label: 'Shared: one cube may pay for several failed lines' },
      ],
    },
    {
      kind: 'choice',
      key: 'reshuffleEachRound',
      label: 'Deck between rounds',
      explanation: 'Without a reshuffle the four grids use all 36 cards exactly once, and the app checks each grid against the cards already revealed.',
      default: false,
      choices: [
        { value: false, label: 'No reshuffle (each card appears once in the game)' },
        { value: true, label: 'Reshuffle all 36 cards every round' },
      ],
    },
  ],
  'wild-nine': [
    {
      kind: 'number',
      key: 'cutoff',
      label: 'Cutoff',
      explanation: 'The match ends at the end of the round in which any total reaches the cutoff; the lowest total wins, ties share.',
      default: 100,
      min: 1,
      max: 10000,
    },
    {
      kind: 'choice',
      key: 'drawnCardPlay',
      label: 'Playing a drawn card',
      explanation: 'Whether a player who draws a playable card must play it. The text says “may”, so the default is optional.',
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
  ],
  nine: [
    {
      kind: 'choice',
      key: 'overNineDeclaration',
      label: 'Declarer above 9',
      explanation: 'A NINE declaration needs 9 or less. By default a declarer found above 9 scores as a failed declaration (25 to the declarer, 0 to everyone else) after a confirmation.',
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
      explanation: 'Everyone at 99 or more has lost. By default the lowest total wins and tied lowest totals share; “losers only” shows only who lost.',
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
      explanation: 'Which taken card may be snapped. By default only a card drawn from the draw pile; allowing a taken discard gives a free card.',
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
      explanation: 'After a single card or an identical set, a snap matches its value. By default there is no snap after a 5-card run.',
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
      explanation: 'By default the discard pile except its top card is shuffled into a new draw pile. “Void the deal” ends the deal with no scores.',
      default: 'RESHUFFLE',
      choices: [
        { value: 'RESHUFFLE', label: 'Reshuffle the discards (keep the top card)' },
        { value: 'VOID_ROUND', label: 'Void the deal' },
      ],
    },
  ],
  'seven-eight-nine': [
    {
      kind: 'choice',
      key: 'declareGap',
      label: 'Declare gap',
      explanation: 'How far the blocker must be from the missing card for a Declare. The text says 3 or more ranks, twice.',
      default: 3,
      choices: [
        { value: 3, label: '3 or more ranks' },
        { value: 2, label: '2 or more ranks' },
      ],
    },
    {
      kind: 'choice',
      key: 'blockRequirement',
      label: 'Block',
      explanation: 'What the opponent must hold to Block a Declare. By default two different ranks of 7, 8 and 9.',
      default: 'TWO_DISTINCT',
      choices: [
        { value: 'TWO_DISTINCT', label: 'Two different ranks of 7, 8, 9' },
        { value: 'TWO_CARDS', label: 'Any two cards of 7, 8, 9 (9-9 counts)' },
      ],
    },
    {
      kind: 'choice',
      key: 'tiebreakCounting',
      label: 'Tiebreaker counting',
      explanation: 'By default each of 7, 8 and 9 counts once, which makes “8 + 9 beats all other combinations” true. Literal sums let 9 + 9 = 18 win.',
      default: 'DISTINCT',
      choices: [
        { value: 'DISTINCT', label: 'Each of 7, 8, 9 counts once' },
        { value: 'LITERAL_SUM', label: 'Add every 7, 8 and 9 held' },
      ],
    },
    {
      kind: 'choice',
      key: 'tiebreakHighCard',
      label: 'Tiebreaker high card',
      explanation: 'When scores are equal, the highest card decides (A = 1, K = 13); still equal is a draw. By default the whole hand counts.',
      default: 'WHOLE_HAND',
      choices: [
        { value: 'WHOLE_HAND', label: 'Highest card in the whole hand' },
        { value: 'TARGETS_ONLY', label: 'Highest of the 7, 8, 9 cards only' },
      ],
    },
    {
      kind: 'choice',
      key: 'reactReplacesTurn',
      label: 'React and the turn',
      explanation: 'By default a React does not replace the reactor’s normal turn (“you may react before the next flip”).',
      default: false,
      choices: [
        { value: false, label: 'A React is extra; the turn still follows' },
        { value: true, label: 'A React replaces the reactor’s turn' },
      ],
    },
    {
      kind: 'choice',
      key: 'reactChain',
      label: 'React chains',
      explanation: 'By default a React’s discard cannot itself be reacted to, which guarantees every flip cycle ends.',
      default: 'OFF',
      choices: [
        { value: 'OFF', label: 'No chaining' },
        { value: 'ON', label: 'A React’s discard may be reacted to' },
      ],
    },
    {
      kind: 'choice',
      key: 'dealtWin',
      label: 'Dealt 7-8-9',
      explanation: 'By default a dealt 7-8-9 wins at once, before the first flip; if both players hold one, the game is a draw.',
      default: 'IMMEDIATE',
      choices: [
        { value: 'IMMEDIATE', label: 'Wins at once (both: a draw)' },
        { value: 'REDEAL', label: 'Redeal' },
      ],
    },
  ],
}

export function defaultHouseRules(gameId: GameId): Record<string, string | number | boolean> {
  return Object.fromEntries(HOUSE_RULES[gameId].map((r) => [r.key, r.default]))
}
