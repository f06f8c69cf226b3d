/**
 * Seven Eight Nine: the schemas every config and action passes before the engine looks at a rule.
 * Cards are parsed here (a rank 1..13 or text such as 'Q', '10', '9S', 'q♥'; SE-V2) and hands are
 * exactly 3 of them (SE-V3), so the engine's action functions receive ranks, never raw input.
 */
import * as v from 'valibot'
import type { GameErrorCode } from '../errors'
import { missingKey, parseInput, plainObject } from '../input'
import type { Result } from '../../result'
import { MSG, SEN_DEFAULT_RULES, parseRank } from './rules'
import type { SenHouseRules } from './types'

// ---------------------------------------------------------------------------------------------- cards

/** One card, entered as a rank number or text; the output is the rank. */
const Card = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const r = parseRank(dataset.value)
    if (r.ok) return r.value
    addIssue({ message: MSG.rank })
    return NEVER
  }),
)

const isArrayOf = (length: number) => (x: unknown) => Array.isArray(x) && x.length === length

/** A hand: exactly three cards (the count is checked before the cards). */
const Hand = v.pipe(v.custom<unknown[]>(isArrayOf(3), MSG.handSize), v.tuple([Card, Card, Card], MSG.handSize))

const Seat = v.optional(v.picklist([0, 1] as const, 'The seat must be 0 or 1.'))

const SEATS_MESSAGE = 'Say which player (or both) was dealt 7-8-9.'
const DRAW_MESSAGE = 'Count the cards of the draw pile: a whole number, 0 or more.'
const WINNER_MESSAGE = 'Say who won the game (seat 0 or 1), or null for a draw.'
/** SE-R14: the ways a game ends. */
const SEN_ENDINGS = ['swap', 'react', 'declare', 'dealt-win', 'tiebreaker'] as const
const ENDING_MESSAGE = 'Say how the game ended: swap, react, declare, dealt-win or tiebreaker.'
/** SE-R10: a Block cancels a Declare and play goes on; it never ends a game. */
const BLOCK_ENDING =
  'A Block never wins a game: it cancels the Declare and play goes on, to a later win or the tiebreaker.'

/** The message for a required field that is missing altogether. */
const missing = missingKey(
  {
    card: MSG.rank,
    give: MSG.rank,
    hand: MSG.handSize,
    hands: 'Enter both hands for the tiebreaker.',
    seats: SEATS_MESSAGE,
    draw: DRAW_MESSAGE,
    winner: WINNER_MESSAGE,
    ending: ENDING_MESSAGE,
  },
  'That action is missing a field.',
)

// ---------------------------------------------------------------------------------------------- actions

export const SenActionSchema = v.pipe(
  plainObject('An action needs a type.'),
  v.variant(
    'type',
    [
      v.object({ type: v.literal('flip'), card: Card, seat: Seat }, missing),
      v.object({ type: v.literal('discard'), seat: Seat }, missing),
      v.object({ type: v.literal('swap'), give: Card, show: v.nullish(Hand), seat: Seat }, missing),
      v.object({ type: v.literal('react'), give: Card, show: v.nullish(Hand), seat: Seat }, missing),
      v.object({ type: v.literal('declare'), hand: Hand, flipped: v.optional(Card), seat: Seat }, missing),
      v.object({ type: v.literal('block'), hand: Hand, seat: Seat }, missing),
      v.object({ type: v.literal('no-block'), seat: Seat }, missing),
      v.object({ type: v.literal('reshuffle'), seat: Seat }, missing),
      v.object(
        {
          type: v.literal('tiebreak'),
          hands: v.pipe(
            v.custom<unknown[]>(isArrayOf(2), 'Enter both hands for the tiebreaker.'),
            v.tuple([Hand, Hand]),
          ),
        },
        missing,
      ),
      v.object(
        {
          type: v.literal('dealt-win'),
          seats: v.pipe(
            v.array(v.picklist([0, 1] as const, SEATS_MESSAGE), SEATS_MESSAGE),
            v.minLength(1, SEATS_MESSAGE),
            v.maxLength(2, SEATS_MESSAGE),
            v.check((s) => s.length < 2 || s[0] !== s[1], SEATS_MESSAGE),
          ),
        },
        missing,
      ),
      v.object(
        {
          type: v.literal('result'),
          winner: v.nullable(v.picklist([0, 1] as const, WINNER_MESSAGE)),
          ending: v.picklist(SEN_ENDINGS, (issue) => (issue.input === 'block' ? BLOCK_ENDING : ENDING_MESSAGE)),
        },
        missing,
      ),
      v.object({ type: v.literal('next-game') }, missing),
      v.object(
        {
          type: v.literal('correct-piles'),
          draw: v.pipe(v.number(DRAW_MESSAGE), v.integer(DRAW_MESSAGE), v.minValue(0, DRAW_MESSAGE)),
        },
        missing,
      ),
    ],
    (issue) =>
      typeof issue.input === 'string'
        ? `"${issue.input.slice(0, 40)}" is not a Seven Eight Nine action.`
        : 'An action needs a type.',
  ),
)

/** An action after its schema: cards are ranks, hands are three ranks. */
export type SenParsedAction = v.InferOutput<typeof SenActionSchema>
export type SenParsed<T extends SenParsedAction['type']> = Extract<SenParsedAction, { type: T }>

/** Which error code a refused field carries (they are the codes the engine has always used). */
function actionCode(field: string | undefined): GameErrorCode {
  if (field === undefined) return 'invalid-action'
  if (field === 'seat') return 'invalid-seat'
  if (field === 'draw') return 'invalid-count'
  if (field === 'winner' || field === 'ending') return 'invalid-result'
  if (/^(card|give|flipped)$/.test(field) || /^(hand|show|hands\.[01])\.\d$/.test(field)) return 'invalid-rank'
  if (/^(hand|show|hands\.[01])$/.test(field)) return 'invalid-hand'
  return 'invalid-action'
}

export function parseSenAction(raw: unknown): Result<SenParsedAction> {
  return parseInput(SenActionSchema, raw, actionCode)
}

// ---------------------------------------------------------------------------------------------- config

/** Each house rule with the values it allows (docs/rules/seven-eight-nine.md § House rules, `sen.*` keys). */
export const SEN_RULE_VALUES: { [K in keyof SenHouseRules]: readonly SenHouseRules[K][] } = {
  declareGap: [3, 2],
  blockRequirement: ['TWO_DISTINCT', 'TWO_CARDS'],
  tiebreakCounting: ['DISTINCT', 'LITERAL_SUM'],
  tiebreakHighCard: ['WHOLE_HAND', 'TARGETS_ONLY'],
  reactReplacesTurn: [false, true],
  reactChain: ['OFF', 'ON'],
  dealtWin: ['IMMEDIATE', 'REDEAL'],
}

function ruleSchema<K extends keyof SenHouseRules>(key: K) {
  const allowed = SEN_RULE_VALUES[key] as readonly unknown[]
  const message = `House rule ${key} must be ${allowed.map(String).join(' or ')}.`
  return v.optional(v.custom<SenHouseRules[K]>((x) => allowed.includes(x), message))
}

const ruleEntries = Object.fromEntries(
  (Object.keys(SEN_RULE_VALUES) as (keyof SenHouseRules)[]).flatMap((key) => [
    [key, ruleSchema(key)],
    [`sen.${key}`, ruleSchema(key)],
  ]),
) as Record<keyof SenHouseRules | `sen.${keyof SenHouseRules}`, ReturnType<typeof ruleSchema>>

const HouseRules = v.pipe(
  plainObject('The house rules must be a list of settings.'),
  v.strictObject(ruleEntries, (issue) => `"${String(issue.input)}" is not a Seven Eight Nine house rule.`),
)

const Name = v.nullish(
  v.pipe(
    v.string('Player names must be text.'),
    v.check((n) => n.trim().length <= 100, 'A player name is at most 100 characters.'),
  ),
)

export const SenConfigSchema = v.pipe(
  plainObject('The match settings are missing.'),
  v.object(
    {
      names: v.pipe(v.custom<unknown[]>(isArrayOf(2), MSG.players), v.tuple([Name, Name])),
      starter: v.nullish(v.picklist([0, 1] as const, 'The starting player must be seat 0 or 1.')),
      target: v.nullish(
        v.custom<number>(
          (t) => typeof t === 'number' && Number.isInteger(t) && t >= 1 && t <= 1000,
          'The match target must be a whole number of wins from 1 to 1000, or none.',
        ),
      ),
      houseRules: v.nullish(HouseRules),
    },
    missingKey({ names: MSG.players }, 'The match settings are missing a field.'),
  ),
)

export function parseSenConfig(raw: unknown): Result<v.InferOutput<typeof SenConfigSchema>> {
  return parseInput(SenConfigSchema, raw, () => 'invalid-config')
}

/** The house rules of a parsed config, defaults filled in (a `sen.` key and a bare one: the later wins). */
export function senRulesOf(houseRules: Partial<Record<string, unknown>> | null | undefined): SenHouseRules {
  const rules: Record<string, unknown> = { ...SEN_DEFAULT_RULES }
  for (const [rawKey, value] of Object.entries(houseRules ?? {})) {
    if (value !== undefined) rules[rawKey.startsWith('sen.') ? rawKey.slice(4) : rawKey] = value
  }
  return rules as unknown as SenHouseRules
}
