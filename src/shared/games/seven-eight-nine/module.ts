/** Seven Eight Nine as one module: everything the app knows about the game, for the registry (`../registry.ts`). */
import { roundsFrom, type ActionContext, type GameModule, type HouseRule, type RoundRow } from '../module'
import { cardText, moveWords } from '../module-words'
import { senEngine } from './engine'
import { senFacts } from './facts'
import { SenActionSchema, SenConfigSchema } from './schema'
import type { SenAction, SenConfig, SenLegal, SenState } from './types'

/**
 * The house rules (docs/rules/seven-eight-nine.md § House rules); the keys are those the engine takes in
 * `config.houseRules`.
 */
export const SEN_HOUSE_RULES: readonly HouseRule[] = [
  {
    kind: 'choice',
    key: 'declareGap',
    label: 'Declare gap',
    explanation:
      'How far the blocker must be from the missing card for a Declare. The text says 3 or more ranks, twice.',
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
    explanation:
      'By default each of 7, 8 and 9 counts once, which makes “8 + 9 beats all other combinations” true. Literal sums let 9 + 9 = 18 win.',
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
    explanation:
      'When scores are equal, the highest card decides (A = 1, K = 13); still equal is a draw. By default the whole hand counts.',
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
    explanation:
      'By default a React does not replace the reactor’s normal turn (“you may react before the next flip”).',
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
    explanation:
      'By default a dealt 7-8-9 wins at once, before the first flip; if both players hold one, the game is a draw.',
    default: 'IMMEDIATE',
    choices: [
      { value: 'IMMEDIATE', label: 'Wins at once (both: a draw)' },
      { value: 'REDEAL', label: 'Redeal' },
    ],
  },
]

/** Each game's rows; the running win count is computed over all games, then the rows are cut. */
function rows(state: SenState, fromRound: number): RoundRow[] {
  const wins = [0, 0]
  const all = state.games.flatMap((g) =>
    g.results.map((result, seat) => {
      if (result === 'win') wins[seat] = (wins[seat] ?? 0) + 1
      return {
        round: g.game,
        seat,
        score: result === 'win' ? 1 : 0,
        total: wins[seat] ?? 0,
        wonRound: result === 'win',
        details: { result, ending: g.ending, blocked: g.blocked, reshuffled: g.reshuffled },
      }
    }),
  )
  return roundsFrom(all, fromRound)
}

/** SE-R14 names each way of winning; each is counted once. A Block never wins (SE-R10): a blocked game that ends in the tiebreaker is a tiebreaker win. */
const winBy =
  (ending: string) =>
  (d: Readonly<Record<string, unknown>>): number =>
    d.result === 'win' && d.ending === ending ? 1 : 0

/** SE-R15: how an entered result names its ending in the history. */
const ENDING_WORDS: Record<string, string> = {
  swap: 'by a swap',
  react: 'by a React',
  declare: 'by a Declare',
  'dealt-win': 'with a dealt 7-8-9',
  tiebreaker: 'at the tiebreaker',
}

/** An entry's line: every Seven Eight Nine entry is a single move, an entered result too (SE-R15). */
function senLine(a: Readonly<Record<string, unknown>>, who: string, ctx: ActionContext): string | null {
  if (a.type === 'flip') return `${who} flips ${cardText(a.card)}`
  if (a.type === 'discard') return `${who} discards`
  if (a.type === 'swap') return `${who} swaps`
  if (a.type === 'react') return `${who} reacts`
  if (a.type === 'declare') return `${who} declares 7-8-9`
  if (a.type === 'block') return `${who} blocks`
  if (a.type === 'no-block') return `${who} does not block`
  if (a.type === 'reshuffle') return `${who} reshuffles`
  if (a.type === 'tiebreak') return `Game ${ctx.round}: tiebreaker`
  if (a.type === 'dealt-win') return `Game ${ctx.round}: dealt win`
  if (a.type === 'result') {
    const ending = ENDING_WORDS[String(a.ending)] ?? String(a.ending)
    const winner = typeof a.winner === 'number' ? ctx.names[a.winner] : undefined
    return `Result entered: ${winner === undefined ? 'a draw' : `${winner} wins`} ${ending}`
  }
  if (a.type === 'next-game') return `Game ${ctx.round + 1} dealt`
  if (a.type === 'correct-piles') return `Draw pile corrected to ${typeof a.draw === 'number' ? a.draw : '?'}`
  return null
}

export const senModule: GameModule<'seven-eight-nine', SenConfig, SenState, SenAction, SenLegal> = {
  ...senFacts,
  seats: { min: 2, max: 2 },
  configSchema: SenConfigSchema,
  actionSchema: SenActionSchema,
  houseRules: SEN_HOUSE_RULES,
  engine: senEngine,
  engineVersion: 1,
  statEvents: [
    { name: 'declareWins', label: 'Wins by Declare', count: winBy('declare') },
    { name: 'reactWins', label: 'Wins by React', count: winBy('react') },
    { name: 'tiebreakWins', label: 'Wins by tiebreaker', count: winBy('tiebreaker') },
    { name: 'draws', label: 'Draws', count: (d) => (d.result === 'draw' ? 1 : 0) },
    { name: 'swapWins', label: 'Wins by swap', count: winBy('swap') },
    { name: 'dealtWins', label: 'Dealt wins', count: winBy('dealt-win') },
  ],
  statEventOrder: ['swapWins', 'reactWins', 'declareWins', 'dealtWins', 'tiebreakWins', 'draws'],
  roundScoreLabel: 'Games won per game played',
  csvColumns: [
    ['result', 'result'],
    ['ending', 'ending'],
    ['blocked', 'blocked'],
    ['reshuffled', 'reshuffled'],
  ],
  completedRounds: (state) => state.games.length,
  roundRows: rows,
  describeEntry(a, who, ctx) {
    const line = senLine(a, who, ctx)
    return line === null ? null : moveWords(line)
  },
}
