/** Ennea as one module: everything the app knows about the game, for the registry (`../registry.ts`). */
import { countOf, roundsFrom, type GameModule, type HouseRule, type RoundRow } from '../module'
import { moveWords } from '../module-words'
import { enneaEngine } from './engine'
import { enneaFacts } from './facts'
import { EnneaActionSchema, EnneaConfigSchema } from './schema'
import type { EnneaAction, EnneaConfig, EnneaLegal, EnneaState } from './types'

/** The house rules (docs/rules/ennea.md § House rules); the keys are those the engine takes in `config.houseRules`. */
export const ENNEA_HOUSE_RULES: readonly HouseRule[] = [
  {
    kind: 'choice',
    key: 'failedLineRemoval',
    label: 'Cubes removed by failed lines',
    explanation:
      'When a player’s failed lines share cubes, how many cubes come off. The default takes a different unprotected cube for each failed line, as many as possible.',
    default: 'STRICT',
    choices: [
      { value: 'STRICT', label: 'Strict: one different cube per failed line' },
      {
        value: 'OWNER_SEQUENTIAL',
        label: 'Owner sequential: the owner removes line by line, choosing cubes to lose the fewest',
      },
      { value: 'SHARED', label: 'Shared: one cube may pay for several failed lines' },
    ],
  },
  {
    kind: 'choice',
    key: 'reshuffleEachRound',
    label: 'Deck between rounds',
    explanation:
      'Without a reshuffle the four grids use all 36 cards exactly once, and the app checks each grid against the cards already revealed.',
    default: false,
    choices: [
      { value: false, label: 'No reshuffle (each card appears once in the game)' },
      { value: true, label: 'Reshuffle all 36 cards every round' },
    ],
  },
]

const cell = (c: unknown): string =>
  typeof c === 'number' && c >= 0 && c < 9 ? `R${Math.floor(c / 3) + 1}C${(c % 3) + 1}` : 'a card'

function rows(state: EnneaState, fromRound: number): RoundRow[] {
  return roundsFrom(state.rounds, fromRound).flatMap((r) =>
    r.seats.map((s) => {
      const made = s.lines.filter((l) => l.success).length
      return {
        round: r.round,
        seat: s.seat,
        score: s.total,
        total: s.total,
        wonRound: made > 0,
        details: {
          linesMade: made,
          linesFailed: s.lines.length - made,
          loss: s.loss,
          calledEnnea: r.caller === s.seat,
          minimumLoss: s.minimumLoss,
        },
      }
    }),
  )
}

const called = (d: Readonly<Record<string, unknown>>): boolean => countOf(d.calledEnnea) !== 0

export const enneaModule: GameModule<'ennea', EnneaConfig, EnneaState, EnneaAction, EnneaLegal> = {
  ...enneaFacts,
  seats: { min: 2, max: 4 },
  configSchema: EnneaConfigSchema,
  actionSchema: EnneaActionSchema,
  houseRules: ENNEA_HOUSE_RULES,
  engine: enneaEngine,
  engineVersion: 1,
  statEvents: [
    { name: 'linesMade', label: '9-lines made', count: (d) => countOf(d.linesMade) },
    { name: 'enneaCalls', label: 'ENNEA calls', count: (d) => countOf(d.calledEnnea) },
    {
      name: 'enneaMadeLine',
      label: 'ENNEA calls that made a line',
      count: (d) => (called(d) && countOf(d.linesMade) > 0 ? 1 : 0),
    },
    {
      name: 'enneaLostCubes',
      label: 'ENNEA calls that lost cubes',
      count: (d) => (called(d) && countOf(d.loss) > 0 ? 1 : 0),
    },
  ],
  statEventOrder: ['linesMade', 'enneaCalls', 'enneaMadeLine', 'enneaLostCubes'],
  roundScoreLabel: 'Cubes kept per round',
  csvColumns: [
    ['linesMade', 'lines_made'],
    ['linesFailed', 'lines_failed'],
    ['loss', 'loss'],
    ['calledEnnea', 'called_ennea'],
    ['minimumLoss', 'minimum_loss'],
  ],
  completedRounds: (state) => state.rounds.length,
  roundRows: rows,
  describeEntry(a, who, ctx) {
    if (a.type === 'peek') return moveWords(`${who}'s peek at ${cell(a.cell)}`)
    if (a.type === 'stake') return moveWords(`${who}'s stake on ${cell(a.cell)}`)
    if (a.type === 'pass') return moveWords(`${who}'s pass`)
    if (a.type === 'ennea') return moveWords(`${who}'s ENNEA call`)
    if (a.type === 'reveal') return moveWords(`Round ${ctx.round} reveal`)
    return null
  },
}
