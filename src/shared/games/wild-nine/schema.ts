/**
 * Wild Nine: the schemas a config and an action pass before the engine looks at a rule. They fix the
 * shape (which action types exist, which fields are lists or text); checks that depend on the table (how
 * many seats, which cards are still unseen) stay with the engine, in the rule's own words.
 */
import * as v from 'valibot'
import type { Result } from '../../result'
import type { GameErrorCode } from '../errors'
import { eachItem, parseInput, plainObject } from '../input'

const NOT_AN_ACTION = 'An action must be an object with a type.'

/** The fields each action may carry; the engine checks their values against the round. */
const fields = {
  seat: v.optional(v.unknown()),
  card: v.optional(v.unknown()),
  suit: v.optional(v.unknown()),
  hand: v.optional(v.unknown()),
}

export const WildNineActionSchema = v.pipe(
  plainObject(NOT_AN_ACTION),
  v.variant(
    'type',
    [
      v.looseObject({
        type: v.literal('start-round'),
        upcard: v.optional(v.unknown()),
        suit: v.optional(v.unknown()),
        handSize: v.optional(v.unknown()),
        stock: v.optional(v.unknown()),
        position: v.optional(v.unknown()),
      }),
      v.looseObject({
        type: v.literal('round'),
        hands: v.optional(v.unknown()),
        points: v.optional(v.unknown()),
        wentOut: v.optional(v.unknown()),
      }),
      v.looseObject({ type: v.literal('stop-tracking') }),
      v.looseObject({ type: v.literal('play'), ...fields }),
      v.looseObject({ type: v.literal('draw'), ...fields }),
      v.looseObject({ type: v.literal('keep'), ...fields }),
      v.looseObject({ type: v.literal('pass'), ...fields }),
      v.looseObject({ type: v.literal('reshuffle') }),
    ],
    (issue) => `Unknown action: ${typeof issue.input === 'string' ? issue.input.slice(0, 40) : String(issue.input)}.`,
  ),
)

export type WildNineParsedAction = v.InferOutput<typeof WildNineActionSchema>

export function parseWildNineAction(raw: unknown): Result<WildNineParsedAction> {
  return parseInput(WildNineActionSchema, raw, () => 'invalid-action')
}

/** A name may be left out (null): the seat is then called P1, P2, ... */
function nameProblem(name: unknown, i: number): string | null {
  if (name === null || name === undefined) return null
  if (typeof name !== 'string') return `Player ${i + 1}'s name must be text.`
  return name.length > 100 ? `Player ${i + 1}'s name is too long (100 characters at most).` : null
}

export const WildNineConfigSchema = v.pipe(
  plainObject('The match settings are missing.'),
  v.looseObject({
    names: v.nullish(v.pipe(v.array(v.unknown(), 'Player names must be a list.'), eachItem(nameProblem))),
    players: v.optional(v.unknown()),
    firstDealer: v.optional(v.unknown()),
    houseRules: v.optional(v.unknown()),
    startTotals: v.optional(v.unknown()),
  }),
)

function configCode(): GameErrorCode {
  return 'invalid-config'
}

export function parseWildNineConfig(raw: unknown): Result<v.InferOutput<typeof WildNineConfigSchema>> {
  return parseInput(WildNineConfigSchema, raw, configCode)
}
